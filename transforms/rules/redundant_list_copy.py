"""Copy an iterable into a throw-away list before a consumer that only reads it."""

from __future__ import annotations

import libcst as cst

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.copies import IDENTITY_KEEPERS, PURE_ITER, READERS
from ..analysis.purity import scalar


@register
class RedundantListCopy(Rule):
    """``sorted(x)`` -> ``sorted(list(x))``; ``sum(xs)`` -> ``sum(list(xs))`` for a builtin ``xs``.

    ``sorted(x, ...)`` starts by doing exactly what ``list(x)`` does (``PySequence_List``: the
    same ``__len__`` hint, the same iteration, the same ``TypeError`` for a non-iterable), then
    sorts that new list; ``sorted(list(x), ...)`` does it once more on a list, which runs no
    user code. So it is sound for any ``x``. For the readers ``sum``, ``min``, ``max``, ``any``,
    ``all``, ``set`` with a single positional iterable the copy is inserted only when ``x`` is
    known to be a str/bytes/list/tuple/dict/set/frozenset of builtin scalars (int, float, str,
    bytes, bool), no ``key=`` is given and a ``sum`` start is a scalar: iterating those and
    adding, comparing, hashing or testing the items runs no user code (which could otherwise
    change ``x`` while the reader walks it, unseen by the copy),
    so materializing first cannot reorder side effects, lose short-circuiting (``any`` on a
    generator), call ``__len__`` on a user type, or exhaust memory (``range``). ``tuple`` and
    ``frozenset`` are not wrapped: ``tuple(t)`` returns ``t`` itself and the copy would change
    identity. Arguments already written ``list(...)`` are left as they are. The copy iterates
    ``x`` before the call's other arguments are evaluated, the reader after them, so every other
    argument must be inert (total, a lambda, or a builtin name): ``sorted(it, reverse=it[0])``
    raises on an iterator before ``sorted`` consumes it, after ``list(it)`` has.
    """

    id = "redundant-list-copy"
    description = "Insert a redundant list() copy before sorted()/sum()/min()/max()/any()/all()/set()."
    category = "performance"
    family = "api-substitution"
    intent = "slower"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "remove-redundant-list-copy"

    class Transformer(EvidenceTransformer):
        def _wrappable(self, call: cst.Call) -> bool:
            ev = self.ev
            # skip reasons only for calls of the readers (every call is looked at)
            skip = self.skip if (isinstance(call.func, cst.Name) and call.args and (
                call.func.value in READERS | IDENTITY_KEEPERS or call.func.value == "sorted")) else (lambda r: False)
            if not (isinstance(call.func, cst.Name) and ev.is_builtin(call.func.value)
                    and ev.is_builtin("list") and call.args):
                if isinstance(call.func, cst.Name) and call.args:
                    skip(f"{call.func.value if not ev.is_builtin(call.func.value) else 'list'}"
                         " is shadowed")
                return False
            fname = call.func.value
            first, rest = call.args[0], call.args[1:]
            if (first.star or first.keyword is not None or any(a.star for a in rest)
                    or ev.is_builtin_call(first.value, "list")):
                return skip("a starred or keyword iterable, or already a list(...) copy")
            # The copy iterates ``x`` before the other arguments are evaluated; the reader
            # itself only after them. An argument that raises (``array[0]`` on an iterator) or
            # changes ``x`` (``default=xs.pop()``) would meet a different ``x``.
            inert = "another argument is evaluated after the iterable and may raise or run code"
            if fname == "sorted":
                if not all(a.keyword is not None and not a.star for a in rest):
                    return skip("sorted() with positional arguments besides the iterable")
                return all(self._inert(a.value) for a in rest) or skip(inert)
            if fname in IDENTITY_KEEPERS:
                return skip(f"{fname}() of a copy would not be its argument itself (identity)")
            if fname not in READERS:
                return False
            positional_ok = (not rest) or (fname == "sum" and len(rest) == 1)
            if not positional_ok and not all(a.keyword is not None and not a.star for a in rest):
                return skip("more positional arguments")
            if fname in ("min", "max") and any(a.keyword is None or a.keyword.value != "default"
                                               for a in rest):
                # max(a, b) compares its arguments, it does not iterate `a`; a key= function
                # runs while the reader walks `x` and could change it under the walk.
                return skip("min/max with several arguments or a key function")
            if fname == "sum" and rest and not scalar(ev.type_of(rest[0].value)):
                # a user start's __add__ runs during the walk
                return skip("no evidence the sum start is a builtin scalar")
            if not all(self._inert(a.value) for a in rest):
                return skip(inert)
            t = ev.type_of(first.value)
            # The reader adds, compares, hashes or tests each item as it walks ``x``; only for
            # builtin scalar items is that free of user code, which could otherwise change
            # ``x`` mid-walk (the copy would not see it).
            return t is not None and t.kind in PURE_ITER and scalar(ev.elem_of(first.value)) \
                or skip("no evidence the argument is a builtin container of builtin scalars")

        def _inert(self, e: cst.BaseExpression) -> bool:
            """Evaluating ``e`` runs no user code and cannot raise: a total expression, a
            lambda (made, not called), or an unshadowed builtin (``key=len``)."""
            return (self.ev.is_total(e) or isinstance(e, cst.Lambda)
                    or (isinstance(e, cst.Name) and self.ev.is_builtin(e.value)))

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.Call:
            if not self._wrappable(original_node):
                return updated_node
            first = updated_node.args[0]
            copy = cst.Call(func=cst.Name("list"), args=[cst.Arg(value=first.value)])
            self.sites += 1
            return updated_node.with_changes(args=[first.with_changes(value=copy),
                                                   *updated_node.args[1:]])
