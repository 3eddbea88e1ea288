"""Checks shared by the rules that turn accumulation loops into builtin calls and back.

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

from ..analysis import global_nonlocal_names, is_multiline, keep_lines_together

_NESTED = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


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


def targets_private(func: cst.FunctionDef, moved: cst.CSTNode, iterable: cst.CSTNode,
                    targets) -> bool:
    """The loop/comprehension variables ``targets`` are used nowhere in ``func`` outside
    ``moved`` (the loop or the comprehension being converted), and not read by its first
    iterable either: that iterable is evaluated in the function's scope, where a converted
    loop would add (or remove) a local binding of the same name."""
    names = set(targets)
    return not (names & names_outside(func, moved)
                or names & {n.value for n in read_names(iterable)})


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


def unsupported_inside(node: cst.CSTNode) -> bool:
    """Constructs whose meaning changes when moved in or out of a generator expression:
    ``yield``/``await`` (scope of the generator), walrus (binds in the function either way,
    but ordering becomes subtle), lambdas and nested comprehensions capturing loop variables."""
    return bool(m.findall(node, m.Yield() | m.Await() | m.NamedExpr() | m.Lambda()
                          | m.ListComp() | m.SetComp() | m.DictComp() | m.GeneratorExp()))


def guarded(ev, node: cst.CSTNode, func: cst.FunctionDef) -> bool:
    """``node`` sits inside a try/with of ``func``: an exception raised mid-loop could be
    caught and a half-updated accumulator observed."""
    current = ev.parent(node)
    while current is not None and current is not func:
        if isinstance(current, (cst.Try, cst.TryStar, cst.With)):
            return True
        current = ev.parent(current)
    return False


def bound_names_safe(ev, func: cst.FunctionDef, scope, exprs, exclude: set[str]) -> bool:
    """Every name read in ``exprs`` (other than ``exclude``) reads the same thing, with the
    same exception if unbound, from a loop body and from a generator expression: a global,
    builtin or outer-function name (looked up identically), or a parameter of ``func`` that is
    never deleted (always bound). Other locals might be unbound, which a generator reports as
    ``NameError`` and the function body as ``UnboundLocalError``."""
    deleted = {n.value for d in m.findall(func, m.Del()) for n in m.findall(d, m.Name())}
    params = {p.name.value for p in all_params(func.params)}
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
                    return False
    return True


def all_params(params: cst.Parameters):
    """Every parameter of a signature: positional-only, regular, keyword-only, ``*``/``**``."""
    yield from params.posonly_params
    yield from params.params
    yield from params.kwonly_params
    if isinstance(params.star_arg, cst.Param):
        yield params.star_arg
    if params.star_kwarg is not None:
        yield params.star_kwarg


def local_only(ev, func: cst.FunctionDef, scope, name: str) -> bool:
    """``name`` is a plain local of ``func``: not global/nonlocal, and never referenced from a
    nested function, lambda, class or comprehension (so no closure can see its value)."""
    if name in global_nonlocal_names(func):
        return False
    for node in m.findall(func, m.Name(name)):
        if ev.scopes.get(node) is not None and ev.scopes.get(node) is not scope:
            return False
    return True


def comp_safe(expr: cst.BaseExpression) -> cst.BaseExpression:
    """Parenthesize what cannot stand unparenthesized as a comprehension's iterable or
    condition (``x for x in a if c else b`` would parse differently)."""
    if isinstance(expr, (cst.IfExp, cst.Lambda, cst.NamedExpr, cst.Yield, cst.Tuple)) \
            and not expr.lpar:
        return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return expr


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


def moved_out(expr: cst.BaseExpression, unparenthesize: bool = False) -> cst.BaseExpression:
    """``expr`` ready to stand outside the brackets it came from (a loop header, an ``if``
    test, a statement): optionally without its own parentheses when it fits on one line, and
    parenthesized when it spans lines (its line breaks were legal only inside brackets)."""
    if unparenthesize and expr.lpar:
        bare = expr.with_changes(lpar=[], rpar=[])
        if not is_multiline(bare):
            return bare
        return expr
    return keep_lines_together(expr)


# Builtins that never raise StopIteration themselves (``next`` does; ``iter`` may return
# anything). What they call on user objects (``__len__``, ``__str__``...) is, like operator
# overloads, assumed not to raise StopIteration either -- plain data never does.
STOP_SAFE_BUILTINS = frozenset({
    "len", "abs", "str", "int", "float", "bool", "ord", "chr", "repr", "isinstance", "hash",
    "round", "divmod", "pow", "min", "max", "sum", "sorted", "list", "tuple", "set",
    "frozenset", "dict", "range", "any", "all", "bin", "hex", "oct", "format", "ascii"})


def generator_safe(ev, exprs) -> bool:
    """Code in ``exprs`` can move into or out of a generator expression without a
    ``StopIteration`` changing meaning (a generator turns it into ``RuntimeError``; a loop
    or a list comprehension lets it through): every call is a builtin from
    ``STOP_SAFE_BUILTINS`` or a method of a value with builtin type evidence (``s.lower()``),
    never ``next()`` or a user function."""
    for expr in exprs:
        for call in m.findall(expr, m.Call()):
            func = call.func
            if isinstance(func, cst.Name):
                if func.value not in STOP_SAFE_BUILTINS or not ev.is_builtin(func.value):
                    return False
            elif isinstance(func, cst.Attribute):
                if ev.type_of(func.value) is None:
                    return False
            else:
                return False
    return True


def fuse_adjacent(original_node: cst.IndentedBlock, updated_node: cst.IndentedBlock, applies,
                  build) -> tuple[cst.IndentedBlock, int]:
    """Replace each adjacent statement pair for which ``applies(first, second)`` holds (judged
    on the ORIGINAL nodes, where metadata lives) by ``build(first, second)`` of the updated
    nodes. Returns the new block and the number of pairs fused."""
    old, new = list(original_node.body), list(updated_node.body)
    out: list[cst.BaseStatement] = []
    fused = i = 0
    while i < len(new):
        if i + 1 < len(new) and applies(old[i], old[i + 1]):
            out.append(build(new[i], new[i + 1]))
            fused += 1
            i += 2
            continue
        out.append(new[i])
        i += 1
    return (updated_node.with_changes(body=out) if fused else updated_node), fused


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
