"""``if c: return True else: return False`` -> ``return bool(c)`` (or ``return not c``)."""

from __future__ import annotations

from typing import Sequence

import libcst as cst
import libcst.matchers as m

from ..analysis import builtin_is_shadowed
from ..analysis.syntax import NOT_A_COMPARISON, natural_negation
from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register


def _returned_bool(block: cst.BaseSuite | cst.BaseStatement | None) -> bool | None:
    """True/False if the block (or statement) is exactly ``return True``/``return False``."""
    stmt = block
    if isinstance(block, cst.IndentedBlock):
        if len(block.body) != 1 or block.header.comment is not None or block.footer:
            return None
        stmt = block.body[0]
    if isinstance(stmt, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
        if len(stmt.body) != 1 or not m.matches(stmt.body[0], m.Return(value=m.Name())):
            return None
        if isinstance(stmt, cst.SimpleStatementLine) and any(
                ll.comment for ll in stmt.leading_lines):
            return None
        return {"True": True, "False": False}.get(stmt.body[0].value.value)
    return None


def _jump_test(test: cst.BaseExpression) -> bool:
    """``a or b`` (under any ``not``): as an ``if`` test it calls ``bool(a)`` once and jumps;
    as a value (``bool(a or b)``, ``not (a or b)``) the deciding operand is the result, whose
    ``__bool__`` then runs a second time."""
    while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        test = test.expression
    return isinstance(test, cst.BooleanOperation)


@register
class ReturnBool(Rule):
    """``if c: return True`` + ``else: return False`` (or a following ``return False``) ->
    ``return bool(c)``; with the constants the other way round, ``return not c``.

    Sound: ``if`` calls ``bool()`` on ``c`` once and so do ``bool(c)`` and ``not c``; the
    result is the same ``True``/``False`` singleton. Needs the builtin ``bool``: the rule does
    not fire in a module that binds the name ``bool`` anywhere. ``c`` that is already
    ``not x`` gives ``return not x``. Not for an ``and``/``or`` test: ``if a or b`` calls
    ``a.__bool__`` once, ``bool(a or b)`` twice when ``a`` decides.
    """

    id = "return-bool"
    description = "Collapse `if c: return True else: return False` into `return bool(c)`."
    category = "expression"
    family = "control-flow"
    intent = "neutral"

    class Transformer(EvidenceTransformer):
        def visit_Module(self, node: cst.Module) -> None:
            super().visit_Module(node)
            self.bool_ok = not builtin_is_shadowed(node, "bool")

        def _value(self, test: cst.BaseExpression, when_true: bool) -> cst.BaseExpression | None:
            if not when_true:
                if m.matches(test, m.UnaryOperation(operator=m.Not())) and not test.lpar:
                    return self._value(test.expression, True)  # not (not x) is bool(x)
                return natural_negation(  # None: `not a == b`
                    test, self.complement_is_exact, getattr(self, "originals", {}).get(id(test)))
            if m.matches(test, m.UnaryOperation(operator=m.Not())) or m.matches(
                    test, m.Comparison(comparisons=[m.ComparisonTarget(
                        operator=m.In() | m.NotIn() | m.Is() | m.IsNot())])):
                return test  # already a bool
            return cst.Call(func=cst.Name("bool"), args=[cst.Arg(
                value=test.with_changes(lpar=[], rpar=[]) if not isinstance(
                    test, (cst.NamedExpr, cst.Tuple)) else test)])

        def _collapse(self, body: Sequence[cst.BaseStatement]) -> list | None:
            out, i, changed = [], 0, False
            while i < len(body):
                stmt = body[i]
                if not self.bool_ok and isinstance(stmt, cst.If) \
                        and _returned_bool(stmt.body) is not None:
                    self.skip("bool is shadowed")
                if self.bool_ok and isinstance(stmt, cst.If):
                    then = _returned_bool(stmt.body)
                    if isinstance(stmt.orelse, cst.Else):
                        other, consumed = _returned_bool(stmt.orelse.body), 1
                    elif stmt.orelse is None and i + 1 < len(body):
                        other, consumed = _returned_bool(body[i + 1]), 2
                    else:
                        other, consumed = None, 1
                    if then is not None and other is not None and then != other \
                            and _jump_test(stmt.test):
                        self.skip("and/or test: `if` tests each operand once, a value twice")
                    elif then is not None and other is not None and then != other \
                            and self._value(stmt.test, then) is None:
                        self.skip(NOT_A_COMPARISON)
                    elif then is not None and other is not None and then != other:
                        out.append(cst.SimpleStatementLine(
                            body=[cst.Return(value=self._value(stmt.test, then))],
                            leading_lines=stmt.leading_lines))
                        self.sites += 1
                        changed = True
                        i += consumed
                        continue
                    elif then is not None and other is not None:
                        self.skip("both branches return the same bool")
                    elif then is not None:
                        self.skip("the other branch (or the next statement) is not "
                                  "`return True`/`return False`")
                out.append(stmt)
                i += 1
            return out if changed else None

        def leave_IndentedBlock(self, original_node, updated_node):
            # the evidence knows the original nodes: an unchanged test is read there
            self.originals = {id(new.test): old.test for old, new in
                              zip(original_node.body, updated_node.body)
                              if isinstance(old, cst.If) and isinstance(new, cst.If)}
            new = self._collapse(updated_node.body)
            return updated_node if new is None else updated_node.with_changes(body=new)
