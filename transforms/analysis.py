"""Shared analysis helpers for rules: names, fresh names, scopes, dynamic features, purity.

Rules decide *when they may fire* with these helpers, so each one errs on the side of "don't know"
(which makes a rule bail out) rather than "safe". Everything here reads libcst nodes and never
mutates them.

Main entry points:

* ``all_identifiers(node)``            every identifier spelled anywhere in a tree (for fresh names)
* ``NameAllocator(module)``            hands out names that are fresh in the whole module
* ``assigned_names(node)`` / ``used_names(node)``   names bound / read inside a node
* ``uses_dynamic_scope(func)``         exec/eval/locals/vars/globals/dir()/zero-arg super()
* ``has_yield`` / ``has_await`` / ``global_nonlocal_names``   function-level features
* ``is_pure_expression(expr)``         no side effects and cannot raise (literals, names...)
* ``function_scope`` / ``local_names`` ScopeProvider helpers
"""

from __future__ import annotations

import builtins
import random
from typing import Iterable, Iterator, Sequence

import libcst as cst
import libcst.matchers as m
from libcst.metadata import Assignment, FunctionScope, Scope

BUILTIN_NAMES = frozenset(dir(builtins))

# Calls that read or write a frame's variables by *name*: renaming or moving locals under them
# changes behaviour. ``dir()`` without arguments lists local names; ``super()`` without arguments
# reads the first argument and the ``__class__`` cell of the frame it is written in.
DYNAMIC_SCOPE_CALLS = frozenset({"exec", "eval", "locals", "vars", "globals", "dir", "super",
                                 "breakpoint", "__import__"})

FRAME_ATTRIBUTES = frozenset({"f_locals", "f_globals", "f_back", "_getframe", "currentframe",
                              "stack", "getframeinfo", "settrace", "gi_frame", "cr_frame"})


# --------------------------------------------------------------------------- identifiers


class _Collector(cst.CSTVisitor):
    """Visit a tree, optionally without descending into nested functions, lambdas and classes."""

    def __init__(self, root: cst.CSTNode, nested: bool) -> None:
        super().__init__()
        self.root = root
        self.nested = nested

    def _enter(self, node: cst.CSTNode) -> bool:
        return self.nested or node is self.root


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

    def visit_Lambda(self, node: cst.Lambda) -> bool:
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

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return self._enter(node)

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return self._enter(node)

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return self._enter(node)


def used_names(node: cst.CSTNode, nested: bool = True) -> set[str]:
    """Identifiers used as variables in ``node`` (read or written; not attribute or keyword
    names). Over-approximates reads, which is the safe side for "is this name used?"."""
    visitor = _Used(node, nested)
    node.visit(visitor)
    return visitor.names


# --------------------------------------------------------------------------- function features


class _Features(_Collector):
    def __init__(self, root: cst.CSTNode, nested: bool) -> None:
        super().__init__(root, nested)
        self.yields = False
        self.awaits = False
        self.dynamic = False
        self.declared: set[str] = set()

    def visit_Yield(self, node: cst.Yield) -> None:
        self.yields = True

    def visit_Await(self, node: cst.Await) -> None:
        self.awaits = True

    def visit_For(self, node: cst.For) -> None:
        if node.asynchronous is not None:
            self.awaits = True

    def visit_With(self, node: cst.With) -> None:
        if node.asynchronous is not None:
            self.awaits = True

    def visit_CompFor(self, node: cst.CompFor) -> None:
        if node.asynchronous is not None:
            self.awaits = True

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Name) and node.func.value in DYNAMIC_SCOPE_CALLS:
            if node.func.value in ("dir", "vars", "super") and node.args:
                return  # dir(x), vars(x), super(C, self) do not look at the calling frame
            self.dynamic = True

    def visit_Attribute(self, node: cst.Attribute) -> None:
        # sys._getframe().f_locals, inspect.currentframe(): frames read variables by name
        if node.attr.value in FRAME_ATTRIBUTES:
            self.dynamic = True

    def visit_Global(self, node: cst.Global) -> None:
        self.declared.update(item.name.value for item in node.names)

    def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
        self.declared.update(item.name.value for item in node.names)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return self._enter(node)

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return self._enter(node)

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return self._enter(node)


def _features(node: cst.CSTNode, nested: bool) -> _Features:
    visitor = _Features(node, nested)
    node.visit(visitor)
    return visitor


def uses_dynamic_scope(node: cst.CSTNode) -> bool:
    """True if ``node`` (including nested functions, whose frames see ours) calls ``exec``,
    ``eval``, ``locals()``, ``vars()``, ``globals()``, ``dir()``, ``super()``, ``breakpoint()``
    or ``__import__``, or touches frame objects (``sys._getframe()``, ``.f_locals``...): code
    there can observe variables by name, so rules must not rename, add or move locals."""
    return _features(node, nested=True).dynamic


def has_yield(func: cst.CSTNode) -> bool:
    """``yield`` / ``yield from`` in this function's own body (nested functions excluded)."""
    return _features(func, nested=False).yields


def has_await(func: cst.CSTNode) -> bool:
    """``await``, ``async for`` or ``async with`` in this function's own body."""
    return _features(func, nested=False).awaits


def global_nonlocal_names(node: cst.CSTNode, nested: bool = True) -> set[str]:
    """Names declared ``global`` or ``nonlocal`` anywhere in ``node`` (nested scopes included
    by default: a nested ``nonlocal x`` ties that ``x`` to ours)."""
    return _features(node, nested=nested).declared


def has_global_or_nonlocal(node: cst.CSTNode) -> bool:
    return bool(global_nonlocal_names(node))


def has_return(func: cst.CSTNode) -> bool:
    """A ``return`` in this function's own body (nested functions excluded)."""
    found = False

    class V(_Collector):
        def visit_Return(self, node: cst.Return) -> None:
            nonlocal found
            found = True

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return self._enter(node)

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            return self._enter(node)

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            return self._enter(node)

    func.visit(V(func, nested=False))
    return found


def contains(node: cst.CSTNode, matcher: m.BaseMatcherNode) -> bool:
    """Whether any node inside ``node`` matches (libcst matcher)."""
    return bool(m.findall(node, matcher))


# --------------------------------------------------------------------------- purity


def is_literal(expr: cst.BaseExpression) -> bool:
    """A number, string (not f-string), ``True``/``False``/``None``/``...`` or a signed number."""
    if isinstance(expr, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString,
                         cst.ConcatenatedString, cst.Ellipsis)):
        return not isinstance(expr, cst.ConcatenatedString) or all(
            isinstance(p, cst.SimpleString) for p in (expr.left, expr.right))
    if isinstance(expr, cst.Name) and expr.value in ("True", "False", "None"):
        return True
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        return isinstance(expr.expression, (cst.Integer, cst.Float, cst.Imaginary))
    return False


def is_pure_expression(expr: cst.BaseExpression, allow_names: bool = True) -> bool:
    """No side effects, deterministic, and it cannot raise once its names are bound.

    Literals, names (reading a bound local is pure; ``allow_names=False`` excludes them) and
    tuples of pure expressions. Anything that runs user code (calls, operators that may be
    overloaded, attribute access, subscripts, comparisons) is *not* pure here, and neither is
    a list/dict/set display (it builds a new mutable object: identity is observable)."""
    if is_literal(expr):
        return True
    if isinstance(expr, cst.Name):
        return allow_names
    if isinstance(expr, cst.Tuple):
        return all(not isinstance(el, cst.StarredElement)
                   and is_pure_expression(el.value, allow_names) for el in expr.elements)
    return False


def is_name(expr: cst.CSTNode, value: str | None = None) -> bool:
    return isinstance(expr, cst.Name) and (value is None or expr.value == value)


def is_multiline(node: cst.CSTNode) -> bool:
    """The node's source spans several lines (it may rely on enclosing brackets to do so)."""
    return "\n" in cst.Module(body=[]).code_for_node(node)


def keep_lines_together(expr: cst.BaseExpression) -> cst.BaseExpression:
    """Parenthesize a multi-line expression that is moved out of the brackets that allowed its
    line breaks (``[x for x in xs if a and\\n b]`` -> ``if (a and\\n b):``)."""
    if not expr.lpar and is_multiline(expr):
        return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return expr


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def source_neighbours(lines: Sequence[str], code_range) -> tuple[str, str]:
    """The source characters just before and just after a ``PositionProvider`` range (a space
    at line ends). The range excludes the node's own parentheses."""
    start, end = code_range.start, code_range.end
    first = lines[start.line - 1] if start.line - 1 < len(lines) else ""
    last = lines[end.line - 1] if end.line - 1 < len(lines) else ""
    before = first[start.column - 1] if 0 < start.column <= len(first) else " "
    after = last[end.column] if end.column < len(last) else " "
    return before, after


def keep_token_boundaries(new: cst.BaseExpression, before: str, after: str) -> cst.BaseExpression:
    """Parenthesize ``new`` if its first or last character would fuse with the neighbouring
    source character: ``return(x) not in y`` has no space after ``return``, so the replacement
    ``not (x) in y`` needs parentheses; so does one ending in a name before ``...)if c``."""
    if new.lpar:
        return new
    code = cst.Module(body=[]).code_for_node(new)
    if code and ((_word_char(before) and _word_char(code[0]))
                 or (_word_char(after) and _word_char(code[-1]))):
        return new.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return new

def replace_expression(original: cst.BaseExpression, new: cst.BaseExpression,
                       lines: Sequence[str], code_range) -> cst.BaseExpression:
    """``new`` made safe to stand where ``original`` stood in the source: it keeps the
    original's own parentheses if it has none, and otherwise gets parentheses when it would
    fuse with a neighbouring keyword or name (``code_range`` from ``PositionProvider`` for
    ``original``; None parenthesizes whenever either end is a word character)."""
    if original.lpar:
        return new if new.lpar else new.with_changes(lpar=original.lpar, rpar=original.rpar)
    before, after = source_neighbours(lines, code_range) if code_range else ("a", "a")
    return keep_token_boundaries(new, before, after)

def bound_before(func: cst.FunctionDef, upto: int) -> set[str]:
    """Local names certainly bound once the first ``upto`` top-level statements of ``func``
    have run: the parameters, plus plain-name targets of top-level assignments (``=``, ``+=``,
    annotated with a value) among those statements. Names that ``del`` or ``except ... as``
    (deleted at the end of its handler) may unbind anywhere in ``func`` are left out."""
    p = func.params
    names = {x.name.value for x in (*p.posonly_params, *p.params, *p.kwonly_params)}
    for star in (p.star_arg, p.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    body = func.body.body if isinstance(func.body, cst.IndentedBlock) else []
    for stmt in body[:upto]:
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


# --------------------------------------------------------------------------- ScopeProvider


def function_scope(scope_of_body: Scope | None) -> FunctionScope | None:
    """The scope if it is a function's scope, else None (module, class, comprehension)."""
    return scope_of_body if isinstance(scope_of_body, FunctionScope) else None


def local_names(scope: Scope, exclude: Iterable[str] = ()) -> dict[str, list[Assignment]]:
    """Names bound in ``scope`` by plain ``Name`` targets only (not def/class/import/params,
    not ``global``/``nonlocal``), with their assignments. These are the names a rule may safely
    rename: every binding and every reference is a ``cst.Name`` the rule can rewrite."""
    skip = set(exclude)
    out: dict[str, list[Assignment]] = {}
    for assignment in scope.assignments:
        out.setdefault(assignment.name, []).append(assignment)  # type: ignore[arg-type]
    result = {}
    for name, assignments in out.items():
        if name in skip:
            continue
        if all(isinstance(a, Assignment) and isinstance(a.node, cst.Name) for a in assignments):
            result[name] = assignments
    return result


def references_are_names(assignments: Sequence[Assignment]) -> bool:
    """Every access of these assignments is a plain ``Name`` node (not a string annotation)."""
    return all(isinstance(access.node, cst.Name)
               for a in assignments for access in a.references)


def iter_functions(node: cst.CSTNode) -> Iterator[cst.FunctionDef]:
    """Every function definition inside ``node`` (methods and nested functions included)."""
    for found in m.findall(node, m.FunctionDef()):
        assert isinstance(found, cst.FunctionDef)
        yield found


def module_level_names(module: cst.Module) -> set[str]:
    """Names bound at module top level (functions, classes, globals, imports)."""
    names: set[str] = set()
    for stmt in module.body:
        names |= assigned_names(stmt, nested=False) if not isinstance(
            stmt, (cst.FunctionDef, cst.ClassDef)) else {stmt.name.value}
    return names


# --------------------------------------------------------------------------- frames

_NESTED_SCOPE = (cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.GeneratorExp, cst.ListComp,
                 cst.SetComp, cst.DictComp)


def names_in_nested_scopes(func: cst.CSTNode) -> set[str]:
    """Names used inside functions, lambdas, classes and comprehensions nested in ``func``.

    Code there may run *later* (a closure, a lazy generator) and see this frame's variables, so a
    rule that reorders or splits assignments must not touch these names."""
    names: set[str] = set()

    class V(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if node is not func and isinstance(node, _NESTED_SCOPE):
                names.update(used_names(node))
                return False
            return True

    func.visit(V())
    return names


class Frame:
    """What a rule needs to know about the function whose body it is in."""

    def __init__(self, func: cst.FunctionDef) -> None:
        self.func = func
        self.guarded = 0  # enclosing try/with blocks inside this function
        self._dynamic: bool | None = None
        self._shared: set[str] | None = None

    # Computed on first use: most functions hold no site, and each costs a traversal.
    @property
    def dynamic(self) -> bool:
        """The function (nested scopes included) uses exec/eval/locals()/vars()..."""
        if self._dynamic is None:
            self._dynamic = uses_dynamic_scope(self.func)
        return self._dynamic

    @property
    def shared(self) -> set[str]:
        """Names whose intermediate values other code might observe: used by nested scopes or
        declared global/nonlocal (anywhere in the function)."""
        if self._shared is None:
            self._shared = names_in_nested_scopes(self.func) | global_nonlocal_names(self.func)
        return self._shared


class FrameTracker:
    """Mixin for a ``RuleTransformer``: ``self.frame`` is the innermost function whose body the
    visitor is in (None at module level or directly in a class body), and ``frame.guarded`` counts
    enclosing ``try``/``with`` blocks, under which an exception can be caught and a half-executed
    rewrite observed. Put it first: ``class Transformer(FrameTracker, RuleTransformer)``; a rule
    that defines ``visit_FunctionDef`` etc. itself must call ``super()``."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._frames: list[Frame | None] = []

    @property
    def frame(self) -> Frame | None:
        return self._frames[-1] if self._frames else None

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool | None:
        self._frames.append(Frame(node))
        return True

    def leave_FunctionDef(self, original_node, updated_node):
        self._frames.pop()
        return updated_node

    def visit_ClassDef(self, node: cst.ClassDef) -> bool | None:
        self._frames.append(None)
        return True

    def leave_ClassDef(self, original_node, updated_node):
        self._frames.pop()
        return updated_node

    def _guard(self, delta: int) -> None:
        if self.frame is not None:
            self.frame.guarded += delta

    def visit_Try(self, node: cst.Try) -> bool | None:
        self._guard(1)
        return True

    def leave_Try(self, original_node, updated_node):
        self._guard(-1)
        return updated_node

    def visit_TryStar(self, node: cst.TryStar) -> bool | None:
        self._guard(1)
        return True

    def leave_TryStar(self, original_node, updated_node):
        self._guard(-1)
        return updated_node

    def visit_With(self, node: cst.With) -> bool | None:
        self._guard(1)
        return True

    def leave_With(self, original_node, updated_node):
        self._guard(-1)
        return updated_node
