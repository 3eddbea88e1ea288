"""Scopes and frames: what a function does with its variables (dynamic scope, yield/await,
global/nonlocal, closures), ScopeProvider helpers, and the frame a transformer is in."""

from __future__ import annotations

from typing import Iterable, Iterator, Sequence

import libcst as cst
import libcst.matchers as m
from libcst.metadata import Assignment, FunctionScope, Scope, ScopeProvider

from semforge.hazards import FRAME_ATTRIBUTES, FRAME_READING_CALLS as DYNAMIC_SCOPE_CALLS

from .names import _Collector, used_names

# The skip reason (``RuleTransformer.skip``) of a function whose frame code can read or change.
DYNAMIC_FUNCTION = "the function uses exec/eval/locals()/vars()/super() or similar"


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

    func.visit(V(func, nested=False))
    return found


def contains(node: cst.CSTNode, matcher: m.BaseMatcherNode) -> bool:
    """Whether any node inside ``node`` matches (libcst matcher)."""
    return bool(m.findall(node, matcher))


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


# The skip reason of a loop <-> comprehension rewrite around a closure over its variables.
LATE_BINDING = ("a lambda, def, class or generator expression in the loop uses a name bound per "
                "iteration (late binding: the cells differ)")


def closure_over(region: cst.CSTNode, names: Iterable[str]) -> bool:
    """A lambda, ``def``, ``class`` or generator expression inside ``region`` uses one of
    ``names`` (the names a loop or comprehension binds per iteration).

    Such code reads the variable later, through a cell: a ``for`` loop has one cell for the
    whole function call, however often the loop runs (inside an outer loop too), while a
    comprehension has one per run of the comprehension. ``[lambda: x for x in row]`` inside
    ``for row in rows`` gives each row's lambdas that row's last ``x``; the loop gives all of
    them the last ``x`` of all rows. So moving such code between a loop and a comprehension
    changes what the closures see. A lambda called where it stands does not outlive the
    iteration and is not counted."""
    wanted = set(names)
    # `(lambda: x)()` runs on the spot, within the iteration: not a closure that outlives it
    called = {id(c.func) for c in m.findall(region, m.Call(func=m.Lambda()))}
    return any(used_names(found) & wanted
               for found in m.findall(region, m.FunctionDef() | m.Lambda() | m.ClassDef()
                                      | m.GeneratorExp()) if id(found) not in called)


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


_LITERALS = (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString)


def stable_operand(transformer: cst.MetadataDependent, expr: cst.BaseExpression) -> bool:
    """``expr`` gives the same value when evaluated twice in a row in this frame, with no
    side effect: a literal, or a local variable of a function that no other code can rebind
    (not global/nonlocal anywhere, no exec/eval/locals() in the function). A rule transformer
    is told why not (``RuleTransformer.skip``)."""
    skip = getattr(transformer, "skip", lambda reason: False)
    if isinstance(expr, _LITERALS):
        return True
    if not isinstance(expr, cst.Name):
        return skip("an operand read twice is not a name or literal (it could change)")
    if expr.value in ("True", "False", "None"):
        return True
    scope = transformer.get_metadata(ScopeProvider, expr, None)
    if not isinstance(scope, FunctionScope) or expr.value not in scope:
        return skip(f"{expr.value!r} is not a local of a function")
    assignments = scope[expr.value]
    if not assignments or any(a.scope is not scope for a in assignments):
        # a global, builtin or closure variable: other code may rebind it
        return skip(f"{expr.value!r} is a global, builtin or closure variable")
    func = scope.node
    if expr.value in global_nonlocal_names(func):
        return skip(f"{expr.value!r} is global or nonlocal")
    return not uses_dynamic_scope(func) or skip(DYNAMIC_FUNCTION)


def same_operand(a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
    if isinstance(a, cst.Name) and isinstance(b, cst.Name):
        return a.value == b.value
    if isinstance(a, _LITERALS) and type(a) is type(b):
        return a.value == b.value
    return False


def sequential_is_sound(frame, names: list[str], values: list[cst.BaseExpression],
                        skip=lambda reason: False) -> bool:
    """Whether assigning ``names`` one by one, each right after evaluating its value, is
    indistinguishable from evaluating all values first. True when, in a function's own frame:

    * no value reads a name assigned before it (so none sees a new binding early);
    * no nested function, lambda, class or comprehension of the function uses them, nor does a
      ``global``/``nonlocal`` name them, nor does the function use exec/eval/locals()... (so no
      other code can observe the intermediate state);
    * no enclosing ``try``/``with`` in the function: if a later value raises, the exception
      leaves the frame, and the early bindings die with it.

    ``skip`` (``RuleTransformer.skip``) is told why not.
    """
    if frame is None:
        return skip("not in a function's own body (module or class level)")
    if frame.dynamic:
        return skip(DYNAMIC_FUNCTION)
    if frame.guarded:
        return skip("inside try/with: an early binding could be observed")
    if set(names) & frame.shared:
        return skip("a name is used by a nested scope or declared global/nonlocal")
    if any(set(names[:k]) & used_names(v) for k, v in enumerate(values)):
        return skip("a value reads a name assigned before it")
    return True


# Constructs an expression must not contain to be moved into another function (a helper, or
# back from one): new scopes (class-private names and closures would resolve differently
# there) and frame-bound constructs (yield, await, walrus bind or suspend *this* frame).
SCOPE_SENSITIVE = (m.Lambda() | m.ListComp() | m.SetComp() | m.DictComp() | m.GeneratorExp()
                   | m.Yield() | m.Await() | m.NamedExpr())
