"""Recursion a variant introduces, vouched for by measurement (or not).

A recursive function fails where the recursion limit (1000 frames) is reached, a loop does not:
a recursive digit sum breaks past 1000 digits, on inputs the original's time budget may never
let the verifier try. So a variant that introduces recursion is ``undecided``, unless testing
can show its depth is no concern: measured on the largest inputs that were run, it stays far
below the limit (``DEPTH_CAP``) and grows much slower than the input (a merge sort, a binary
search, fast doubling: logarithmic), so that inputs far larger than any tried stay far below it
too. A recursion as deep as its input (``sum(xs[1:])``) is not vouched for.

The depth is measured in the sandbox (``_SOURCE``, appended to the variant): the smallest
recursion limit at which the call still returns the same value as under the full limit, less
the depth the harness itself stands at. A variant that names ``RecursionError`` (it could catch
the limit and carry on another way) is never vouched for.
"""

from __future__ import annotations

import ast

from ..run.program import run_inputs
from ..run.reference import OriginalRun

DEPTH_CAP = 100      # frames: a tenth of the default recursion limit
GROWTH = 8           # the largest input at least this much larger than the smaller one
ENTRY = "__sf_depth__"

_SOURCE = '''
def __sf_depth__(__sf_args):
    import sys as __sf_sys
    __sf_fn = {entry}
    __sf_full = __sf_sys.getrecursionlimit()

    def __sf_runs(limit, call):
        try:
            __sf_sys.setrecursionlimit(limit)
        except RecursionError:
            return False, None
        try:
            return True, call()
        except RecursionError:
            return False, None
        except BaseException as e:
            return True, e.__class__
        finally:
            __sf_sys.setrecursionlimit(__sf_full)

    def __sf_least(call, want):
        lo, hi = 1, __sf_full
        while lo < hi:
            mid = (lo + hi) // 2
            ok, got = __sf_runs(mid, call)
            if ok and type(got) is type(want) and got == want:
                hi = mid
            else:
                lo = mid + 1
        return lo

    __sf_want = __sf_runs(__sf_full, lambda: __sf_fn(*__sf_args))[1]
    __sf_base = __sf_least(lambda: 0, 0)
    return __sf_least(lambda: __sf_fn(*__sf_args), __sf_want) - __sf_base
'''


def _names_recursion_error(code: str) -> bool:
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return True
    return any(isinstance(n, ast.Name) and n.id == "RecursionError" for n in ast.walk(tree))


def size(args: list) -> int:
    """How large an input is, as recursion grows with it: an int argument by its magnitude
    (fast doubling, bisection of a range), a container by its items, nested ones counted."""
    def items(x, depth=0) -> int:
        if depth > 20:
            return 1
        if isinstance(x, (str, bytes)):
            return len(x)
        if isinstance(x, dict):
            return len(x) + sum(items(v, depth + 1) for v in x.values())
        if isinstance(x, (list, tuple, set, frozenset)):
            return len(x) + sum(items(v, depth + 1) for v in x)
        return 1
    return max((abs(a) if type(a) is int else items(a) for a in args), default=0)


def _shown(n: int) -> str:
    return str(n) if n.bit_length() <= 64 else f"~2**{n.bit_length()}"


def _sized(run: OriginalRun) -> list[list]:
    """The inputs to measure on: the largest kept, which must be a scale rung (grown as far as
    the original's time allowed: where the climb was cut short, by a timeout or a crash, the
    inputs the original handles may be far larger than any run), and the largest at least
    ``GROWTH`` times smaller (``size``), among the inputs where the original returned."""
    returned = [(size(a), i, a) for i, (a, o) in enumerate(zip(run.inputs, run.outcomes[0]))
                if o.get("kind") == "return"]
    if not returned:
        return []
    returned.sort(key=lambda t: t[0])
    big_size, index, big = returned[-1]
    if index not in run.rungs:
        return []
    smaller = [t for t in returned if t[0] * GROWTH <= big_size]
    return [smaller[-1][2], big] if smaller else []


def vouch_for_recursion(run: OriginalRun, variant: str, entry_point: str,
                        sandbox) -> tuple[bool, str]:
    """(whether the variant's recursion is vouched for, a note for the verdict's reason)."""
    if _names_recursion_error(variant):
        return False, "it names RecursionError"
    if not entry_point.isidentifier():
        return False, "its entry point is not a plain function"
    pair = _sized(run)
    if not pair:
        return False, ("no scale input and another far smaller to measure its depth on (the "
                       "original's climb was cut short, or the inputs do not grow)")
    code = variant.rstrip("\n") + "\n\n\n" + _SOURCE.format(entry=entry_point)
    load, outs = run_inputs(sandbox, code, ENTRY, [[a] for a in pair], 1)
    if load.get("kind") != "return" or len(outs) < 2 or any(
            o.get("kind") != "return" or (o.get("value") or [None])[0] != "int" for o in outs):
        return False, "its depth could not be measured"
    small, big = (int(o["value"][1]) for o in outs)
    sizes = f"sizes {_shown(size(pair[0]))} and {_shown(size(pair[1]))}"
    if big > DEPTH_CAP:
        return False, f"it recursed {big} frames deep on the largest input ({sizes})"
    if big > 2 * small + 10:
        return False, (f"its depth grew from {small} to {big} frames between inputs of "
                       f"{sizes}: not much slower than the input")
    return True, f"its recursion measured {small} and {big} frames deep on inputs of {sizes}"
