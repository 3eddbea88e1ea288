"""``s[::-1]`` -> ``"".join(reversed(s))`` (a str), ``list(reversed(xs))`` (a list),
``tuple(reversed(t))`` (a tuple)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.reversal import REBUILD, REVERSING_SLICE, enclosing, identity_used
from ..base import Rule
from ..registry import register


def rebuilt(kind: str, value: cst.BaseExpression) -> cst.Call:
    """``"".join(reversed(value))`` for a str, ``list(reversed(value))``... otherwise."""
    inner = cst.Call(func=cst.Name("reversed"), args=[cst.Arg(value)])
    builder = REBUILD[kind]
    func = (cst.Attribute(value=cst.SimpleString('""'), attr=cst.Name("join"))
            if builder == "" else cst.Name(builder))
    return cst.Call(func=func, args=[cst.Arg(inner)])


@register
class SliceReverseToReversed(Rule):
    """``s[::-1]`` -> ``"".join(reversed(s))`` when ``s`` is known to be an exact str,
    ``xs[::-1]`` -> ``list(reversed(xs))`` for an exact list, ``tuple(reversed(t))`` for an
    exact tuple.

    Both evaluate the sequence once and build at once a new object of the same type holding
    its items last to first (``reversed`` of a builtin sequence walks it by index and runs no
    user code; the list is copied before anything else runs, so aliasing cannot show). The
    builders must be the real builtins (``reversed``, ``list``, ``tuple``: never bound in the
    module, builtins not rebindable at run time). ``"".join`` of a one-character string returns
    that very string where the slice may build another: not where the function compares
    identities (``is``, ``id()``). Types often come from the seed's domain (``s: str``). The
    slice is the fast spelling (one C loop, no iterator): this is the slower one.
    """

    id = "slice-reverse-to-reversed"
    description = "Reverse a str, list or tuple with reversed() instead of the [::-1] slice."
    category = "performance"
    family = "api-substitution"
    intent = "slower"
    inverse = "reversed-to-slice-reverse"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Subscript(self, original_node: cst.Subscript,
                            updated_node: cst.BaseExpression) -> cst.BaseExpression:
            if not m.matches(original_node, REVERSING_SLICE):
                return updated_node
            ev = self.ev
            t = ev.type_of(original_node.value)
            if t is None or t.kind not in REBUILD:
                return self.skip("no evidence the value is an exact str, list or tuple") \
                    or updated_node
            builder = REBUILD[t.kind] or "reversed"
            if not (ev.real_builtin("reversed") and ev.real_builtin(builder)):
                return updated_node  # it said why
            if identity_used(enclosing(ev, original_node)):
                return self.skip("an identity test (is, id()) in the function") or updated_node
            value = updated_node.value
            if len(value.lpar) == 1 and not isinstance(value, cst.GeneratorExp):
                value = value.with_changes(lpar=[], rpar=[])  # an argument needs none
            self.sites += 1
            return rebuilt(t.kind, value).with_changes(
                lpar=updated_node.lpar, rpar=updated_node.rpar)
