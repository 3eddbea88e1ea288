from semforge.transforms.testing import RuleTestCase


class TestJoinToConcatLoop(RuleTestCase):
    RULE = "join-to-concat-loop"
    CASES = [
        ("""
def flip_case(string_in: str) -> str:
    string = "".join([string_in])
    return ''.join(ch.swapcase() for ch in string)
""", """
def flip_case(string_in: str) -> str:
    string = "".join([string_in])
    text = ''
    for ch in string:
        text += ch.swapcase()
    return text
"""),
        ("""
def f(s_in: str):
    s = "".join([s_in])
    kept = "".join([c for c in s if c.isalpha()])
    back = ''.join(reversed(s))
    return kept + back
""", """
def f(s_in: str):
    s = "".join([s_in])
    kept = ""
    for c in s:
        if c.isalpha():
            kept += c
    back = ''
    for piece in reversed(s):
        back += piece
    return kept + back
"""),
    ]
    UNTOUCHED = [
        # a recursive function: the rewrite adds or removes a frame per level, so a deep recursion
        # hits the limit at another depth (tests/rules/test_review_contexts.py)
        ("""
        def show(t):
            return ''.join([f'<{show(c)}>' for c in t])
        """, 'may be recursive'),
        # unknown items; a non-empty separator; map()
        ("""
        def f(xs, s: str):
            return ''.join(xs) + ', '.join(s) + ''.join(map(str, xs))
        """, "no candidate"),
        # the comprehension variable is used elsewhere in the function
        ("""
        def f(s: str):
            c = 'z'
            out = ''.join(c for c in s)
            return out + c
        """, "a loop variable is used outside the loop"),
        # inside try; module level; two for clauses
        ("""
        def f(s: str):
            out = '?'
            try:
                out = ''.join(c.upper() for c in s)
            except Exception:
                pass
            return out
        """, "inside try/with"),
        ("""
        text = ''.join(c for c in 'abc')
        """, "not in a function's own scope"),
        ("""
        def f(s: str, t: str):
            return ''.join(a + b for a in s for b in t)
        """, "a comprehension other than one plain for clause"),("""
def flip_case(string: str) -> str:
    return ''.join(ch.swapcase() for ch in string)
""", 'annotation is not evidence'), ("""
def f(s: str):
    kept = "".join([c for c in s if c.isalpha()])
    back = ''.join(reversed(s))
    return kept + back
""", 'annotation is not evidence')
    ]


class TestJoinIterableReadsTarget(RuleTestCase):
    RULE = "join-to-concat-loop"
    CASES = [("""
def flip_case(string_in: str) -> str:
    string = "".join([string_in])
    return ''.join(ch.swapcase() for ch in string)
""", """
def flip_case(string_in: str) -> str:
    string = "".join([string_in])
    text = ''
    for ch in string:
        text += ch.swapcase()
    return text
""")]
    UNTOUCHED = [
        ("""
        c: str = 'abc'
        def f():
            return ''.join(str(c) for c in c)
        """, "a loop variable is used outside the loop"),("""
def flip_case(string: str) -> str:
    return ''.join(ch.swapcase() for ch in string)
""", 'annotation is not evidence')
    ]


class TestJoinStopIteration(RuleTestCase):
    RULE = "join-to-concat-loop"
    CASES = [("""
def flip_case(string_in: str) -> str:
    string = "".join([string_in])
    return ''.join(ch.swapcase() for ch in string)
""", """
def flip_case(string_in: str) -> str:
    string = "".join([string_in])
    text = ''
    for ch in string:
        text += ch.swapcase()
    return text
""")]
    UNTOUCHED = [
        ("""
        def f(xs: list[int], it):
            return ''.join(str(next(it)) for x in xs)
        """, "no evidence that the items are strs"),("""
def flip_case(string: str) -> str:
    return ''.join(ch.swapcase() for ch in string)
""", 'annotation is not evidence')
    ]


class TestJoinOfStrListParameter(RuleTestCase):
    """A list parameter only handed to ``"".join`` keeps the domain's str items (join reads)."""

    RULE = "join-to-concat-loop"
    DOMAIN = "(strings: list[str])"
    CASES = [
        (
            """
            def f(strings):
                return "".join(strings)
            """,
            """
            def f(strings):
                text = ""
                for piece in strings:
                    text += piece
                return text
            """,
            [[["a", "bc"]], [[]]],
        ),
    ]
    UNTOUCHED = [
        # the list may gain an item of any type first
        ("""
        def f(strings):
            strings.append(1)
            return "".join(strings)
        """, "no evidence that the items are strs"),
        # max of several lists (or its default=) returns one of them: an alias that may grow
        ("""
        def f(strings):
            longest = max(strings, ["z"])
            longest.append(1)
            return "".join(strings)
        """, "no evidence that the items are strs", "(strings: list[str])"),
        ("""
        def f(strings):
            fallback = max([], default=strings)
            fallback.append(1)
            return "".join(strings)
        """, "no evidence that the items are strs", "(strings: list[str])"),
    ]
