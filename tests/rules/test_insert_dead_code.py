import pytest

from semforge.transforms.registry import get_rule
from semforge.transforms.testing import RuleTestCase, assert_rewrites

SOURCE = '''
def f(x):
    """Doc."""
    y = x * 2
    return y
'''


class TestInsertDeadCode(RuleTestCase):
    RULE = "insert-dead-code"
    CASES = [
        (SOURCE, '''
        def f(x):
            """Doc."""
            y = x * 2
            return y
            pass
        '''),
    ]
    UNTOUCHED = [
        # locals()/exec would see a new local
        ("""
        def f(x):
            y = x
            return locals()
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        ("""
        def f(x):
            exec("y = 1")
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        # module and class level are left alone
        ("""
        x = 1
        class C:
            y = 2
        """, "no candidate"),
    ]


@pytest.mark.parametrize("seed, after", [
    (2, 'def f(x):\n    """Doc."""\n    y = x * 2\n    if False:\n        best = 0\n    return y\n'),
    (3, 'def f(x):\n    """Doc."""\n    left = None\n    y = x * 2\n    return y\n'),
    (4, 'def f(x):\n    """Doc."""\n    if True:\n        y = x * 2\n    return y\n'),
])
def test_each_form(seed, after):
    assert_rewrites("insert-dead-code", SOURCE, after, seed=seed)


PROGRAM = '''
total = 10
def gen(n):
    """Yields."""
    global total
    total += n
    yield total
    yield total + 1

def reads_global(x):
    return x + total

def nested(x):
    def inner():
        return x * 2
    return inner()
'''


@pytest.mark.parametrize("seed", range(12))
def test_behaviour_and_docstrings_kept(seed):
    code = get_rule("insert-dead-code").apply(PROGRAM, seed=seed).code
    ns: dict = {}
    exec(code, ns)
    assert list(ns["gen"](1)) == [11, 12]          # still a generator, global still global
    assert ns["reads_global"](1) == 12             # no global turned local
    assert ns["nested"](3) == 6
    assert ns["gen"].__doc__ == "Yields."
    assert "global total" in code.split("total += n")[0]  # global declared before its use
