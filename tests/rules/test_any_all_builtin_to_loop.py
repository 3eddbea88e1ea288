from semforge.transforms.testing import RuleTestCase


class TestAnyAllBuiltinToLoop(RuleTestCase):
    RULE = "any-all-builtin-to-loop"
    CASES = [
        (
            """
            def has_negative(xs):
                return any(x < 0 for x in xs)
            """,
            """
            def has_negative(xs):
                for x in xs:
                    if x < 0:
                        return True
                return False
            """,
        ),
        (  # all() with a filter and a condition that needs parentheses under `not`
            """
            def f(words: list[str], n):
                return all(w.isalpha() or n for w in words if w)
            """,
            """
            def f(words: list[str], n):
                for w in words:
                    if w:
                        if not (w.isalpha() or n):
                            return False
                return True
            """,
        ),
        (  # a plain iterable gets a fresh loop variable
            """
            def g(flags):
                item = 1
                return all(flags)
            """,
            """
            def g(flags):
                item = 1
                for item_1 in flags:
                    if not item_1:
                        return False
                return True
            """,
        ),
    ]
    UNTOUCHED = [
        # the generator variable is also a name of the function (global read, local, param)
        """
        def f(xs):
            print(x)
            return any(x for x in xs)
        """,
        """
        def f(x):
            return any(x for x in x)
        """,
        # two for clauses, list comprehensions (already fully evaluated), not a return
        """
        def f(xs, ys):
            return any(x == y for x in xs for y in ys)
        def g(xs):
            return all([x for x in xs])
        def h(xs):
            ok = any(x for x in xs)
            return ok
        """,
        # a maybe-unbound local, await, module level, shadowed builtins
        """
        def f(xs, flag):
            if flag:
                k = 1
            return any(x > k for x in xs)
        """,
        """
        async def f(xs, check):
            return any([await check(x) for x in xs])
        """,
        """
        ok = any(x for x in [1])
        """,
        """
        from funcy import all
        def f(xs):
            return all(x for x in xs)
        """,
    ]


class TestAnyAllBuiltinIterableReadsTarget(RuleTestCase):
    RULE = "any-all-builtin-to-loop"
    CASES = TestAnyAllBuiltinToLoop.CASES[:1]
    UNTOUCHED = [
        """
        def f():
            return any(x for x in x)
        """,
    ]


class TestAnyAllBuiltinStopIteration(RuleTestCase):
    """``any(next(it) for ...)`` raises RuntimeError; a loop would raise StopIteration."""

    RULE = "any-all-builtin-to-loop"
    CASES = TestAnyAllBuiltinToLoop.CASES[:1]
    UNTOUCHED = [
        """
        def f(xs, it):
            return any(next(it) == x for x in xs)
        """,
        """
        def f(xs):
            return all(check(x) for x in xs)
        """,
    ]
