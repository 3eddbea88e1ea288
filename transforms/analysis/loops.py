"""Moving code between loops and comprehensions / generator expressions: what must hold.

Moving code between a ``for`` statement and a generator expression changes three things a
rule must rule out: the loop variables (function locals vs. names private to the generator),
the scope other names are read from (a generator reads the function's locals as closure
cells, so reading an *unbound* local raises ``NameError`` instead of ``UnboundLocalError``),
and when the accumulator is written (once at the end vs. after every item, which an exception
handler could observe).
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, ParentNodeProvider

from .names import all_params, bound_before, names_outside, read_names, used_names
from .purity import Inert
from .scopes import DYNAMIC_FUNCTION, global_nonlocal_names

# Skip reasons (``RuleTransformer.skip``) of checks whose helpers cannot report themselves.
UNSUPPORTED_INSIDE = "yield, await, walrus, lambda or comprehension in the moved code"
TARGETS_NOT_PRIVATE = "a loop variable is used outside the loop (or by its iterable)"


def targets_private(func: cst.FunctionDef, moved: cst.CSTNode, iterable: cst.CSTNode,
                    targets) -> bool:
    """The loop/comprehension variables ``targets`` are used nowhere in ``func`` outside
    ``moved`` (the loop or the comprehension being converted), and not read by its first
    iterable either: that iterable is evaluated in the function's scope, where a converted
    loop would add (or remove) a local binding of the same name."""
    names = set(targets)
    return not (names & names_outside(func, moved)
                or names & {n.value for n in read_names(iterable)})


def unsupported_inside(node: cst.CSTNode) -> bool:
    """Constructs whose meaning changes when moved in or out of a generator expression:
    ``yield``/``await`` (scope of the generator), walrus (binds in the function either way,
    but ordering becomes subtle), lambdas and nested comprehensions capturing loop variables."""
    return bool(m.findall(node, m.Yield() | m.Await() | m.NamedExpr() | m.Lambda()
                          | m.ListComp() | m.SetComp() | m.DictComp() | m.GeneratorExp()))


def unsupported_in_iterable(node: cst.CSTNode) -> bool:
    """What a loop's iterable must not hold to become a comprehension's first iterable (or a
    builtin's argument), and back: that iterable is evaluated once, first, in the function's
    own scope either way, so lambdas and comprehensions in it mean the same; ``yield`` /
    ``await`` are still refused, and a walrus (a SyntaxError in a comprehension's iterable)."""
    return bool(m.findall(node, m.Yield() | m.Await() | m.NamedExpr()))


def guarded(ev, node: cst.CSTNode, func: cst.FunctionDef) -> bool:
    """``node`` sits inside a try/with of ``func``: an exception raised mid-loop could be
    caught and a half-updated accumulator observed."""
    current = ev.parent(node)
    while current is not None and current is not func:
        if isinstance(current, (cst.Try, cst.TryStar, cst.With)):
            ev.skip("inside try/with: a half-updated accumulator could be observed")
            return True
        current = ev.parent(current)
    return False


def certainly_bound(ev, func: cst.FunctionDef, node: cst.CSTNode) -> set[str]:
    """Locals of ``func`` certainly bound whenever ``node`` runs: the parameters and the plain
    targets of the top-level assignments before the top-level statement holding ``node``
    (``bound_before``: never ``del``-eted, never an ``except ... as`` name)."""
    body = func.body.body if isinstance(func.body, cst.IndentedBlock) else ()
    current, parent = node, ev.parent(node)
    while parent is not None and parent is not func.body:
        current, parent = parent, ev.parent(parent)
    if parent is None or current not in body:
        return bound_before(func, 0)
    return bound_before(func, list(body).index(current))


def bound_in_enclosing_blocks(ev, func: cst.FunctionDef, node: cst.CSTNode) -> set[str]:
    """``certainly_bound`` plus the plain targets of the ``=`` assignments that come before,
    in its own block, each statement enclosing ``node`` (``cnt, best = 0, 0`` at the top of a
    loop body, for a use later in that body): a block runs its statements in order, so when
    ``node`` runs they have all completed in this pass. Names a ``del`` or an ``except ... as``
    may unbind anywhere in ``func`` are left out (as ``names.bound_before`` does)."""
    bound = set(certainly_bound(ev, func, node))
    extra: set[str] = set()
    current, parent = node, ev.parent(node)
    while parent is not None and parent is not func:
        if isinstance(parent, cst.IndentedBlock) and current in parent.body:
            for stmt in parent.body[:list(parent.body).index(current)]:
                if not isinstance(stmt, cst.SimpleStatementLine):
                    continue
                for small in stmt.body:
                    if not isinstance(small, cst.Assign):
                        continue
                    for t in small.targets:
                        target = t.target
                        if isinstance(target, cst.Name):
                            extra.add(target.value)
                        elif isinstance(target, (cst.Tuple, cst.List)) and all(
                                isinstance(el, cst.Element) and isinstance(el.value, cst.Name)
                                for el in target.elements):
                            extra.update(el.value.value for el in target.elements)
        current, parent = parent, ev.parent(parent)
    unbound = {n.value for d in m.findall(func, m.Del()) for n in m.findall(d, m.Name())}
    unbound |= {h.name.name.value for h in m.findall(func, m.ExceptHandler() | m.ExceptStarHandler())
                if h.name is not None and isinstance(h.name.name, cst.Name)}
    return bound | (extra - unbound)


def not_in_recursion(ev, node: cst.CSTNode) -> bool:
    """The code holding ``node`` (in a comprehension or lambda too) runs in a function on no
    recursion cycle, or at module level: a rewrite that adds or removes a frame or a builtin
    call there changes no recursion's depth at the limit (``ev.not_recursive``). A lambda
    is taken as possibly recursive. Says why not."""
    current = ev.parent(node)
    while current is not None:
        if isinstance(current, cst.Lambda):
            return ev.skip("inside a lambda (it may be recursive)")
        if isinstance(current, cst.FunctionDef):
            return ev.not_recursive(current)
        current = ev.parent(current)
    return True


def bound_names_safe(ev, func: cst.FunctionDef, scope, exprs, exclude: set[str],
                     at: cst.CSTNode | None = None) -> bool:
    """Every name read in ``exprs`` (other than ``exclude``) reads the same thing, with the
    same exception if unbound, from a loop body and from a generator expression: a global,
    builtin or outer-function name (looked up identically), or a local certainly bound when
    ``at`` runs (``certainly_bound``; without ``at``, a parameter never deleted). Other locals
    might be unbound, which a generator reports as ``NameError`` and the function body as
    ``UnboundLocalError`` (messages that name the variable differently, too)."""
    deleted = {n.value for d in m.findall(func, m.Del()) for n in m.findall(d, m.Name())}
    params = ({p.name.value for p in all_params(func.params)} if at is None
              else certainly_bound(ev, func, at))
    declared = global_nonlocal_names(func)
    for expr in exprs:
        for name in read_names(expr):
            value = name.value
            if value in exclude or value in ("True", "False", "None"):
                continue
            if value in declared:
                continue  # a global: looked up in module globals from anywhere
            if scope.assignments[value] or value in ev.hidden_bindings(func):
                if value not in params or value in deleted:
                    return ev.skip(f"local {value!r} may be unbound (NameError in a generator, "
                                   "UnboundLocalError in the function)")
    return True


def local_only(ev, func: cst.FunctionDef, scope, name: str) -> bool:
    """``name`` is a plain local of ``func``: not global/nonlocal, and never referenced from a
    nested function, lambda, class or comprehension (so no closure can see its value)."""
    if name in global_nonlocal_names(func):
        return ev.skip(f"{name!r} is global or nonlocal")
    for node in m.findall(func, m.Name(name)):
        if ev.scopes.get(node) is not None and ev.scopes.get(node) is not scope:
            return ev.skip(f"{name!r} is seen by a nested function, lambda, class or comprehension")
    return True


def generator_safe(ev, exprs) -> bool:
    """Code in ``exprs`` can move into or out of a generator expression without a
    ``StopIteration`` changing meaning (a generator turns it into ``RuntimeError``; a loop, a
    list comprehension or ``map``/``filter`` let it through or stop early). Any user code can
    raise it: a call, but also a property or ``__getattr__`` behind an attribute read, an
    operator overload, ``__bool__``, ``__len__``, ``__hash__``... So the code must provably run
    no user code at all (``purity.Inert``: builtin operations on values of known exact type;
    builtins themselves never raise ``StopIteration``, ``next`` aside, which is not inert)."""
    inert = Inert(ev)
    return all(inert.expr(e) for e in exprs) or ev.skip(
        "moved code may run user code (which could raise StopIteration)")


def fuse_adjacent(original_node: cst.IndentedBlock, updated_node: cst.IndentedBlock, applies,
                  build) -> tuple[cst.IndentedBlock, int]:
    """Replace each adjacent statement pair for which ``applies(first, second)`` holds (judged
    on the ORIGINAL nodes, where metadata lives) by ``build(first, second)`` of the updated
    nodes; ``build`` may return a list of statements. Returns the new block and the number
    of pairs fused."""
    old, new = list(original_node.body), list(updated_node.body)
    out: list[cst.BaseStatement] = []
    fused = i = 0
    while i < len(new):
        if i + 1 < len(new) and applies(old[i], old[i + 1]):
            built = build(new[i], new[i + 1])
            out.extend(built) if isinstance(built, list) else out.append(built)
            fused += 1
            i += 2
            continue
        out.append(new[i])
        i += 1
    return (updated_node.with_changes(body=out) if fused else updated_node), fused


class FusePairs:
    """Mixin for a transformer that replaces pairs of adjacent statements: define
    ``_applies(first, second)`` (ORIGINAL nodes) and ``_build(first, second)`` (updated nodes);
    every block is rewritten with ``fuse_adjacent`` and the pairs counted in ``self.sites``."""

    def leave_IndentedBlock(self, original_node: cst.IndentedBlock,
                            updated_node: cst.IndentedBlock) -> cst.IndentedBlock:
        block, fused = fuse_adjacent(original_node, updated_node, self._applies, self._build)
        self.sites += fused
        return block


def assigned_or_returned(stmt: cst.SimpleStatementLine):
    """``(name, value)`` for ``name = value``, ``(None, value)`` for ``return value``, else None."""
    if len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if m.matches(small, m.Assign(targets=[m.AssignTarget(target=m.Name())])):
        return small.targets[0].target.value, small.value
    if isinstance(small, cst.Return) and small.value is not None:
        return None, small.value
    return None


def locals_bound_before(transformer: cst.MetadataDependent, stmt: cst.CSTNode, scope: FunctionScope,
                        exprs, exclude: set[str]) -> bool:
    """Every local of the function read in ``exprs`` (names in ``exclude`` aside) is certainly
    bound when ``stmt`` runs: a parameter, or assigned by a top-level statement before it.
    Reading an unbound local raises ``UnboundLocalError`` in a loop but ``NameError`` (free
    variable) in a comprehension, so the rules only move such reads when they cannot fail.
    A rule transformer is told why not (``RuleTransformer.skip``)."""
    skip = getattr(transformer, "skip", lambda reason: False)
    func = scope.node
    if not isinstance(func, cst.FunctionDef) or not isinstance(func.body, cst.IndentedBlock):
        return skip("not in the block body of a def")
    node, parent = stmt, transformer.get_metadata(ParentNodeProvider, stmt, None)
    while parent is not None and parent is not func.body:
        node, parent = parent, transformer.get_metadata(ParentNodeProvider, parent, None)
    if parent is None:
        return skip("not in the block body of a def")
    bound = bound_before(func, list(func.body.body).index(node))
    for expr in exprs:
        for name in used_names(expr) - exclude:
            if name in scope.assignments and name not in bound:
                return skip(f"local {name!r} may be unbound (NameError in a comprehension, "
                            "UnboundLocalError in the function)")
    return True


def plain_generator(ev, gen: cst.CSTNode) -> bool:
    """A synchronous generator expression with one ``for`` clause whose item and filters run no
    user code and cannot raise (so no ``StopIteration`` can escape from them)."""
    if not isinstance(gen, cst.GeneratorExp):
        return False
    clause = gen.for_in
    if clause.asynchronous is not None:
        return ev.skip("async generator expression")
    if clause.inner_for_in is not None:
        return ev.skip("generator expression with several for clauses")
    if m.findall(gen, m.Await() | m.Yield()):
        return ev.skip("await or yield in the generator expression")
    return ev.is_total(gen.elt) and all(ev.is_total(c.test) for c in clause.ifs) or ev.skip(
        "generator item or filter may run user code or raise")


def as_list_comp(gen: cst.GeneratorExp) -> cst.ListComp:
    return cst.ListComp(elt=gen.elt, for_in=gen.for_in)


class _LoopJumps(cst.CSTVisitor):
    """``continue`` statements that belong to the loop being visited (not to inner loops)."""

    def __init__(self) -> None:
        super().__init__()
        self.found = False

    def visit_Continue(self, node) -> None:
        self.found = True

    def visit_For(self, node) -> bool:
        node.orelse and node.orelse.visit(self)  # an inner loop's else belongs to us
        return False

    def visit_While(self, node) -> bool:
        node.orelse and node.orelse.visit(self)
        return False

    def on_visit(self, node) -> bool:
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return False
        return super().on_visit(node)


def continues_loop(body: cst.BaseSuite) -> bool:
    """``body`` (a loop's) holds a ``continue`` of that loop, not of a loop inside it."""
    visitor = _LoopJumps()
    body.visit(visitor)
    return visitor.found
