"""Strategies of values from an entry point's type hints (``program.signature`` reads them).

Used where the seeds say nothing of a parameter: a program without seeds, or a required
parameter the seeds' arity leaves out. Unknown hints draw from ``ANY``, a mix of small values.
"""

from __future__ import annotations

from ..program.signature import Hint
from . import sampler as st
from .bounds import MAX_LEN


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
    if kind == "callable":
        return st.sampled_from(CALLABLES)
    return ANY


def _callables() -> list:
    import operator

    return [len, str, abs, bool, repr, int, sorted, list, tuple, set, sum, max, min,
            operator.add, operator.mul, operator.neg, operator.not_, operator.itemgetter(0),
            str.upper, str.strip]


# For a parameter hinted ``Callable``: builtins that take the arities callers of real code
# pass (one value, two, an iterable); they pickle by reference into the sandbox.
CALLABLES = _callables()


def _hashable(hint: Hint, max_len: int) -> st.SearchStrategy:
    if hint[0] in ("list", "set", "dict", "any"):
        return st.one_of(st.integers(-100, 100), st.text(max_size=5))
    return from_hint(hint, max_len)


ANY = st.one_of(
    st.integers(-100, 100), st.text(max_size=8), st.lists(st.integers(-20, 20), max_size=8),
    st.floats(-100, 100), st.booleans(), st.none(),
    # Unannotated real code takes bytes and mappings as often as lists (base64, quopri, json).
    st.binary(max_size=8), st.dictionaries(st.text(max_size=4), st.integers(-20, 20), max_size=4),
)
