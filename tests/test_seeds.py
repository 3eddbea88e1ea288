"""Seed validation, input capping, EvalPlus mapping and function extraction (pipeline/seeds.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from semforge.pipeline.seeds import (
    MAX_INPUT_JSON_CHARS,
    cap_inputs,
    decode_or_reason,
    extract_functions,
    reason_kind,
    validate_seed,
)
from semforge.record import Rejection, Seed


def seed(code: str, entry_point: str = "f", inputs=None, **kw) -> Seed:
    return Seed(source="test", source_id="t/0", entry_point=entry_point, code=code,
                inputs=[] if inputs is None else inputs, **kw)


def reason_of(item) -> str:
    assert isinstance(item, Rejection), f"expected a Rejection, got {item!r}"
    return item.reason


# ---------------------------------------------------------------------------- validate_seed


def test_valid_seed_comes_back_with_float_atol():
    out = validate_seed(seed("def f(x):\n    return x\n", inputs=[[1], ["a"]], atol=0))
    assert isinstance(out, Seed)
    assert out.atol == 0.0 and isinstance(out.atol, float)
    assert out.inputs == [[1], ["a"]]


@pytest.mark.parametrize(
    "code, entry_point, inputs, expected",
    [
        ("def f(x)\n    return x\n", "f", [], "syntax error at line 1: expected ':'"),
        ("x = 1\n\n\ndef f(:\n", "f", [], "syntax error at line 4"),
        ("", "f", [], "empty module"),
        ("  \n\n", "f", [], "empty module"),
        ("# only a comment\n", "f", [], "empty module"),
        ("def f(x):\n    return x\n", "", [], "record has no entry_point"),
        ("def g(x):\n    return x\n", "f", [], "entry point 'f' is not defined at top level"),
        ("class f:\n    pass\n", "f", [], "entry point 'f' is not defined at top level"),
        ("def outer():\n    def f():\n        pass\n", "f", [], "entry point 'f' is not defined at top level"),
        ("async def f():\n    pass\n", "f", [], "entry point 'f' is an async function"),
        ("def f():\n    pass\nf = 3\n", "f", [], "entry point 'f' is rebound at line 3 after its def"),
        ("def f(x):\n    return x\n", "f", [1, 2], "inputs[0] must be a list of positional arguments"),
        ("def f(x):\n    return x\n", "f", [[(1, 2)]], "inputs[0][0] is not a JSON value (tuple)"),
        ("def f(x):\n    return x\n", "f", [[{1: 2}]], "inputs[0][0] has a non-string key 1"),
        ("def f(x):\n    return x\n", "f", "[[1]]", "inputs must be a list of argument lists, got str"),
        ("def f(x):\n    return 'a\udcff'\n", "f", [], "not UTF-8: lone surrogate 0xdcff"),
        ("def f(x):\n    return x\x00\n", "f", [], "invalid source"),
    ],
)
def test_invalid_seeds_are_rejected_with_a_reason(code, entry_point, inputs, expected):
    assert reason_of(validate_seed(seed(code, entry_point, inputs))).startswith(expected)


def test_bytes_code_is_decoded_or_rejected():
    ok = validate_seed(seed(b"def f():\n    return 1\n"))
    assert isinstance(ok, Seed) and ok.code == "def f():\n    return 1\n"
    assert reason_of(validate_seed(seed(b"def f():\n    return '\xff'\n"))) == \
        "not UTF-8: byte 0xff at offset 21"


def test_unknown_language_is_rejected():
    assert reason_of(validate_seed(seed("def f():\n    pass\n", language="cobol"))).startswith(
        "unknown language 'cobol'")


@pytest.mark.parametrize("atol", [-1.0, float("nan"), "x"])
def test_bad_atol_is_rejected(atol):
    assert "atol" in reason_of(validate_seed(seed("def f():\n    pass\n", atol=atol)))


def test_decode_drops_bom_and_names_bad_byte():
    assert decode_or_reason(b"\xef\xbb\xbfx = 1\n") == ("x = 1\n", None)
    assert decode_or_reason(b"ab\xffcd") == (None, "not UTF-8: byte 0xff at offset 2")


# ---------------------------------------------------------------------------- cap_inputs


def test_cap_keeps_base_first_then_evenly_spaced_plus():
    base = [[1], [2]]
    plus = [[i] for i in range(100, 200)]
    out = cap_inputs(base, plus, 6)
    assert out[:2] == base
    assert out[2:] == [[100], [125], [150], [175]]


def test_cap_drops_duplicates_and_oversized_inputs():
    huge = ["x" * (MAX_INPUT_JSON_CHARS + 1)]
    out = cap_inputs([[1], [1], huge], [[1], [2], huge], 10)
    assert out == [[1], [2]]


def test_cap_never_exceeds_limit_even_with_many_base_inputs():
    base = [[i] for i in range(10)]
    assert cap_inputs(base, [[99]], 3) == [[0], [1], [2]]
    assert cap_inputs(base, [[99]], 0) == []


def test_cap_is_deterministic():
    plus = [[i, str(i)] for i in range(1000)]
    assert cap_inputs([], plus, 64) == cap_inputs([], list(plus), 64)


# ---------------------------------------------------------------------------- extract_functions

MODULE = '''\
from __future__ import annotations
import math, os
from typing import Dict, List
import functools

LIMIT = 10
MOD = 10 ** 9 + 7; TABLE = [1, 2]
COMPUTED = len("abc")


def helper(x: int) -> int:
    # doubled
    return x * 2


@functools.lru_cache(maxsize=None)
def main(xs: List[int]) -> int:
    return sum(helper(x) for x in xs) + math.floor(1.5)


def uses_constant(x):
    return x + LIMIT


def uses_os():
    return os.getcwd()


def local_random():
    import random
    return random.random()


def reads_file(path):
    with open(path) as fh:
        return fh.read()


def counter(n):
    yield n


def twice(): pass
def twice(): return 1


def undefined(x):
    return missing(x)


def writes_global(x):
    global LIMIT
    LIMIT = x


async def fetch():
    pass


def calls_bad_helper(x):
    return uses_table(x)


def uses_table(x):
    return TABLE[x]


def uses_computed(x):
    return x + COMPUTED


def default_from_module(x=LIMIT):
    return x


def memo(n, cache={}):
    cache[n] = n
    return len(cache)


def counted(x):
    counted.calls = x
    return x


def patches_math(x):
    math.tau = x
    return x
'''


def by_id(items):
    return {item.source_id.split("::")[1]: item for item in items}


def test_extract_keeps_only_needed_imports_and_helpers_in_file_order():
    items = by_id(extract_functions(MODULE, "files:x", "m.py"))
    main = items["main"]
    assert isinstance(main, Seed)
    assert main.code == (
        "from __future__ import annotations\nimport math\nfrom typing import List\nimport functools\n"
        "\n\ndef helper(x: int) -> int:\n    # doubled\n    return x * 2\n"
        "\n\n@functools.lru_cache(maxsize=None)\ndef main(xs: List[int]) -> int:\n"
        "    return sum(helper(x) for x in xs) + math.floor(1.5)\n"
    )
    assert (main.source, main.source_id, main.entry_point, main.inputs) == ("files:x", "m.py::main", "main", [])
    assert isinstance(items["helper"], Seed)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("uses_table", "not self-contained: uses top-level name 'TABLE', which is not a function, an import or a constant"),
        ("uses_computed", "not self-contained: uses top-level name 'COMPUTED'"),
        ("uses_os", "not self-contained: uses module 'os'"),
        ("local_random", "not self-contained: imports module 'random'"),
        ("reads_file", "not self-contained: uses impure builtin 'open'"),
        ("counter", "'counter' is a generator function"),
        ("twice", "'twice' is bound more than once at top level"),
        ("undefined", "not self-contained: uses undefined name 'missing'"),
        ("writes_global", "not self-contained: assigns global 'LIMIT'"),
        ("fetch", "'fetch' is an async function"),
        ("calls_bad_helper", "not self-contained: helper 'uses_table' uses top-level name 'TABLE'"),
        ("memo", "not self-contained: has a mutable default argument (state kept between calls)"),
        ("counted", "not self-contained: sets an attribute of module-level 'counted'"),
        ("patches_math", "not self-contained: sets an attribute of module-level 'math'"),
    ],
)
def test_extract_rejects_functions_that_are_not_self_contained(name, expected):
    items = by_id(extract_functions(MODULE, "files:x", "m.py"))
    assert reason_of(items[name]).startswith(expected)


def test_extract_keeps_immutable_constants():
    items = by_id(extract_functions(MODULE, "files:x", "m.py"))
    future = "from __future__ import annotations\n\n\n"
    assert items["uses_constant"].code == future + "LIMIT = 10\n\n\ndef uses_constant(x):\n    return x + LIMIT\n"
    assert items["default_from_module"].code.startswith(future + "LIMIT = 10\n\n\ndef default_from_module(x=LIMIT)")
    code = "import math\nMOD = 10 ** 9 + 7; BAD = open\nPAIR = (1, 'a')\n\n\ndef f(x):\n    return math.floor(x) % MOD, PAIR\n"
    [item] = extract_functions(code, "s", "a.py")
    assert item.code == ("import math\n\n\nMOD = 10 ** 9 + 7\nPAIR = (1, 'a')\n\n\n"
                         "def f(x):\n    return math.floor(x) % MOD, PAIR\n")


def test_extract_one_rejection_for_a_module_without_functions():
    assert [reason_of(r) for r in extract_functions("x = 1\n", "s", "a.py")] == ["no top-level function"]
    assert [reason_of(r) for r in extract_functions("# nothing\n", "s", "a.py")] == ["empty file"]
    [bad] = extract_functions("def f(:\n", "s", "a.py")
    assert (bad.source_id, bad.reason) == ("a.py", "syntax error at line 1: invalid syntax")


def test_extract_never_raises_on_deep_code():
    kinds = {}
    for depth in (200, 900, 5000, 50_000):
        code = f"X = {'+'.join(['1'] * depth)}\n\n\ndef f(a):\n    return a + ({'-'.join(['a'] * depth)}) + X\n"
        [item] = extract_functions(code, "s", "a.py")  # a seed or one rejection, never an exception
        if isinstance(item, Seed):
            namespace = {}
            exec(item.code, namespace)  # the seed keeps the constant it needs
            assert namespace["f"](1) == 1 + (1 - (depth - 1)) + depth
        else:
            assert "too deeply nested" in item.reason, item.reason
        kinds[depth] = type(item).__name__
    # Ordinary depth is extracted; past what the parser can take, a rejection says why.
    assert kinds[200] == "Seed" and kinds[50_000] == "Rejection", kinds


def test_extract_star_import_makes_free_names_ambiguous():
    code = "from math import *\n\n\ndef f(x):\n    return sqrt(x)\n"
    [item] = extract_functions(code, "s", "a.py")
    assert reason_of(item) == "not self-contained: uses 'sqrt', which may come from 'from math import *'"


def test_extract_mutual_recursion_and_nested_scopes():
    code = (
        "def is_even(n: int) -> bool:\n    return True if n == 0 else is_odd(n - 1)\n\n"
        "def is_odd(n: int) -> bool:\n    return False if n == 0 else is_even(n - 1)\n\n"
        "def total(rows):\n"
        "    class Acc:\n        def add(self, r):\n            return sum(r)\n"
        "    return sum(Acc().add(r) for r in rows if is_even(len(r)))\n"
    )
    items = by_id(extract_functions(code, "s", "a.py"))
    assert all(isinstance(item, Seed) for item in items.values())
    assert "def is_odd" in items["is_even"].code and "def is_even" in items["is_odd"].code
    assert items["total"].code.index("def is_even") < items["total"].code.index("def is_odd") \
        < items["total"].code.index("def total")


def test_extract_resolves_string_annotations():
    code = "from typing import Optional\n\n\ndef f(x: 'Optional[int]') -> 'Optional[int]':\n    return x\n"
    [item] = extract_functions(code, "s", "a.py")
    assert isinstance(item, Seed) and item.code.startswith("from typing import Optional\n")
    # a string annotation is never evaluated: an unresolvable name in it costs nothing
    code = "def g(x: 'Missing') -> int:\n    return 1\n"
    [item] = extract_functions(code, "s", "a.py")
    assert isinstance(item, Seed) and item.code == code


def test_extract_postponed_annotations_need_not_resolve():
    code = (
        "from __future__ import annotations\nfrom typing import TYPE_CHECKING, Sequence\nimport os\n\n"
        "if TYPE_CHECKING:\n    from mylib import Model\n\n\n"
        "def f(m: Model, xs: Sequence[int], p: os.PathLike) -> int:\n    return len(xs)\n"
    )
    [item] = extract_functions(code, "s", "a.py")
    # Sequence resolves to a harmless import and is kept; Model (TYPE_CHECKING) and os (impure)
    # are only annotations, never evaluated, so they are left out instead of rejecting f.
    assert item.code == ("from __future__ import annotations\nfrom typing import Sequence\n\n\n"
                         "def f(m: Model, xs: Sequence[int], p: os.PathLike) -> int:\n    return len(xs)\n")
    eager = code.replace("from __future__ import annotations\n", "")
    assert reason_of(extract_functions(eager, "s", "a.py")[0]) == \
        "not self-contained: uses top-level name 'Model', which is not a function, an import or a constant (and 1 more)"


def test_extract_normalises_line_endings():
    code = "import math\r\n\r\n\r\ndef f(x):\r\n    return math.floor(x) + len(\"\"\"a\r\nb\"\"\")\r\n"
    [item] = extract_functions(code, "s", "a.py")
    assert "\r" not in item.code
    namespace: dict = {}
    exec(item.code, namespace)  # noqa: S102 - our own fixture
    assert namespace["f"](1.5) == 4  # the literal still holds three characters


def test_extract_keeps_import_aliases():
    code = "import numpy.linalg as la\nfrom collections import Counter as C, deque\n\n\n" \
           "def f(xs):\n    return C(xs), la\n"
    [item] = extract_functions(code, "s", "a.py")
    assert item.code.startswith("import numpy.linalg as la\nfrom collections import Counter as C\n\n\ndef f")


def test_extract_relative_import_is_rejected():
    code = "from .util import g\n\n\ndef f(x):\n    return g(x)\n"
    assert reason_of(extract_functions(code, "s", "a.py")[0]) == \
        "not self-contained: uses 'g' from a relative import"


def test_extracted_seeds_run_like_the_original():
    """The extracted module behaves as the function did in its file."""
    items = by_id(extract_functions(MODULE, "s", "m.py"))
    namespace: dict = {}
    exec(items["main"].code, namespace)  # noqa: S102 - our own fixture
    assert namespace["main"]((1, 2, 3)) == 13


# ---------------------------------------------------------------------------- real code

STDLIB = Path(sysconfig.get_paths()["stdlib"])
STDLIB_SAMPLE = ["colorsys.py", "bisect.py", "heapq.py", "statistics.py", "difflib.py", "fnmatch.py"]


def test_extracted_colorsys_behaves_like_colorsys():
    """Extraction keeps behaviour: each colorsys function, extracted with its helpers and
    constants, returns what the real module returns."""
    import colorsys
    import itertools

    seeds = [s for s in extract_functions((STDLIB / "colorsys.py").read_text(), "s", "colorsys.py")
             if isinstance(s, Seed)]
    assert {s.entry_point for s in seeds} >= {"rgb_to_hsv", "hsv_to_rgb", "rgb_to_hls", "hls_to_rgb",
                                              "rgb_to_yiq", "yiq_to_rgb"}
    grid = list(itertools.product([0.0, 0.25, 0.5, 1.0], repeat=3))
    for seed in seeds:
        namespace: dict = {}
        exec(seed.code, namespace)  # noqa: S102 - the standard library's own code
        for args in grid:
            assert namespace[seed.entry_point](*args) == getattr(colorsys, seed.entry_point)(*args)


DEFINE_ALL = r"""
import json, sys
fails = []
for s in json.load(sys.stdin):
    ns = {}
    try:
        exec(compile(s["code"], s["id"], "exec"), ns)
        assert callable(ns[s["entry_point"]])
    except BaseException as e:
        fails.append([s["id"], repr(e)])
print(json.dumps(fails))
"""


@pytest.mark.slow
def test_stdlib_seeds_compile_parse_and_define_their_entry_point():
    import libcst as cst

    seeds = []
    for name in STDLIB_SAMPLE:
        items = extract_functions((STDLIB / name).read_text(encoding="utf-8"), "s", name)
        seeds += [s for s in items if isinstance(s, Seed)]
    assert len(seeds) >= 30
    for seed in seeds:
        cst.parse_module(seed.code)  # rules rewrite with libcst
    payload = json.dumps([{"id": s.source_id, "code": s.code, "entry_point": s.entry_point} for s in seeds])
    proc = subprocess.run([sys.executable, "-c", DEFINE_ALL], input=payload, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == []


@pytest.mark.parametrize("reason, kind", [
    ("syntax error at line 3: invalid syntax", "syntax error at line N"),
    ("not UTF-8: byte 0xff at offset 12", "not UTF-8"),
    ("entry point 'foo' is not defined at top level", "entry point '…' is not defined at top level"),
    ("not self-contained: uses module 'os' (I/O, clock, randomness or interpreter state) (and 2 more)",
     "not self-contained: uses module '…'"),
    ("duplicate of a.py::f", "duplicate"),
    ("empty file", "empty file"),
])
def test_reason_kind_groups_rejections(reason, kind):
    assert reason_kind(reason) == kind
