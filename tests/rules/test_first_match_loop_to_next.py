from semforge.transforms.testing import RuleTestCase


class TestFirstMatchLoopToNext(RuleTestCase):
    RULE = "first-match-loop-to-next"
    CASES = [
        ("""
def f(n):
    for i in range(2, n):
        if n % i == 0: return n // i
    return 1
""", """
def f(n):
    return next((n // i for i in range(2, n) if n % i == 0), 1)
""", [[15], [7], [0], [-4], [1]]),
        # the loop ends the function: falling off it returns None
        ("""
def f(lst):
    for i in range(len(lst)):
        if lst[i] > 2:
            return i, lst[i]
""", """
def f(lst):
    return next(((i, lst[i]) for i in range(len(lst)) if lst[i] > 2), None)
""", [[[1, 5, 3]], [[]], [[0, 1]]]),
        # max() of ints is one of them, an int: comparing it runs no user code
        ("""
def f(lst):
    longest = max(len(str(y)) for y in lst)
    for x in lst:
        if len(str(x)) == longest:
            return x
""", """
def f(lst):
    longest = max(len(str(y)) for y in lst)
    return next((x for x in lst if len(str(x)) == longest), None)
""", [[[1, 22, 333, 44]], [[5]], [[-10, 7]]]),
        # a sorted copy of a list[int], bound once and only read, holds ints
        ("""
def f(lst):
    xs = sorted(lst, reverse=True)
    for x in xs:
        if x % 2 == 0:
            return x
    return -1
""", """
def f(lst):
    xs = sorted(lst, reverse=True)
    return next((x for x in xs if x % 2 == 0), -1)
""", [[[1, 4, 2]], [[]], [[3, 5]]]),
    ]
    DOMAIN = "(lst: list[int])"
    UNTOUCHED = [
        # the sorted copy is given a str after it is built: x % 2 may run str's % (formatting)
        ("""
        def f(lst):
            xs = sorted(lst)
            xs.append("a")
            for x in xs:
                if x % 2 == 0:
                    return x
            return -1
        """, "may run user code"),
        # max() with a default may return the default (of any type)
        ("""
        def f(lst, d):
            top = max(lst, default=d)
            for x in lst:
                if x == top:
                    return x
            return -1
        """, "may run user code"),
        # the default is evaluated first: only constants
        ("""
        def f(xs):
            for x in xs:
                if x > 2:
                    return x
            return min(xs)
        """, "does not return a constant"),
        # the condition may run user code (a StopIteration would become RuntimeError)
        ("""
        def f(xs):
            for x in xs:
                if g(x):
                    return x
            return -1
        """, "may run user code"),
        # a nested function reads the loop variable; inside try
        ("""
        def f(xs):
            h = lambda: x
            for x in xs:
                if x > 1:
                    return h()
            return 0
        """, "seen by a nested function"),
        ("""
        def f(xs):
            try:
                for x in xs:
                    if x > 1:
                        return x
                return 0
            except ValueError:
                return x
        """, "inside try/with"),
        # bare True/False belongs to any-all-loop-to-builtin; a loop not last in the body
        ("""
        def f(xs):
            for x in xs:
                if x:
                    return True
            return False
        """, "no candidate"),
        ("""
        def f(xs):
            for x in xs:
                if x > 1:
                    return x
            print(xs)
        """, "no candidate"),
        # a local that may be unbound when the generator reads it
        ("""
        def f(xs, flag):
            if flag:
                k = 1
            for x in xs:
                if x > k:
                    return x
            return 0
        """, "may be unbound"),
    ]
