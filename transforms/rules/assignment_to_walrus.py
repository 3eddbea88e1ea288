"""Join an assignment into the ``if`` test that reads it first: ``n = len(s)`` / ``if n > 3:``
-> ``if (n := len(s)) > 3:``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import global_nonlocal_names, uses_dynamic_scope
from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register

_SIMPLE_ASSIGN = m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())])])
_PAREN = {"lpar": [cst.LeftParen()], "rpar": [cst.RightParen()]}
# A longer value buries the test (``if (n := len(list(filter(...)))) == k:``).
_LONGEST = 40


@register
class AssignmentToWalrus(Rule):
    """``x = v`` followed by ``if x OP y:`` (or ``if f(x) OP y:`` for a builtin ``f``) ->
    ``if (x := v) OP y:`` / ``if f(x := v) OP y:``, in a function.

    Sound because the read of ``x`` replaced by ``(x := v)`` is the first thing the test
    evaluates (the left operand of the test's first comparison, or the only argument of a
    builtin call there, whose name lookup runs no code): ``v`` is evaluated, then ``x`` bound
    in the function's scope (a walrus binds where an assignment does), at the same point of the
    execution as before, and every later read of ``x`` sees the same binding. Not when ``v`` is
    a conditional expression or a lambda (``(x := a if c else b)`` reads badly), a tuple,
    itself holds a walrus, or is longer than 40 characters; not for names declared ``global``/``nonlocal`` or in functions
    using ``exec``/``eval``/``locals()``; a comment on the assignment line is never lost (the
    rule leaves such lines alone).
    """

    id = "assignment-to-walrus"
    description = "Join an assignment into the if test that first reads it (x := v)."
    category = "assignments"
    family = "assignments"
    intent = "neutral"

    class Transformer(EvidenceTransformer):

        def _slot(self, test: cst.BaseExpression, name: str):
            """The ``Name`` node of ``test`` evaluated first, when it reads ``name``; and
            whether it is a call's argument (no parentheses needed around the walrus)."""
            if isinstance(test, cst.Comparison) and not test.lpar:
                left = test.left
                if isinstance(left, cst.Name) and left.value == name and not left.lpar:
                    return left, False
                if (isinstance(left, cst.Call) and isinstance(left.func, cst.Name)
                        and self.ev.is_builtin(left.func.value) and len(left.args) == 1
                        and not left.args[0].star and left.args[0].keyword is None
                        and m.matches(left.args[0].value, m.Name(name))
                        and not left.args[0].value.lpar):
                    return left.args[0].value, True
            return None, False

        def _joinable(self, assign_line, if_stmt) -> cst.Name | None:
            assign = assign_line.body[0]
            name, value = assign.targets[0].target.value, assign.value
            slot, _ = self._slot(if_stmt.test, name)
            if slot is None:
                return None
            if any(line.comment for line in assign_line.leading_lines) \
                    or assign_line.trailing_whitespace.comment:
                self.skip("a comment on the assignment would be lost")
                return None
            if isinstance(value, (cst.IfExp, cst.Lambda, cst.Tuple, cst.Yield)) \
                    or m.findall(value, m.NamedExpr()):
                self.skip("the value reads badly inside a test")
                return None
            if len(self._module.code_for_node(value)) > _LONGEST:
                self.skip("the value is too long to read inside a test")
                return None
            func = self.ev.function_of(assign.targets[0].target)
            if func is None or uses_dynamic_scope(func) or name in global_nonlocal_names(func):
                self.skip("not a plain local of a function")
                return None
            return slot

        def leave_IndentedBlock(self, original_node, updated_node):
            body, new = original_node.body, list(updated_node.body)
            out, i, changed = [], 0, False
            while i < len(body):
                if (i + 1 < len(body) and m.matches(body[i], _SIMPLE_ASSIGN)
                        and isinstance(body[i + 1], cst.If)):
                    slot = self._joinable(body[i], body[i + 1])
                    if slot is not None:
                        out.append(self._join(body[i], new[i], new[i + 1], slot))
                        self.sites += 1
                        changed = True
                        i += 2
                        continue
                out.append(new[i])
                i += 1
            return updated_node.with_changes(body=out) if changed else updated_node

        def _join(self, assign_line, new_assign_line, new_if, slot):
            name = assign_line.body[0].targets[0].target.value
            value = new_assign_line.body[0].value
            test = new_if.test
            _, in_call = self._slot(test, name)  # the test has the original's shape
            walrus = cst.NamedExpr(target=cst.Name(name), value=value,
                                   **({} if in_call else _PAREN))
            if in_call:
                call = test.left
                test = test.with_changes(left=call.with_changes(
                    args=[call.args[0].with_changes(value=walrus)]))
            else:
                test = test.with_changes(left=walrus)
            # the joined statement stands where the assignment stood; blank lines between the
            # two go, comment lines stay
            between = new_if.leading_lines if any(
                line.comment for line in new_if.leading_lines) else []
            return new_if.with_changes(test=test, leading_lines=[
                *new_assign_line.leading_lines, *between])
