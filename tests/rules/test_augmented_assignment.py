from semforge.transforms.testing import RuleTestCase


class TestAugmentedAssignment(RuleTestCase):
    RULE = "augmented-assignment"
    CASES = [
        (
            """
            def f(xs):
                total = 0
                n = len(xs)
                s = ""
                for i in range(n):
                    total = total + i * 2
                    s += "ab"
                    n -= total - 1
                return total, s, n
            """,
            """
            def f(xs):
                total = 0
                n = len(xs)
                s = ""
                for i in range(n):
                    total += i * 2
                    s = s + "ab"
                    n = n - (total - 1)
                return total, s, n
            """,
        ),
        (  # names proven from each other; an arbitrary right operand is fine
            """
            def f(arr):
                a = 1
                b = a * 3
                b = b * arr
                a **= -1
            """,
            """
            def f(arr):
                a = 1
                b = a * 3
                b = b * arr
                a = a ** (-1)
            """,
        ),
        (  # a tuple assignment of a display types each name by its item
            """
            def f(p):
                a, b = 0, 1
                a = a + b
                return a
            """,
            """
            def f(p):
                a, b = 0, 1
                a += b
                return a
            """,
        ),
        (  # the domain types parameters and the items of a list that is only read
            """
            def f(n, xs, s):
                total = 0
                for x in xs:
                    total += x
                while n > 9:
                    n //= 10
                s = s + "!"
                return total, n, s
            """,
            """
            def f(n, xs, s):
                total = 0
                for x in xs:
                    total = total + x
                while n > 9:
                    n = n // 10
                s += "!"
                return total, n, s
            """,
            [[123, [1, 2], "a"], [5, [], ""]],
        ),
    ]
    UNTOUCHED = [
        # lists: += extends in place, aliases see it
        ("""
        def f(x):
            acc = []
            alias = acc
            acc += x
            acc = acc + [1]
            return alias
        """, "no evidence 'acc' only ever holds immutable builtin values"),
        # parameters carry no type evidence (numpy arrays have __iadd__)
        ("""
        def f(x: int):
            x = x + 1
            x += 1
            return x
        """, "no evidence 'x' only ever holds immutable builtin values"),
        # one binding of unknown type spoils the evidence
        ("""
        def f(g):
            t = 0
            t = g()
            t = t + 1
            return t
        """, "no evidence 't' only ever holds immutable builtin values"),
        # arithmetic with an unknown operand may return a mutable object
        ("""
        def f(arr):
            t = 0
            t = t + arr
            t += 1
            return t
        """, "no evidence 't' only ever holds immutable builtin values"),
        # walrus, loop over anything but range or a typed list
        ("""
        def f(p):
            if (c := 0) == 0:
                c = c + 1
            for d in p:
                d = d + 1
            return c
        """, "no evidence 'c' only ever holds immutable builtin values"),
        # a list parameter: += extends the caller's list, whatever the domain says
        ("""
        def f(xs):
            xs += [1]
            return xs
        """, "no evidence 'xs' only ever holds immutable builtin values", "(xs: list[int])"),
        # int + float items: no exact type for the sum
        ("""
        def f(xs):
            s = 0
            for x in xs:
                s += x
            return s
        """, "no evidence 's' only ever holds immutable builtin values", "(xs: list[float])"),
        # the domain speaks of the entry point only: a helper's parameter without call sites
        ("""
        def g(n):
            n //= 10
            return n
        def f(n):
            return n
        """, "no evidence 'n' only ever holds immutable builtin values", "(n: int)"),
        # global and nonlocal
        ("""
        def f():
            global t
            t = 0
            t = t + 1
        """, "'t' is global or nonlocal"),
        ("""
        def f():
            t = 0
            def g():
                nonlocal t
                t = []
            g()
            t += [1]
            return t
        """, "'t' is global or nonlocal"),
        # `len` shadowed
        ("""
        def len(x):
            return [x]
        def f(x):
            n = len(x)
            n += [1]
            return n
        """, "no evidence 'n' only ever holds immutable builtin values"),
        # module and class level
        ("""
        t = 0
        t = t + 1
        class C:
            u = 0
            u += 1
        """, "not in a function"),
        # (x - a) - b is not x - (a - b)
        ("""
        def f(a, b):
            x = 0
            x = a - x
            x = x * a + b
            x = (x) - a - b
            return x
        """, "no candidate"),
        # exec could rebind
        ("""
        def f():
            t = 0
            exec("t = []")
            t = t + 1
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
    ]
