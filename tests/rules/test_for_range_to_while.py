from semforge.transforms.testing import RuleTestCase, assert_untouched


class TestForRangeToWhile(RuleTestCase):
    RULE = "for-range-to-while"
    CASES = [
        (  # a target nothing reads is not bound (an unused assignment is noise)
            """
            def f(n):
                total = 0
                for _ in range(n):
                    total += 2
                return total
            """,
            """
            def f(n):
                total = 0
                bounds = range(n)
                counter = bounds.start
                while counter < bounds.stop:
                    counter += 1
                    total += 2
                return total
            """,
        ),
        (
            """
            def f(n):
                total = 0
                # sum the odd ones
                for i in range(n):
                    if i % 2 == 0:
                        continue
                    total += i
                return total, i
            """,
            """
            def f(n):
                total = 0
                # sum the odd ones
                bounds = range(n)
                counter = bounds.start
                while counter < bounds.stop:
                    i = counter
                    counter += 1
                    if i % 2 == 0:
                        continue
                    total += i
                return total, i
            """,
        [[1], [3], [6], [10]],
        ),
        (  # negative literal step, else clause, and a body that reassigns the loop variable
            """
            def f(xs):
                for j in range(len(xs) - 1, -1, -2):
                    j = j * 10
                    if xs[0] == j: break
                else:
                    return None
                return j
            """,
            """
            def f(xs):
                bounds = range(len(xs) - 1, -1, -2)
                counter = bounds.start
                while counter > bounds.stop:
                    j = counter
                    counter -= 2
                    j = j * 10
                    if xs[0] == j: break
                else:
                    return None
                return j
            """,
        ),
        (  # the counting loop a person writes: the stop named once, the increment last
            """
            def f(xs):
                out = []
                for i in range(len(xs)):
                    out.append(xs[i] * i)
                return out
            """,
            """
            def f(xs):
                out = []
                i = 0
                end = len(xs)
                while i < end:
                    out.append(xs[i] * i)
                    i += 1
                return out
            """,
            [[[]], [[3, 1, 2]], [["a", "b"]]],
        ),
        (  # literal bounds and a negative step; a local stop the body leaves alone is read as is
            """
            def f(xs):
                t = 0
                for j in range(10, -1, -2):
                    t += j
                n = len(xs)
                for k in range(1, n):
                    t += xs[k]
                return t
            """,
            """
            def f(xs):
                t = 0
                j = 10
                while j > -1:
                    t += j
                    j -= 2
                n = len(xs)
                k = 1
                while k < n:
                    t += xs[k]
                    k += 1
                return t
            """,
            [[[]], [[5]], [[1, 2, 3]]],
        ),
        (  # a throwaway target: the counter is named
            """
            def f(xs):
                total = 0
                for _ in range(3):
                    total += len(xs)
                return total
            """,
            """
            def f(xs):
                total = 0
                count = 0
                while count < 3:
                    total += len(xs)
                    count += 1
                return total
            """,
        ),
        (  # not the counting loop: a bool start (range(True, 3) starts at the int 1), a
           # closure that reads the target later, a target read after the loop
            """
            def f(xs):
                out = []
                flag = True
                for i in range(flag, 3):
                    out.append(i)
                fs = []
                for j in range(2):
                    fs.append(lambda: j)
                for k in range(len(xs)):
                    out.append(k)
                return out, [g() for g in fs], k
            """,
            """
            def f(xs):
                out = []
                flag = True
                bounds = range(flag, 3)
                counter = bounds.start
                while counter < bounds.stop:
                    i = counter
                    counter += 1
                    out.append(i)
                fs = []
                bounds_1 = range(2)
                counter_1 = bounds_1.start
                while counter_1 < bounds_1.stop:
                    j = counter_1
                    counter_1 += 1
                    fs.append(lambda: j)
                bounds_2 = range(len(xs))
                counter_2 = bounds_2.start
                while counter_2 < bounds_2.stop:
                    k = counter_2
                    counter_2 += 1
                    out.append(k)
                return out, [g() for g in fs], k
            """,
            [[[1]], [[1, 2]]],
        ),
        (  # a stop the body rebinds is read once, before the loop
            """
            def f(xs):
                out = []
                n = len(xs)
                for k in range(n):
                    n = 0
                    out.append(k)
                return out
            """,
            """
            def f(xs):
                out = []
                n = len(xs)
                k = 0
                end = n
                while k < end:
                    n = 0
                    out.append(k)
                    k += 1
                return out
            """,
            [[[]], [[1, 2]]],
        ),
    ]
    UNTOUCHED = [
        # module level and class bodies: new names would become globals / class attributes
        ("""
        for i in range(3):
            print(i)
        """, "not in a function"),
        ("""
        class C:
            for i in range(3):
                pass
        """, "not in a function"),
        # `range` rebound in the module, or a parameter named range
        ("""
        range = lambda n: [n]
        def f(n):
            for i in range(n):
                print(i)
        """, "range is shadowed"),
        ("""
        def f(n, range):
            for i in range(n):
                print(i)
        """, "range is shadowed"),
        # step of unknown sign
        ("""
        def f(a, b, s):
            for i in range(a, b, s):
                print(i)
        """, "the step is not a non-zero int literal"),
        # step zero raises ValueError: val to the range call, so not rewritten either
        ("""
        def f(n):
            for i in range(0, n, 0):
                print(i)
        """, "the step is not a non-zero int literal"),
        # tuple and attribute targets
        ("""
        def f(self, n):
            for self.i in range(n):
                print(self.i)
        """, "the loop target is not a plain name"),
        # not range
        ("""
        def f(xs):
            for i in xs:
                print(i)
        """, "no candidate"),
        # locals() / exec see the new names
        ("""
        def f(n):
            for i in range(n):
                print(locals())
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        ("""
        def f(n):
            for i in range(n):
                exec("print(i)")
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        # async for
        ("""
        async def f(n):
            async for i in range(n):
                print(i)
        """, "async for loop"),
        # keyword or starred arguments
        ("""
        def f(args):
            for i in range(*args):
                print(i)
        """, "range() with starred or keyword arguments, or too many"),
    ]


def test_range_checks_arguments_as_before():
    # a float argument still raises TypeError, from the range() call kept in the rewrite
    from semforge.transforms.registry import get_rule
    code = get_rule("for-range-to-while").apply(
        "def f(n):\n    out = []\n    for i in range(n):\n        out.append(i)\n    return out\n").code
    ns: dict = {}
    exec(code, ns)
    assert ns["f"](4) == [0, 1, 2, 3] and ns["f"](0) == []
    try:
        ns["f"](2.5)
    except TypeError:
        pass
    else:
        raise AssertionError("range(2.5) must still raise TypeError")
