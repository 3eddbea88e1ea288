import sys

from semforge.transforms.registry import get_rule
from semforge.transforms.testing import RuleTestCase


class TestMemoizePureRecursion(RuleTestCase):
    RULE = "memoize-pure-recursion"
    CASES = [
        (
            '''
            def fib(n: int) -> int:
                """The n-th Fibonacci number."""
                if n < 2: return n
                return fib(n - 1) + fib(n - 2)
            ''',
            'fib_memo = {}\n\n\ndef fib(n: int) -> int:\n    """The n-th Fibonacci number."""\n    memo_key = (n,) if type(n) is int and fib is fib_itself else None\n    if memo_key in fib_memo:\n        return fib_memo[memo_key]\n    if n < 2:\n        result = n\n        if memo_key is not None:\n            fib_memo[memo_key] = result\n        return result\n    result = fib(n - 1) + fib(n - 2)\n    if memo_key is not None:\n        fib_memo[memo_key] = result\n    return result\nfib_itself = fib\n',
        ),
        (  # a helper nested in a function: its memo lives as long as one call of the outer one
            '''
            def greatest_common_divisor(a: int, b: int) -> int:
                def query_gcd(a: int, b: int) -> int:
                    return a if b == 0 else query_gcd(b, a % b)
                return query_gcd(a, b)
            ''',
            """
def greatest_common_divisor(a: int, b: int) -> int:
    query_gcd_memo = {}
    def query_gcd(a: int, b: int) -> int:
        memo_key = (a, b) if type(a) is int and type(b) is int and query_gcd is query_gcd_itself else None
        if memo_key in query_gcd_memo:
            return query_gcd_memo[memo_key]
        result = a if b == 0 else query_gcd(b, a % b)
        if memo_key is not None:
            query_gcd_memo[memo_key] = result
        return result
    query_gcd_itself = query_gcd
    return query_gcd(a, b)
""",
        ),
    ]
    UNTOUCHED = [
        # not recursive; a method; async; decorated; a generator
        ("def f(n: int) -> int:\n    return n + 1\n", "no candidate"),
        ("class C:\n    def f(self, n: int) -> int:\n        return 0 if n == 0 else self.f(n - 1)\n", "no candidate"),
        ("async def f(n: int) -> int:\n    return 0 if n == 0 else await f(n - 1)\n", "a decorated, async or protected function, or one with *args, **kwargs or keyword-only parameters"),
        ("@trace\ndef f(n: int) -> int:\n    return 0 if n == 0 else f(n - 1)\n", "a decorated, async or protected function, or one with *args, **kwargs or keyword-only parameters"),
        ("def f(n: int):\n    yield n\n    yield from f(n - 1)\n", "a bare return, or a path that falls off the end"),
        # float parameter (0.0 == -0.0 would share a result), unannotated, list, default
        ("def f(x: float) -> float:\n    return x if x < 1 else f(x / 2)\n", "a parameter is not annotated int, bool, str or bytes"),
        ("def f(n) -> int:\n    return 0 if n == 0 else f(n - 1)\n", "no parameters, or one without an annotation or with a default"),
        ("def f(xs: list) -> int:\n    return 0 if not xs else 1 + f(xs[1:])\n", "a parameter is not annotated int, bool, str or bytes"),
        ("def f(n: int = 3) -> int:\n    return 0 if n == 0 else f(n - 1)\n", "no parameters, or one without an annotation or with a default"),
        ("def f(*ns: int) -> int:\n    return 0\n", "no candidate"),
        # a mutable result (a caller could change the shared list)
        ("def f(n: int) -> list:\n    return [] if n == 0 else f(n - 1) + [n]\n", "no evidence the result is an immutable scalar"),
        # reads a global (may change between calls), performs I/O, calls another function
        ("K = 3\ndef f(n: int) -> int:\n    return K if n == 0 else f(n - 1)\n", "the function reads free names other than builtins"),
        ("def f(n: int) -> int:\n    print(n)\n    return 0 if n == 0 else f(n - 1)\n", "the body may run user code"),
        ("def f(n: int) -> int:\n    return g(n) if n == 0 else f(n - 1)\n", "the function reads free names other than builtins"),
        # global/nonlocal, dynamic scope
        ("def f(n: int) -> int:\n    global calls\n    calls = n\n    return 0 if n == 0 else f(n - 1)\n", "the body may run user code"),
        ("def f(n: int) -> int:\n    locals()\n    return 0 if n == 0 else f(n - 1)\n", "type is shadowed, or the function uses exec/eval/locals()"),
        # the name is rebound (the recursive call may reach another function)
        ("def f(n: int) -> int:\n    return 0 if n == 0 else f(n - 1)\nf = other\n", "'f' is bound more than once"),
        ("def f(n: int) -> int:\n    return 0 if n == 0 else f(n - 1)\ndef f(n: int) -> int:\n    return n\n", "'f' is bound more than once"),
        ("def g():\n    def f(n: int) -> int:\n        return 0 if n == 0 else f(n - 1)\n    f = h\n    return f(3)\n", "'f' is bound more than once"),
        # builtins used by the rewrite or the body shadowed
        ("type = len\ndef f(n: int) -> int:\n    return 0 if n == 0 else f(n - 1)\n", "type is shadowed, or the function uses exec/eval/locals()"),
        ("def f(n: int) -> int:\n    return 0 if n == 0 else abs(f(n - 1))\ndef abs(x): return x\n", "the function reads free names other than builtins"),
        # falls off the end or returns None somewhere
        ("def f(n: int) -> int:\n    if n > 0:\n        return f(n - 1)\n", "a bare return, or a path that falls off the end"),
        # the body mutates an argument's item, or calls a method that may run user code
        ("def f(s: str) -> int:\n    return 0 if not s else f(s[1:]) + len(s.encode())\n", "the body may run user code"),
    ]


def test_memoized_results_and_recursion_depth():
    source = ("def count(n: int) -> int:\n"
              "    return 0 if n == 0 else 1 + count(n - 1)\n"
              "def fib(n: int) -> int:\n"
              "    if n < 2:\n"
              "        return n\n"
              "    return fib(n - 1) + fib(n - 2)\n")
    result = get_rule("memoize-pure-recursion").apply(source)
    assert result.sites == 2
    before, after = {}, {}
    exec(source, before)
    exec(result.code, after)
    for n in (0, 1, 2, 10, 20):
        assert before["fib"](n) == after["fib"](n)
    # True is not mixed up with 1 (it bypasses the memo), nor 1 with True
    assert after["fib"](1) == 1 and after["fib"](True) is True and after["fib"](1) == 1
    # no frame is added: as deep a recursion as before still works
    depth = sys.getrecursionlimit() - 50
    assert after["count"](depth) == before["count"](depth) == depth


def test_rebound_name_bypasses_the_memo():
    """A wrapper bound to the function's name after definition sees every call, as before."""
    from semforge.transforms.registry import get_rule

    source = ("def fib(n: int) -> int:\n    if n < 2:\n        return n\n"
              "    return fib(n - 1) + fib(n - 2)\n")
    rewrite = get_rule("memoize-pure-recursion").apply(source)
    assert rewrite.sites == 1
    counts = []
    for code in (source, rewrite.code):
        ns: dict = {}
        exec(code, ns)
        inner, seen = ns["fib"], []

        def wrapper(n, inner=inner, seen=seen):
            seen.append(n)
            return inner(n)

        ns["fib"] = wrapper
        assert wrapper(10) == 55
        counts.append(len(seen))
    assert counts[0] == counts[1] == 177
