"""Input generation: the inputs most likely to tell an original from a subtly wrong variant.

Sources, in this order, deduplicated:

1. the seed inputs themselves (a corpus's examples);
2. deterministic edges, interleaved: boundary cases derived from each seed (every argument in
   turn replaced by the edge values of its inferred type: 0, 1, -1, the program's compared-to
   constants ±1, "", [], a one-element list, duplicates, sorted, reversed, NaN, a string's
   numeric fields ±1, ...) and table probes (``table_inputs.py``: an index of an int table of
   the program in one numeric slot, the entry there in another);
3. Hypothesis-driven type-aware mutation in the spirit of EvalPlus: a seed is picked and some of
   its arguments mutated (ints nudged and pushed to boundaries, strings and the numbers inside
   them mutated by ``string_inputs.py``, lists emptied / shortened / extended / duplicated /
   sorted, dict keys added and removed, recursively through nested values), plus values drawn
   from the entry point's type hints when it has them. Hypothesis runs derandomized from
   ``seed``; sizes stay bounded because the programs may be quadratic;
4. second-order mutants (``mutation.py``): pairs of first-order inputs of one shape crossed,
   so that two changes that must go together are reachable.

Type hints are read in the parent with ``ast`` and a whitelist of typing names; the untrusted
program is never executed here.
"""

from __future__ import annotations

import ast
import copy
import math
from dataclasses import dataclass, replace
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from .edge_inputs import coordinated_inputs, type_edge_inputs, unicode_inputs
from .mutation import second_order
from .scale_inputs import float_extremes
from .string_inputs import mutate_str, string_edges
from .table_inputs import Table, program_tables, table_probes

# Hint trees: ("int",), ("list", elem), ("tuple", [elems], variadic), ("dict", k, v),
# ("set", elem), ("union", [alternatives]), ("any",), ("none",).
Hint = tuple

_ATOMS = {
    "int": ("int",), "float": ("float",), "str": ("str",), "bool": ("bool",),
    "bytes": ("bytes",), "complex": ("complex",), "None": ("none",), "NoneType": ("none",),
    "Any": ("any",), "object": ("any",),
    "list": ("list", ("any",)), "List": ("list", ("any",)), "Sequence": ("list", ("any",)),
    "Iterable": ("list", ("any",)), "dict": ("dict", ("any",), ("any",)),
    "Dict": ("dict", ("any",), ("any",)), "Mapping": ("dict", ("any",), ("any",)),
    "tuple": ("tuple", [("any",)], True), "Tuple": ("tuple", [("any",)], True),
    "set": ("set", ("any",)), "Set": ("set", ("any",)), "frozenset": ("set", ("any",)),
    "FrozenSet": ("set", ("any",)),
}
_GENERIC = {"list": "list", "List": "list", "Sequence": "list", "Iterable": "list",
            "set": "set", "Set": "set", "frozenset": "set", "FrozenSet": "set",
            "dict": "dict", "Dict": "dict", "Mapping": "dict", "tuple": "tuple",
            "Tuple": "tuple", "Optional": "optional", "Union": "union"}


@dataclass(frozen=True)
class Param:
    name: str
    hint: Hint | None
    required: bool
    positional_only: bool = False


# --------------------------------------------------------------------------------------------
# Reading the signature without running the program


def entry_params(code: str, entry_point: str) -> list[Param] | None:
    """Positional parameters of the module-level ``def entry_point`` (None if not found)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None
    fn = None
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == entry_point:
            fn = node  # the last definition wins, as at run time
    if fn is None:
        return None
    args = fn.args.posonlyargs + fn.args.args
    first_default = len(args) - len(fn.args.defaults)
    n_posonly = len(fn.args.posonlyargs)
    return [
        Param(a.arg, parse_hint(a.annotation) if a.annotation else None, i < first_default,
              i < n_posonly)
        for i, a in enumerate(args)
    ]


def parse_hint(node: ast.AST | str | None) -> Hint | None:
    """A hint tree for an annotation (AST or string), or None when it is not understood."""
    if node is None:
        return None
    if isinstance(node, str):
        try:
            node = ast.parse(node, mode="eval").body
        except SyntaxError:
            return None
    try:
        return _hint(node)
    except (ValueError, TypeError, IndexError):
        return None


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):  # typing.List, t.Dict
        return node.attr
    if isinstance(node, ast.Constant) and node.value is None:
        return "None"
    raise ValueError("unsupported annotation")


def _hint(node: ast.AST) -> Hint:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _hint(ast.parse(node.value, mode="eval").body)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return ("union", [_hint(node.left), _hint(node.right)])
    if isinstance(node, ast.Subscript):
        base = _GENERIC.get(_name(node.value))
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if base == "list":
            return ("list", _hint(items[0]))
        if base == "set":
            return ("set", _hint(items[0]))
        if base == "dict":
            return ("dict", _hint(items[0]), _hint(items[1]))
        if base == "tuple":
            if len(items) == 2 and isinstance(items[1], ast.Constant) and items[1].value is ...:
                return ("tuple", [_hint(items[0])], True)
            return ("tuple", [_hint(i) for i in items], False)
        if base == "optional":
            return ("union", [_hint(items[0]), ("none",)])
        if base == "union":
            return ("union", [_hint(i) for i in items])
        raise ValueError("unsupported generic")
    name = _name(node)
    if name in _ATOMS:
        return _ATOMS[name]
    raise ValueError(f"unsupported annotation {name}")


# --------------------------------------------------------------------------------------------
# Strategies from hints

MAX_LEN = 12


def from_hint(hint: Hint, max_len: int = MAX_LEN) -> st.SearchStrategy:
    kind = hint[0]
    if kind == "int":
        return st.one_of(st.sampled_from([0, 1, -1, 2, 10, -10, 100]), st.integers(-1000, 1000))
    if kind == "float":
        return st.one_of(
            st.sampled_from([0.0, -0.0, 0.5, 1.0, -1.0, 2.5, 1e-9, float("nan"), float("inf")]),
            st.floats(-1e6, 1e6, allow_nan=False),
            st.integers(-100, 100).map(float),
        )
    if kind == "str":
        return st.text(st.characters(codec="utf-8", max_codepoint=0x2FF), max_size=max_len * 2)
    if kind == "bool":
        return st.booleans()
    if kind == "bytes":
        return st.binary(max_size=max_len)
    if kind == "complex":
        return st.complex_numbers(max_magnitude=1e6, allow_nan=False)
    if kind == "none":
        return st.none()
    if kind == "list":
        return st.lists(from_hint(hint[1], max_len), max_size=max_len)
    if kind == "set":
        return st.sets(_hashable(hint[1], max_len), max_size=max_len)
    if kind == "dict":
        return st.dictionaries(_hashable(hint[1], max_len), from_hint(hint[2], max_len),
                               max_size=max_len)
    if kind == "tuple":
        if hint[2]:
            return st.lists(from_hint(hint[1][0], max_len), max_size=max_len).map(tuple)
        return st.tuples(*[from_hint(h, max_len) for h in hint[1]])
    if kind == "union":
        return st.one_of(*[from_hint(h, max_len) for h in hint[1]])
    return _ANY


def _hashable(hint: Hint, max_len: int) -> st.SearchStrategy:
    if hint[0] in ("list", "set", "dict", "any"):
        return st.one_of(st.integers(-100, 100), st.text(max_size=5))
    return from_hint(hint, max_len)


_ANY = st.one_of(
    st.integers(-100, 100), st.text(max_size=8), st.lists(st.integers(-20, 20), max_size=8),
    st.floats(-100, 100), st.booleans(), st.none(),
)


# --------------------------------------------------------------------------------------------
# Type-aware mutation of seed values


@dataclass
class Bounds:
    """Size limits derived from the seeds, so that mutants stay in the programs' working range."""

    max_len: int = MAX_LEN
    int_mag: int = 1000
    words: tuple[str, ...] = ()   # whitespace-separated tokens of every seed string
    chars: str = ""               # characters of every seed string
    # Constants of the program itself: comparisons against them are where mutants hide
    # (``score > 3.7``, ``ord(ch) <= ord("Z")``, ``days[m - 1]``).
    code_ints: tuple[int, ...] = ()
    code_floats: tuple[float, ...] = ()
    code_strs: tuple[str, ...] = ()
    tables: tuple[Table, ...] = ()  # int list literals: ``days = [31, 29, ...]``
    # Int constants the program compares against (``1 <= m <= 12``), each with its neighbours
    # ±1: the few values where a ``<``/``<=`` swap or an off-by-one shows. A small pool, so
    # that every int and every number inside a string hits it often.
    cmp_near: tuple[int, ...] = ()
    code_near: tuple[int, ...] = ()  # every int constant and its neighbours ±1
    # Ints derived from the other ints of the same seed (equal, ±1, sums, differences):
    # relations between arguments (``a + b <= c``, overlapping intervals) need them.
    related: tuple[int, ...] = ()

    @classmethod
    def from_seeds(cls, seeds: list[list]) -> "Bounds":
        lens, mags, words, chars = [0], [0], {}, set()
        for value in _walk(seeds):
            if isinstance(value, (str, bytes, list, tuple, dict, set)):
                lens.append(len(value))
            if isinstance(value, str):
                chars.update(value)
                for w in value.split():
                    words.setdefault(w, None)
            elif isinstance(value, int) and not isinstance(value, bool):
                mags.append(abs(value))
        return cls(max_len=min(max(10, 2 * max(lens)), 100), int_mag=max(100, 4 * max(mags)),
                   words=tuple(list(words)[:60]), chars="".join(sorted(chars))[:200])

    def with_code(self, code: str) -> "Bounds":
        ints, floats, strs = program_constants(code)
        chars = "".join(sorted(set(self.chars) | set("".join(strs))))[:300]
        # The program's word-like constants ("zero".."nine", "Mon") are words its input may hold.
        words = tuple(dict.fromkeys(self.words + tuple(w for w in strs if w.isalnum())))[:100]
        return replace(self, code_ints=ints, code_floats=floats, code_strs=strs, chars=chars,
                       words=words, tables=program_tables(code),
                       cmp_near=_near(compared_ints(code)), code_near=_near(ints))

    def for_seed(self, seed: list) -> "Bounds":
        ints = [v for v in _walk(seed) if type(v) is int][:8]
        small = sorted({c for c in self.code_ints if abs(c) <= 10} | {1, 2})
        rel = set()
        for x in ints:
            rel.update(x + c for c in small)
            rel.update(x - c for c in small)
            rel.update(x + y for y in ints)
            rel.update(x - y for y in ints)
        rel.update(ints)
        return replace(self, related=tuple(sorted(rel))[:200])


def program_constants(code: str) -> tuple[tuple[int, ...], tuple[float, ...], tuple[str, ...]]:
    """Int, float and short str constants of ``code`` (docstrings left out), parsed, not run."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return (), (), ()
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  and n.body and isinstance(n.body[0], ast.Expr)
                  and isinstance(n.body[0].value, ast.Constant)}
    ints: dict[int, None] = {}
    floats: dict[float, None] = {}
    strs: dict[str, None] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or id(node) in docstrings:
            continue
        v = node.value
        if type(v) is int and abs(v) <= 10**6:
            ints.setdefault(v, None)
            ints.setdefault(-v, None)
        elif type(v) is float and math.isfinite(v):
            floats.setdefault(v, None)
        elif type(v) is str and 0 < len(v) <= 30:
            strs.setdefault(v, None)
    return tuple(ints)[:40], tuple(floats)[:40], tuple(strs)[:40]


def compared_ints(code: str) -> tuple[int, ...]:
    """Int constants that appear as operands of a comparison in ``code`` (``x <= 12``)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return ()
    out: dict[int, None] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                sign = 1
                if isinstance(operand, ast.UnaryOp) and isinstance(operand.op, ast.USub):
                    operand, sign = operand.operand, -1
                if isinstance(operand, ast.Constant) and type(operand.value) is int \
                        and abs(operand.value) <= 10**6:
                    out.setdefault(sign * operand.value, None)
    return tuple(out)[:12]


def _near(ints: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(dict.fromkeys(c + d for c in ints for d in (0, -1, 1)))


def _walk(value: Any):
    yield value
    if isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _walk(item)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(k)
            yield from _walk(v)


def int_edges(v: int, b: Bounds) -> list[int]:
    return [0, 1, -1, 2, v + 1, v - 1, -v, 2 * v, b.int_mag, -b.int_mag]


def float_edges(v: float) -> list[float]:
    near = [] if not math.isfinite(v) else [v + 1.0, v - 1.0, -v, v * (1 + 1e-7), math.floor(v) + 0.5]
    return [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1e-12, float("nan"), float("inf"), float("-inf")] + near


def mutate(v: Any, b: Bounds) -> st.SearchStrategy:
    """A strategy of values near ``v`` of the same shape, including its type's edge cases."""
    if isinstance(v, bool):
        return st.booleans()
    if isinstance(v, int):
        options = [
            st.sampled_from(int_edges(v, b)),
            st.integers(v - 10, v + 10),
            st.integers(-b.int_mag, b.int_mag),
        ]
        if b.code_near:
            options.append(st.sampled_from(b.code_near))
        if b.cmp_near:
            options.append(st.sampled_from(b.cmp_near))
        if b.related:
            options.append(st.sampled_from(b.related))
        return st.one_of(options)
    if isinstance(v, float):
        finite = v if math.isfinite(v) else 0.0
        span = max(10.0, abs(finite) * 2)
        options = [
            st.sampled_from(float_edges(v)),
            st.floats(finite - span, finite + span, allow_nan=False),
            st.integers(-int(span), int(span)).map(float),
        ]
        consts = [float(c) for c in b.code_ints if abs(c) < 2**53] + list(b.code_floats)
        if consts:
            # Exactly on a threshold and one ulp either side of it.
            near = [f(c) for c in consts for f in (lambda c: c, lambda c: math.nextafter(c, math.inf),
                                                     lambda c: math.nextafter(c, -math.inf))]
            options.append(st.sampled_from(near))
        return st.one_of(options)
    if isinstance(v, str):
        return mutate_str(v, b)
    if isinstance(v, bytes):
        return st.one_of(st.just(b""), st.binary(max_size=b.max_len),
                         mutate_str(v.decode("latin-1"), b).map(lambda s: s.encode("latin-1")))
    if isinstance(v, (list, tuple)):
        return _mutate_seq(v, b)
    if isinstance(v, (set, frozenset)):
        items = sorted(v, key=repr)
        return _mutate_seq(items, b).map(lambda xs: _to_set(xs, type(v)))
    if isinstance(v, dict):
        return _mutate_dict(v, b)
    if v is None:
        return st.none()
    return st.just(v)


def mutate_leaves(v: Any, b: Bounds) -> st.SearchStrategy:
    """Values of the same shape as ``v``: containers keep their length (dicts their keys),
    scalars inside are mutated."""
    if isinstance(v, (list, tuple)) and type(v) in (list, tuple) and v:
        kind = type(v)
        return st.tuples(*[st.one_of(st.just(x), mutate_leaves(x, b)) for x in v[: b.max_len]]).map(
            lambda xs: kind(xs) if kind is tuple else list(xs))
    if isinstance(v, dict) and type(v) is dict and v:
        keys = list(v)[: b.max_len]
        return st.tuples(*[st.one_of(st.just(v[k]), mutate_leaves(v[k], b)) for k in keys]).map(
            lambda vs: dict(zip(keys, vs)))
    if isinstance(v, (list, tuple, set, frozenset, dict)):
        return st.just(v)
    return mutate(v, b)


def _to_set(xs: list, kind: type) -> Any:
    try:
        return kind(xs)
    except TypeError:  # a mutated element became unhashable
        return kind()


def _mutate_seq(v: list | tuple, b: Bounds) -> st.SearchStrategy:
    kind = type(v) if type(v) in (list, tuple) else list
    items = list(v)
    pool = _distinct(items)[:12]
    if pool:
        # Built once per distinct element (not a flatmap per draw): drawing stays cheap.
        elem = st.one_of([st.one_of(st.just(x), mutate(x, b)) for x in pool])
    else:
        elem = _ANY
    n = len(items)
    options = [
        st.just([]),
        elem.map(lambda x: [x]),
        st.lists(elem, max_size=b.max_len),
        st.just(items + items[:1]),
        st.just(sorted(items, key=_sort_key)),
        st.just(items[::-1]),
        st.lists(elem, min_size=n, max_size=n),
    ]
    if 0 < n <= 6:
        # Short sequences are often records (an interval, a point): keep the shape and mutate
        # the fields, with more weight than reshaping.
        fields = st.tuples(*[st.one_of(st.just(x), mutate(x, b)) for x in items]).map(list)
        options += [fields, fields, fields]
    if n:
        options += [
            st.integers(0, n - 1).map(lambda i: items[:i] + items[i + 1:]),
            st.tuples(st.integers(0, n - 1), elem).map(
                lambda ix: items[: ix[0]] + [ix[1]] + items[ix[0] + 1:]),
            st.tuples(st.integers(0, n), elem).map(
                lambda ix: items[: ix[0]] + [ix[1]] + items[ix[0]:]),
            st.integers(0, n - 1).map(lambda i: items[: i + 1] + [items[i]] + items[i + 1:]),
        ]
    return st.one_of(options).map(lambda xs: kind(xs[: b.max_len]))


def _distinct(items: list) -> list:
    seen, out = set(), []
    for x in items:
        key = input_key(x)
        if key not in seen:
            seen.add(key)
            out.append(x)
    return out


def _sort_key(x: Any) -> tuple:
    """Total order over mixed values: by type name, then value where comparable (NaN aside)."""
    if isinstance(x, (int, float, str)) and x == x:
        return (type(x).__name__, 0, x, "")
    return (type(x).__name__, 1, 0, repr(x))


def _mutate_dict(d: dict, b: Bounds) -> st.SearchStrategy:
    keys, values = list(d), list(d.values())
    if keys:
        key = st.one_of([mutate(k, b) for k in keys[:8]])
        val = st.one_of([st.one_of(st.just(v), mutate(v, b)) for v in _distinct(values)[:8]])
    else:
        key, val = st.one_of(st.integers(-10, 10), st.text(max_size=5)), _ANY
    options = [
        st.just({}),
        st.dictionaries(key, val, max_size=b.max_len),
        st.tuples(key, val).map(lambda kv: {**d, kv[0]: kv[1]}),
    ]
    if keys:
        options += [
            st.sampled_from(keys).map(lambda k: {x: y for x, y in d.items() if x != k}),
            st.tuples(st.sampled_from(keys), val).map(lambda kv: {**d, kv[0]: kv[1]}),
        ]
    return st.one_of(options)


def boundary_inputs(seed: list, b: Bounds) -> list[list]:
    """Each argument of ``seed`` replaced, one at a time, by its type's edge values."""
    out = []
    for i, v in enumerate(seed):
        for edge in _edges(v, b):
            out.append(seed[:i] + [edge] + seed[i + 1:])
    return out


def _edges(v: Any, b: Bounds) -> list:
    if isinstance(v, bool):
        return [not v]
    if isinstance(v, int):
        return list(dict.fromkeys([0, 1, -1, v + 1, v - 1, *b.cmp_near[:12]]))
    if isinstance(v, float):
        return [0.0, -1.0, float("nan"), float("inf")] + list(b.code_floats[:10])
    if isinstance(v, str):
        return string_edges(v, b)
    if isinstance(v, (list, tuple)):
        items = list(v)
        kind = type(v)
        edges = [[], items[:1], items + items[-1:], items[::-1], sorted(items, key=_sort_key)]
        # A list of numbers made of the program's own constants hits every threshold at once.
        if items and all(type(x) is float for x in items):
            consts = [float(c) for c in b.code_ints if c >= 0] + list(b.code_floats)
            if consts:
                edges.append(consts[: b.max_len])
        elif items and all(type(x) is int for x in items) and b.code_ints:
            edges.append(list(b.code_ints[: b.max_len]))
        return [kind(e) for e in edges]
    if isinstance(v, dict):
        return [{}]
    return []


# --------------------------------------------------------------------------------------------
# Putting it together


def input_strategy(params: list[Param] | None, seeds: list[list], b: Bounds) -> st.SearchStrategy | None:
    """Hypothesis strategy of argument lists: mutated seeds, and values from hints when known."""
    branches = []
    if seeds:
        # Each argument is kept or mutated independently, so single and multiple mutations mix.
        per_seed = []
        for s in _distinct(seeds)[:30]:
            bs = b.for_seed(s)
            per_seed.append(st.tuples(*[st.one_of(st.just(a), mutate(a, bs)) for a in s]).map(list))
            # Same shape, new leaf values: reshaping mutants mostly make the original raise
            # (IndexError on a shortened pair), so half the draws keep every container's shape.
            per_seed.append(st.tuples(*[st.one_of(st.just(a), mutate_leaves(a, bs)) for a in s]).map(list))
            swaps = _swaps(s)
            if swaps:  # same-typed arguments exchanged: (a, c, b) of a triangle, say
                per_seed.append(st.sampled_from(swaps))
        branches.append(st.one_of(per_seed))
    if params is not None:
        required = [p for p in params if p.required]
        if all(p.hint is not None for p in required) and (required or not seeds):
            branches.append(
                st.tuples(*[from_hint(p.hint, min(b.max_len, MAX_LEN)) for p in required]).map(list)
            )
        elif not seeds and required:
            branches.append(st.tuples(*[_ANY for _ in required]).map(list))
    if not branches:
        return None
    return st.one_of(branches)


def _swaps(seed: list) -> list[list]:
    out = []
    for i in range(len(seed)):
        for j in range(i + 1, len(seed)):
            if type(seed[i]) is type(seed[j]) and seed[i] != seed[j]:
                swapped = list(seed)
                swapped[i], swapped[j] = swapped[j], swapped[i]
                out.append(swapped)
    return out[:20]


def draw(strategy: st.SearchStrategy, n: int, seed: int) -> list:
    """Up to ``n`` examples of ``strategy``, deterministic in ``seed`` (no shrinking, no database).

    The direct path draws from Hypothesis's own choice provider without its test engine, about
    3x faster (the engine's bookkeeping is for shrinking and coverage of a *test*, which this is
    not); it leans on Hypothesis internals, so any failure falls back to a plain ``@given`` run.
    """
    if n <= 0:
        return []
    try:
        return _draw_direct(strategy, n, seed)
    except Exception:
        return _draw_engine(strategy, n, seed)


def _draw_direct(strategy: st.SearchStrategy, n: int, seed: int) -> list:
    import random
    import warnings

    from hypothesis.control import BuildContext
    from hypothesis.errors import StopTest
    from hypothesis.internal.conjecture.data import ConjectureData

    rng = random.Random(seed)
    drawn: list = []
    failures = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while len(drawn) < n and failures < n:
            data = ConjectureData(random=rng, max_choices=10_000)
            try:
                with BuildContext(data, is_final=False, wrapped_test=None):
                    drawn.append(data.draw(strategy))
            except StopTest:  # ran out of choices: a rare, oversized example
                failures += 1
    if not drawn:
        raise RuntimeError("direct drawing produced nothing")
    return drawn


def _draw_engine(strategy: st.SearchStrategy, n: int, seed: int) -> list:
    drawn: list = []

    @settings(max_examples=n, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck), derandomize=False, print_blob=False)
    @hypothesis_seed(seed)
    @given(strategy)
    def collect(x: Any) -> None:
        drawn.append(x)

    collect()
    return drawn


def input_key(args: Any) -> str:
    """Identity of an input for deduplication: type-exact (1, 1.0 and True differ), and
    aliasing-exact (one list passed twice differs from two equal lists)."""
    return _typed_repr(args) + _aliasing(args)


def _aliasing(args: Any) -> str:
    """Positions (in walk order) of containers met a second time, or "" when none is shared."""
    seen: dict[int, int] = {}
    shared = []
    stack, pos = [args], 0
    while stack and pos < 5000:
        x = stack.pop()
        if isinstance(x, (list, dict, set)):
            if id(x) in seen:
                shared.append(f"{pos}={seen[id(x)]}")
                continue
            seen[id(x)] = pos
            stack.extend(x.values() if isinstance(x, dict) else x if isinstance(x, list) else ())
        elif isinstance(x, tuple):
            stack.extend(x)
        pos += 1
    return "&" + ",".join(shared) if shared else ""


def _typed_repr(x: Any) -> str:
    if isinstance(x, (list, tuple, set, frozenset)):
        items = sorted(map(_typed_repr, x)) if isinstance(x, (set, frozenset)) else map(_typed_repr, x)
        return f"{type(x).__name__}[{','.join(items)}]"
    if isinstance(x, dict):
        return "dict{" + ",".join(f"{_typed_repr(k)}:{_typed_repr(v)}" for k, v in x.items()) + "}"
    if hasattr(x, "__next__"):  # an iterator input: its items, not its address
        try:
            return f"{type(x).__name__}<{_typed_repr(list(copy.copy(x)))}>"
        except Exception:
            return f"{type(x).__name__}:?"
    return f"{type(x).__name__}:{x!r}"


def generate_inputs(code: str, entry_point: str, seed_inputs: list[list], n: int,
                    seed: int = 0, policy: str = "strict",
                    origin: list[str] | None = None) -> list[list]:
    """``n`` distinct argument lists: seeds first, then deterministic edges (boundary cases,
    table probes, Unicode relatives, coordinated values, float extremes and, under the
    ``strict`` policy, neighbouring types), then Hypothesis mutants. ``origin``, when given,
    receives the input class of each input (``INPUT_CLASSES``), in order."""
    seeds = [list(s) for s in seed_inputs if isinstance(s, (list, tuple))]
    params = entry_params(code, entry_point)
    b = Bounds.from_seeds(seeds).with_code(code)
    out: list[list] = []
    seen: set[str] = set()
    current = ["seeds"]

    def add(args: list) -> None:
        key = input_key(args)
        if key not in seen and len(out) < n:
            seen.add(key)
            out.append(args)
            if origin is not None:
                origin.append(current[0])

    for s in seeds:
        add(s)
    # Deterministic edges, interleaved: boundary cases (at most a quarter of the budget, so
    # that random mutants keep room) and table probes (an index and the table's entry there,
    # in two slots at once: only for programs with int tables and seeds with two numeric
    # slots; at most a fifth). Round robin over the seeds, seed j starting at its j-th kind of
    # edge: with many seeds and few slots, every kind of edge is still tried on some seed.
    # Then smaller shares for the edges outside the seeds' alphabet and types (edge_inputs).
    queues = [_rotated(boundary_inputs(s, b), j) for j, s in enumerate(seeds)]
    boundary = (q[k] for k in range(max(map(len, queues), default=0)) for q in queues if k < len(q))
    probes = iter(table_probes(seeds, b.tables, 2 * (n // 5)))
    sources = [[boundary, max(1, n // 4), "boundary"], [probes, n // 5, "table"],
               [iter(unicode_inputs(seeds, n // 8)), n // 10, "unicode"],
               [iter(coordinated_inputs(seeds, n // 8)), n // 12, "coordinated"],
               [iter(float_extremes(seeds, n // 8)), n // 16, "float-extremes"]]
    if policy == "strict":
        sources.append([iter(type_edge_inputs(seeds, n // 8)), n // 12, "types"])
    while sources:
        for source in list(sources):
            args = next(source[0], None)
            if args is None or source[1] <= 0:
                sources.remove(source)
            elif input_key(args) not in seen:
                current[0] = source[2]
                add(args)
                source[1] -= 1
    current[0] = "mutants"
    if params is not None and not seeds and not any(p.required for p in params):
        add([])
    n_fixed = len(out)
    strategy = input_strategy(params, seeds, b)
    # Three quarters of the draws mutate the seeds; the last quarter are second-order mutants
    # (two first-order mutants crossed): two changes that must go together (a field pushed to
    # a constant and its neighbour, both ends of an interval) are out of reach of one step.
    _fill(out, add, strategy, n - (n - n_fixed) // 4, seed)
    if seeds:
        current[0] = "crossover"
        for args in second_order(out[len(seeds):], seeds, 2 * (n - len(out)), seed):
            add(args)
    current[0] = "mutants"
    _fill(out, add, strategy, n, seed + 1)  # top up: crossovers repeat themselves
    return out


def _rotated(items: list, k: int) -> list:
    return items[k % len(items):] + items[: k % len(items)] if items else items


def _fill(out: list, add, strategy: st.SearchStrategy | None, target: int, seed: int) -> None:
    """Draw from ``strategy`` until ``out`` holds ``target`` inputs (Hypothesis repeats itself:
    ask for a few extra, and top up twice if still short)."""
    for attempt in range(3):
        if strategy is None or len(out) >= target:
            return
        missing = target - len(out)
        for args in draw(strategy, (attempt + 1) * missing + missing // 4 + 5, seed + attempt):
            if len(out) >= target:
                return
            add(args)
