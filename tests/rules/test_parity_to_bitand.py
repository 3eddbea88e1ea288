from semforge.transforms.testing import RuleTestCase


class TestParityToBitand(RuleTestCase):
    RULE = "parity-to-bitand"
    DOMAIN = "(lst: list[int])"
    CASES = [
        (  # loop variables of range() are ints: no domain needed
            """
            def f(n):
                count = 0
                for i in range(n):
                    if i % 2 == 1 and i % 3 == 0:
                        count += 1
                return count, [i % 2 == 0 for i in range(n)]
            """,
            """
            def f(n):
                count = 0
                for i in range(n):
                    if i & 1 and i % 3 == 0:
                        count += 1
                return count, [not i & 1 for i in range(n)]
            """,
            [[10], [0], [-3]],
        ),
        (  # the domain makes the items of a list parameter ints
            """
            def f(lst):
                return sum(x for x in lst if x % 2), all(x % 2 != 0 for x in lst), list(filter(lambda x: x % 2 == 1, lst))
            """,
            """
            def f(lst):
                return sum(x for x in lst if x & 1), all(x & 1 for x in lst), list(filter(lambda x: x & 1, lst))
            """,
            [[[1, 2, 3]], [[]], [[-3, 4]]],
        ),
        (
            """
            def f(lst):
                return [lst[i] for i in range(len(lst)) if i % 2 == 0 and lst[i] % 2 == 1]
            """,
            """
            def f(lst):
                return [lst[i] for i in range(len(lst)) if not i & 1 and lst[i] & 1]
            """,
            [[[5, 8, 7, 1]], [[]]],
        ),
    ]
    UNTOUCHED = [
        # floats: 2.5 & 1 raises TypeError where 2.5 % 2 == 0.5
        ("""
        def f(lst):
            return [x for x in lst if x % 2 == 1]
        """, "no evidence the operand of % 2 is an int", "(lst: list[float])"),
        # the odd test's value is used: x & 1 is 1, not True
        ("""
        def f(n):
            return [i % 2 == 1 for i in range(n)]
        """, "the odd test's value"),
        # the list is mutated in the function: its items are not known to stay ints
        ("""
        def f(lst):
            lst.append(1.5)
            return [x for x in lst if x % 2 == 0]
        """, "no evidence the operand"),
    ]

    def test_untouched_without_a_domain(self):
        from semforge.transforms.testing import assert_untouched

        assert_untouched(self.RULE, "def f(lst):\n    return [x for x in lst if x % 2 == 0]\n",
                         reason="no evidence the operand of % 2 is an int")
