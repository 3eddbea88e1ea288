from semforge.transforms.testing import RuleTestCase


class TestStoreLoopToSliceAssignment(RuleTestCase):
    RULE = "store-loop-to-slice-assignment"
    DOMAIN = "(n: int)"
    CASES = [
        ("""
def f(n):
    isprime = [True] * (n + 1)
    primes = []
    for i in range(2, n + 1):
        if isprime[i]:
            primes.append(i)
            for j in range(i * i, n + 1, i):
                isprime[j] = False
    return primes
""", """
def f(n):
    isprime = [True] * (n + 1)
    primes = []
    for i in range(2, n + 1):
        if isprime[i]:
            primes.append(i)
            isprime[i * i:n + 1:i] = [False] * len(isprime[i * i:n + 1:i])
    return primes
""", [[30], [2], [0], [-3], [1], [97]]),
        ("""
def f(n):
    marks = [0] * n
    for k in range(1, 4):
        for j in range(k + 2, n, k): marks[j] = 7
    return marks
""", """
def f(n):
    marks = [0] * n
    for k in range(1, 4):
        marks[k + 2:n:k] = [7] * len(marks[k + 2:n:k])
    return marks
""", [[10], [0], [3], [-2]]),
    ]
    UNTOUCHED = [
        # the range may pass the list's end (the loop raises IndexError), or start below 0
        ("""
        def f(n):
            xs = [True] * n
            for i in range(1, 5):
                for j in range(i, n + 1, i):
                    xs[j] = False
            return xs
        """, "no proof the range stops within 'xs'"),
        ("""
        def f(n):
            xs = [True] * n
            for i in range(-2, 5):
                for j in range(i, n, 2):
                    xs[j] = False
            return xs
        """, "no proof the range starts at 0 or later"),
        # a step that may be 0 or negative; the bound rebound; the list's length may change
        ("""
        def f(n):
            xs = [True] * n
            for i in range(0, 5):
                for j in range(1, n, i):
                    xs[j] = False
            return xs
        """, "no proof the range starts at 0 or later with a positive step"),
        ("""
        def f(n):
            xs = [True] * n
            n = n + 5
            for i in range(1, 3):
                for j in range(i, n, i):
                    xs[j] = False
            return xs
        """, "no proof the range stops within 'xs'"),
        ("""
        def f(n):
            xs = [True] * n
            xs.append(False)
            for j in range(0, n, 2):
                xs[j] = False
            return xs
        """, "is not a list [v] * n whose length nothing changes"),
        # the loop variable read after the loop; a loop variable rebound in its loop
        ("""
        def f(n):
            xs = [True] * n
            for j in range(0, n, 2):
                xs[j] = False
            return xs, j
        """, "a loop variable is used outside the loop"),
        ("""
        def f(n):
            xs = [True] * n
            for i in range(1, 3):
                i = i - 1
                for j in range(0, n, i):
                    xs[j] = False
            return xs
        """, "no proof the range starts at 0 or later with a positive step"),
    ]
