from semforge.transforms.testing import RuleTestCase


class TestHoistNestedHelper(RuleTestCase):
    RULE = "hoist-nested-helper"
    CASES = [
        (  # called directly, mapped, a sort key; own parameter named like a local of f
            """
            def f(words: list[str]) -> tuple:
                def weight(x: str) -> int:
                    return len(x) * 2 + x.count("a")
                x = sorted(words, key=weight)
                return x, list(map(weight, words)), weight("abc")
            """,
            """
            def weight(x: str) -> int:
                return len(x) * 2 + x.count("a")


            def f(words: list[str]) -> tuple:
                x = sorted(words, key=weight)
                return x, list(map(weight, words)), weight("abc")
            """,
            [[["b", "aa"]], [[]]],
        ),
        (  # recursion through its own name (HumanEval/13's gcd)
            """
            def gcd(a: int, b: int) -> int:
                def query(a: int, b: int) -> int:
                    return a if b == 0 else query(b, a % b)
                return query(a, b)
            """,
            """
            def query(a: int, b: int) -> int:
                return a if b == 0 else query(b, a % b)


            def gcd(a: int, b: int) -> int:
                return query(a, b)
            """,
            [[12, 18], [0, 5], [-4, 6]],
        ),
    ]
    UNTOUCHED = [
        # a closure over a local of f; a recursive helper that hands itself on as a value
        ("""
        def f(words: list[str]) -> list:
            k = 2
            def weight(x):
                return len(x) * k
            def size(t):
                return 1 + sum(map(size, t)) if isinstance(t, list) else 1
            return [weight(w) + size([w]) for w in words]
        """, "reads a variable of the enclosing function"),
        # a recursive helper whose name f rebinds: the call inside would find the new value
        ("""
        def f(n: int) -> int:
            def fact(k):
                return 1 if k < 2 else k * fact(k - 1)
            r = fact(n)
            fact = abs
            return r + fact(-1)
        """, "bound more than once"),
        # the function object leaves f or is stored: one shared object would show
        ("""
        def f(words: list[str]):
            def weight(x):
                return len(x)
            weight.calls = 0
            return weight
        """, "is used as a value"),
        # a lazy map object that leaves the function holds the helper
        ("""
        def f(words: list[str]):
            def weight(x):
                return len(x)
            return map(weight, words)
        """, "is used as a value"),
        # used before its def (UnboundLocalError there)
        ("""
        def f(words: list[str]):
            try:
                n = weight("a")
            except NameError:
                n = 0
            def weight(x):
                return len(x)
            return n
        """, "is used before its def"),
        # a mutable default is built on each call of f; a decorator; an annotation of the module
        ("""
        def f(words: list[str]):
            def add(x, acc=[]):
                acc.append(x)
                return acc
            return add(1)
        """, "defaults or annotations"),
        ("""
        import functools
        def f(words: list[str]):
            @functools.lru_cache
            def weight(x):
                return len(x)
            return weight("a")
        """, "is decorated or async"),
        # the name is a global of the module, or read elsewhere
        ("""
        def weight(x):
            return 0
        def f(words: list[str]):
            def weight(x):
                return len(x)
            return weight("a")
        """, "a name of the module outside the function"),
        # the module can list its globals (locals() in any function counts too)
        ("""
        def f(words: list[str]):
            def weight(x):
                return len(x)
            return weight("a"), sorted(globals())
        """, "the module can see its globals"),
        ("""
        def f(words: list[str]):
            def weight(x):
                return len(x)
            return weight("a"), len(locals())
        """, "the module can see its globals"),
        # nested deeper (in a method, or under an if): left alone
        ("""
        class C:
            def f(self, words):
                def weight(x):
                    return len(x)
                return weight("a")
        def g(words: list[str]):
            if words:
                def weight(x):
                    return len(x)
                return weight("a")
        """, "no candidate"),
    ]
