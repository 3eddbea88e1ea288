from semforge.transforms.testing import RuleTestCase


class TestHoistLenOutOfLoop(RuleTestCase):
    RULE = "hoist-len-out-of-loop"
    CASES = [
        ("""
def skip_spaces(s_in: str, i_in: int) -> int:
    s = "".join([s_in])
    i = int(i_in)
    # advance
    while i < len(s) and s[i] == ' ':
        i += 1
    return i
""", """
def skip_spaces(s_in: str, i_in: int) -> int:
    s = "".join([s_in])
    i = int(i_in)
    # advance
    s_len = len(s)
    while i < s_len and s[i] == ' ':
        i += 1
    return i
"""),
        ("""
def f(t_in: tuple, s_len):
    t = tuple(t_in)
    out = []
    for i in range(len(t)):
        out.append(len(t) - i)
    return out
""", """
def f(t_in: tuple, s_len):
    t = tuple(t_in)
    out = []
    t_len = len(t)
    for i in range(len(t)):
        out.append(t_len - i)
    return out
"""),
    ]
    UNTOUCHED = [
        # f"{...=}" prints its source text, which the rewrite would change
        # (tests/rules/test_review_contexts.py)
        ("""
        def f(s_in):
            s = ''.join([s_in])
            out = []
            i = 0
            while i < len(s):
                out.append(f'{len(s)=}')
                i += 1
            return out
        """, 'self-documenting f-string field'),
        # a list can be mutated by the body, directly or through an alias
        ("""
        def f(xs: list, i: int):
            while i < len(xs):
                xs.pop()
        """, "no evidence 'xs' is an immutable sized builtin"),
        # rebound in the loop; not a parameter (might be unbound); deleted
        ("""
        def f(s: str):
            while len(s) > 1:
                s = s[1:]
            return s
        """, "'s' is rebound in the loop"),
        ("""
        def f(flag):
            if flag:
                s = 'abc'
            for _ in range(3):
                print(len(s))
        """, "'s' is not certainly bound before the loop"),
        ("""
        def f(s: str):
            del s
            for _ in range(3):
                print(len(s))
        """, "'s' is not certainly bound before the loop"),
        # unknown type; len shadowed; comprehension scope; module level
        ("""
        def f(s, i: int):
            while i < len(s):
                i += 1
        """, "no evidence 's' is an immutable sized builtin"),
        ("""
        def f(s: str, len=len):
            while len(s):
                pass
        """, "len is shadowed"),
        ("""
        def f(s: str):
            for _ in range(2):
                print([len(s) for _ in range(2)])
        """, "len() in a nested scope"),
        ("""
        s = 'abc'
        while len(s) > 5:
            pass
        """, "not in a function's own scope"),("""
def skip_spaces(s: str, i: int) -> int:
    # advance
    while i < len(s) and s[i] == ' ':
        i += 1
    return i
""", 'annotation is not evidence'), ("""
def f(t: tuple, s_len):
    out = []
    for i in range(len(t)):
        out.append(len(t) - i)
    return out
""", 'annotation is not evidence')
    ]
