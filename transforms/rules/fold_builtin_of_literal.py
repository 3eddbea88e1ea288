"""``ord("a")`` -> ``97``, ``chr(65)`` -> ``'A'``, ``len("abc")`` -> ``3``: builtins of literals folded."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import ParentNodeProvider, PositionProvider, ScopeProvider

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.syntax import replace_expression


def _string(e: cst.BaseExpression) -> str | None:
    """The value of a plain (non-bytes, non-f) string literal, else None."""
    value = e.evaluated_value if isinstance(e, cst.SimpleString) else None
    return value if isinstance(value, str) else None


def _folded(name: str, arg: cst.BaseExpression) -> cst.BaseExpression | None:
    """The literal ``name(arg)`` evaluates to, or None where the call would raise or the
    argument is not a literal of the type the builtin takes."""
    if name == "ord":
        text = _string(arg)
        return cst.Integer(str(ord(text))) if text is not None and len(text) == 1 else None
    if name == "len":
        text = _string(arg)
        return cst.Integer(str(len(text))) if text is not None else None
    if name == "chr" and isinstance(arg, cst.Integer):
        code = int(arg.value.replace("_", ""), 0)
        return cst.SimpleString(repr(chr(code))) if 0 <= code <= 0x10FFFF else None
    return None


@register
class FoldBuiltinOfLiteral(Rule):
    """``ord("a")`` -> ``97``, ``chr(97)`` -> ``'a'``, ``len("abc")`` -> ``3``.

    These builtins are pure and total on the literals folded (a one-character string for
    ``ord``, a code point in range for ``chr``, any string for ``len``): the call always returns
    the same exact ``int``/``str``, which the literal now is, minus a global lookup and a call
    each time it runs (per item, in a loop or comprehension). What must hold is that the name
    is the builtin whenever the call runs: never bound anywhere in the module (no assignment,
    import, parameter, def or class of that name, no star import) and no way to rebind it at
    run time (``exec``/``eval``/``globals()``/``vars()``/``__import__`` or a frame anywhere in
    the module, or the ``builtins`` module, ``__builtins__``). Calls that would raise
    (``ord("ab")``, ``chr(-1)``) are left as they are.
    """

    id = "fold-builtin-of-literal"
    description = "Evaluate ord/chr/len of a literal once, at rewrite time."
    category = "performance"
    family = "expression"
    intent = "faster"

    class Transformer(EvidenceTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider, PositionProvider)

        def visit_Module(self, node: cst.Module) -> None:
            super().visit_Module(node)
            self.lines = node.code.splitlines()

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            func = original_node.func
            if not (isinstance(func, cst.Name) and func.value in ("ord", "chr", "len")):
                return updated_node
            args = original_node.args
            if len(args) != 1 or args[0].keyword is not None or args[0].star:
                return updated_node
            literal = _folded(func.value, args[0].value)
            if literal is None:
                return updated_node
            if not self.ev.real_builtin(func.value):
                return updated_node
            self.sites += 1
            parent = self.ev.parent(original_node)
            if (isinstance(literal, cst.Integer) and isinstance(parent, cst.Attribute)
                    and not original_node.lpar):
                # 97.bit_length() would read as a float literal: (97).bit_length()
                return literal.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            where = self.get_metadata(PositionProvider, original_node, None)
            return replace_expression(original_node, literal, self.lines, where)
