"""The review's unsound contexts (docs/rules.md, "Fixed from the same review"), shown in plain
Python: each original beside the rewrite the rule made before its precondition existed, run
side by side. The originals are must-not-fire fixtures of their rules (``UNTOUCHED``, with
the reason); these tests show that the fixtures are not guesses.

* self-documenting f-string fields: ``f"{x=}"`` prints its source text, which a rename or a
  substitution changes (``analysis.names.self_documenting_names``);
* frames per level of recursion: a comprehension (Python < 3.12), a generator, a lambda or a
  helper is a frame; in a recursive function one per level, so the recursion limit is hit at
  another depth (``analysis.recursion.CallGraph``);
* late binding: closures made in a loop share one cell per function call, in a
  comprehension one per run of it (``analysis.scopes.closure_over``).
"""

import importlib
import sys
import textwrap

import libcst as cst
import libcst.matchers as m
import pytest

from semforge.transforms.analysis.names import self_documenting_names
from semforge.transforms.analysis.recursion import CallGraph
from semforge.transforms.analysis.scopes import closure_over
from semforge.transforms.registry import get_rule
from semforge.transforms.testing import untouched_case

DEPTH = 600

# Inputs of the recursion cases, in the namespace both versions run in.
PRELUDE = """\
def nested(n):
    t = []
    for _ in range(n):
        t = [t]
    return t


def chain(cls, n):
    node = cls(None)
    for _ in range(n - 1):
        node = cls(node)
    return node
"""

# (rule, original, the rule's rewrite before the fix, expression run on both)
OUTPUT_CASES = [
    ('list-comp-to-loop', """\
def f(xs):
    return [f'{x=}' for x in xs]
""",
     """\
def f(xs):
    item = []
    for cand in xs:
        item.append(f'{x=}')
    return item
""",
     'f([1, 2])'),
    ('map-filter-lambda-to-loop', """\
def f(xs, x):
    return list(map(lambda x: f'{x=}', xs))
""",
     """\
def f(xs, x):
    kept = []
    for x_1 in xs:
        try:
            kept.append(f'{x=}')
        except StopIteration:
            break
    return kept
""",
     'f([1, 2], 5)'),
    ('hoist-len-out-of-loop', """\
def f(s_in):
    s = ''.join([s_in])
    out = []
    i = 0
    while i < len(s):
        out.append(f'{len(s)=}')
        i += 1
    return out
""",
     """\
def f(s_in):
    s = ''.join([s_in])
    out = []
    i = 0
    s_len = len(s)
    while i < s_len:
        out.append(f'{s_len=}')
        i += 1
    return out
""",
     "f('ab')"),
    ('recompute-len-in-loop', """\
def f(s_in):
    s = ''.join([s_in])
    k = len(s)
    out = []
    for i in range(k):
        out.append(f'{k=}')
    return out
""",
     """\
def f(s_in):
    s = ''.join([s_in])
    k = len(s)
    out = []
    for i in range(len(s)):
        out.append(f'{len(s)=}')
    return out
""",
     "f('ab')"),
    ('method-alias-in-loop', """\
def f(xs):
    out = []
    log = ''
    for x in xs:
        log += f'{out.append(x)=}'
    return log, out
""",
     """\
def f(xs):
    out = []
    log = ''
    out_append = out.append
    for x in xs:
        log += f'{out_append(x)=}'
    return log, out
""",
     'f([1, 2])'),
    ('range-len-to-enumerate', """\
def f(s_in):
    s = ''.join([s_in])
    out = []
    for i in range(len(s)):
        out.append(f'{s[i]=}')
    return out
""",
     """\
def f(s_in):
    s = ''.join([s_in])
    out = []
    for i, s_item in enumerate(s):
        out.append(f'{s_item=}')
    return out
""",
     "f('ab')"),
    ('inline-helper', """\
def f(x):
    def show(a):
        return f'{a=}'
    return show(x)
""",
     """\
def f(x):
    def show(a):
        return f'{a=}'
    return f'{x=}'
""",
     'f(3)'),
    ('list-comp-to-loop', """\
def f(rows):
    fs = []
    for row in rows:
        out = [lambda: x for x in row]
        fs.append(out)
    return fs
""",
     """\
def f(rows):
    fs = []
    for row in rows:
        item = []
        for cand in row:
            item.append(lambda: cand)
        out = item
        fs.append(out)
    return fs
""",
     '[[g() for g in out] for out in f([[1, 2], [3, 4]])]'),
    ('loop-to-list-comp', """\
def f(rows):
    fs = []
    for row in rows:
        out = []
        for x in row:
            out.append(lambda: x)
        fs.append(out)
    return fs
""",
     """\
def f(rows):
    fs = []
    for row in rows:
        out = [lambda: x for x in row]
        fs.append(out)
    return fs
""",
     '[[g() for g in out] for out in f([[1, 2], [3, 4]])]'),
]

RECURSION_CASES = [
    ('list-comp-to-loop', """\
def flat(t):
    return [flat(c) for c in t]
""",
     """\
def flat(t):
    item = []
    for cand in t:
        item.append(flat(cand))
    return item
""",
     'flat(nested(DEPTH))'),
    ('map-filter-lambda-to-loop', """\
def flat(t):
    return list(map(lambda c: flat(c), t))
""",
     """\
def flat(t):
    kept = []
    for c in t:
        try:
            kept.append(flat(c))
        except StopIteration:
            break
    return kept
""",
     'flat(nested(DEPTH))'),
    ('inline-helper', """\
def depth(t):
    def down(c):
        return depth(c) + 1
    if not t:
        return 0
    first = t[0]
    return down(first)
""",
     """\
def depth(t):
    def down(c):
        return depth(c) + 1
    if not t:
        return 0
    first = t[0]
    return (depth(first) + 1)
""",
     'depth(nested(DEPTH))'),
    ('extract-helper', """\
class Node:
    def __init__(self, child):
        self.child = child

    def __len__(self):
        if self.child is None:
            return 1
        return len(self.child) + 1
""",
     """\
def _value(self):
    return len(self.child) + 1


class Node:
    def __init__(self, child):
        self.child = child

    def __len__(self):
        if self.child is None:
            return 1
        return _value(self)
""",
     'len(chain(Node, DEPTH))'),
    ('extract-helper', """\
def size(t):
    return 1 + sum(map(size, t))
""",
     """\
def _value(t):
    return 1 + sum(map(size, t))


def size(t):
    return _value(t)
""",
     'size(nested(DEPTH))'),
    ('loop-to-list-comp', """\
def flat(t):
    out = []
    for c in t:
        out.append(flat(c))
    return out
""",
     """\
def flat(t):
    out = [flat(c) for c in t]
    return out
""",
     'flat(nested(DEPTH))'),
    ('concat-loop-to-join', """\
def show(t):
    s = ''
    for c in t:
        s += f'<{show(c)}>'
    return s
""",
     """\
def show(t):
    s = ''.join([f'<{show(c)}>' for c in t])
    return s
""",
     'show(nested(DEPTH))'),
    ('join-to-concat-loop', """\
def show(t):
    return ''.join([f'<{show(c)}>' for c in t])
""",
     """\
def show(t):
    text = ''
    for c in t:
        text += f'<{show(c)}>'
    return text
""",
     'show(nested(DEPTH))'),
    ('sum-loop-to-builtin', """\
def size(t):
    acc = 0
    for c in t:
        acc += int(size(c))
    return acc + 1
""",
     """\
def size(t):
    acc = sum([int(size(c)) for c in t])
    return acc + 1
""",
     'size(nested(DEPTH))'),
    ('sum-builtin-to-loop', """\
def size(t):
    return sum([int(size(c)) for c in t])
""",
     """\
def size(t):
    total = 0
    for c in t:
        total += int(size(c))
    return total
""",
     'size(nested(DEPTH))'),
    ('any-all-builtin-to-loop', """\
def deep(n, k):
    if n:
        return deep(n - 1, k)
    return any(x > 3 for x in range(k))
""",
     """\
def deep(n, k):
    if n:
        return deep(n - 1, k)
    for x in range(k):
        if x > 3:
            return True
    return False
""",
     'deep(DEPTH, 5)'),
    ('any-all-loop-to-builtin', """\
def deep(n, k):
    if n:
        return deep(n - 1, k)
    for x in range(k):
        if x > 3:
            return True
    return False
""",
     """\
def deep(n, k):
    if n:
        return deep(n - 1, k)
    return any(x > 3 for x in range(k))
""",
     'deep(DEPTH, 5)'),
]


def _outcome(source: str, expr: str):
    """What ``expr`` gives (or raises) after ``source`` runs: ("ok", value) / ("raise", type)."""
    ns: dict = {}
    exec(PRELUDE + source, ns)
    try:
        return "ok", eval(expr.replace("DEPTH", str(DEPTH)), ns)
    except Exception as exc:  # noqa: BLE001 - the kind of failure is the outcome
        return "raise", type(exc).__name__


def _least_limit(source: str, expr: str) -> int:
    """The smallest recursion limit under which ``expr`` runs to the end."""
    old = sys.getrecursionlimit()
    lo, hi = 50, 50 + 8 * DEPTH
    try:
        while lo < hi:
            mid = (lo + hi) // 2
            sys.setrecursionlimit(mid)
            try:
                ok = _outcome(source, expr)[0] == "ok"
            except RecursionError:  # raised by the harness itself, below the call
                ok = False
            if ok:
                hi = mid
            else:
                lo = mid + 1
    finally:
        sys.setrecursionlimit(old)
    return lo


def _untouched_reasons(rule: str) -> dict[str, str | None]:
    """The must-not-fire fixtures of ``rule``'s test class: dedented source -> reason."""
    module = importlib.import_module("tests.rules.test_" + rule.replace("-", "_"))
    found = {}
    for value in vars(module).values():
        if isinstance(value, type) and getattr(value, "RULE", None) == rule:
            for case in value.UNTOUCHED:
                source, reason = untouched_case(case)
                found[textwrap.dedent(source).strip()] = reason
    return found


def _check_fixture(rule: str, original: str, reason: str) -> None:
    reasons = _untouched_reasons(rule)
    assert reasons.get(original.strip()) is not None and reason in reasons[original.strip()], (
        f"{rule}: the original is not a must-not-fire fixture with the reason {reason!r}")
    result = get_rule(rule).apply(original)
    assert result.sites == 0 and any(reason in s for s in result.skipped), result.skipped


@pytest.mark.parametrize("rule, original, old_rewrite, expr", OUTPUT_CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(OUTPUT_CASES)])
def test_old_rewrite_changed_the_output(rule, original, old_rewrite, expr):
    assert _outcome(original, expr) != _outcome(old_rewrite, expr)
    reason = "self-documenting f-string" if "=}" in original else "late binding"
    _check_fixture(rule, original, reason)


@pytest.mark.parametrize("rule, original, old_rewrite, expr", RECURSION_CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(RECURSION_CASES)])
def test_old_rewrite_moved_the_recursion_limit(rule, original, old_rewrite, expr):
    before, after = _least_limit(original, expr), _least_limit(old_rewrite, expr)
    if rule.startswith("any-all"):
        # the generator's frames exist only at the deepest call: a constant, still a
        # RecursionError on one side only at a limit in between
        assert before != after
    else:
        assert abs(before - after) >= DEPTH - 50, (before, after)  # a frame per level
    # so at a limit in between, one side passes and the other raises RecursionError
    limit = min(before, after)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(limit)
    try:
        outcomes = {_outcome(original, expr)[0], _outcome(old_rewrite, expr)[0]}
    finally:
        sys.setrecursionlimit(old)
    assert outcomes == {"ok", "raise"}
    _check_fixture(rule, original, "may be recursive")


# ------------------------------------------------------------------ the shared preconditions



def _recursive(source: str) -> dict[str, bool]:
    module = cst.parse_module(textwrap.dedent(source))
    graph = CallGraph(module)
    return {f.name.value: graph.recursive(f) for f in m.findall(module, m.FunctionDef())}


def test_call_graph_sees_direct_mutual_method_alias_callback_and_dunder_recursion():
    assert _recursive("""
        def plain(x):
            return x + 1
        def direct(n):
            return direct(n - 1) if n else plain(0)
        def ping(n):
            return pong(n)
        def pong(n):
            return ping(n - 1) if n else 0
        def aliased(n):
            return again(n - 1) if n else 0
        again = aliased
        def apply(f, x):
            return f(x)
        def through_callback(t):
            return [apply(through_callback, c) for c in t]
        class Tree:
            def size(self):
                return 1 + sum(c.size() for c in self.kids)
            def __len__(self):
                return 1 + len(self.kid)
    """) == {"plain": False, "direct": True, "ping": True, "pong": True, "aliased": True,
             "apply": True, "through_callback": True, "size": True, "__len__": True}


def test_closure_over_and_self_documenting_names():
    expr = cst.parse_expression
    assert closure_over(expr("[lambda: x for x in xs]"), {"x"})
    assert closure_over(expr("[(y for y in x) for x in xs]"), {"x"})
    assert not closure_over(expr("[(lambda: x)() for x in xs]"), {"x"})  # runs on the spot
    assert not closure_over(expr("[lambda: k for x in xs]"), {"x"})
    assert self_documenting_names(expr("f'{len(s)=} {t}'")) == {"len", "s"}
