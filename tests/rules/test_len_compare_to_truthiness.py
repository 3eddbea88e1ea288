from semforge.transforms.testing import RuleTestCase


class TestLenCompareToTruthiness(RuleTestCase):
    RULE = "len-compare-to-truthiness"
    CASES = [
        ("""
def f(xs_in: list, s_in: str):
    xs = list(xs_in)
    s = "".join([s_in])
    if len(xs) == 0:
        return None
    while len(s) > 0 and len(xs) != 0:
        s = s[1:]
    return 0 == len(s), len(xs) < 1
""", """
def f(xs_in: list, s_in: str):
    xs = list(xs_in)
    s = "".join([s_in])
    if not xs:
        return None
    while s and xs:
        s = s[1:]
    return not s, not xs
"""),
        ("""
def g(text_in: str):
    text = "".join([text_in])
    words = text.split()
    seen = {}
    out = [w for w in words]
    if(len(words) >= 1):
        pass
    return (len(seen) == 0), 1 if len(out) > 0 else 2, not len(text.strip()) > 0
""", """
def g(text_in: str):
    text = "".join([text_in])
    words = text.split()
    seen = {}
    out = [w for w in words]
    if(words):
        pass
    return (not seen), 1 if out else 2, not text.strip()
"""),
        ("""
def h(a_in: list, b_in: list):
    a = list(a_in)
    b = list(b_in)
    return len(a or b) == 0
""", """
def h(a_in: list, b_in: list):
    a = list(a_in)
    b = list(b_in)
    return not (a or b)
"""),
    ]
    UNTOUCHED = [
        # no evidence: numpy arrays raise on bool(); user classes may define __bool__
        ("""
        def f(xs):
            return len(xs) == 0
        """, "no evidence the value is a builtin container"),
        # the non-empty test returns a bool: replacing it by the container changes the value
        ("""
        def f(xs: list):
            flag = len(xs) > 0
            return len(xs) != 0, flag, [len(xs) >= 1]
        """, "no evidence the value is a builtin container"),
        # `and`/`or` return an operand: only fine when the whole and/or is a condition
        ("""
        def f(xs: list, y):
            return y and len(xs) > 0
        """, "no evidence the value is a builtin container"),
        # range: len() can overflow where bool() cannot
        ("""
        def f(n: int):
            r = range(n)
            return len(r) == 0
        """, "no evidence the value is a builtin container"),
        # len shadowed (a parameter and a module binding)
        ("""
        def f(xs: list, len):
            return len(xs) == 0
        """, "len is shadowed"),
        ("""
        len = lambda x: 1
        def f(xs: list):
            return len(xs) == 0
        """, "len is shadowed"),
        # other constants and chained comparisons
        ("""
        def f(xs: list):
            return len(xs) == 1, len(xs) > 1, 0 < len(xs) < 5, len(xs) == 0 == 0
        """, "no evidence the value is a builtin container"),
        # a local later rebound to a non-container
        ("""
        def f(xs: list):
            if len(xs) == 0:
                xs = None
            return xs
        """, "no evidence the value is a builtin container"),("""
def f(xs: list, s: str):
    if len(xs) == 0:
        return None
    while len(s) > 0 and len(xs) != 0:
        s = s[1:]
    return 0 == len(s), len(xs) < 1
""", 'annotation is not evidence'), ("""
def h(a: list, b: list):
    return len(a or b) == 0
""", 'annotation is not evidence')
    ]


class TestLenCompareLineBreaks(RuleTestCase):
    RULE = "len-compare-to-truthiness"
    CASES = [
        ("""
def f(a_in: list, b_in: list):
    a = list(a_in)
    b = list(b_in)
    if len(a +
           b) > 0:
        return 1
""", """
def f(a_in: list, b_in: list):
    a = list(a_in)
    b = list(b_in)
    if (a +
           b):
        return 1
"""),
    ]
    UNTOUCHED = [("""
def f(a: list, b: list):
    if len(a +
           b) > 0:
        return 1
""", 'annotation is not evidence')]
