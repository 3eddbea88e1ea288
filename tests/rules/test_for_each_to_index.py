from semforge.transforms.testing import RuleTestCase


class TestForEachToIndex(RuleTestCase):
    RULE = "for-each-to-index"
    CASES = [
        (  # a str from the seeds' inputs; break, else and a one-line body
            """
            def f(brackets):
                depth = 0
                for ch in brackets:
                    if ch == "(": depth += 1
                    if ch == ")": depth -= 1
                    if depth < 0:
                        break
                else:
                    return depth == 0
                return False
            """,
            """
            def f(brackets):
                depth = 0
                for i in range(len(brackets)):
                    ch = brackets[i]
                    if ch == "(": depth += 1
                    if ch == ")": depth -= 1
                    if depth < 0:
                        break
                else:
                    return depth == 0
                return False
            """,
            [["(()())"], [")("], [""], ["(("]],
        ),
        (  # a list of ints from the domain; the body appends to a list made here; the name i
           # is taken, and the loop variable is rebound in the body
            """
            def f(nums, i):
                out = []
                for x in nums:
                    x = x + i
                    out.append(x)
                return out, x
            """,
            """
            def f(nums, i):
                out = []
                for i_1 in range(len(nums)):
                    x = nums[i_1]
                    x = x + i
                    out.append(x)
                return out, x
            """,
            [[[1, 2, 3], 1], [[5], 0], [[-4, 4, 0], 2]],
        ),
        (  # a local str made by str() and a one-line loop
            """
            def f(num: int):
                s = str(num)
                n = 0
                for c in s: n += c == "7"
                return n
            """,
            """
            def f(num: int):
                s = str(num)
                n = 0
                for i in range(len(s)): c = s[i]; n += c == "7"
                return n
            """,
            [[77], [-1707], [0]],
        ),
    ]
    UNTOUCHED = [
        # no evidence of the iterable's type (an annotation is not evidence)
        ("""
        def f(xs: list):
            for x in xs:
                print(x)
        """, "no evidence 'xs' is a builtin sequence"),
        # a list whose loop body calls user code (which could append to it)
        ("""
        def f(xs, g):
            for x in xs:
                g(x)
        """, "the body may run user code", "(xs: list[int], g: int)"),
        # the sequence rebound in the body
        ("""
        def f(s):
            for c in s:
                s = s[1:]
            return s
        """, "the sequence is rebound in the body", "(s: str)"),
        # a closure that rebinds the sequence while the loop runs (its evidence is then gone)
        ("""
        def f(s):
            def drop():
                nonlocal s
                s = ""
            n = 0
            for c in s:
                drop()
                n += 1
            return n
        """, "no evidence 's' is a builtin sequence", "(s: str)"),
        # an identity test between items
        ("""
        def f(s):
            prev = None
            for c in s:
                if c is prev:
                    return True
                prev = c
            return False
        """, "an identity test", "(s: str)"),
        # module level; async for
        ("""
        s = "abc"
        for c in s:
            print(c)
        """, "not in a function's own scope"),
        ("""
        async def f(s):
            async for c in s:
                print(c)
        """, "async for loop", "(s: str)"),
        # a list that may share its object with another name
        ("""
        def f(xs):
            ys = xs
            out = []
            for x in ys:
                out.append(x)
            return out
        """, "may share its list", "(xs: list[int])"),
    ]
