"""``type(x) == int`` -> ``type(x) is int`` when ``x`` is known to hold a builtin value."""

from __future__ import annotations

import libcst as cst

from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register

# Builtin classes: their metaclass is ``type``, whose ``==`` is identity.
_CLASSES = frozenset({
    "int", "float", "complex", "bool", "str", "bytes", "bytearray", "list", "tuple", "dict",
    "set", "frozenset", "range", "object", "type"})
# Evidence kinds that name builtin classes (``number``: int, bool or float).
_EXACT = frozenset({"int", "bool", "float", "number", "complex", "str", "bytes", "list", "tuple",
                    "dict", "set", "frozenset", "range"})


@register
class TypeCompareToIdentity(Rule):
    """``type(x) == int`` / ``type(x) != int`` -> ``type(x) is int`` / ``is not`` (pycodestyle
    E721): one pointer test instead of a rich comparison through the classes' metaclass.

    Sound only when both classes' metaclass is ``type``, whose ``==`` is identity: a class
    made by a metaclass that defines ``__eq__`` (or ``__ne__``) may call another class equal to
    ``int``, and that method runs first. So the other side must be an unshadowed builtin class
    name, and ``x`` must be proven to hold an exact builtin value (type evidence, the domain's
    included), whose class is a builtin one; ``type`` must be the builtin (never bound in the
    module). ``type(x)`` of a value of unknown type is left alone.
    """

    id = "type-compare-to-identity"
    description = "Compare exact types with is / is not instead of == / != (E721)."
    category = "performance"
    family = "expression"
    intent = "faster"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Comparison(self, original_node: cst.Comparison,
                             updated_node: cst.BaseExpression) -> cst.BaseExpression:
            if len(original_node.comparisons) != 1:
                return updated_node
            target = original_node.comparisons[0]
            op = target.operator
            if not isinstance(op, (cst.Equal, cst.NotEqual)):
                return updated_node
            sides = (original_node.left, target.comparator)
            calls = [s for s in sides if self._type_call(s)]
            classes = [s for s in sides if isinstance(s, cst.Name) and s.value in _CLASSES]
            if not calls or not classes or calls[0] is classes[0]:
                return updated_node
            if not self.ev.is_builtin(classes[0].value):
                self.skip(f"{classes[0].value} is shadowed")
                return updated_node
            if not self.ev.is_builtin("type"):
                self.skip("type is shadowed")
                return updated_node
            arg = calls[0].args[0].value
            known = self.ev.type_of(arg)
            if known is None or known.kind not in _EXACT:
                self.skip("no evidence the value's class is a builtin one (a metaclass may "
                          "define ==)")
                return updated_node
            kind = cst.Is if isinstance(op, cst.Equal) else cst.IsNot
            new_op = kind(whitespace_before=op.whitespace_before,
                          whitespace_after=op.whitespace_after)
            self.sites += 1
            return updated_node.with_changes(
                comparisons=[updated_node.comparisons[0].with_changes(operator=new_op)])

        @staticmethod
        def _type_call(node: cst.BaseExpression) -> bool:
            return (isinstance(node, cst.Call) and isinstance(node.func, cst.Name)
                    and node.func.value == "type" and len(node.args) == 1
                    and node.args[0].keyword is None and not node.args[0].star)
