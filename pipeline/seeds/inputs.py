"""Seed inputs: JSON-value checks and the deterministic cap on how many a seed keeps."""

from __future__ import annotations

import json
from typing import Any

from semforge.references import reference_name

# Inputs whose JSON is longer than this are skipped: one huge input makes every verification run
# of every variant of the seed slow, and EvalPlus's plus inputs include a few stress cases.
MAX_INPUT_JSON_CHARS = 20_000


def json_value_reason(value: Any, where: str, depth: int = 0) -> str | None:
    """None when ``value`` survives a JSON round trip unchanged, else what is wrong with it.

    Tuples and sets are refused on purpose: the verifier and the published rows carry inputs as
    JSON, where a tuple would silently come back as a list and change what the program sees.
    """
    if depth > 100:
        return f"{where} is nested too deeply"
    if value is None or isinstance(value, (bool, int, str)):
        return None
    if isinstance(value, float):
        return None  # NaN and infinities are written as the JSON extensions Python reads back
    if isinstance(value, list):
        for i, item in enumerate(value):
            reason = json_value_reason(item, f"{where}[{i}]", depth + 1)
            if reason:
                return reason
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"{where} has a non-string key {key!r}"
            reason = json_value_reason(item, f"{where}[{key!r}]", depth + 1)
            if reason:
                return reason
        return None
    return f"{where} is not a JSON value ({type(value).__name__})"


_COPYABLE_SCALARS = (type(None), bool, int, float, complex, str, bytes)


def copyable_value_reason(value: Any, where: str, depth: int = 0) -> str | None:
    """None when ``value`` is built of builtin values only (scalars, bytes, lists, tuples,
    dicts, sets and frozensets, exactly those types, and the builtin callables of
    ``semforge.references``): what can be copied into the sandbox as it is. Inputs carved from a project's tests are such values; unlike JSON, a tuple stays a
    tuple."""
    if depth > 100:
        return f"{where} is nested too deeply"
    kind = type(value)
    if kind in _COPYABLE_SCALARS:
        return None
    if kind in (list, tuple, set, frozenset):
        for i, item in enumerate(value):
            if reason := copyable_value_reason(item, f"{where}[{i}]", depth + 1):
                return reason
        return None
    if kind is dict:
        for key, item in value.items():
            if reason := (copyable_value_reason(key, f"{where} key", depth + 1)
                          or copyable_value_reason(item, f"{where}[{key!r}]", depth + 1)):
                return reason
        return None
    if reference_name(value) is not None:  # a builtin callable (len, operator.add)
        return None
    return f"{where} is not a builtin value ({kind.__name__})"


def copyable_inputs_reason(inputs: Any) -> str | None:
    """As ``inputs_reason``, for builtin values that are not all JSON (``copyable_value_reason``)."""
    if not isinstance(inputs, list):
        return f"inputs must be a list of argument lists, got {type(inputs).__name__}"
    for i, args in enumerate(inputs):
        if not isinstance(args, list):
            return f"inputs[{i}] must be a list of positional arguments, got {type(args).__name__}"
        if reason := copyable_value_reason(args, f"inputs[{i}]"):
            return reason
    return None


def inputs_reason(inputs: Any) -> str | None:
    """None when ``inputs`` is a list of positional-argument lists of JSON values."""
    if not isinstance(inputs, list):
        return f"inputs must be a list of argument lists, got {type(inputs).__name__}"
    for i, args in enumerate(inputs):
        if not isinstance(args, list):
            return f"inputs[{i}] must be a list of positional arguments, got {type(args).__name__}"
        reason = json_value_reason(args, f"inputs[{i}]")
        if reason:
            return reason
    return None


def cap_inputs(base: list[Any], plus: list[Any], max_inputs: int) -> list[Any]:
    """At most ``max_inputs`` inputs: the base inputs first, then evenly spaced plus inputs.

    Oversized inputs (JSON over ``MAX_INPUT_JSON_CHARS``) and exact duplicates are dropped first.
    The sample is a pure function of the lists, so a rerun keeps the same inputs.
    """
    seen: set[str] = set()

    def keep(items: list[Any]) -> list[Any]:
        kept = []
        for item in items:
            try:
                blob = json.dumps(item, sort_keys=True)
            except (TypeError, ValueError):
                kept.append(item)  # not JSON: let inputs_reason name the problem
                continue
            except RecursionError:
                continue  # nested too deeply to be a useful example: drop it
            if len(blob) <= MAX_INPUT_JSON_CHARS and blob not in seen:
                seen.add(blob)
                kept.append(item)
        return kept

    chosen = keep(base)[:max_inputs]
    room = max_inputs - len(chosen)
    extra = keep(plus)
    if room <= 0 or not extra:
        return chosen
    if len(extra) <= room:
        return chosen + extra
    return chosen + [extra[i * len(extra) // room] for i in range(room)]
