from semforge.transforms.registry import get_rule
from semforge.transforms.testing import RuleTestCase


class TestExtractHelper(RuleTestCase):
    RULE = "extract-helper"
    CASES = [
        (
            '''
            import math

            # area
            def area(r, unit=1):
                """Doc."""
                k = 2
                if r < 0:
                    return -1
                return math.pi * r ** k * unit
            ''',
            '''
            import math

            def _product(r, k, unit):
                return math.pi * r ** k * unit


            # area
            def area(r, unit=1):
                """Doc."""
                k = 2
                if r < 0:
                    return -1
                return _product(r, k, unit)
            ''',
        ),
        (  # methods: the helper goes before the class; builtins are not passed
            """
            class Shape:
                def size(self, other):
                    self.check(other)
                    return abs(self.w - other.w) + len(str(self))
            """,
            """
            def _total(self, other):
                return abs(self.w - other.w) + len(str(self))


            class Shape:
                def size(self, other):
                    self.check(other)
                    return _total(self, other)
            """,
        ),
        (  # the expression keeps the parentheses that hold its line break
            """
            def f(a, b, c):
                if c is None:
                    return False
                return (a and
                        not b)
            """,
            """
            def _all_hold(a, b):
                return (a and
                        not b)


            def f(a, b, c):
                if c is None:
                    return False
                return _all_hold(a, b)
            """,
        ),
    ]
    UNTOUCHED = [
        # a helper would teach nothing: one operation on names or literals
        ("""
        def area(width, height):
            \"\"\"Doc.\"\"\"
            return width * height
        """, "one operation or display on names or literals"),
        ("""
        def histogram(values, width):
            if width <= 0:
                return {}
            return (values, width)
        """, "one operation or display on names or literals"),
        ("""
        def volume(width, height, depth):
            area = width * height
            return area * depth
        """, "one operation or display on names or literals"),
        # recursion through a dunder: len(self.child) runs __len__ again, one helper frame more
        # per level (tests/rules/test_review_contexts.py)
        ("""
        class Node:
            def __init__(self, child):
                self.child = child

            def __len__(self):
                if self.child is None:
                    return 1
                return len(self.child) + 1
        """, 'may be recursive'),
        # recursion through a function passed as a value (map(size, t)): one helper frame more
        # per level (tests/rules/test_review_contexts.py)
        ("""
        def size(t):
            return 1 + sum(map(size, t))
        """, 'may be recursive'),
        # trivial returns
        ("""
        def f(x):
            return x
        def g():
            return -1
        """, "no candidate"),
        # recursion through the helper would halve the reachable depth
        ("""
        def fact(n):
            if n < 2:
                return 1
            return n * fact(n - 1)
        """, "calls 'fact', which is not a builtin"),
        ("""
        class T:
            def walk(self, n):
                return n + self.walk(n - 1)
        """, "calls a method named like a function of the module"),
        # a local that may be unbound at the return (assigned under an if, or later)
        ("""
        def f(c):
            if c:
                y = 1
            return c and y + 1
        """, "local 'y' may be unbound at the return"),
        # deleted parameters and except-as names can be unbound
        ("""
        def f(a, b):
            del a
            return b or a + 1
        """, "local 'a' may be unbound at the return"),
        ("""
        def f(a):
            try:
                a = 1 / a
            except ZeroDivisionError as e:
                pass
            e = 0
            return a + e
        """, "local 'e' may be unbound at the return"),
        # closure variables of an enclosing function
        ("""
        def outer(k):
            def inner(x):
                return x + k
            return inner
        """, "'k' is a variable of an enclosing function"),
        # global / nonlocal / dynamic scope / super()
        ("""
        def f(x):
            global g
            return x + g
        """, "the function declares global or nonlocal names"),
        ("""
        def f(x):
            return x + len(locals())
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        ("""
        class C(B):
            def f(self, x):
                return super().f(x) + 1
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        # new scopes, walrus, yield, await inside the expression
        ("""
        def f(xs):
            return sum([x * 2 for x in xs]) + 1
        """, "a lambda, comprehension, yield, await or walrus in the expression"),
        ("""
        def f(x):
            return (y := x + 1) * y
        """, "a lambda, comprehension, yield, await or walrus in the expression"),
        ("""
        async def f(x):
            return (await x) + 1
        """, "a lambda, comprehension, yield, await or walrus in the expression"),
        # class-private names are mangled only inside the class
        ("""
        class C:
            def f(self):
                return self.__secret + 1
        """, "a __private name or __class__"),
        # calls to module-level functions (possible recursion)
        ("""
        def helper(x):
            return x
        def f(x):
            return helper(x) + 1
        """, "calls 'helper', which is not a builtin"),
        # a builtin name shadowed at module level
        ("""
        def len(x):
            return 0
        def f(x):
            return len(x) + 1
        """, "calls 'len', which is not a builtin"),
    ]


def test_helper_is_defined_before_module_level_calls():
    code = get_rule("extract-helper").apply(
        "def f(a, b):\n    a = int(a)\n    return a * 10 + b\n\nRESULT = f(1, 2)\n").code
    ns: dict = {}
    exec(code, ns)
    assert ns["RESULT"] == 12 and ns["f"](a=3, b=4) == 34
