"""Names: every identifier of a tree, fresh names, names bound or read by a node.

Rules decide *when they may fire* with these helpers, so each one errs on the side of "don't
know" (which makes a rule bail out) rather than "safe". Nothing here mutates a node.
"""

from __future__ import annotations

import builtins
import random
from typing import Iterable

import libcst as cst
import libcst.matchers as m

BUILTIN_NAMES = frozenset(dir(builtins))


class _Collector(cst.CSTVisitor):
    """Visit a tree, optionally without descending into nested functions, lambdas and classes."""

    def __init__(self, root: cst.CSTNode, nested: bool) -> None:
        super().__init__()
        self.root = root
        self.nested = nested

    def _enter(self, node: cst.CSTNode) -> bool:
        return self.nested or node is self.root

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return self._enter(node)

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return self._enter(node)

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return self._enter(node)


class _Identifiers(cst.CSTVisitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        # String annotations ("Foo") and __all__ entries name things too; be conservative.
        try:
            value = node.evaluated_value
        except Exception:  # pragma: no cover - malformed escapes
            return
        if isinstance(value, str) and value.isidentifier():
            self.names.add(value)


def all_identifiers(node: cst.CSTNode) -> set[str]:
    """Every identifier that appears in ``node``: names, attributes, keywords, parameters,
    import names, and identifier-like string literals. A name outside this set is fresh."""
    visitor = _Identifiers()
    node.visit(visitor)
    return visitor.names


WORDS = (
    "acc", "aux", "buf", "cur", "elem", "item", "key", "left", "mid", "node", "part", "prev",
    "res", "right", "step", "tmp", "total", "val", "value", "work", "count", "idx", "seen",
    "data", "head", "tail", "best", "cand", "piece", "slot", "token", "entry", "unit", "cell",
)


class NameAllocator:
    """Hands out identifiers fresh in the whole module (and never twice).

    ``fresh("tmp")`` tries ``tmp``, ``tmp_1``, ... ; ``fresh()`` with an rng picks a word from
    ``WORDS`` so variants look like code people write, still checked against every identifier.
    Names never shadow a builtin and never start with a double underscore (name mangling).
    """

    def __init__(self, module: cst.CSTNode | None = None, taken: Iterable[str] = (),
                 rng: random.Random | None = None) -> None:
        self.taken: set[str] = set(taken) | set(BUILTIN_NAMES)
        if module is not None:
            self.taken |= all_identifiers(module)
        self.rng = rng

    def reserve(self, names: Iterable[str]) -> None:
        self.taken.update(names)

    def fresh(self, base: str | None = None) -> str:
        if base is None:
            base = self.rng.choice(WORDS) if self.rng is not None else "_sf_tmp"
        if base.startswith("__") or not base.isidentifier():
            base = "_sf" + base.lstrip("_")
        candidate, n = base, 0
        while candidate in self.taken or candidate.startswith("__") or not candidate.isidentifier():
            n += 1
            candidate = f"{base}_{n}"
        self.taken.add(candidate)
        return candidate


def fresh_name(taken: Iterable[str], base: str = "_sf_tmp") -> str:
    """One identifier not in ``taken`` (nor a builtin), derived from ``base``."""
    return NameAllocator(taken=taken).fresh(base)


# --------------------------------------------------------------------------- bound / read names


class _Assigned(_Collector):
    def __init__(self, root: cst.CSTNode, nested: bool) -> None:
        super().__init__(root, nested)
        self.names: set[str] = set()

    def _targets(self, node: cst.CSTNode) -> None:
        for name in m.findall(node, m.Name()):
            assert isinstance(name, cst.Name)
            self.names.add(name.value)

    def _store_target(self, target: cst.CSTNode) -> None:
        # ``a.b = 1`` and ``a[i] = 1`` bind nothing; ``a, (b, *c) = ...`` binds a, b, c.
        if isinstance(target, cst.Name):
            self.names.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for el in target.elements:
                self._store_target(el.value)
        elif isinstance(target, cst.StarredElement):
            self._store_target(target.value)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._store_target(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._store_target(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._store_target(node.target)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._store_target(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._store_target(node.target)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self._store_target(node.target)

    def visit_AsName(self, node: cst.AsName) -> None:
        self._store_target(node.name)

    def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
        if node.asname is None:
            name = node.name
            while isinstance(name, cst.Attribute):
                name = name.value
            if isinstance(name, cst.Name):
                self.names.add(name.value)

    def visit_Del(self, node: cst.Del) -> None:
        self._store_target(node.target)

    def visit_MatchAs(self, node: cst.MatchAs) -> None:
        if node.name is not None:
            self.names.add(node.name.value)

    def visit_MatchStar(self, node: cst.MatchStar) -> None:
        if node.name is not None:
            self.names.add(node.name.value)

    def visit_MatchMapping(self, node: cst.MatchMapping) -> None:
        if node.rest is not None:
            self.names.add(node.rest.value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        if node is not self.root:
            self.names.add(node.name.value)
        return self._enter(node)

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        if node is not self.root:
            self.names.add(node.name.value)
        return self._enter(node)

    def visit_Param(self, node: cst.Param) -> None:
        self.names.add(node.name.value)


def assigned_names(node: cst.CSTNode, nested: bool = True) -> set[str]:
    """Names bound anywhere in ``node`` (assignment, augmented, annotated, walrus, for/with/except
    targets, imports, del, def/class names, parameters, match captures). With ``nested=False``
    nested functions, lambdas and classes contribute only their own name, not their insides."""
    visitor = _Assigned(node, nested)
    node.visit(visitor)
    return visitor.names


class _Used(_Collector):
    def __init__(self, root: cst.CSTNode, nested: bool) -> None:
        super().__init__(root, nested)
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)

    # Identifiers that are not variable reads: attribute names, keyword names, import names.
    def visit_Attribute(self, node: cst.Attribute) -> bool:
        node.value.visit(self)
        return False

    def visit_Arg(self, node: cst.Arg) -> bool:
        node.value.visit(self)
        return False

    def visit_Import(self, node: cst.Import) -> bool:
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False


def used_names(node: cst.CSTNode, nested: bool = True) -> set[str]:
    """Identifiers used as variables in ``node`` (read or written; not attribute or keyword
    names). Over-approximates reads, which is the safe side for "is this name used?"."""
    visitor = _Used(node, nested)
    node.visit(visitor)
    return visitor.names


def names_in_order(expr: cst.BaseExpression) -> list[str]:
    """Variable names used in ``expr``, in order of first appearance (attribute and keyword
    names excluded): the parameters of a helper that ``expr`` moves into, in a stable order."""
    seen: list[str] = []
    reads = used_names(expr)
    for ident in m.findall(expr, m.Name()):
        if ident.value in reads and ident.value not in seen:
            seen.append(ident.value)
    return seen


class _NamesOutside(cst.CSTVisitor):
    def __init__(self, skip: cst.CSTNode) -> None:
        super().__init__()
        self.skip = skip
        self.names: set[str] = set()

    def on_visit(self, node: cst.CSTNode) -> bool:
        if node is self.skip:
            return False
        if isinstance(node, cst.Name):
            self.names.add(node.value)
        if isinstance(node, cst.Attribute):
            node.value.visit(self)
            return False
        if isinstance(node, cst.Arg) and node.keyword is not None:
            node.value.visit(self)
            return False
        return True


def names_outside(func: cst.FunctionDef, skip: cst.CSTNode) -> set[str]:
    """Every identifier used as a name in ``func`` (parameters, nested functions and all)
    except inside ``skip``: a loop variable absent from it is invisible outside the loop."""
    visitor = _NamesOutside(skip)
    func.visit(visitor)
    return visitor.names


def read_names(node: cst.CSTNode) -> list[cst.Name]:
    """Name nodes read as variables inside ``node`` (not attribute or keyword names)."""
    found: list[cst.Name] = []

    class V(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            found.append(n)

        def visit_Attribute(self, n: cst.Attribute) -> bool:
            n.value.visit(self)
            return False

        def visit_Arg(self, n: cst.Arg) -> bool:
            n.value.visit(self)
            return False

    node.visit(V())
    return found


# The skip reason of a rewrite that would rename or replace code shown by ``f"{x=}"``.
SELF_DOCUMENTING = ('a renamed or replaced name is shown by a self-documenting f-string field '
                    '(f"{x=}" prints its source text)')


def self_documenting_names(node: cst.CSTNode) -> set[str]:
    """Identifiers (names and attribute names) inside ``f"{expr=}"`` fields in ``node``.

    Such a field prints the expression's source text as well as its value, so a rule that
    renames a name there, or replaces an expression holding it (``len(s)`` by ``s_len``),
    changes the output; and one that renames elsewhere but not there (``RuleTransformer``
    does not look inside these fields) makes the field read another variable. A rule checks
    the names it renames or substitutes against this set over the region it rewrites."""
    names: set[str] = set()
    for found in m.findall(node, m.FormattedStringExpression(equal=m.AssignEqual())):
        names |= {n.value for n in m.findall(found, m.Name())}
    return names


def loop_target_names(target: cst.BaseAssignTargetExpression) -> list[str] | None:
    """Names bound by a for/comprehension target made only of names (``x``, ``a, b``)."""
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        names = []
        for el in target.elements:
            if not isinstance(el, cst.Element):
                return None
            sub = loop_target_names(el.value)
            if sub is None:
                return None
            names += sub
        return names
    return None


def plain_target(target: cst.BaseExpression) -> bool:
    """A name or a (nested) tuple/list of names, without starred parts."""
    if isinstance(target, cst.Name):
        return True
    return isinstance(target, (cst.Tuple, cst.List)) and all(
        isinstance(el, cst.Element) and plain_target(el.value) for el in target.elements)


def all_params(params: cst.Parameters):
    """Every parameter of a signature: positional-only, regular, keyword-only, ``*``/``**``."""
    yield from params.posonly_params
    yield from params.params
    yield from params.kwonly_params
    if isinstance(params.star_arg, cst.Param):
        yield params.star_arg
    if params.star_kwarg is not None:
        yield params.star_kwarg


def bound_before(func: cst.FunctionDef, upto: int) -> set[str]:
    """Local names certainly bound once the first ``upto`` top-level statements of ``func``
    have run: the parameters, plus plain-name targets of top-level assignments (``=``, ``+=``,
    annotated with a value) and the names of top-level ``def``/``class`` statements among
    those statements. Names that ``del`` or ``except ... as``
    (deleted at the end of its handler) may unbind anywhere in ``func`` are left out."""
    p = func.params
    names = {x.name.value for x in (*p.posonly_params, *p.params, *p.kwonly_params)}
    for star in (p.star_arg, p.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    body = func.body.body if isinstance(func.body, cst.IndentedBlock) else []
    for stmt in body[:upto]:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            names.add(stmt.name.value)  # a nested def/class binds its name once it has run
            continue
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            targets: list[cst.BaseExpression] = []
            if isinstance(small, cst.Assign):
                targets = [t.target for t in small.targets]
            elif isinstance(small, (cst.AnnAssign, cst.AugAssign)) and small.value is not None:
                targets = [small.target]
            for target in targets:
                if isinstance(target, cst.Name):
                    names.add(target.value)
                elif isinstance(target, (cst.Tuple, cst.List)) and all(
                        isinstance(el, cst.Element) and isinstance(el.value, cst.Name)
                        for el in target.elements):
                    names.update(el.value.value for el in target.elements)
    unbound = {n.value for d in m.findall(func, m.Del()) for n in m.findall(d, m.Name())}
    handlers = m.findall(func, m.ExceptHandler() | m.ExceptStarHandler())
    unbound |= {h.name.name.value for h in handlers
                if h.name is not None and isinstance(h.name.name, cst.Name)}
    return names - unbound

def builtin_is_shadowed(module: cst.Module, name: str) -> bool:
    """Whether ``name`` is bound anywhere in the module (``list = ...``, a parameter ``len``,
    ``from x import sorted``...): then a call ``name(...)`` may not be the builtin."""
    return name in assigned_names(module)


def module_level_names(module: cst.Module) -> set[str]:
    """Names bound at module top level (functions, classes, globals, imports)."""
    names: set[str] = set()
    for stmt in module.body:
        names |= assigned_names(stmt, nested=False) if not isinstance(
            stmt, (cst.FunctionDef, cst.ClassDef)) else {stmt.name.value}
    return names


def name_nodes(node: cst.CSTNode, name: str) -> list[cst.Name]:
    """Every ``Name`` node spelled ``name`` under ``node`` (nested scopes and attributes'
    ``.name`` included: callers decide what each one is)."""
    found: list[cst.Name] = []

    class _Find(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            if n.value == name:
                found.append(n)

    node.visit(_Find())
    return found
