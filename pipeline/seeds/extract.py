"""Self-contained function extraction from plain code (files, dataset columns of source text)."""

from __future__ import annotations

import ast
import builtins
import re
import symtable

from semforge import hazards
from semforge.record import Rejection, Seed

from .text import _utf8_reason, parse_or_reason
from .validate import _top_level_bindings, _walk_outside_scopes, validate_seed

_BUILTIN_NAMES = frozenset(n for n in dir(builtins) if not n.startswith("_")) | {"__debug__"}

# Extracted plain code is wild: these builtins and modules make a function depend on the
# filesystem, the clock, randomness or the interpreter's state, so its outputs are not a function
# of its inputs and differential testing would judge noise. Curated corpora (EvalPlus, builtin)
# are not filtered. The lists are the project's one list per hazard (semforge/hazards.py).
IMPURE_BUILTINS = hazards.IMPURE_BUILTINS
IMPURE_MODULES = hazards.IMPURE_MODULES



_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _lines(code: str) -> list[str]:
    """Source lines as the parser numbers them (``str.splitlines`` also breaks on \\f and others)."""
    parts = _LINE_BREAK.split(code)
    breaks = _LINE_BREAK.findall(code) + [""]
    return [part + brk for part, brk in zip(parts, breaks)]


def _module_scope_names(fn: ast.FunctionDef | ast.AsyncFunctionDef,
                        postponed: bool) -> tuple[set[str], set[str]]:
    """(required, optional) names a def statement reads in the module scope.

    Decorators and defaults are evaluated when the def runs: required. So are annotations,
    unless postponed (``from __future__ import annotations``) or written as strings: then they
    are never evaluated (the verifier reads hints from the syntax tree), so their names are
    optional: their imports are kept when they resolve, and nothing is lost when they do not
    (``if TYPE_CHECKING:`` imports).
    """
    args = fn.args
    every_arg = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    annotations = [a.annotation for a in every_arg if a is not None and a.annotation is not None]
    annotations += [fn.returns] if fn.returns is not None else []
    evaluated = [*fn.decorator_list, *args.defaults, *(d for d in args.kw_defaults if d is not None)]
    required = {n.id for expr in evaluated for n in ast.walk(expr) if isinstance(n, ast.Name)}
    optional: set[str] = set()
    for expr in annotations:
        for node in ast.walk(expr):
            if isinstance(node, ast.Name):
                (optional if postponed else required).add(node.id)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                try:
                    optional |= {n.id for n in ast.walk(ast.parse(node.value, mode="eval"))
                                 if isinstance(n, ast.Name)}
                except SyntaxError:
                    pass  # a string that is not an annotation expression: nothing to resolve
    return required, optional - required


def _body_globals(table: symtable.SymbolTable) -> tuple[set[str], list[str]]:
    """Module-level names the function body reads (nested scopes included), and global writes."""
    names: set[str] = set()
    problems: list[str] = []
    todo = [table]
    while todo:
        current = todo.pop()
        for sym in current.get_symbols():
            if not sym.is_global():
                continue
            if sym.is_declared_global() and sym.is_assigned():
                problems.append(f"assigns global '{sym.get_name()}'")
            if sym.is_referenced() or sym.is_assigned():
                names.add(sym.get_name())
        todo.extend(current.get_children())
    return names, problems


def _local_import_problems(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """Imports inside the body bind local names, so scope analysis alone would let them pass."""
    problems = []
    for node in ast.walk(fn):
        if isinstance(node, ast.ImportFrom) and node.level:
            problems.append("imports relatively inside its body")
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = ([a.name for a in node.names] if isinstance(node, ast.Import)
                       else [node.module or ""])
            for module_name in modules:
                if module_name.split(".")[0] in IMPURE_MODULES:
                    problems.append(f"imports module '{module_name.split('.')[0]}' "
                                    "(I/O, clock, randomness or interpreter state)")
    return problems


_MUTABLE_DEFAULTS = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp, ast.Call)


def _state_problems(fn: ast.FunctionDef | ast.AsyncFunctionDef, global_names: set[str]) -> list[str]:
    """State that outlives a call makes results depend on earlier calls: a mutable default
    (``cache={}``), or attributes set on a module-level object (``f.calls += 1``, ``math.pi = 3``)."""
    problems = []
    defaults = [*fn.args.defaults, *(d for d in fn.args.kw_defaults if d is not None)]
    if any(isinstance(d, _MUTABLE_DEFAULTS) for d in defaults):
        problems.append("has a mutable default argument (state kept between calls)")
    for node in ast.walk(fn):
        if (isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del))
                and isinstance(node.value, ast.Name) and node.value.id in global_names):
            problems.append(f"sets an attribute of module-level '{node.value.id}'")
    return problems


def _is_generator(fn: ast.FunctionDef) -> bool:
    return any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in _walk_outside_scopes(fn))


def extract_functions(code: str, source: str, source_id_prefix: str) -> list[Seed | Rejection]:
    """Every top-level function of ``code`` that is self-contained, as a validated seed (see
    ``_extract``); a module too deep for the analysis is one Rejection, never an exception."""
    try:
        return _extract(code, source, source_id_prefix)
    except (RecursionError, MemoryError):
        return [Rejection(source, source_id_prefix, "invalid source: too deeply nested to analyse")]


def _extract(code: str, source: str, source_id_prefix: str) -> list[Seed | Rejection]:
    """Every top-level function of ``code`` that is self-contained, as a validated seed.

    A function is self-contained when each name it takes from the module is a builtin, a name
    bound by a top-level import (the import line is kept), a constant bound once to an immutable
    literal (``MOD = 10 ** 9 + 7``; the line is kept) or another top-level function (its source
    is kept too, in file order). ``source_id`` is ``"<prefix>::<name>"``; inputs are empty
    (the verifier generates them from type hints). Functions using I/O, clocks or randomness
    (``IMPURE_BUILTINS``, ``IMPURE_MODULES``), mutable or computed globals, classes, names bound twice
    come back as Rejections; a module that does not parse or has no function is one Rejection.
    """

    def reject(source_id: str, reason: str) -> Rejection:
        return Rejection(source=source, source_id=source_id, reason=reason)

    if reason := _utf8_reason(code):
        return [reject(source_id_prefix, reason)]
    # The tokenizer reads \r\n and \r as \n, even inside string literals, so normalising them
    # changes nothing and keeps the pieces we join from mixing line endings.
    code = code.replace("\r\n", "\n").replace("\r", "\n")
    module, reason = parse_or_reason(code)
    if reason:
        return [reject(source_id_prefix, reason)]
    if not module.body:
        return [reject(source_id_prefix, "empty file")]
    defs = [s for s in module.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not defs:
        return [reject(source_id_prefix, "no top-level function")]
    try:
        top = symtable.symtable(code, "<seed>", "exec")
    except (SyntaxError, RecursionError, MemoryError) as err:  # errors only the compiler finds
        return [reject(source_id_prefix, f"invalid source: {str(err).splitlines()[0]}")]
    tables = {(t.get_name(), t.get_lineno()): t for t in top.get_children()}

    bindings = _top_level_bindings(module)
    star = next((s for s in module.body if isinstance(s, ast.ImportFrom)
                 and any(a.name == "*" for a in s.names)), None)
    futures = [s for s in module.body if isinstance(s, ast.ImportFrom) and s.module == "__future__"]
    # A name is usable only when exactly one top-level statement binds it, so the extracted code
    # sees the very object the function saw in its file.
    functions = {n: b[0] for n, b in bindings.items() if len(b) == 1 and b[0] in defs}
    imports = {n: b[0] for n, b in bindings.items() if len(b) == 1
               and isinstance(b[0], (ast.Import, ast.ImportFrom)) and b[0] in module.body
               and b[0] not in futures}
    constants = {n: b[0] for n, b in bindings.items()
                 if len(b) == 1 and b[0] in module.body and _is_constant(b[0])}

    postponed = any(a.name == "annotations" for s in futures for a in s.names)

    def direct_needs(fn) -> tuple[set[str], set[tuple[ast.stmt, ast.alias | None]], list[str]]:
        """(helper function names, (import statement, alias) and (constant, None) pairs,
        problems) of one def."""
        names, problems = _body_globals(tables[(fn.name, fn.lineno)])
        required, optional = _module_scope_names(fn, postponed)
        names |= required
        problems += _local_import_problems(fn) + _state_problems(fn, names)
        helpers: set[str] = set()
        used: set[tuple[ast.stmt, ast.alias | None]] = set()
        for name in sorted(optional - names):  # kept when harmless, else left unresolved
            if name in constants:
                used.add((constants[name], None))
            elif name in imports and not _import_problem(name, imports[name]):
                used.add((imports[name], _alias_of(name, imports[name])))
        for name in sorted(names):
            if name in functions:
                helpers.add(name)
            elif name in constants:
                used.add((constants[name], None))
            elif name in imports:
                if problem := _import_problem(name, imports[name]):
                    problems.append(problem)
                used.add((imports[name], _alias_of(name, imports[name])))
            elif name in bindings:
                problems.append(f"uses top-level name '{name}', which is not a function, an import "
                                "or a constant" if len(bindings[name]) == 1 else
                                f"uses '{name}', which is bound more than once at top level")
            elif star is not None:
                problems.append(f"uses '{name}', which may come from 'from {star.module} import *'")
            elif name in IMPURE_BUILTINS:
                problems.append(f"uses impure builtin '{name}'")
            elif name not in _BUILTIN_NAMES:
                problems.append(f"uses undefined name '{name}'")
        return helpers, used, problems

    needs = {name: direct_needs(fn) for name, fn in functions.items()}
    lines = _lines(code)
    out: list[Seed | Rejection] = []
    for fn in defs:
        source_id = f"{source_id_prefix}::{fn.name}"
        if isinstance(fn, ast.AsyncFunctionDef):
            out.append(reject(source_id, f"'{fn.name}' is an async function"))
            continue
        if fn.name not in functions:
            out.append(reject(source_id, f"'{fn.name}' is bound more than once at top level"))
            continue
        if _is_generator(fn):
            out.append(reject(source_id, f"'{fn.name}' is a generator function"))
            continue
        # Close over helper functions, collecting their imports and problems.
        closure, stmts, problems = {fn.name}, set(), []
        todo = [fn.name]
        while todo:
            name = todo.pop()
            helpers, imported, issues = needs[name]
            stmts |= imported
            prefix = "" if name == fn.name else f"helper '{name}' "
            problems += [prefix + issue for issue in issues]
            for helper in sorted(helpers - closure):
                closure.add(helper)
                todo.append(helper)
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            out.append(reject(source_id, f"not self-contained: {problems[0]}{more}"))
            continue
        parts = [s for s in module.body if s in futures or (s in defs and s.name in closure)
                 or any(s is stmt for stmt, _ in stmts)]
        aliases = [alias for _, alias in stmts if alias is not None]
        out.append(validate_seed(Seed(
            source=source,
            source_id=source_id,
            entry_point=fn.name,
            code=_join_statements(parts, aliases, lines),
        )))
    return out


def _alias_of(name: str, stmt: ast.Import | ast.ImportFrom) -> ast.alias:
    """The alias of an import statement that binds ``name``."""
    return next(a for a in stmt.names if (a.asname or a.name.split(".")[0]) == name)


def _import_problem(name: str, stmt: ast.Import | ast.ImportFrom) -> str | None:
    """Why a name bound by this top-level import cannot go into a seed, if it cannot."""
    if isinstance(stmt, ast.ImportFrom) and stmt.level:
        return f"uses '{name}' from a relative import"
    module_name = _alias_of(name, stmt).name if isinstance(stmt, ast.Import) else stmt.module or ""
    root = module_name.split(".")[0]
    if root in IMPURE_MODULES:
        return f"uses module '{root}' (I/O, clock, randomness or interpreter state)"
    return None


def _is_constant(stmt: ast.stmt) -> bool:
    """``NAME = <immutable literal>``: numbers, strings, bytes, None, tuples of those, and
    arithmetic on them (``MOD = 10 ** 9 + 7``). Such a value cannot be changed in place, so
    copying the line gives the function exactly what it saw in its file."""
    return (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name) and _immutable_literal(stmt.value))


def _immutable_literal(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Tuple):
        return all(_immutable_literal(item) for item in node.elts)
    if isinstance(node, ast.UnaryOp):
        return _immutable_literal(node.operand)
    if isinstance(node, ast.BinOp):
        return _immutable_literal(node.left) and _immutable_literal(node.right)
    return False


def _join_statements(stmts: list[ast.stmt], aliases: list[ast.alias], lines: list[str]) -> str:
    """Source of top-level statements in file order: imports, each trimmed to the ``aliases``
    used (``import math, os`` -> ``import math``); constants; then each def verbatim
    (decorators and comments included), separated by two blank lines."""
    imports: list[str] = []
    constants: list[str] = []
    defs: list[str] = []
    for stmt in stmts:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            kept = stmt.names if isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__" \
                else [a for a in stmt.names if any(a is b for b in aliases)]
            trimmed = (ast.Import(names=kept) if isinstance(stmt, ast.Import)
                       else ast.ImportFrom(module=stmt.module, names=kept, level=stmt.level))
            imports.append(ast.unparse(trimmed) + "\n")
        elif isinstance(stmt, ast.Assign):  # unparsed: its line may hold other statements
            constants.append(ast.unparse(stmt) + "\n")
        else:
            start = min([stmt.lineno] + [d.lineno for d in stmt.decorator_list])
            defs.append("".join(lines[start - 1:stmt.end_lineno]).rstrip() + "\n")
    blocks = ["".join(imports)] * bool(imports) + ["".join(constants)] * bool(constants)
    return "\n\n".join(blocks + defs)
