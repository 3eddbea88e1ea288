"""``if x == "a": A`` then ``if x == "b": B`` -> ``if x == "a": A`` / ``elif x == "b": B``."""

from __future__ import annotations

import ast

import libcst as cst

from ..analysis import assigned_names
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import local_only
from ..analysis.numeric import RicherEvidence
from ..base import Rule
from ..registry import register

# Builtin scalars: == against a literal runs no user code, cannot raise, and is exact (an int
# and a float compare by value), so x == c1 and x == c2 cannot both hold when c1 != c2.
_SCALARS = frozenset({"str", "bytes", "int", "bool", "float", "number"})
_LITERALS = (cst.SimpleString, cst.Integer, cst.Float)


@register
class ExclusiveIfsToElif(Rule):
    """Adjacent ``if x == c1: A`` and ``if x == c2: B`` (neither with ``else``) -> one
    ``if``/``elif`` chain, so that once ``x == c1`` holds ``x == c2`` is not tested again.

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
            """``(x, c)`` for ``if x == <literal>:`` without ``else``, else None."""
            if not (isinstance(node, cst.If) and node.orelse is None):
                return None
            test = node.test
            if not (isinstance(test, cst.Comparison) and isinstance(test.left, cst.Name)
                    and len(test.comparisons) == 1
                    and isinstance(test.comparisons[0].operator, cst.Equal)
                    and isinstance(test.comparisons[0].comparator, _LITERALS)):
                return None
            try:
                value = ast.literal_eval(test.comparisons[0].comparator.value)
            except (ValueError, SyntaxError):
                return None
            return test.left, value

        def _subject(self, name: cst.Name, first: cst.If) -> bool:
            ev = self.ev
            func = ev.function_of(first)
            if func is None or not ev.simple_function(func):
                return self.skip("not in a function's own scope")
            t = ev.type_of(name)
            if t is None or t.kind not in _SCALARS:
                return self.skip(f"no evidence {name.value!r} is a builtin str or number")
            return local_only(ev, func, ev.scopes.get(name), name.value)

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
                        if nxt is None or nxt[0].value != name.value:
                            break
                        if any(nxt[1] == v for v in values):
                            self.skip("two tests against equal literals")
                            break
                        if name.value in assigned_names(stmts[j - 1].body):
                            self.skip(f"{name.value!r} is rebound in an if's body")
                            break
                        values.append(nxt[1])
                        j += 1
                    if j - k > 1 and self._subject(name, stmts[k]):
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
