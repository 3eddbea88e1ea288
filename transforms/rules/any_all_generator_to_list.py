"""``any(e for x in xs)`` -> ``any([e for x in xs])``: give up short-circuiting."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import as_list_comp, bound_names_safe, plain_generator
from ..analysis.names import loop_target_names

# Iterating these runs no user code, cannot fail and ends (``range`` could be huge).
_FINITE_PURE = frozenset({"str", "bytes", "list", "tuple", "dict", "set", "frozenset"})


@register
class AnyAllGeneratorToList(Rule):
    """``any(e for x in xs if c)`` / ``all(...)`` -> ``any([e for x in xs if c])``.

    The list comprehension evaluates every item before ``any``/``all`` looks at the first, so
    the short-circuit is lost and extra items are computed. That is unobservable only when
    computing an item cannot raise, run user code, or fail to end: ``xs`` must be known to be a
    str/bytes/list/tuple/dict/set/frozenset (its iteration is finite and pure), and ``e`` and
    ``c`` must be total expressions (literals, names with scalar evidence, int arithmetic,
    scalar comparisons, str predicates, ``len`` of builtin containers), which also rules out a
    ``StopIteration`` behaving differently in a generator. Names read per item must be the
    comprehension's own variables, globals/builtins, or never-deleted parameters (a local that
    is unbound would raise only once the short-circuit point is passed). The truth values and
    the bool returned are the same.
    """

    id = "any-all-generator-to-list"
    description = "Materialize the generator given to any()/all() as a list (no short-circuit)."
    category = "performance"
    family = "api-substitution"
    intent = "slower"
    uses_domain = True  # its type evidence may come from the seed's domain

    class Transformer(EvidenceTransformer):
        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.Call:
            ev = self.ev
            args = original_node.args
            if not (ev.is_builtin_call(original_node, "any", "all") and len(args) == 1
                    and not args[0].star and args[0].keyword is None
                    and plain_generator(ev, args[0].value)):
                if m.matches(original_node.func, m.Name("any") | m.Name("all")) \
                        and not ev.is_builtin(original_node.func.value):
                    self.skip(f"{original_node.func.value} is shadowed")
                return updated_node
            gen = args[0].value
            t = ev.type_of(gen.for_in.iter)
            targets = loop_target_names(gen.for_in.target)
            if t is None or t.kind not in _FINITE_PURE:
                self.skip("no evidence the iterable is a builtin container (finite, no user code)")
                return updated_node
            if not targets:
                self.skip("generator target is not plain names")
                return updated_node
            func = ev.function_of(original_node)
            scope = ev.scopes.get(original_node)
            moved = [gen.elt] + [c.test for c in gen.for_in.ifs]
            if func is None:
                self.skip("not in a function's own scope")
                return updated_node
            if not bound_names_safe(ev, func, scope, moved, set(targets)):
                return updated_node
            new_gen = updated_node.args[0].value
            if not isinstance(new_gen, cst.GeneratorExp):
                return updated_node
            self.sites += 1
            return updated_node.with_changes(
                args=[updated_node.args[0].with_changes(value=as_list_comp(new_gen))])
