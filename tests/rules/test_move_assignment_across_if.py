from semforge.transforms.testing import RuleTestCase


class TestMoveAssignmentAcrossIf(RuleTestCase):
    RULE = "move-assignment-across-if"
    CASES = [
        (  # an initialisation after a guard moves before it; total arithmetic on an int
            """
            def f(n):
                if n < 2:
                    return []
                ans = [1, 2]
                k = n - 2
                if k > 3: return ans
                return [k]
            """,
            """
            def f(n):
                ans = [1, 2]
                if n < 2:
                    return []
                k = n - 2
                if k > 3: return ans
                return [k]
            """,
            [[0], [3], [9]],
        ),
        (  # and one before a guard moves after it
            """
            def f(s):
                cnt = 0
                if "," in s:
                    return s.split(",")
                for ch in s:
                    cnt += ch == "a"
                return cnt
            """,
            """
            def f(s):
                if "," in s:
                    return s.split(",")
                cnt = 0
                for ch in s:
                    cnt += ch == "a"
                return cnt
            """,
            [["a,b"], ["aab"], [""]],
        ),
    ]
    UNTOUCHED = [
        # the if reads the name
        ("""
        def f(n):
            m = n * 2
            if m > 3:
                return 1
            return m
        """, "uses the assigned name", "(n: int)"),
        # a value that may raise (max of an empty list) stays behind its guard
        ("""
        def f(xs):
            if not xs:
                return None
            m = max(xs)
            return m
        """, "not proven total", "(xs: list[int])"),
        # the if rebinds what the value reads
        ("""
        def f(n):
            if n < 0:
                n = -n
            k = n + 1
            return k
        """, "rebinds a name the value reads", "(n: int)"),
        # a name bound in the if body: maybe unbound before it
        ("""
        def f(n):
            if n:
                t = 1
            if n > 5:
                return 0
            k = t + 1
            return k
        """, "may be unbound", "(n: int)"),
        # a closure reads the name
        ("""
        def f(n):
            g = lambda: k
            if n:
                return g
            k = 1
            return g
        """, "nested scope", "(n: int)"),
        # a generator's frame outlives an early exit
        ("""
        def f(n):
            if n:
                yield 1
            k = 0
            yield k
        """, "a generator", "(n: int)"),
        # a value of unknown type: its arithmetic may run user code
        ("""
        def f(n):
            if n:
                return 0
            k = n + 1
            return k
        """, "not proven total"),
    ]
