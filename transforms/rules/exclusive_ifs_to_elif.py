"""``if x == "a": A`` then ``if x == "b": B`` -> ``if x == "a": A`` / ``elif x == "b": B``."""

from __future__ import annotations

import ast

import libcst as cst

from ..analysis import assigned_names
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import local_only
from ..analysis.numeric import RicherEvidence
from ..analysis.types import STR
from ..base import Rule
from ..registry import register

# Builtin scalars: == against a literal runs no user code, cannot raise, and is exact (an int
# and a float compare by value), so x == c1 and x == c2 cannot both hold when c1 != c2.
_SCALARS = frozenset({"str", "bytes", "int", "bool", "float", "number"})
_LITERALS = (cst.SimpleString, cst.Integer, cst.Float)


class _In(frozenset):
    """The characters of ``x in "<literal>"``."""


def _may_both_hold(a: object, b: object) -> bool:
    """Two tests of one ``x`` can both hold: equal literals for ``==``; for ``in`` of a
    one-character ``x``, literals that share a character."""
    if isinstance(a, _In) and isinstance(b, _In):
        return bool(a & b)
    return a == b


@register
class ExclusiveIfsToElif(Rule):
    """Adjacent ``if x == c1: A`` and ``if x == c2: B`` (neither with ``else``) -> one
    ``if``/``elif`` chain, so that once ``x == c1`` holds ``x == c2`` is not tested again.
    Likewise ``if ch in "02468": A`` / ``if ch in "13579": B`` for a one-character ``ch`` (every
    binding of it is the target of a ``for`` over a str: ``"" in s`` holds for every str) and
    str literals that share no character: a character in one is in no other.

    Sound when ``x`` is a plain local known to be a builtin str, bytes, int, bool or float
    (from the code or the seed's domain), ``c1``, ``c2``... are str/bytes/number literals that
    are pairwise unequal, and A never rebinds ``x``: then ``x == c1`` and ``x == c2`` cannot
    both hold, and testing ``x == c2`` runs no user code and cannot raise. When ``x == c1``
    holds and A falls through, the original tests ``x == c2`` (false: ``x`` still holds the
    same immutable value) and skips B, as the ``elif`` does; when A returns, raises, breaks or
    continues, neither form tests it; when ``x == c1`` is false both test ``x == c2``. The
    second ``if`` must have no ``else`` (the original would run it after A). ``x`` must not
    be global or nonlocal, nor seen by a nested scope (which could rebind it).
    """

    id = "exclusive-ifs-to-elif"
    description = "Join ifs that test one value against different literals into an elif chain."
    category = "performance"
    family = "control-flow"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain

    class Transformer(EvidenceTransformer):
        EVIDENCE = RicherEvidence

        @staticmethod
        def _test(node: cst.CSTNode) -> tuple[cst.Name, object] | None:
            """``(x, c)`` for ``if x == <literal>:`` without ``else``; ``(x, IN(chars))`` for
            ``if x in "<str literal>":``; else None."""
            if not (isinstance(node, cst.If) and node.orelse is None):
                return None
            test = node.test
            if not (isinstance(test, cst.Comparison) and isinstance(test.left, cst.Name)
                    and len(test.comparisons) == 1
                    and isinstance(test.comparisons[0].operator, (cst.Equal, cst.In))
                    and isinstance(test.comparisons[0].comparator, _LITERALS)):
                return None
            try:
                value = ast.literal_eval(test.comparisons[0].comparator.value)
            except (ValueError, SyntaxError):
                return None
            if isinstance(test.comparisons[0].operator, cst.In):
                if not isinstance(value, str):
                    return None
                return test.left, _In(frozenset(value))
            return test.left, value

        def _subject(self, name: cst.Name, first: cst.If, membership: bool) -> bool:
            ev = self.ev
            func = ev.function_of(first)
            if func is None or not ev.simple_function(func):
                return self.skip("not in a function's own scope")
            t = ev.type_of(name)
            if t is None or t.kind not in _SCALARS:
                return self.skip(f"no evidence {name.value!r} is a builtin str or number")
            if membership and not self._one_char(name):
                return self.skip(f"no evidence {name.value!r} is one character (\"\" is in "
                                 "every str)")
            return local_only(ev, func, ev.scopes.get(name), name.value)

        def _one_char(self, name: cst.Name) -> bool:
            """Every binding of ``name`` is the target of a ``for`` over a str: each holds
            one character."""
            scope = self.ev.scopes.get(name)
            bindings = list(scope.assignments[name.value]) if scope is not None else []
            for a in bindings:
                loop = self.ev.parent(a.node)
                if not (isinstance(loop, cst.For) and loop.target is a.node
                        and self.ev.type_of(loop.iter) == STR):
                    return False
            return bool(bindings)

        def _plan(self, stmts) -> list[tuple[int, int]]:
            """``(start, end)`` of every run of statements to join into one chain."""
            runs = []
            k = 0
            while k < len(stmts):
                head = self._test(stmts[k])
                j = k + 1
                if head is not None:
                    name, value = head
                    values = [value]
                    while j < len(stmts):
                        nxt = self._test(stmts[j])
                        if nxt is None or nxt[0].value != name.value \
                                or isinstance(nxt[1], _In) != isinstance(value, _In):
                            break
                        if any(_may_both_hold(nxt[1], v) for v in values):
                            self.skip("two tests against equal literals (or sharing a character)")
                            break
                        if name.value in assigned_names(stmts[j - 1].body):
                            self.skip(f"{name.value!r} is rebound in an if's body")
                            break
                        values.append(nxt[1])
                        j += 1
                    if j - k > 1 and self._subject(name, stmts[k], isinstance(value, _In)):
                        runs.append((k, j))
                    else:
                        j = k + 1
                k = j
            return runs

        def leave_IndentedBlock(self, original_node: cst.IndentedBlock,
                                updated_node: cst.IndentedBlock) -> cst.IndentedBlock:
            runs = self._plan(list(original_node.body))
            if not runs:
                return updated_node
            body = list(updated_node.body)
            for start, end in reversed(runs):
                chain = body[end - 1]
                for stmt in reversed(body[start:end - 1]):
                    # an elif keeps the comments above it, not blank lines
                    kept = [ll for ll in chain.leading_lines if ll.comment is not None]
                    chain = stmt.with_changes(orelse=chain.with_changes(leading_lines=kept))
                body[start:end] = [chain]
                self.sites += end - start - 1
            return updated_node.with_changes(body=body)
