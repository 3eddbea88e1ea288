from semforge.transforms.testing import RuleTestCase


class TestRecomputeLenInLoop(RuleTestCase):
    RULE = "recompute-len-in-loop"
    CASES = [
        ("""
def skip_spaces(s_in: str, i_in: int) -> int:
    s = "".join([s_in])
    i = int(i_in)
    n = len(s)
    while i < n and s[i] == ' ':
        i += 1
    return i, n
""", """
def skip_spaces(s_in: str, i_in: int) -> int:
    s = "".join([s_in])
    i = int(i_in)
    n = len(s)
    while i < len(s) and s[i] == ' ':
        i += 1
    return i, n
"""),
        ("""
def pairs(t_in: tuple):
    t = tuple(t_in)
    size = len(t)
    out = []
    for i in range(size):
        for j in range(i + 1, size):
            out.append((t[i], t[j], size))
    return out
""", """
def pairs(t_in: tuple):
    t = tuple(t_in)
    size = len(t)
    out = []
    for i in range(len(t)):
        for j in range(i + 1, len(t)):
            out.append((t[i], t[j], len(t)))
    return out
"""),
        # a list nothing can change between the assignment and the end of the loop
        ("""
def f(l):
    l_len = len(l)
    res = []
    for i in range(l_len):
        for j in range(l_len):
            if i != j and l[i] + l[j] == 0:
                res.append(i)
    return res
""", """
def f(l):
    l_len = len(l)
    res = []
    for i in range(len(l)):
        for j in range(len(l)):
            if i != j and l[i] + l[j] == 0:
                res.append(i)
    return res
""", [[[1, -1]], [[0]], [[]], [[3, 1, -3, 2]]]),
    ]
    UNTOUCHED = [
        # a list that may change after its length is taken: appended to, or user code runs
        ("""
        def f(l):
            n = len(l)
            l.append(0)
            for i in range(n):
                print(i)
        """, "the list 'l' may change after its length is taken", "(l: list[int])"),
        ("""
        def f(l):
            n = len(l)
            i = 0
            while i < n:
                g(l)
                i += 1
        """, "the list 'l' may change after its length is taken", "(l: list[int])"),
        # f"{...=}" prints its source text, which the rewrite would change
        # (tests/rules/test_review_contexts.py)
        ("""
        def f(s_in):
            s = ''.join([s_in])
            k = len(s)
            out = []
            for i in range(k):
                out.append(f'{k=}')
            return out
        """, 'self-documenting f-string field'),
        # a list may change length; a local (not parameter) sequence may be rebound
        ("""
        def f(xs: list):
            n = len(xs)
            for i in range(n):
                xs.append(i)
        """, "no evidence 'xs' is an immutable sized builtin"),
        ("""
        def f(s: str):
            n = len(s)
            s = s + 'x'
            for i in range(n):
                print(i)
        """, "no evidence 's' is an immutable sized builtin"),
        # n bound elsewhere too, or read by a closure, or loops before the assignment
        ("""
        def f(s: str, flag):
            n = len(s)
            if flag:
                n = 0
            for i in range(n):
                print(i)
        """, "no evidence 's' is an immutable sized builtin"),
        ("""
        def f(s: str):
            n = len(s)
            get = lambda: n
            for i in range(n):
                print(get())
        """, "no evidence 's' is an immutable sized builtin"),
        ("""
        def f(s: str, k: int):
            while k:
                k -= 1
            n = len(s)
            return n
        """, "no evidence 's' is an immutable sized builtin"),
        # unknown type; len shadowed; module level
        ("""
        def f(s):
            n = len(s)
            while n:
                n = 0
        """, "no evidence 's' is an immutable sized builtin"),
        ("""
        from mylib import len
        def f(s: str):
            n = len(s)
            for i in range(n):
                pass
        """, "len is shadowed"),("""
def skip_spaces(s: str, i: int) -> int:
    n = len(s)
    while i < n and s[i] == ' ':
        i += 1
    return i, n
""", 'annotation is not evidence'), ("""
def pairs(t: tuple):
    size = len(t)
    out = []
    for i in range(size):
        for j in range(i + 1, size):
            out.append((t[i], t[j], size))
    return out
""", 'annotation is not evidence')
    ]
