from semforge.transforms.testing import RuleTestCase


class TestTruthinessToLenCompare(RuleTestCase):
    RULE = "truthiness-to-len-compare"
    CASES = [
        ("""
def f(xs_in: list[int], s_in: str):
    xs = tuple(int(v) for v in xs_in)
    s = "".join([s_in])
    if not xs:
        return None
    while s:
        s = s[1:]
    if(s):
        pass
    return [not s.split()]
""", """
def f(xs_in: list[int], s_in: str):
    xs = tuple(int(v) for v in xs_in)
    s = "".join([s_in])
    if len(xs) == 0:
        return None
    while len(s) > 0:
        s = s[1:]
    if(len(s) > 0):
        pass
    return [len(s.split()) == 0]
"""),
        ("""
def g(d_in: dict, t_in: tuple):
    d = dict(d_in)
    t = tuple(t_in)
    return (not d) == (not t)
""", """
def g(d_in: dict, t_in: tuple):
    d = dict(d_in)
    t = tuple(t_in)
    return (len(d) == 0) == (len(t) == 0)
"""),
    ]
    UNTOUCHED = [
        ("""
        def f(x, n: int, r: float):
            if x or n:
                return not x, not n, not r
        """, "no evidence the value is a builtin container"),
        # a bare container test outside if/while keeps its value (and/or return operands)
        ("""
        def f(xs: list):
            return xs or [0]
        """, "no candidate"),
        ("""
        def f(n: int):
            r = range(n)
            if r:
                return not r
        """, "no evidence the value is a builtin container"),
        ("""
        def f(xs: list):
            len = 3
            return not xs
        """, "len is shadowed"),
        ("""
        def f(xs: list):
            xs = xs or None
            return not xs
        """, "no evidence the value is a builtin container"),("""
def f(xs: list[int], s: str):
    if not xs:
        return None
    while s:
        s = s[1:]
    if(s):
        pass
    return [not s.split()]
""", 'annotation is not evidence'), ("""
def g(d: dict, t: tuple):
    return (not d) == (not t)
""", 'annotation is not evidence')
    ]
