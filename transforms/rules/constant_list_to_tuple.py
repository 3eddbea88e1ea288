"""``names = ["a", "b", "c"]`` -> ``names = ("a", "b", "c")`` for a local table only read."""

from __future__ import annotations

import libcst as cst

from ..analysis.evidence import EvidenceTransformer
from ..analysis.scopes import global_nonlocal_names, uses_dynamic_scope
from ..analysis.syntax import is_literal, stored, str_join
from ..analysis.types import is_int
from ..analysis.names import all_params, name_nodes
from ..base import Rule
from ..registry import register

# Builtins that only read the items of their one positional argument and return a new object
# (or an item, or an iterator of the items) the same for a list and a tuple of those items.
_READERS = frozenset({"len", "tuple", "list", "set", "frozenset", "sorted", "sum", "min", "max",
                      "any", "all", "enumerate"})
_METHODS = frozenset({"index", "count"})  # list and tuple: the same search, the same result


@register
class ConstantListToTuple(Rule):
    """A local list display of constants that the function only reads (a lookup table:
    ``digits = ["", "i", "ii", ...]``; ``digits[n % 10]``) becomes a tuple display, which
    the compiler folds into one constant: no list is built on each call.

    Sound where nothing can tell the list from the tuple: the name is a local bound once, by
    this statement, in a function without ``exec``/``locals()``... and no ``global``/
    ``nonlocal`` of it, and every other mention of it (nested scopes included) only reads
    items: the right side of one ``in``/``not in``, the iterable of a ``for`` or a
    comprehension, ``name[i]`` loaded with ``i`` proven an int (a slice object would give a
    tuple for a list), ``name.index(v)``/``name.count(v)``, the one positional argument of
    ``len``/``tuple``/``list``/``set``/``frozenset``/``sorted``/``sum``/``min``/``max``/
    ``any``/``all``/``enumerate`` (unshadowed; ``sum`` without ``start``) or of
    ``"sep".join``; a slice ``name[a:b]`` only where such a reader takes it. It is never
    returned, stored, passed on, compared, concatenated or mutated, so no code sees its type
    or identity (which the language leaves free for immutable values anyway: ``tuple(t)`` may
    be ``t``). The items are literals (numbers, strings, ``True``/``False``/``None``): the
    same objects either way. Errors keep their types (``IndexError``, ``ValueError``).
    """

    id = "constant-list-to-tuple"
    description = "Hold a local table of constants that is only read in a tuple, not a list."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True  # int evidence for indexes may come from the seed's domain

    class Transformer(EvidenceTransformer):
        def leave_Assign(self, original_node: cst.Assign,
                         updated_node: cst.Assign) -> cst.Assign:
            value = original_node.value
            if not (len(original_node.targets) == 1
                    and isinstance(original_node.targets[0].target, cst.Name)
                    and isinstance(value, cst.List) and len(value.elements) >= 2
                    and all(isinstance(e, cst.Element) and is_literal(e.value)
                            for e in value.elements)):
                return updated_node
            binding = original_node.targets[0].target
            if not self._only_read(original_node, binding):
                return updated_node
            self.sites += 1
            shown = updated_node.value
            table = cst.Tuple(elements=shown.elements, lpar=[cst.LeftParen(
                whitespace_after=shown.lbracket.whitespace_after)], rpar=[cst.RightParen(
                whitespace_before=shown.rbracket.whitespace_before)])
            return updated_node.with_changes(value=table)

        def _only_read(self, assign: cst.Assign, binding: cst.Name) -> bool:
            func = self.ev.function_of(assign)
            name = binding.value
            if func is None:
                return self.skip(f"{name!r} is not a function's local")
            if uses_dynamic_scope(func):
                return self.skip("the function can see its locals by name (exec, locals()...)")
            if name in global_nonlocal_names(func) or any(
                    p.name.value == name for p in all_params(func.params)):
                return self.skip(f"{name!r} is global, nonlocal or a parameter")
            for node in name_nodes(func.body, name):
                if node is not binding and not self._reading(node):
                    return self.skip(f"{name!r} is used as a list (stored, passed on, "
                                     "mutated, returned, compared or indexed by a value not proven an int)")
            return True

        def _reading(self, node: cst.Name) -> bool:
            parent = self.ev.parent(node)
            if (isinstance(parent, cst.Attribute) and parent.attr is node
                    or isinstance(parent, cst.Arg) and parent.keyword is node):
                return True  # another object's attribute, a keyword: not our variable
            if isinstance(parent, cst.Attribute):  # ``name.index(v)`` called at once
                call = self.ev.parent(parent)
                return (parent.value is node and parent.attr.value in _METHODS
                        and isinstance(call, cst.Call) and call.func is parent)
            if isinstance(parent, cst.Subscript) and parent.value is node:
                if stored(parent, self.ev) or len(parent.slice) != 1:
                    return False
                part = parent.slice[0].slice
                if isinstance(part, cst.Slice):
                    return self._consumed(parent)
                return isinstance(part, cst.Index) and part.star is None and is_int(
                    self.ev.type_of(part.value))
            return self._consumed(node)

        def _consumed(self, node: cst.BaseExpression) -> bool:
            """``node`` (the list or a slice of it) is only iterated or searched."""
            parent = self.ev.parent(node)
            if isinstance(parent, (cst.For, cst.CompFor)):
                return parent.iter is node
            if isinstance(parent, cst.ComparisonTarget):
                comparison = self.ev.parent(parent)
                return (parent.comparator is node and len(comparison.comparisons) == 1
                        and isinstance(parent.operator, (cst.In, cst.NotIn)))
            if not isinstance(parent, cst.Arg) or parent.value is not node:
                return False
            call = self.ev.parent(parent)
            if parent.star or parent.keyword is not None or not isinstance(call, cst.Call):
                return False
            if len(call.args) == 1 and str_join(call.func):
                return True
            if not (isinstance(call.func, cst.Name) and call.func.value in _READERS
                    and self.ev.is_builtin(call.func.value)):
                return False
            others = [a for a in call.args if a is not parent]
            if call.func.value in ("min", "max"):  # ``key=``/``default=`` of other values
                return all(a.keyword is not None and a.keyword.value in ("key", "default")
                           and not a.star for a in others)
            if call.func.value == "sorted":
                return all(a.keyword is not None and a.keyword.value in ("key", "reverse")
                           and not a.star for a in others)
            return not others

