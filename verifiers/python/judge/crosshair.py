"""CrossHair as a second opinion: symbolic search for inputs on which a pair differs.

``propose_inputs`` runs ``crosshair diffbehavior``'s engine on (original, variant) in processes
confined by ``semforge.sandbox.tool`` (see ``_crosshair_child``), all killed when the budget
(wall clock, start-up included) runs out. It returns *proposals* only: argument lists
parsed from CrossHair's report without executing anything. The caller re-runs them concretely in
the normal sandbox; CrossHair never decides a verdict itself.

Only originals whose entry point has every parameter positional and annotated with a type
CrossHair can make symbolic values of (builtins and their ``typing`` generics) are analysed;
others are skipped with a reason: CrossHair would guess at ``object`` and explore nothing useful.
The variant is explored on the original's signature, annotated or not.
"""

from __future__ import annotations

import ast
import json
import math
import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field

from semforge.sandbox import default_root, remove_stale_dirs
from semforge.sandbox.tool_run import run_tool

from ..program.in_module import ProgramText
from ..program.signature import entry_params

# Start-up (interpreter, CrossHair, z3) must leave CrossHair this much of the budget.
MIN_BUDGET_S = 0.5
# The child stops exploring this long before the hard kill (at least; a tenth of the budget when
# larger), to write its report: CrossHair overruns its own limit by a path or a solver call.
REPORT_MARGIN_S = 0.3
# Distinct inputs taken from CrossHair's report, each re-run concretely (one sandbox round trip
# for all). Generous: CrossHair can claim many differences that do not reproduce (its model of
# strings, say) before it reaches the real one, and it is never stopped for having claimed.
MAX_PROPOSALS = 64
MAX_REPORT = 1 << 20
# Leaf types of annotations CrossHair makes symbolic values of (``program/signature.py``'s hint names).
_SUPPORTED = {"int", "float", "str", "bool", "bytes", "none", "list", "tuple", "dict", "set", "union"}
# Run by path, not imported: the confined process must not load this package (Hypothesis and all).
_CHILD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_crosshair_child.py")


@dataclass
class Proposal:
    """What CrossHair said about a pair. ``inputs`` are argument lists it claims differ."""

    status: str  # done | timeout (killed at the budget) | failed | skipped | unavailable
    inputs: list[list] = field(default_factory=list)
    note: str = ""  # one line, for the verdict's reason
    seconds: float = 0.0
    confinement: str = ""  # kernel rules the CrossHair process applied, as it reported


def available() -> bool:
    try:
        import importlib.util

        return importlib.util.find_spec("crosshair") is not None
    except (ImportError, ValueError):
        return False


def unsupported_reason(code: str, entry_point: str) -> str | None:
    """Why CrossHair cannot analyse ``entry_point`` of ``code`` (None if it can); ``ast`` only."""
    if isinstance(code, ProgramText):  # it would need the module's package in its process
        return "the function runs in its module"
    params = entry_params(code, entry_point)
    if params is None:
        return f"no module-level def {entry_point}"
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return "does not parse"
    fn = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
          and n.name == entry_point][-1]
    if isinstance(fn, ast.AsyncFunctionDef):
        return "async entry point"
    if fn.args.vararg or fn.args.kwarg or fn.args.kwonlyargs:
        return "entry point takes *args, **kwargs or keyword-only parameters"
    if not params:
        return "entry point takes no parameters"
    for p in params:
        if p.hint is None:
            return f"parameter {p.name!r} has no annotation CrossHair can use"
        if not _supported(p.hint):
            return f"parameter {p.name!r} has an annotation CrossHair cannot make values of"
    return None


def _supported(hint: tuple) -> bool:
    if hint[0] not in _SUPPORTED:  # ("any",) and ("complex",): nothing symbolic to explore
        return False
    for part in hint[1:]:
        if isinstance(part, tuple) and not _supported(part):
            return False
        if isinstance(part, list) and not all(_supported(h) for h in part):
            return False
    return True


def propose_inputs(original: str, variant: str, entry_point: str, budget_s: float,
                   memory_mb: int = 512) -> Proposal:
    """CrossHair's proposed differing inputs for the pair, within ``budget_s`` of wall clock."""
    t0 = time.monotonic()
    why = unsupported_reason(original, entry_point)  # the original's signature is the domain
    if why:
        return Proposal("skipped", note=f"CrossHair skipped: {why}")
    if not available():
        return Proposal("unavailable", note="CrossHair skipped: crosshair-tool is not installed")
    if budget_s < MIN_BUDGET_S:
        return Proposal("skipped", note=f"CrossHair skipped: budget {budget_s:g} s < {MIN_BUDGET_S} s")
    deadline = t0 + budget_s
    base = _scratch_dir()
    try:
        request = {
            "original": original, "variant": variant, "entry_point": entry_point,
            "deadline": deadline - max(REPORT_MARGIN_S, budget_s / 10),
            "workdir": os.path.join(base, "w"),
            "limits": {"memory_mb": max(memory_mb, 256), "cpu_s": math.ceil(budget_s) + 1,
                       "file_mb": 16, "max_files": 64, "max_procs": 1024},
        }
        data, timed_out = run_tool(_CHILD, request, base, deadline, MAX_REPORT,
                                   env={"PYTHONHASHSEED": "0"})
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return _parse_report(data, round(time.monotonic() - t0, 3), budget_s if timed_out else None)


_SCRATCH = "semforge-crosshair-"
_swept: set[int] = set()  # pids of processes that already removed stale directories


def _scratch_dir() -> str:
    """A fresh directory for one analysis, named after this process (see ``remove_stale``)."""
    root = default_root() or tempfile.gettempdir()
    if os.getpid() not in _swept:
        _swept.add(os.getpid())
        remove_stale(root)
    return tempfile.mkdtemp(prefix=f"{_SCRATCH}{os.getpid()}-", dir=root)


def remove_stale(root: str) -> None:
    """Delete scratch directories of verifiers killed mid-analysis (no ``finally`` ran)."""
    remove_stale_dirs(root, _SCRATCH)


def _parse_report(data: bytes, seconds: float, stopped_at: float | None) -> Proposal:
    """Proposal from the report's JSON lines: ``{"diff": [arg reprs]}`` as CrossHair found them,
    then one status line (missing when the process was killed at the budget ``stopped_at``)."""
    diffs, status = [], {}
    for line in data.split(b"\n"):
        try:
            obj = json.loads(line.decode("ascii"))
        except Exception:  # noqa: BLE001 - untrusted text; a cut last line is expected
            continue
        if isinstance(obj, dict) and isinstance(obj.get("diff"), list):
            diffs.append(obj["diff"])
        elif isinstance(obj, dict) and isinstance(obj.get("status"), str):
            status = obj
    inputs, seen, bad = [], set(), 0
    for args in diffs:
        if len(inputs) >= MAX_PROPOSALS:
            break
        try:
            parsed = [literal(a) for a in args]
        except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
            bad += 1
            continue
        key = repr(parsed)
        if key not in seen:
            seen.add(key)
            inputs.append(parsed)
    confinement = str(status.get("confinement", ""))[:200]
    kind = status.get("status")
    if kind == "done":
        how = ("all paths explored" if status.get("exhausted")
               else f"{status.get('paths', 0)} paths explored")
        note = f"CrossHair proposed {len(inputs)} input(s) ({how}, {seconds:g} s)"
    elif stopped_at is not None:
        kind = "timeout"
        note = f"CrossHair stopped at its {stopped_at:g} s budget, {len(inputs)} input(s) proposed"
    else:
        kind = "failed"
        detail = f"{status.get('status', 'ended without a report')}: {status.get('detail', '')}"
        note = f"CrossHair {detail[:120]}".rstrip(": ")
    if bad:
        note += f"; {bad} proposal(s) not plain values, ignored"
    refused = [str(v)[:60] for v in status.get("violations", [])[:3] if isinstance(v, str)]
    if refused:
        note += f"; sandbox refused {', '.join(refused)}"
    return Proposal(kind, inputs, note, seconds, confinement)


_NAMED_FLOATS = {"nan": math.nan, "inf": math.inf}


def literal(text: str):
    """A value from its ``repr``: ``ast.literal_eval`` plus ``nan``/``inf`` and ``set()``.

    Never evaluates anything else: CrossHair's report comes from a process running untrusted code.
    """
    if not isinstance(text, str) or len(text) > 4000:
        raise ValueError("not a short repr")
    return _value(ast.parse(text, mode="eval").body)


def _value(node: ast.AST):
    if isinstance(node, ast.Constant) and not isinstance(node.value, type(...)):
        return node.value
    if isinstance(node, ast.Name) and node.id in _NAMED_FLOATS:
        return _NAMED_FLOATS[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = _value(node.operand)
        if type(v) not in (int, float):
            raise ValueError("sign of a non-number")
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.List):
        return [_value(e) for e in node.elts]
    if isinstance(node, ast.Tuple):
        return tuple(_value(e) for e in node.elts)
    if isinstance(node, ast.Set):
        return {_value(e) for e in node.elts}
    if isinstance(node, ast.Dict) and None not in node.keys:
        return {_value(k): _value(v) for k, v in zip(node.keys, node.values)}
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords
            and node.func.id in ("set", "frozenset") and len(node.args) <= 1):
        kind = set if node.func.id == "set" else frozenset
        return kind(_value(node.args[0])) if node.args else kind()
    raise ValueError(f"not a plain value: {type(node).__name__}")
