"""Seeds from real code: every function and method of a module, run in its module.

Each def outside a function (``units.find_units``) becomes a seed or a rejection with its
reason. A top-level function that needs nothing but builtins, imports, literal constants and
other such functions stays a self-contained seed (``extract_functions``: its ``code`` holds all
it uses). Every other def is a seed *in its module*: ``code`` is the def's own text (a method's
dedented), and ``context`` (``ModuleContext``) says where it lives: the package directory,
the module's name and text, the def's lines, its kind and, for a method, the class's
constructor signature. The verifier loads the module in the sandbox with the def as it is, and
in a separate load with the variant swapped in for it (``sandbox.modules``).

What disqualifies a def (``module_hazards``): I/O, clock, randomness or interpreter state, in
itself or in what it calls; a global it assigns; a mutable default; a body with nothing to
compare (``pass``, ``raise NotImplementedError``, abstract methods). What loading the module
tells (``survey``): a module that does not load in the sandbox is one rejection for all its
defs; a def whose name is bound to something else once loaded (a C accelerator, a later def)
is not what runs.

The seed's inputs are its examples: calls recorded while the project's tests ran, and doctest
examples (``carve``), as positional arguments; for a method, the constructor's arguments
first, as one tuple (the verifier builds the instance with them, then calls the method).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from semforge.record import ModuleContext, Rejection, Seed

from .doctests import doctest_calls
from .extract import _lines, extract_functions
from .inputs import MAX_INPUT_JSON_CHARS
from .module_hazards import def_tables, direct_problems, module_facts, reachable_problems
from .packages import ModuleIdentity, PackageInfo, module_identity
from .survey import survey_module
from .text import _utf8_reason, parse_or_reason
from .units import Unit, find_units, is_stub, unit_source
from .validate import validate_seed

_METHODS = ("method", "generator-method", "property", "setter")


class ModuleCorpus:
    """What every file of one corpus shares: package name and version, the corpus digest,
    and the inputs carved from the project's tests (``{relpath: {qualname: [calls]}}``)."""

    def __init__(self, package: PackageInfo, digest: str,
                 carved: dict[str, dict[str, list[dict]]] | None = None,
                 max_inputs: int = 64):
        self.package = package
        self.digest = digest
        self.carved = carved or {}
        self.max_inputs = max_inputs


def extract_in_module(code: str, source: str, relpath: str, path: Path,
                      corpus: ModuleCorpus) -> list[Seed | Rejection]:
    """Every function and method of one file, each a Seed or a Rejection (see the module
    docstring); never raises for a bad file."""
    try:
        return _extract(code, source, relpath, path, corpus)
    except (RecursionError, MemoryError):
        return [Rejection(source, relpath, "invalid source: too deeply nested to analyse")]


def _extract(code: str, source: str, relpath: str, path: Path,
             corpus: ModuleCorpus) -> list[Seed | Rejection]:
    if reason := _utf8_reason(code):
        return [Rejection(source, relpath, reason)]
    code = code.replace("\r\n", "\n").replace("\r", "\n")
    module, reason = parse_or_reason(code)
    if reason:
        return [Rejection(source, relpath, reason)]
    units = find_units(module)
    if not units:
        return [Rejection(source, relpath, "no function or method")]  # covers none
    identity = module_identity(path)
    if identity is None:  # not importable: only self-contained functions can be seeds
        out = [item for item in extract_functions(code, source, relpath)
               if not (isinstance(item, Rejection) and item.source_id == relpath)]
        named = {item.source_id for item in out}
        for item in out:
            if isinstance(item, Rejection):
                item.covers = 1
        out += [Rejection(source, f"{relpath}::{u.qualname}", f"not importable: '{path.name}' "
                          "is not in a module with an importable name", covers=1)
                for u in units if f"{relpath}::{u.qualname}" not in named]
        return out
    facts = module_facts(module)
    try:
        tables = def_tables(code)
    except (SyntaxError, RecursionError, MemoryError) as err:
        return [Rejection(source, relpath, f"invalid source: {str(err).splitlines()[0]}")]
    direct = {id(u.node): direct_problems(u, tables.get((u.name, u.node.lineno)), facts)
              for u in units}
    problems = reachable_problems(units, direct)
    self_contained = {s.entry_point: s for s in extract_functions(code, source, relpath)
                      if isinstance(s, Seed)}
    lines = _lines(code)
    counts: dict[str, int] = {}
    for u in units:
        counts[u.qualname] = counts.get(u.qualname, 0) + 1
    made = _Maker(code, source, relpath, identity, corpus, lines)

    out: list[Seed | Rejection | Unit] = []
    for u in units:
        reason = _static_reason(u, problems, units)
        if reason:
            out.append(made.reject(u, reason))
        elif (u.kind == "function" and not u.conditional and counts[u.qualname] == 1
              and u.name in self_contained):
            out.append(made.self_contained(u, self_contained[u.name]))
        else:
            out.append(u)  # needs its module: decided after the survey
    pending = [u for u in out if isinstance(u, Unit)]
    if pending:
        survey = survey_module(str(identity.root), identity.name, code, str(path.resolve()),
                               corpus.digest, [(u.qualname, u.first) for u in pending])
        if survey.load is not None:
            # One rejection for the module, not one per def: the reason is the module's.
            kept = [item for item in out if not isinstance(item, Unit)]
            return kept + [Rejection(source, relpath, f"module does not load in the sandbox: "
                                     f"{survey.load} ({len(pending)} functions and methods)",
                                     covers=len(pending))]
        out = [made.in_module(u, survey.of(u.qualname, u.first)) if isinstance(u, Unit) else u
               for u in out]
    return out  # type: ignore[return-value]


def _static_reason(u: Unit, problems: dict[int, list[str]], units: list[Unit]) -> str | None:
    if u.kind == "async":
        return f"'{u.name}' is an async function"
    if stub := is_stub(u.node):
        return f"stub: {stub}"
    if problems.get(id(u.node)):
        return f"hazard: {problems[id(u.node)][0]}"
    if u.kind in _METHODS:
        owner = u.qualname.rpartition(".")[0]
        for other in units:
            if other.qualname == f"{owner}.__init__" and problems.get(id(other.node)):
                return (f"hazard: the constructor of '{owner}' "
                        f"{problems[id(other.node)][0]}")
    return None


class _Maker:
    """Builds the seeds and rejections of one file."""

    def __init__(self, code: str, source: str, relpath: str, identity: ModuleIdentity,
                 corpus: ModuleCorpus, lines: list[str]):
        self.code, self.source, self.relpath = code, source, relpath
        self.identity, self.corpus, self.lines = identity, corpus, lines
        self.carved = corpus.carved.get(relpath, {})

    def reject(self, u: Unit, reason: str) -> Rejection:
        return Rejection(self.source, f"{self.relpath}::{u.qualname}", reason, covers=1)

    def context(self, u: Unit, kind: str, needs_module: bool,
                init: list | None = None) -> ModuleContext:
        return ModuleContext(
            module=self.identity.name, qualname=u.qualname, kind=kind, path=self.relpath,
            package=self.corpus.package.name, version=self.corpus.package.version,
            digest=self.corpus.digest, root=str(self.identity.root),
            source=self.code if needs_module else "", span=(u.first, u.last),
            needs_module=needs_module,
            init=[dict(zip(("name", "kind", "has_default", "default", "annotation"), p))
                  for p in init] if init is not None else None)

    def self_contained(self, u: Unit, seed: Seed) -> Seed | Rejection:
        seed.context = self.context(u, "function", needs_module=False)
        seed.inputs = self.inputs(u, "function")
        return _covering(validate_seed(seed))

    def in_module(self, u: Unit, answer: list) -> Seed | Rejection:
        status = answer[0] if answer else "error"
        if status != "ok":
            detail = answer[1] if len(answer) > 1 else "no answer"
            what = {"missing": "not bound once loaded", "replaced": "not what runs"}.get(
                status, "survey failed")
            return self.reject(u, f"{what}: {detail}")
        info: dict[str, Any] = answer[1]
        kind = u.kind
        if info.get("generator") and kind in ("function", "method"):
            kind = "generator" if kind == "function" else "generator-method"
        if kind in _METHODS + ("constructor",):
            owner = u.qualname.rpartition(".")[0]
            if info.get("abstract"):
                return self.reject(u, f"abstract class: '{owner}' cannot be instantiated")
            if info.get("init") is None and not any(
                    c.get("init") is not None for c in self.carved.get(u.qualname, [])):
                return self.reject(u, f"no instance: the constructor of '{owner}' has no "
                                   "signature to read and the tests build none")
        seed = Seed(source=self.source, source_id=f"{self.relpath}::{u.qualname}",
                    entry_point=u.name, code=unit_source(u, self.lines),
                    context=self.context(u, kind, True, info.get("init")))
        seed.inputs = self.inputs(u, kind)
        return _covering(validate_seed(seed))

    def inputs(self, u: Unit, kind: str) -> list[list]:
        """The seed's examples in its calling convention (see the module docstring): calls
        the tests made, then doctest examples; distinct, within the size cap, at most
        ``max_inputs``."""
        owner = f"{self.identity.name}.{u.qualname.rpartition('.')[0]}"
        candidates = [args for call in self.carved.get(u.qualname, [])
                      if (args := _call_args(u, kind, call, owner)) is not None]
        if kind in ("function", "generator", "staticmethod"):
            candidates += doctest_calls(ast.get_docstring(u.node, clean=False), {u.name})
        out, seen = [], set()
        for args in candidates:
            key = repr(args)
            if key in seen or len(key) > MAX_INPUT_JSON_CHARS:
                continue
            seen.add(key)
            out.append(args)
            if len(out) >= self.corpus.max_inputs:
                break
        return out


def _covering(item: Seed | Rejection) -> Seed | Rejection:
    if isinstance(item, Rejection):
        item.covers = 1
    return item


def _call_args(u: Unit, kind: str, call: dict, owner: str) -> list | None:
    """One recorded call as the seed's positional arguments, or None when it cannot be one:
    a keyword-only argument away from its literal default, a first argument that could not be
    copied, a method called on an instance of another class or not built by its constructor."""
    defaults = {a.arg: d for a, d in zip(u.node.args.kwonlyargs, u.node.args.kw_defaults)}
    for name, value in (call.get("kw") or {}).items():
        default = defaults.get(name)
        try:
            if default is None or ast.literal_eval(default) != value:
                return None
        except (ValueError, SyntaxError, TypeError):
            return None
    rest = list(call.get("rest") or [])
    if kind in _METHODS:
        if call.get("init") is None or call.get("self_type") != owner:
            return None
        return [tuple(call["init"]), *rest]
    if kind in ("classmethod", "constructor"):
        return rest
    if call.get("first") is None:
        n_positional = len(u.node.args.posonlyargs) + len(u.node.args.args)
        return rest if n_positional == 0 and not rest else None
    return [*call["first"], *rest]
