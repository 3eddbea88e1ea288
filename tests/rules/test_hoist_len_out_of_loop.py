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
    for i in range(t_len):
        out.append(t_len - i)
    return out
"""),
        # a list the loops cannot change (builtin operations on ints only): the length is
        # computed once, above the outermost loop
        ("""
def f(l):
    for i in range(len(l)):
        for j in range(len(l)):
            if i != j and l[i] + l[j] == 0:
                return True
    return False
""", """
def f(l):
    l_len = len(l)
    for i in range(l_len):
        for j in range(l_len):
            if i != j and l[i] + l[j] == 0:
                return True
    return False
""", [[[1, -1]], [[0]], [[]], [[3, 1, -3, 2]]]),
        # appending to a list made here cannot change the parameter
        ("""
def f(numbers, delimeter):
    res = []
    for i in range(len(numbers)):
        res.append(numbers[i])
        if i != len(numbers) - 1:
            res.append(delimeter)
    return res
""", """
def f(numbers, delimeter):
    res = []
    numbers_len = len(numbers)
    for i in range(numbers_len):
        res.append(numbers[i])
        if i != numbers_len - 1:
            res.append(delimeter)
    return res
""", [[[1, 2, 3], 0], [[], 7], [[5], 1]]),
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
        # a list can be mutated by the body, directly or through an alias, or by user code
        ("""
        def f(xs, i):
            while i < len(xs):
                xs.pop()
        """, "the list 'xs' may change in the loop", "(xs: list[int], i: int)"),
        ("""
        def f(xs, i):
            ys = xs
            while i < len(xs):
                ys.append(i)
                i += 1
        """, "the list 'xs' may change in the loop", "(xs: list[int], i: int)"),
        ("""
        def f(xs, i):
            while i < len(xs):
                g(xs)
                i += 1
        """, "the list 'xs' may change in the loop", "(xs: list[int], i: int)"),
        ("""
        def f(xs, i):
            ys = xs
            while i < len(ys):
                xs.append(i)
                i += 1
        """, "the list 'ys' may change in the loop", "(xs: list[int], i: int)"),
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
        """, "no evidence 's' is an immutable sized builtin or a list"),
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
