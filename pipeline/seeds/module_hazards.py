"""What keeps a function or method of a loaded module from being a seed, read from the source.

In its module a def may use anything the module binds (helpers, constants, regexes, classes):
that is what loading the module is for. What still disqualifies it is behaviour that is not a
function of its inputs, or that the sandbox cannot give it: I/O, the clock, randomness, the
interpreter's state (``semforge.hazards``), a global it assigns, a mutable default (state kept
between calls). A module imported for a pure part of it is fine: ``os.path.join``,
``sys.maxsize``, ``warnings.warn``, ``datetime`` arithmetic, ``threading.RLock`` (the allowlist
below). Hazards are followed through the module's own calls: a function that calls a helper
that reads the clock reads the clock.
"""

from __future__ import annotations

import ast
import symtable
from dataclasses import dataclass, field

from semforge import hazards

from .units import Unit
from .validate import _top_level_bindings

# Pure parts of modules that are otherwise I/O, clock or interpreter state; None: all of it
# (the clock's entry points are caught as nondeterministic attributes).
PURE_PARTS: dict[str, frozenset[str] | None] = {
    "sys": frozenset({"maxsize", "maxunicode", "version_info", "hexversion", "byteorder",
                      "float_info", "int_info", "implementation", "stdout", "stderr",
                      "version", "float_repr_style"}),
    "os": frozenset({"path", "sep", "linesep", "pathsep", "curdir", "pardir", "extsep",
                     "altsep", "name", "fspath", "PathLike", "devnull"}),
    "os.path": frozenset({"join", "basename", "dirname", "split", "splitext", "normpath",
                          "normcase", "isabs", "commonprefix", "commonpath", "splitdrive",
                          "sep"}),
    "datetime": None,
    "warnings": frozenset({"warn", "catch_warnings", "simplefilter"}),
    "types": None,
    "logging": None,
    "weakref": None,
    "inspect": frozenset({"signature", "Signature", "Parameter", "isclass", "isfunction",
                          "ismethod", "isbuiltin", "isroutine", "isgeneratorfunction",
                          "iscoroutinefunction", "isgenerator", "isabstract", "getmro",
                          "getfullargspec", "unwrap", "cleandoc", "getdoc", "ismodule",
                          "isdatadescriptor", "ismethoddescriptor", "getattr_static",
                          "_empty", "_signature_from_callable", "BoundArguments"}),
    "threading": frozenset({"Lock", "RLock", "local"}),
    "io": frozenset({"StringIO", "BytesIO", "UnsupportedOperation"}),
}
NONDETERMINISTIC_ATTRIBUTES = hazards.NONDETERMINISTIC_ATTRIBUTES | {"utcnow"}
_MUTABLE_DEFAULTS = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)


@dataclass
class ModuleFacts:
    """What the module binds at top level, and its defs' direct hazards."""

    bindings: dict[str, list[ast.stmt]]
    imports: dict[str, str]  # name -> the module it is, or comes from ("os", "os.path")
    imported_names: dict[str, str]  # name -> "module.name" for `from module import name`
    problems: dict[int, list[str]] = field(default_factory=dict)  # id(def node) -> hazards
    calls: dict[int, set[str]] = field(default_factory=dict)  # id(def node) -> callee keys


def module_facts(module: ast.Module) -> ModuleFacts:
    bindings = _top_level_bindings(module)
    imports: dict[str, str] = {}
    imported_names: dict[str, str] = {}
    todo = list(module.body)
    while todo:  # top-level statements, and those of if/try/with blocks (not defs or classes)
        stmt = todo.pop(0)
        if isinstance(stmt, ast.Import):
            for a in stmt.names:
                imports[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
        elif isinstance(stmt, ast.ImportFrom) and not stmt.level and stmt.module:
            for a in stmt.names:
                if a.name != "*":
                    imported_names[a.asname or a.name] = f"{stmt.module}.{a.name}"
        elif not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            todo.extend(s for s in ast.iter_child_nodes(stmt) if isinstance(s, ast.stmt))
            todo.extend(h for h in getattr(stmt, "handlers", []))
    return ModuleFacts(bindings, imports, imported_names)


def _impure_module(dotted: str) -> bool:
    return dotted.split(".")[0] in hazards.IMPURE_MODULES


def _pure_use(module: str, chain: list[str]) -> bool:
    """Whether ``module.chain[0].chain[1]...`` only reaches a pure part (PURE_PARTS)."""
    while True:
        allowed = PURE_PARTS.get(module, frozenset())
        if allowed is None:
            return True
        if not chain or chain[0] not in allowed:
            return False
        if f"{module}.{chain[0]}" in PURE_PARTS and len(chain) > 1:
            module, chain = f"{module}.{chain[0]}", chain[1:]
            continue
        return True


def _attribute_chains(fn: ast.AST, name: str) -> list[list[str]]:
    """For each load of ``name`` in ``fn``: the attributes read from it, outermost last."""
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(fn):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    chains = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load):
            chain, current = [], node
            while isinstance(parents.get(id(current)), ast.Attribute):
                current = parents[id(current)]
                chain.append(current.attr)
            chains.append(chain)
    return chains


def direct_problems(unit: Unit, table: symtable.SymbolTable | None,
                    facts: ModuleFacts) -> list[str]:
    """Hazards of one def itself (not of what it calls)."""
    fn = unit.node
    problems: list[str] = []
    names: set[str] = set()
    todo = [table] if table is not None else []
    while todo:
        current = todo.pop()
        for sym in current.get_symbols():
            if not sym.is_global():
                continue
            if sym.is_declared_global() and sym.is_assigned():
                problems.append(f"assigns global '{sym.get_name()}'")
            if sym.is_referenced():
                names.add(sym.get_name())
        todo.extend(current.get_children())
    for node in [*fn.decorator_list, *fn.args.defaults, *(d for d in fn.args.kw_defaults if d)]:
        names |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    for name in sorted(names):
        if name in facts.imports and _impure_module(facts.imports[name]):
            module = facts.imports[name]
            if not all(_pure_use(module, chain) for chain in _attribute_chains(fn, name)):
                problems.append(f"uses module '{module.split('.')[0]}' (I/O, clock, randomness "
                                "or interpreter state)")
        elif name in facts.imported_names and name not in facts.imports:
            origin, _, attr = facts.imported_names[name].rpartition(".")
            if _impure_module(origin) and not _pure_use(origin, [attr]):
                problems.append(f"uses '{name}' from module '{origin.split('.')[0]}' (I/O, clock, "
                                "randomness or interpreter state)")
        elif name in hazards.IMPURE_BUILTINS and name not in facts.bindings:
            problems.append(f"uses impure builtin '{name}'")
    for node in ast.walk(fn):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = ([a.name for a in node.names] if isinstance(node, ast.Import)
                    else [node.module or ""] if not node.level else [])
            for mod in mods:
                if _impure_module(mod) and mod not in PURE_PARTS:
                    problems.append(f"imports module '{mod.split('.')[0]}' (I/O, clock, "
                                    "randomness or interpreter state)")
        elif isinstance(node, ast.Attribute) and node.attr in NONDETERMINISTIC_ATTRIBUTES:
            problems.append(f"is nondeterministic (reads '.{node.attr}')")
        elif isinstance(node, ast.Name) and node.id in hazards.NONDETERMINISTIC_BUILTINS \
                and node.id not in facts.bindings:
            problems.append(f"is nondeterministic (uses '{node.id}')")
    defaults = [*fn.args.defaults, *(d for d in fn.args.kw_defaults if d is not None)]
    if any(isinstance(d, _MUTABLE_DEFAULTS) for d in defaults):
        problems.append("has a mutable default argument (state kept between calls)")
    return list(dict.fromkeys(problems))


def callees(unit: Unit) -> set[str]:
    """Keys of the module's defs this def may call: ``name`` for a module-level function or
    class (its constructor), ``Class.name`` for ``self.name(...)``/``cls.name(...)``."""
    found: set[str] = set()
    owner = unit.qualname.rpartition(".")[0]
    for node in ast.walk(unit.node):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name):
            found.add(f.id)
        elif (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
              and f.value.id in ("self", "cls") and owner):
            found.add(f"{owner}.{f.attr}")
    return found


def reachable_problems(units: list[Unit], direct: dict[int, list[str]]) -> dict[int, list[str]]:
    """Each def's hazards, its own first, then those of the defs it reaches through calls
    (``calls 'helper', which uses module 'time' ...``)."""
    by_key: dict[str, list[Unit]] = {}
    for u in units:
        by_key.setdefault(u.qualname, []).append(u)
        if u.name == "__init__" and u.classes:  # calling a class runs its constructor
            by_key.setdefault(u.qualname.rpartition(".")[0], []).append(u)
    graph = {id(u.node): callees(u) for u in units}
    out: dict[int, list[str]] = {}
    for u in units:
        own = list(direct.get(id(u.node), []))
        if own:
            out[id(u.node)] = own
            continue
        seen, todo, found = {id(u.node)}, [(k, k) for k in sorted(graph[id(u.node)])], None
        while todo and found is None:
            key, first_step = todo.pop(0)
            for target in by_key.get(key, []):
                if id(target.node) in seen:
                    continue
                seen.add(id(target.node))
                issues = direct.get(id(target.node))
                if issues:
                    found = f"calls '{first_step}', which reaches '{target.qualname}': {issues[0]}"
                    break
                todo.extend((k, first_step) for k in sorted(graph[id(target.node)]))
        out[id(u.node)] = [found] if found else []
    return out


def def_tables(code: str) -> dict[tuple[str, int], symtable.SymbolTable]:
    """Symbol tables of every function outside a function, by (name, line of the def)."""
    found: dict[tuple[str, int], symtable.SymbolTable] = {}
    todo = [symtable.symtable(code, "<module>", "exec")]
    while todo:
        table = todo.pop()
        for child in table.get_children():
            if child.get_type() == "function":
                found.setdefault((child.get_name(), child.get_lineno()), child)
            elif child.get_type() == "class":
                todo.append(child)
    return found
