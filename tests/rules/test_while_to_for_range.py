from semforge.transforms.registry import get_rule
from semforge.transforms.testing import RuleTestCase


class TestWhileToForRange(RuleTestCase):
    RULE = "while-to-for-range"
    CASES = [
        ("""
def f(xs_in: list, n_in: int):
    xs = list(xs_in)
    n = int(n_in)
    total = 0
    i = 0
    while i < n:
        if xs[i] is None:
            break
        total += i
        i += 1
    return total
""", """
def f(xs_in: list, n_in: int):
    xs = list(xs_in)
    n = int(n_in)
    total = 0
    for i in range(0, n):
        if xs[i] is None:
            break
        total += i
    return total
"""),
        ("""
def f(n_in: int, words_in: list[str]):
    n = int(n_in)
    words = tuple("".join([v]) for v in words_in)
    out = []
    k = 1
    while k <= n:
        for w in words:
            if not w:
                continue
            out.append(w * k)
        k = k + 2
    else:
        out.append("done")
    return out
""", """
def f(n_in: int, words_in: list[str]):
    n = int(n_in)
    words = tuple("".join([v]) for v in words_in)
    out = []
    for k in range(1, n + 1, 2):
        for w in words:
            if not w:
                continue
            out.append(w * k)
    else:
        out.append("done")
    return out
"""),
        ("""
def first_square_above(n_in: int, limit_in: int) -> int:
    n = int(n_in)
    limit = int(limit_in)
    j = 0
    found = -1
    while j < limit:
        if j * j > n:
            found = j
            break
        j += 1
    return found
""", """
def first_square_above(n_in: int, limit_in: int) -> int:
    n = int(n_in)
    limit = int(limit_in)
    j = 0
    found = -1
    for j in range(j, limit):
        if j * j > n:
            found = j
            break
    return found
"""),
    ]
    UNTOUCHED = [
        # the counter is read after the loop (b after the while, b - 1 after the for)
        ("""
        def f(n: int):
            i = 0
            while i < n:
                i += 1
            return i
        """, "the body is too short to end with an increment"),
        # ... or in the else clause
        ("""
        def f(n: int):
            i = 0
            while i < n:
                print(i)
                i += 1
            else:
                print(i)
        """, "no evidence the start, the stop and the counter are ints"),
        # a continue would skip the increment
        ("""
        def f(n: int):
            i = 0
            while i < n:
                if i == 2:
                    continue
                print(i)
                i += 1
        """, "no evidence the start, the stop and the counter are ints"),
        # the bound changes in the body, or the counter is rebound there
        ("""
        def f(n: int):
            i = 0
            while i < n:
                n -= 1
                i += 1
        """, "no evidence the start, the stop and the counter are ints"),
        ("""
        def f(n: int):
            i = 0
            while i < n:
                i = i * 2
                i += 1
        """, "no evidence the start, the stop and the counter are ints"),
        # not ints: a float bound (range would raise), an unknown start
        ("""
        def f(x: float):
            i = 0
            while i < x:
                print(i)
                i += 1
        """, "no evidence the start, the stop and the counter are ints"),
        ("""
        def f(a, n: int):
            i = a
            while i < n:
                print(i)
                i += 1
        """, "no evidence the start, the stop and the counter are ints"),
        # the increment is not last, is negative, or the test is another comparison
        ("""
        def f(n: int):
            i = 0
            while i < n:
                i += 1
                print(i)
        """, "the body does not end with `k += <positive int literal>`"),
        ("""
        def f(n: int):
            i = 0
            while i < n:
                print(i)
                i += -1
        """, "the body does not end with `k += <positive int literal>`"),
        ("""
        def f(n: int):
            i = 0
            while i != n:
                print(i)
                i += 1
        """, "the test is not `k < stop` or `k <= stop`"),
        # a bound that is an expression (evaluated on every test)
        ("""
        def f(xs: list):
            i = 0
            while i < len(xs):
                xs.pop()
                i += 1
        """, "the stop is not an int literal or another name"),
        # the counter seen by a closure; module level; range shadowed
        ("""
        def f(n: int):
            i = 0
            fs = []
            while i < n:
                fs.append(lambda: i)
                i += 1
            return fs
        """, "no evidence the start, the stop and the counter are ints"),
        ("""
        i = 0
        while i < 3:
            print(i)
            i += 1
        """, "no candidate"),
        ("""
        def f(n: int, range):
            i = 0
            while i < n:
                print(i)
                i += 1
        """, "range is shadowed"),
        # the counter is used between its init and the loop, or bound in a nested block
        ("""
        def f(n: int):
            i = 0
            print(i)
            while i < n:
                print(i)
                i += 1
        """, "the counter's last statement before the loop is not `k = start`"),
        ("""
        def f(n: int, c: bool):
            i = 0
            if c:
                i = 5
            while i < n:
                print(i)
                i += 1
        """, "the counter's last statement before the loop is not `k = start`"),("""
def f(xs: list, n: int):
    total = 0
    i = 0
    while i < n:
        if xs[i] is None:
            break
        total += i
        i += 1
    return total
""", 'annotation is not evidence'), ("""
def f(n: int, words: list[str]):
    out = []
    k = 1
    while k <= n:
        for w in words:
            if not w:
                continue
            out.append(w * k)
        k = k + 2
    else:
        out.append("done")
    return out
""", 'annotation is not evidence'), ("""
def first_square_above(n: int, limit: int) -> int:
    j = 0
    found = -1
    while j < limit:
        if j * j > n:
            found = j
            break
        j += 1
    return found
""", 'annotation is not evidence')
    ]


def test_same_results():
    source = """
def f(n_in: int, stop_in: int):
    n = int(n_in)
    stop = int(stop_in)
    out = []
    j = 2
    while j <= n:
        if j == stop:
            break
        out.append(j)
        j += 3
    else:
        out.append(-1)
    return out
"""
    result = get_rule("while-to-for-range").apply(source)
    assert result.sites == 1
    before, after = {}, {}
    exec(source, before)
    exec(result.code, after)
    for n in range(-2, 12):
        for stop in (0, 5, 8):
            assert before["f"](n, stop) == after["f"](n, stop)
