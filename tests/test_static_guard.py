"""The static guard against variants that reach behind their inputs: what a list of names misses
(modules outside the allowlist, a module's private attributes, computed attribute names, the
module's own dunders, names bound nowhere, recursion), and the sandbox facts a variant could
otherwise read (the hash seed)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from semforge.verifiers import VerifyConfig, verify_variants
from semforge.verifiers.python.program.static_guard import escape_hatches, introduced_hatches

FAST = VerifyConfig(examples=60, measure_speed=False, probes=4)

GCD = "def gcd(a, b):\n    while b:\n        a, b = b, a % b\n    return a\n"


def gcd_then(twist: str, head: str = "") -> str:
    """The gcd, with ``twist`` (over ``g``) between computing and returning it."""
    body = "\n".join("    " + line for line in twist.splitlines())
    return (f"{head}def gcd(a, b):\n    while b:\n        a, b = b, a % b\n    g = a\n"
            f"{body}\n    return g\n")


# Each: a variant that behaves differently outside the sandbox (or under another hash seed, or
# in a probe session) and the same inside it, so only the guard can refuse it.
HIDING = {
    "posix environ": gcd_then("if b'PYTHONHASHSEED' not in posix.environ:\n    g = g // 2 or g",
                              "import posix\n"),
    "private module attribute": gcd_then(
        "if type(collections._sys.stdout).__name__ != 'SandboxOutput':\n    g += 1",
        "import collections\n"),
    "module held by a module": gcd_then("if typing.sys.argv:\n    g += 0", "import typing\n"),
    "clock outside the denylist": gcd_then("if _clock() - _T0 > 3.0:\n    g += 1",
                                           "from timeit import default_timer as _clock\n"
                                           "_T0 = _clock()\n"),
    "private random": gcd_then("if _rng.random() < 1e-4:\n    g += 1",
                               "import _random\n_rng = _random.Random()\n"),
    "computed attribute name": gcd_then(
        "if getattr(gcd, '__glo' + 'bals__').get('__name__', '')[:2] != '__':\n    g += 1"),
    "format string": gcd_then("if '{0.__globals__}'.format(gcd).count('__sf'):\n    g += 0"),
    "module dunder": gcd_then("if not __name__.startswith('__') and g > 1:\n    g -= 1"),
    "name bound nowhere": gcd_then("try:\n    __sf_make\nexcept NameError:\n    g += 1"),
    "memory probe": gcd_then("try:\n    bytearray(1 << 33)\nexcept MemoryError:\n    g += 0"),
    "builtins through __self__": gcd_then("if len.__self__:\n    g += 0"),
}


@pytest.mark.parametrize("name", sorted(HIDING))
def test_a_variant_that_can_tell_where_it_runs_is_never_equivalent(name):
    variant = HIDING[name]
    assert introduced_hatches(GCD, variant), name
    v = verify_variants(GCD, "gcd", [variant], [[12, 18], [7, 3], [0, 5]], FAST)[0]
    assert v.verdict != "equivalent", (name, v.reason)


def test_recursion_a_loop_did_not_have_is_undecided_where_testing_found_no_difference():
    """The recursive digit sum fails past 1000 digits, where the loop does not: the time budget
    of the scale ladders may stop short of that, so agreement cannot vouch for it."""
    loop = "def s(n):\n    t = 0\n    while n:\n        t += n % 10\n        n //= 10\n    return t\n"
    rec = "def s(n):\n    return 0 if n == 0 else n % 10 + s(n // 10)\n"
    mutual = ("def s(n):\n    return 0 if n == 0 else n % 10 + _rest(n)\n"
              "def _rest(n):\n    return s(n // 10)\n")
    assert escape_hatches(rec) == {"recursion"} and escape_hatches(mutual) == {"recursion"}
    assert introduced_hatches(rec, rec) == set()  # an original's own recursion is its own
    for v in verify_variants(loop, "s", [rec, mutual], [[123], [0], [99]], FAST):
        assert v.verdict in ("undecided", "different"), v.reason


@pytest.mark.parametrize("code", [
    "from typing import List\nimport math, itertools, functools, collections, re, heapq\n"
    "def f(xs: List[int]) -> int:\n    t = 0\n    for i, x in enumerate(sorted(xs)):\n"
    "        t += math.floor(x) + len(re.findall('a', str(i)))\n"
    "    return getattr(t, 'real') + collections.Counter(xs).most_common(1)[0][1]\n",
    "class A:\n    def m(self):\n        return self.n()\n    def n(self):\n        return type(self).__name__\n"
    "def f(x):\n    match x:\n        case [a, *rest]:\n            return a, rest\n"
    "        case {'k': v, **kw}:\n            return v, kw\n    return A().m()\n",
    "def f(s):\n    try:\n        return '{}-{:>3}'.format(s, len(s))\n    except TypeError as e:\n"
    "        return str(e)\n",
])
def test_ordinary_code_has_no_hatch(code):
    assert escape_hatches(code) == set()


def test_the_sandbox_does_not_tell_a_program_its_hash_seed():
    code = "import os\ndef f():\n    return [k for k in os.environ if 'HASH' in k]\n"
    from semforge.sandbox import Limits, Sandbox

    with Sandbox(Limits(hash_seed=7)) as sb, sb.open(code, "f") as s:
        assert s.call([])["value"] == ["list", []]


def test_hash_seeds_are_drawn_per_process_unless_fixed():
    """Fixed seeds let a variant carry their set orders and behave only under them."""
    probe = "from semforge.verifiers.python.config import HASH_SEEDS; print(*HASH_SEEDS)"
    env = {k: v for k, v in os.environ.items() if k != "SEMFORGE_HASH_SEEDS"}
    runs = [subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True,
                           text=True, check=True).stdout.split() for _ in range(2)]
    assert runs[0] != runs[1] and all(a != b for a, b in runs)
    fixed = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           check=True, env={**env, "SEMFORGE_HASH_SEEDS": "5,9"}).stdout.split()
    assert fixed == ["5", "9"]
