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
