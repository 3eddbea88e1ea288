from semforge.transforms.testing import RuleTestCase


class TestConcatLoopToJoin(RuleTestCase):
    RULE = "concat-loop-to-join"
    CASES = [
        (  # the str starts in a tuple assignment
            """
            def f(s_in: str):
                s = "".join([s_in])
                out, n = "", len(s)
                for ch in s:
                    out += ch.upper()
                return out, n
            """,
            """
            def f(s_in: str):
                s = "".join([s_in])
                n = len(s)
                out = "".join([ch.upper() for ch in s])
                return out, n
            """,
        ),
        ("""
def flip_case(string_in: str) -> str:
    string = "".join([string_in])
    out = ''
    for ch in string:
        out += ch.swapcase()
    return out
""", """
def flip_case(string_in: str) -> str:
    string = "".join([string_in])
    out = ''.join([ch.swapcase() for ch in string])
    return out
"""),
        ("""
def f(s_in: str, n_in: int):
    s = "".join([s_in])
    n = int(n_in)
    vowels = ""
    for c in s:
        if c in 'aeiou':
            vowels += c
    line = ''
    for i in range(n):
        line += f"{i},"
    return vowels, line
""", """
def f(s_in: str, n_in: int):
    s = "".join([s_in])
    n = int(n_in)
    vowels = "".join([c for c in s if c in 'aeiou'])
    line = ''.join([f"{i}," for i in range(n)])
    return vowels, line
"""),
    ]
    UNTOUCHED = [
        # a recursive function: the rewrite adds or removes a frame per level, so a deep recursion
        # hits the limit at another depth (tests/rules/test_review_contexts.py)
        ("""
        def show(t):
            s = ''
            for c in t:
                s += f'<{show(c)}>'
            return s
        """, 'may be recursive'),
        # list += is extend, not str concatenation
        ("""
        def f(xs: list):
            out = ''
            for x in xs:
                out += x
            acc = []
            for c in 'abc':
                acc += c
            return out, acc
        """, "no evidence that the added items are strs"),
        # items of unknown type: += on a list/str mix fails at a different point than join
        ("""
        def f(xs):
            s = ''
            for x in xs:
                s += x
            return s
        """, "no evidence that the added items are strs"),
        # a non-empty start, the accumulator read in the loop, a loop variable used later
        ("""
        def f(s: str):
            a = 'x'
            for c in s:
                a += c
            b = ''
            for c in s:
                b += c + b[-1:]
            d = ''
            for c in s:
                d += c
            return a, b, d, c
        """, "the accumulator is read in the loop"),
        # inside try, or a closure over the accumulator
        ("""
        def f(s: str):
            out = ''
            try:
                out = ''
                for c in s:
                    out += c.upper()
            finally:
                print(out)
        """, "inside try/with"),
        ("""
        def f(s: str):
            out = ''
            show = lambda: out
            for c in s:
                out += c
            return show()
        """, "no candidate"),
        # bytes are not str; module level
        ("""
        def f(bs: bytes):
            out = ''
            for b in bs:
                out += b
        """, "no evidence that the added items are strs"),
        ("""
        out = ''
        for c in 'abc':
            out += c
        """, "no candidate"),("""
def flip_case(string: str) -> str:
    out = ''
    for ch in string:
        out += ch.swapcase()
    return out
""", 'annotation is not evidence')
    ]


class TestConcatLoopIterableReadsTarget(RuleTestCase):
    RULE = "concat-loop-to-join"
    CASES = [("""
def flip_case(string_in: str) -> str:
    string = "".join([string_in])
    out = ''
    for ch in string:
        out += ch.swapcase()
    return out
""", """
def flip_case(string_in: str) -> str:
    string = "".join([string_in])
    out = ''.join([ch.swapcase() for ch in string])
    return out
""")]
    UNTOUCHED = [
        ("""
        def f():
            out = ''
            for c in c:
                out += str(c)
            return out
        """, "a loop variable is used outside the loop"),("""
def flip_case(string: str) -> str:
    out = ''
    for ch in string:
        out += ch.swapcase()
    return out
""", 'annotation is not evidence')
    ]


class TestConcatLoopToJoinItems(RuleTestCase):
    RULE = "concat-loop-to-join"
    CASES = [
        ("""
def f(words_in: list[str]):
    words = tuple("".join([v]) for v in words_in)
    out = ''
    for w in words:
        out += w
    return out
""", """
def f(words_in: list[str]):
    words = tuple("".join([v]) for v in words_in)
    out = ''.join(words)
    return out
"""),
    ]
    UNTOUCHED = [("""
def f(words: list[str]):
    out = ''
    for w in words:
        out += w
    return out
""", 'annotation is not evidence')]
