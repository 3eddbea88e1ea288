"""Behaviour comparison: pure functions over the sandbox's outcome dicts.

An outcome (see ``semforge.sandbox``) is ``{"kind", "value", "exc_type", "exc_msg", "stdout",
"stderr", "args_after", ...}`` where values are JSON tagged trees (``["int", "1"]``, ``["list", [..]]``).
``diff_outcomes`` returns ``None`` when two outcomes count as the same behaviour, else a short
human-readable description of the *first* difference found. Everything here is deliberately
stricter than ``==``: ``1``, ``1.0`` and ``True`` differ (the tag differs), dict iteration order is
behaviour, arguments mutated by the call are behaviour, printed output is behaviour.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from semforge.sandbox.encoding import ADDRESS

from .describe import describe, short

# Memory addresses in reprs ("<Foo object at 0x7f...>") differ between any two processes.
_ADDRESS = re.compile(ADDRESS)
# Warnings and tracebacks printed to stderr name line numbers, which any rewrite shifts: a
# warning's "file:12: Category" and a traceback's "line 12". Only those: "rejected:3" is output.
_LINENO = re.compile(r"(?<=line )\d+|(?<=:)\d+(?=:)")


@dataclass(frozen=True)
class Tolerance:
    """Float tolerance: ``|a-b| <= max(atol, rtol*max(|a|,|b|))``; NaN equals only NaN.

    ``signed_zero``: ``-0.0`` and ``0.0`` are different values (``1 / x``, ``math.copysign``,
    ``str`` and ``atan2`` tell them apart) unless this is False, a mode the verdict records."""

    rtol: float = 1e-9
    atol: float = 0.0
    signed_zero: bool = True

    def describe(self) -> str:
        """The mode as recorded in a verdict: ``rtol=1e-09 atol=0 zero-sign=kept``."""
        return (f"rtol={self.rtol:g} atol={self.atol:g} "
                f"zero-sign={'kept' if self.signed_zero else 'ignored'}")


EXACT = Tolerance(0.0, 0.0, True)


def floats_close(a: float, b: float, tol: Tolerance) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    if a == 0.0 and b == 0.0:
        return not tol.signed_zero or math.copysign(1.0, a) == math.copysign(1.0, b)
    return a == b or abs(a - b) <= max(tol.atol, tol.rtol * max(abs(a), abs(b)))


def _float(hexstr: Any) -> float:
    if isinstance(hexstr, (int, float)):
        return float(hexstr)
    return float.fromhex(hexstr)


def diff_values(a: Any, b: Any, tol: Tolerance = Tolerance(), path: str = "value") -> str | None:
    """First difference between two encoded values, or None when they are equal."""
    if a == b:  # identical trees (the common case) short-circuit the walk
        return None
    if not (isinstance(a, list) and isinstance(b, list) and a and b):
        return f"{path}: {short(a)} != {short(b)}"
    ta, tb = a[0], b[0]
    if ta != tb:
        return f"{path}: type {ta} != {tb} ({short(a)} vs {short(b)})"
    if ta == "float":
        if floats_close(_float(a[1]), _float(b[1]), tol):
            return None
        return f"{path}: {_float(a[1])!r} != {_float(b[1])!r}"
    if ta == "complex":
        if floats_close(_float(a[1]), _float(b[1]), tol) and floats_close(
            _float(a[2]), _float(b[2]), tol
        ):
            return None
        return f"{path}: complex {short(a)} != {short(b)}"
    if ta in ("list", "tuple"):
        return _diff_seq(a[1], b[1], tol, path)
    if ta == "gen":
        found = _diff_seq(a[1], b[1], tol, path + " (generated items)")
        if found:
            return found
        if a[2] != b[2]:
            return f"{path}: generator exhausted={a[2]} vs {b[2]}"
        return None
    if ta in ("set", "frozenset"):
        return _diff_unordered(a[1], b[1], tol, path)
    if ta == "dict":
        return _diff_dict(a[1], b[1], tol, path)
    if ta == "obj":
        if a[1] != b[1]:
            return f"{path}: object class {a[1]} != {b[1]}"
        found = diff_values(a[2], b[2], tol, f"{path}.<state of {a[1]}>")
        if found or len(a) == len(b) == 3:
            return found
        # Subclasses of builtins carry the builtin payload as a fourth element.
        return diff_values(a[3:], b[3:], tol, f"{path}.<payload of {a[1]}>")
    if ta == "repr":
        if _ADDRESS.sub("0x?", str(a[1])) == _ADDRESS.sub("0x?", str(b[1])):
            return None
        return f"{path}: {short(a[1])} != {short(b[1])}"
    # int, str, bytes, bool, none, range, type, func, cycle, truncated: exact payload.
    return f"{path}: {short(a)} != {short(b)}"


def _diff_seq(xs: list, ys: list, tol: Tolerance, path: str) -> str | None:
    if len(xs) != len(ys):
        return f"{path}: length {len(xs)} != {len(ys)}"
    for i, (x, y) in enumerate(zip(xs, ys)):
        found = diff_values(x, y, tol, f"{path}[{i}]")
        if found:
            return found
    return None


def _key(x: Any) -> str:
    return repr(x)


def _diff_unordered(xs: list, ys: list, tol: Tolerance, path: str) -> str | None:
    """Sets are encoded in any order: match elements, exactly first, then within tolerance."""
    if len(xs) != len(ys):
        return f"{path}: set size {len(xs)} != {len(ys)}"
    rest_x = sorted(xs, key=_key)
    rest_y = sorted(ys, key=_key)
    if rest_x == rest_y:
        return None
    # Tolerant matching is quadratic; sets of floats that differ only in rounding are rare
    # and small, so cap the effort and call larger ones different.
    if len(rest_x) > 300:
        return f"{path}: sets differ"
    unmatched = list(rest_y)
    for x in rest_x:
        for j, y in enumerate(unmatched):
            if diff_values(x, y, tol) is None:
                del unmatched[j]
                break
        else:
            return f"{path}: element {short(x)} missing from the other set"
    return None


def _diff_dict(xs: list, ys: list, tol: Tolerance, path: str) -> str | None:
    if len(xs) != len(ys):
        return f"{path}: dict size {len(xs)} != {len(ys)}"
    for i, ((kx, vx), (ky, vy)) in enumerate(zip(xs, ys)):
        if diff_values(kx, ky, EXACT) is not None:
            same_keys = sorted(map(_key, (k for k, _ in xs))) == sorted(
                map(_key, (k for k, _ in ys))
            )
            if same_keys:
                return f"{path}: same keys in another insertion order (at position {i})"
            return f"{path}: key {short(kx)} != {short(ky)} (at position {i})"
        found = diff_values(vx, vy, tol, f"{path}[{short(kx, 40)}]")
        if found:
            return found
    return None


def norm_stderr(s: str) -> str:
    return _LINENO.sub("?", _ADDRESS.sub("0x?", s))


def diff_outcomes(a: dict, b: dict, tol: Tolerance = Tolerance()) -> str | None:
    """First behavioural difference between outcome ``a`` (original) and ``b`` (variant)."""
    ka, kb = a.get("kind"), b.get("kind")
    if ka != kb:
        return f"original {describe(a)}, variant {describe(b)}"
    if ka == "raise" and a.get("exc_type") != b.get("exc_type"):
        return f"original raised {a.get('exc_type')}, variant raised {b.get('exc_type')}"
    if ka == "return":
        found = diff_values(a.get("value"), b.get("value"), tol, "return value")
        if found:
            return found
    if (a.get("stdout") or "") != (b.get("stdout") or ""):
        return f"stdout {short(repr(a.get('stdout') or ''), 60)} != {short(repr(b.get('stdout') or ''), 60)}"
    err_a, err_b = a.get("stderr") or "", b.get("stderr") or ""
    if err_a != err_b and norm_stderr(err_a) != norm_stderr(err_b):  # (equal texts: equal forms)
        return f"stderr {short(repr(a.get('stderr') or ''), 60)} != {short(repr(b.get('stderr') or ''), 60)}"
    if ka in ("return", "raise"):
        args_a, args_b = a.get("args_after"), b.get("args_after")
        if args_a is not None and args_b is not None:
            if len(args_a) != len(args_b):
                return "argument count after the call differs"
            for i, (x, y) in enumerate(zip(args_a, args_b)):
                found = diff_values(x, y, tol, f"argument {i} after the call")
                if found:
                    return found
    return None
