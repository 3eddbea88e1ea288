from semforge.transforms.testing import RuleTestCase


class TestCountLoopToCounter(RuleTestCase):
    RULE = "count-loop-to-counter"
    DOMAIN = "(numbers: list[int])"
    CASES = [
        (
            """
            def f(numbers):
                num_cnt = dict()
                for number in numbers:
                    if number not in num_cnt:
                        num_cnt[number] = 0
                    num_cnt[number] += 1
                return [n for n in numbers if num_cnt[n] == 1]
            """,
            """
            from collections import Counter

            def f(numbers):
                num_cnt = dict(Counter(numbers))
                return [n for n in numbers if num_cnt[n] == 1]
            """,
            [[[1, 2, 3, 2, 4]], [[]], [[5, 5]]],
        ),
        (  # the words of str.split() are strs: no domain needed
            """
            def f(text):
                counts = {}
                for w in text.split():
                    counts[w] = counts.get(w, 0) + 1
                return counts
            """,
            """
            from collections import Counter

            def f(text):
                counts = dict(Counter(text.split()))
                return counts
            """,
            [["a b a"], [""]],
        ),
    ]
    CASES = [*CASES, (  # a later loop binds the loop variable again: it reads its own value
        """
        def f(numbers):
            count = dict()
            for num in numbers:
                if num not in count:
                    count[num] = 0
                count[num] += 1
            ans = -1
            for num, cnt in count.items():
                if cnt >= num:
                    ans = max(ans, num)
            return ans
        """,
        """
        from collections import Counter

        def f(numbers):
            count = dict(Counter(numbers))
            ans = -1
            for num, cnt in count.items():
                if cnt >= num:
                    ans = max(ans, num)
            return ans
        """,
        [[[1, 2, 2, 3, 3, 3]], [[]], [[5, 5, 4]]],
    )]
    UNTOUCHED = [
        # the variable read after the counting loop, before a later loop rebinds it; read
        # by a lambda
        ("""
        def f(numbers):
            count = {}
            for num in numbers:
                count[num] = count.get(num, 0) + 1
            last = num
            for num in count:
                last += num
            return last
        """, "a loop variable is used outside the loop"),
        ("""
        def f(numbers):
            g = lambda: num
            count = {}
            for num in numbers:
                count[num] = count.get(num, 0) + 1
            for num in count:
                pass
            return g
        """, "a loop variable is used outside the loop"),
        # lists may hold unhashable items: the loop fails part way, after counting some
        ("""
        def f(numbers):
            counts = {}
            for x in numbers:
                counts[x] = counts.get(x, 0) + 1
            return counts
        """, "no evidence the items are builtin hashables", "(numbers: list)"),
        # a dict: Counter(mapping) would take its values as counts
        ("""
        def f(d):
            counts = {}
            for x in d:
                counts[x] = counts.get(x, 0) + 1
            return counts
        """, "no evidence the items are builtin hashables", "(d: dict[str, int])"),
        # the loop variable is read after the loop
        ("""
        def f(numbers):
            counts = {}
            for x in numbers:
                counts[x] = counts.get(x, 0) + 1
            return counts, x
        """, "a loop variable is used outside the loop"),
    ]
