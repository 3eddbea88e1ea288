from semforge.transforms.testing import RuleTestCase


class TestAccumulatorsLoopToBuiltins(RuleTestCase):
    RULE = "accumulators-loop-to-builtins"
    DOMAIN = "(numbers: list[int])"
    ENTRY = "f"
    CASES = [
        (
            """
            def f(numbers):
                s, p = 0, 1
                for number in numbers:
                    s += number
                    p *= number
                return s, p
            """,
            """
            import math

            def f(numbers):
                s = sum(numbers)
                p = math.prod(numbers)
                return s, p
            """,
            [[[1, 2, 3]], [[]], [[-4, 0, 7]]],
        ),
        (  # a lone product; other names of the tuple keep theirs; math already imported
            """
            import math
            def f(numbers):
                k, p = len(numbers), 1
                for x in numbers: p *= x
                return k, p
            """,
            """
            import math
            def f(numbers):
                k = len(numbers)
                p = math.prod(numbers)
                return k, p
            """,
            [[[2, 5]], [[]]],
        ),
        (  # expressions that cannot raise: a comprehension per accumulator
            """
            def f(numbers):
                total, squares, n = 0, 0, 2
                for x in numbers:
                    total += x
                    squares += x * x
                return total, squares, n
            """,
            """
            def f(numbers):
                n = 2
                total = sum(numbers)
                squares = sum([x * x for x in numbers])
                return total, squares, n
            """,
            [[[1, -2, 3]], [[]]],
        ),
        (  # starts on lines of their own, a comment above them
            """
            def f(numbers):
                # running totals
                total = 0
                prod = 1
                for x in numbers:
                    total += x
                    prod *= x
                return total, prod
            """,
            """
            import math

            def f(numbers):
                # running totals
                total = sum(numbers)
                prod = math.prod(numbers)
                return total, prod
            """,
            [[[1, 2, 3]], [[]]],
        ),
    ]
    UNTOUCHED = [
        # another initial value reads an accumulator before the loop
        ("""
        def f(numbers):
            s = 0
            p, a = 1, s
            for x in numbers:
                s += x
                p *= x
            return s, p, a
        """, "an initial value reads an accumulator"),
        # something else between the start and the loop
        ("""
        def f(numbers):
            s, p = 0, 1
            print(s)
            for x in numbers:
                s += x
                p *= x
            return s, p
        """, "no candidate"),
        # floats: sum's rounding is the Python version's
        ("""
        def f(numbers):
            s, p = 0, 1
            for number in numbers:
                s += number
                p *= number
            return s, p
        """, "no evidence that the accumulated items are ints", "(numbers: list[float])"),
        # an expression that may raise: the loop raises at the item, two passes maybe elsewhere
        ("""
        def f(numbers):
            s, p = 0, 1
            for x in numbers:
                s += abs(x)
                p *= x // abs(x)
            return s, p
        """, "may raise or run user code"),
        # two comprehensions: two passes in bytecode, slower than the loop
        ("""
        def f(numbers):
            s, p = 0, 1
            for x in numbers:
                s += x * x
                p *= x + 1
            return s, p
        """, "more than one accumulator needs a comprehension"),
        # two passes over an iterable that is not a plain name of a sequence
        ("""
        def f(numbers):
            s, p = 0, 1
            for x in numbers[1:]:
                s += x
                p *= x
            return s, p
        """, "several passes"),
        # the loop variable is read after the loop
        ("""
        def f(numbers):
            s, p = 0, 1
            for x in numbers:
                s += x
                p *= x
            return s, p, x
        """, "loop variable is used outside"),
        # math is something else here
        ("""
        def f(numbers, math):
            p = 1
            for x in numbers:
                p *= x
            return p
        """, "math may be bound"),
        # a lone sum is sum-loop-to-builtin's
        ("""
        def f(numbers):
            s, k = 0, 1
            for x in numbers:
                s += x
            return s, k
        """, "no candidate"),
    ]
