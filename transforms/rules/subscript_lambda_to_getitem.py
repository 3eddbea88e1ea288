"""``sorted(words, key=lambda w: rank[w])`` -> ``sorted(words, key=rank.__getitem__)``."""

from __future__ import annotations

import libcst as cst

from ..analysis.evidence import EvidenceTransformer
from ..analysis.lambdas import function_slots, simple_lambda
from ..analysis.names import all_params, assigned_names
from ..analysis.scopes import global_nonlocal_names
from ..base import Rule
from ..registry import register

# Displays whose value is always an exact builtin with a C ``__getitem__`` (dict, list,
# tuple, str, bytes): ``v.__getitem__(k)`` is then ``v[k]``, same result, same exception.
_SUBSCRIPTABLE = (cst.Dict, cst.DictComp, cst.List, cst.ListComp, cst.Tuple, cst.SimpleString)
_SUBSCRIPTABLE_KINDS = frozenset({"dict", "list", "tuple", "str", "bytes"})


def _lookup(lam: cst.BaseExpression) -> str | None:
    """``d`` for ``lambda k: d[k]`` (one plain index, ``d`` a name other than ``k``)."""
    param = simple_lambda(lam)
    if param is None:
        return None
    body = lam.body
    if not (isinstance(body, cst.Subscript) and isinstance(body.value, cst.Name)
            and len(body.slice) == 1 and isinstance(body.slice[0].slice, cst.Index)
            and body.slice[0].slice.star is None
            and isinstance(body.slice[0].slice.value, cst.Name)
            and body.slice[0].slice.value.value == param and body.value.value != param):
        return None
    return body.value.value


@register
class SubscriptLambdaToGetitem(Rule):
    """``lambda k: d[k]`` -> ``d.__getitem__`` where the lambda is the function of ``map(...,
    xs)`` (one iterable) or ``filter(..., xs)``, or the ``key=`` of ``sorted``/``min``/``max``,
    and ``d`` is a local of the enclosing function bound exactly once, by ``d = <display>``: a
    dict, list or tuple display or comprehension, or a str literal, in a statement of the
    function's own body that comes before the one holding the lambda; or ``d`` is a parameter
    bound nowhere in the function, whose exact type (dict, list, tuple, str, bytes) the seed's
    domain gives (``sorted(range(len(a)), key=lambda i: a[i])``, the argsort idiom).

    The lambda looks ``d`` up each time it runs, the bound method once, where the lambda was:
    with one binding that has already run, and none anywhere else in the function (nested
    scopes, ``del``, ``global``/``nonlocal`` included; no ``exec``/``locals()``), both see the
    same object, which may still be mutated (the method is bound to the object, not a copy).
    ``d`` is then an exact builtin, so ``d.__getitem__`` exists (no ``AttributeError`` moved
    before an empty iteration) and ``d.__getitem__(k)`` is ``d[k]``: same value, same
    ``KeyError``/``IndexError``/``TypeError``. The consumers call their function with one
    positional argument per item. The enclosing function must be on no recursion cycle (one
    frame less per item moves where a deep recursion stops), the consumer the real builtin.

    Intent "faster": no Python frame per item (the seed HumanEval/19 sorts words by a dict of
    ranks; measured by instruction counts, see docs/rules.md).
    """

    id = "subscript-lambda-to-getitem"
    description = "Pass a dict's (list's, str's) bound __getitem__ instead of lambda k: d[k]."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True  # a parameter's type may come from the seed's domain

    class Transformer(EvidenceTransformer):
        def _bound_once(self, lam: cst.Lambda, name: str) -> bool:
            """``name`` is bound once in the enclosing function, by a display, in a statement
            of its own body before the one holding ``lam``. Says why not."""
            ev, node, top = self.ev, lam, None
            while True:
                up = ev.parent(node)
                if up is None:
                    return False
                if isinstance(up, cst.ClassDef):
                    return self.skip("the lambda is in a class body")
                if isinstance(up, cst.IndentedBlock) and isinstance(ev.parent(up), cst.FunctionDef):
                    func, top = ev.parent(up), node
                    break
                node = up
            if not ev.simple_function(func) or name in global_nonlocal_names(func):
                return self.skip(f"{name} may be rebound out of sight")
            body = list(func.body.body)
            at = body.index(top)
            binders = [i for i, stmt in enumerate(body) if name in assigned_names(stmt)]
            if name in {p.name.value for p in all_params(func.params)}:
                # a parameter never bound again, of an exact builtin type (the domain's)
                if binders:
                    return self.skip(f"{name} is a parameter bound again")
                t = ev.local_type(ev.scopes.get(top), name)
                return (t is not None and t.kind in _SUBSCRIPTABLE_KINDS or self.skip(
                    f"no evidence {name} is a dict, list, tuple or str")) and ev.not_recursive(func)
            if len(binders) != 1 or binders[0] >= at:
                return self.skip(f"{name} is not bound once, by a display, before the lambda")
            stmt = body[binders[0]]
            if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
                    and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1
                    and isinstance(stmt.body[0].targets[0].target, cst.Name)
                    and isinstance(stmt.body[0].value, _SUBSCRIPTABLE)
                    and name not in assigned_names(stmt.body[0].value)):
                return self.skip(f"{name} is not bound once, by a display, before the lambda")
            return ev.not_recursive(func)

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            slots = function_slots(self.ev, original_node)
            if not slots or not self.ev.builtins_pinned:
                return updated_node
            args = list(updated_node.args)
            for i in slots:
                lam = original_node.args[i].value
                name = _lookup(lam)
                if name is None or not self._bound_once(lam, name):
                    continue
                args[i] = args[i].with_changes(
                    value=cst.Attribute(value=cst.Name(name), attr=cst.Name("__getitem__")))
                self.sites += 1
            return updated_node.with_changes(args=args)
