"""A module loaded once in the sandbox, to learn what its defs are once it has run.

The syntax tree says where each def is; only loading the module says what is bound at the
end: a def can be replaced (``heapq``'s functions by ``_heapq``'s), wrapped by a decorator
(``functools.lru_cache``, ``toolz.curry``), bound twice or under a branch that never runs, and a
class's constructor may come from a base class, a dataclass or a builtin. The survey loads the
module in a sandboxed child, exactly as the verifier will (``sandbox.modules``), and for each
def reports whether the object bound under its name leads to that def's code (through
``__wrapped__``, ``__func__``, ``func``, ``fget``...), whether it is a generator function and, for a
method, the class's constructor signature. A module that does not load is one reason for all
its defs.

Results are cached on disk (``cache_dir()``), keyed by everything they depend on, so the driver
and the workers of a run read the same answer for the same file.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from semforge import __version__

LOAD_TIMEOUT_S = 20.0

_SURVEY = '''
def __semforge_survey__(units):
    import inspect
    import json
    import types

    compiled = COMPILED_NAME

    def find(obj, first):
        todo, seen = [(obj, [])], set()
        while todo:
            x, path = todo.pop(0)
            if id(x) in seen or len(path) > 4:
                continue
            seen.add(id(x))
            if isinstance(x, types.FunctionType):
                code = x.__code__
                if code.co_filename == compiled and code.co_firstlineno == first:
                    return path, x
            for attr in ("__wrapped__", "__func__", "func", "fget", "fset", "fdel"):
                try:
                    todo.append((getattr(x, attr), path + [attr]))
                except BaseException:
                    pass
        return None

    def constructor(cls):
        try:
            sig = inspect.signature(cls)
        except BaseException:
            return None
        params = []
        for p in sig.parameters.values():
            ann = p.annotation
            if ann is p.empty:
                ann = None
            elif not isinstance(ann, str):
                ann = inspect.formatannotation(ann)
            has_default = p.default is not p.empty
            params.append([p.name, p.kind.name, has_default,
                           repr(p.default)[:300] if has_default else None, ann])
        return params

    def one(qualname, first):
        parts = qualname.split(".")
        owner = module
        for part in parts[:-1]:
            space = module.__dict__ if owner is module else vars(owner)
            owner = space.get(part)
            if not isinstance(owner, type):
                return ["missing", "'" + part + "' is not a class once the module has loaded"]
        space = module.__dict__ if owner is module else vars(owner)
        if parts[-1] not in space:
            return ["missing", "'" + qualname + "' is not bound once the module has loaded"]
        raw = space[parts[-1]]
        found = find(raw, first)
        if found is None:
            t = type(raw)
            return ["replaced", "'" + qualname + "' is bound to another object once the module "
                    "has loaded (" + str(t.__module__) + "." + t.__qualname__ + ")"]
        path, fn = found
        info = {"via": path, "bound": type(raw).__qualname__,
                "generator": bool(inspect.isgeneratorfunction(fn))}
        if owner is not module:
            info["abstract"] = bool(inspect.isabstract(owner))
            info["init"] = constructor(owner)
        return ["ok", info]

    out = []
    for qualname, first in units:
        try:
            out.append(one(qualname, first))
        except BaseException as exc:
            out.append(["error", type(exc).__name__ + ": " + str(exc)[:200]])
    return json.dumps(out)
'''


@dataclass
class Survey:
    """What loading a module told: ``load`` is None when it loaded, else why not; ``units``
    maps ``"qualname@first_line"`` to ``["ok", info]``, ``["missing"|"replaced"|"error",
    reason]``."""

    load: str | None
    units: dict[str, list] = field(default_factory=dict)

    def of(self, qualname: str, first: int) -> list:
        return self.units.get(f"{qualname}@{first}", ["error", "not surveyed"])


def cache_dir() -> Path:
    """Where surveys and carved inputs are kept: ``$SEMFORGE_CACHE_DIR``, else
    ``~/.cache/semforge``."""
    base = os.environ.get("SEMFORGE_CACHE_DIR") or os.path.join(
        os.path.expanduser("~"), ".cache", "semforge")
    return Path(base)


def cached_json(kind: str, key: Any, make) -> Any:
    """``make()``'s JSON result, computed once per ``key`` and kept under ``cache_dir()/kind``."""
    digest = hashlib.sha256(json.dumps([__version__, key], sort_keys=True,
                                       default=str).encode()).hexdigest()[:32]
    path = cache_dir() / kind / f"{digest}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        pass
    value = make()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(value), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only cache costs time, never correctness
    return value


def survey_module(root: str, module: str, source: str, path: str, corpus_digest: str,
                  units: list[tuple[str, int]]) -> Survey:
    """The survey of one module (cached; see the module docstring)."""
    key = ["survey", root, module, path, hashlib.sha256(source.encode("utf-8", "surrogatepass"))
           .hexdigest(), corpus_digest, units]
    data = cached_json("surveys", key, lambda: _run_survey(root, module, source, path, units))
    return Survey(data.get("load"), data.get("units", {}))


def _run_survey(root: str, module: str, source: str, path: str,
                units: list[tuple[str, int]]) -> dict:
    from semforge.sandbox import Limits, shared_sandbox
    from semforge.sandbox.modules import compiled_name, module_program

    body = _SURVEY.replace("COMPILED_NAME", repr(compiled_name(module)))
    program = module_program(root, module, source, path, body)
    sandbox = shared_sandbox(Limits(timeout_s=LOAD_TIMEOUT_S, load_timeout_s=LOAD_TIMEOUT_S,
                                    hash_seed=0))
    with sandbox.open(program, "__semforge_survey__") as session:
        load = session.load
        if load.get("kind") != "return":
            return {"load": load_failure(load)}
        out = session.call([[list(u) for u in units]])
    if out.get("kind") != "return" or not isinstance(out.get("value"), list) \
            or out["value"][0] != "str":
        return {"load": f"the survey of the loaded module failed ({out.get('kind')}: "
                        f"{out.get('exc_type') or out.get('reason')})"}
    try:
        answers = json.loads(out["value"][1])
    except ValueError:
        return {"load": "the survey of the loaded module returned no JSON"}
    if not isinstance(answers, list) or len(answers) != len(units):
        return {"load": "the survey of the loaded module returned a malformed answer"}
    return {"load": None, "units": {f"{q}@{first}": a for (q, first), a in zip(units, answers)}}


def load_failure(load: dict) -> str:
    """One line saying why a module did not load in the sandbox."""
    kind = load.get("kind")
    if kind == "load_error":
        what = f"{load.get('exc_type')}: {(load.get('exc_msg') or '').strip()}"
        what = what.splitlines()[0][:160] if what.strip() else "error"
        refused = load.get("reason") or ""
        if refused.startswith("sandbox refused"):
            what += f" ({refused.split(';')[0][:120]})"
        return what
    if kind == "timeout":
        return f"loading took more than {LOAD_TIMEOUT_S:g} s"
    return f"the sandbox child {kind} while loading ({(load.get('reason') or '')[:120]})"
