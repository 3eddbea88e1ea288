from semforge.transforms.testing import RuleTestCase


class TestMembershipListToSet(RuleTestCase):
    RULE = "membership-list-to-set"
    CASES = [
        ("""
def is_vowel(c_in: str) -> bool:
    c = "".join([c_in])
    return c in ['a', 'e', 'i', 'o', 'u']
""", """
def is_vowel(c_in: str) -> bool:
    c = "".join([c_in])
    return c in {'a', 'e', 'i', 'o', 'u'}
"""),
        (  # a tuple display, `not in`, and an int known from len()
            """
            def f(xs):
                n = len(xs)
                return n not in (0, 1, -1)
            """,
            """
            def f(xs):
                n = len(xs)
                return n not in {0, 1, -1}
            """,
        ),
        ("""
def g(s_in: str, k_in: int):
    s = "".join([s_in])
    k = int(k_in)
    for i in range(k):
        if s.lower() in ('yes', 'y') and 0 < i in [1, 2]:
            return i
""", """
def g(s_in: str, k_in: int):
    s = "".join([s_in])
    k = int(k_in)
    for i in range(k):
        if s.lower() in {'yes', 'y'} and 0 < i in {1, 2}:
            return i
"""),
        ("""
def count(s_in: str):
    s = "".join([s_in])
    return [c for c in s if c in "ab" or c in ['x', 'y']]
""", """
def count(s_in: str):
    s = "".join([s_in])
    return [c for c in s if c in "ab" or c in {'x', 'y'}]
"""),
    ]
    UNTOUCHED = [
        # unknown operand type: an unhashable x gives False with a list, TypeError with a set
        ("""
        def f(x):
            return x in [1, 2, 3]
        """, "no evidence the tested value is an int, bool or str"),
        # a float may be NaN; floats are not in the evidence set
        ("""
        def f(x: float):
            return x in [1, 2]
        """, "no evidence the tested value is an int, bool or str"),
        # elements that are not int/str literals
        ("""
        def f(x: int, y):
            return x in [1, y] or x in [1.5, 2] or x in [None, 1] or x in [(1, 2)]
        """, "the display is empty or holds other than int/str literals"),
        # empty display (`{}` would be a dict) and starred elements
        ("""
        def f(x: int, ys):
            return x in [] or x in [1, *ys]
        """, "the display is empty or holds other than int/str literals"),
        # the annotation is contradicted by a default and by a rebinding
        ("""
        def f(x: int = None, y: int = 0):
            y = [y]
            return x in [1, 2] or y in [1, 2]
        """, "no evidence the tested value is an int, bool or str"),
        # module level: a global can be rebound from anywhere
        ("""
        x = 3
        ok = x in [1, 2, 3]
        """, "no evidence the tested value is an int, bool or str"),
        # a class body and a lambda parameter give no evidence
        ("""
        class C:
            x = 1
            ok = x in [1, 2]
        f = lambda x: x in [1, 2]
        """, "no evidence the tested value is an int, bool or str"),
        # comprehension variable shadows an int parameter; iterates unknown items
        ("""
        def f(x: int, xs):
            return [x in [1, 2] for x in xs]
        """, "no evidence the tested value is an int, bool or str"),
        # global / nonlocal and walrus-bound names
        ("""
        def f():
            global n
            n = 1
            return n in [1, 2]
        def g(ys):
            if (m := ys) in [1, 2]:
                return m
        def h():
            k = 1
            def inner():
                nonlocal k
                k = []
            inner()
            return k in [1, 2]
        """, "no evidence the tested value is an int, bool or str"),
        # len shadowed in the module: len() is no longer known to return an int
        ("""
        from mylib import len
        def f(xs):
            return len(xs) in [0, 1]
        """, "no evidence the tested value is an int, bool or str"),
        ("""
        from mylib import *
        def f(xs):
            return len(xs) in [0, 1]
        """, "no evidence the tested value is an int, bool or str"),
        # exec in the function may rebind locals
        ("""
        def f(n: int):
            exec("n = []")
            return n in [1, 2]
        """, "no evidence the tested value is an int, bool or str"),
        # a loop variable over a list without element type
        ("""
        def f(xs: list):
            for x in xs:
                if x in [1, 2]:
                    return x
        """, "no evidence the tested value is an int, bool or str"),
        # `is` comparisons and `==` are not membership
        ("""
        def f(n: int):
            return n == [1, 2] or n is [1]
        """, "no candidate"),("""
def is_vowel(c: str) -> bool:
    return c in ['a', 'e', 'i', 'o', 'u']
""", 'annotation is not evidence'), ("""
def count(s: str):
    return [c for c in s if c in "ab" or c in ['x', 'y']]
""", 'annotation is not evidence')
    ]
