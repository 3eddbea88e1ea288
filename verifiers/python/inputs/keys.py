"""The identity of an input, for deduplication (type-exact and aliasing-exact), and how an input
is shown in a counterexample."""

from __future__ import annotations

import copy
from typing import Any


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
    return f"{type(x).__name__}:{_scalar(x)}"


def _scalar(x: Any) -> str:
    """``repr``, except for an int past ``sys.get_int_max_str_digits()`` (4300 by default),
    whose decimal repr raises ValueError: its hex literal, which is exempt and evaluates back
    to the same int (the scale ladders hold such ints on purpose)."""
    try:
        return repr(x)
    except ValueError:
        if isinstance(x, int):
            return hex(x)
        raise


def show(x: Any) -> str:
    """``repr`` for counterexamples, with iterators shown by their items (``iter([1, 2])``) and
    ints too long for a decimal repr in hex."""
    if isinstance(x, dict) and type(x) is dict:
        return "{" + ", ".join(f"{show(k)}: {show(v)}" for k, v in x.items()) + "}"
    if type(x) in (set, frozenset) and x:
        inner = "{" + ", ".join(map(show, x)) + "}"
        return inner if type(x) is set else f"frozenset({inner})"
    if isinstance(x, list):
        return "[" + ", ".join(map(show, x)) + "]"
    if isinstance(x, tuple):
        return "(" + ", ".join(map(show, x)) + ("," if len(x) == 1 else "") + ")"
    if hasattr(x, "__next__") and not isinstance(x, (str, bytes)):
        try:
            return f"iter({list(copy.copy(x))!r})"
        except Exception:
            return repr(x)
    return _scalar(x)


def inputs_hold_strings(inputs: list[list]) -> bool:
    """Whether any input holds a str or bytes (whose hash changes with the hash seed)."""
    return any("str" in key or "bytes" in key for key in map(input_key, inputs))
