from semforge.transforms.testing import RuleTestCase


class TestProgressionLoopToRange(RuleTestCase):
    RULE = "progression-loop-to-range"
    DOMAIN = "(n: int)"
    CASES = [
        (
            """
            def f(n):
                ans, num = [], n
                for _ in range(n):
                    ans.append(num)
                    num += 2
                return ans
            """,
            """
            def f(n):
                ans = list(range(n, n + 2 * n, 2))
                return ans
            """,
            [[3], [0], [-2], [1]],
        ),
        (  # a falling progression from a literal; another name of the tuple keeps its value
            """
            def f(n):
                k, out, x = len(str(n)), [], 10
                for i in range(n):
                    out.append(x)
                    x -= 3
                return out, k
            """,
            """
            def f(n):
                k = len(str(n))
                out = list(range(10, 10 - 3 * n, -3))
                return out, k
            """,
            [[4], [0], [-1]],
        ),
        (  # step 1
            """
            def f(n):
                res, v = [], n
                for _ in range(5):
                    res.append(v)
                    v += 1
                return res
            """,
            """
            def f(n):
                res = list(range(n, n + 5))
                return res
            """,
            [[2], [-7]],
        ),
    ]
    UNTOUCHED = [
        # a bool start: the loop appends True, range gives 1
        ("""
        def f(n):
            ans, num = [], n
            for _ in range(3):
                ans.append(num)
                num += 1
            return ans
        """, "no evidence the start is an int", "(n: bool)"),
        # the running value is read after the loop
        ("""
        def f(n):
            ans, num = [], n
            for _ in range(n):
                ans.append(num)
                num += 2
            return ans, num
        """, "used outside the loop"),
        # the count is rebound by the same assignment
        ("""
        def f(n):
            ans, num, n = [], 1, 4
            for _ in range(n):
                ans.append(num)
                num += 2
            return ans
        """, "rebound by the same assignment"),
        # a float start
        ("""
        def f(n):
            ans, num = [], n
            for _ in range(4):
                ans.append(num)
                num += 2
            return ans
        """, "no evidence the start is an int", "(n: float)"),
    ]
