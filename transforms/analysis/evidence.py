"""``TypeEvidence``: which builtin type an expression is *known* to evaluate to (see ``types``),
whether evaluating it is total, and ``EvidenceTransformer``, the base of rules that use it."""

from __future__ import annotations

from functools import cached_property

import libcst as cst
from libcst.metadata import ParentNodeProvider, ScopeProvider

from ..base import RuleTransformer
from .bindings import BindingEvidence
from .names import NameAllocator
from .stdlib import math_call
from .types import (_BUILTIN_RESULT, _INT_BINOPS, _SCALARS, _STR_TO_BOOL, _STR_TO_INT,
                    _STR_TO_STR, _STR_TO_STR_LIST, BOOL, FLOAT, INT, SIZED_KINDS, STR,
                    TRUTH_IS_LEN, T, _pairs, is_int, same)


# Builtins returning what a dunder of their argument returned (a str subclass is allowed).
_MAY_RETURN_SUBCLASS = frozenset({"str", "repr", "format", "ascii"})


def _scalar(t: T | None) -> bool:
    return t is not None and t.kind in _SCALARS


_COMPARABLE = _SCALARS | {"number"}


class TypeEvidence(BindingEvidence):
    """Answers type questions about the nodes of one module (see the module docstring)."""

    # ------------------------------------------------------------------ expressions

    def type_of(self, expr: cst.BaseExpression) -> T | None:
        """The builtin type ``expr`` always evaluates to, or None when not proven."""
        try:
            return self._type(expr)
        except RecursionError:  # pathological nesting: no evidence
            return None

    def elem_of(self, iterable: cst.BaseExpression) -> T | None:
        """The type of every item that iterating ``iterable`` yields, or None."""
        if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name):
            fname = iterable.func.value
            args = iterable.args
            if (fname in ("reversed", "sorted", "list", "tuple", "set", "frozenset")
                    and self.is_builtin(fname) and len(args) >= 1 and not args[0].star
                    and args[0].keyword is None
                    and all(a.keyword is not None for a in args[1:])):
                return self.elem_of(args[0].value)
        if (self.is_builtin_call(iterable, "filter") and len(iterable.args) == 2
                and all(a.keyword is None and not a.star for a in iterable.args)):
            return self.elem_of(iterable.args[1].value)  # filter yields the items themselves
        if (isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Attribute)
                and iterable.func.attr.value in _STR_TO_STR_LIST
                and self.type_of(iterable.func.value) == STR):
            return STR
        if (isinstance(iterable, cst.Call) and not iterable.args
                and isinstance(iterable.func, cst.Attribute)
                and iterable.func.attr.value == "keys"):
            base = self.type_of(iterable.func.value)  # an exact dict's keys() view: its keys
            if base is not None and base.kind == "dict":
                return base.elem
        if (isinstance(iterable, cst.Subscript) and len(iterable.slice) == 1
                and isinstance(iterable.slice[0].slice, cst.Slice)):
            base = self.type_of(iterable.value)  # a slice holds items of what it slices
            if base is not None and base.kind in ("list", "tuple", "str"):
                return self.elem_of(iterable.value)
        if isinstance(iterable, (cst.GeneratorExp, cst.ListComp, cst.SetComp)) \
                and iterable.for_in.asynchronous is None:
            return self.type_of(iterable.elt)  # every item is a value of ``elt``
        t = self.type_of(iterable)
        if t is None:
            return None
        if t.kind == "str":
            return STR
        return t.elem

    def _type(self, e: cst.BaseExpression) -> T | None:
        if isinstance(e, cst.Integer):
            return INT
        if isinstance(e, cst.Float):
            return FLOAT
        if isinstance(e, cst.SimpleString):
            return T("bytes") if "b" in e.prefix.lower() else STR
        if isinstance(e, cst.ConcatenatedString):
            return same(self._type(e.left), self._type(e.right))
        if isinstance(e, cst.FormattedString):
            return STR if self._exact_fstring(e) else None
        if isinstance(e, cst.Name):
            if e.value in ("True", "False"):
                return BOOL
            return self.name_type(e)
        if isinstance(e, (cst.List, cst.ListComp)):
            return T("list")
        if isinstance(e, (cst.Dict, cst.DictComp)):
            return T("dict")
        if isinstance(e, (cst.Set, cst.SetComp)):
            return T("set")
        if isinstance(e, cst.Tuple):
            elem = None
            if e.elements and not any(isinstance(el, cst.StarredElement) for el in e.elements):
                elem = self._type(e.elements[0].value)
                for el in e.elements[1:]:
                    elem = same(elem, self._type(el.value))
            return T("tuple", elem)
        if isinstance(e, cst.Call):
            return self._call_type(e)
        if isinstance(e, cst.BinaryOperation):
            return self._binop_type(e.operator, self._type(e.left), self._type(e.right), e.right)
        if isinstance(e, cst.UnaryOperation):
            if isinstance(e.operator, cst.Not):
                return BOOL
            return INT if is_int(self._type(e.expression)) else None
        if isinstance(e, cst.Comparison):
            return BOOL if all(self._compares_to_bool(left, c) for left, c in _pairs(e)) else None
        if isinstance(e, cst.BooleanOperation):
            return same(self._type(e.left), self._type(e.right))
        if isinstance(e, cst.IfExp):
            return same(self._type(e.body), self._type(e.orelse))
        if isinstance(e, cst.Subscript):
            return self._subscript_type(e)
        return None

    def _exact_fstring(self, e: cst.FormattedString) -> bool:
        """An f-string with text or several fields is built anew (an exact ``str``); a lone
        field is what ``__format__`` returned, exact only for a known scalar."""
        fields = [p for p in e.parts if isinstance(p, cst.FormattedStringExpression)]
        if len(e.parts) != 1 or not fields:
            return True
        return _scalar(self._type(fields[0].expression))

    def _compares_to_bool(self, left: cst.BaseExpression, target: cst.ComparisonTarget) -> bool:
        """Whether this link of a comparison always yields a bool. ``in``/``is`` always do;
        ``==``/``<``... do between scalars, and ``==``/``!=`` between builtin containers, but
        ``[a] < [b]`` returns whatever the items' ``<`` returns."""
        op = target.operator
        if isinstance(op, (cst.In, cst.NotIn, cst.Is, cst.IsNot)):
            return True
        lt, rt = self._type(left), self._type(target.comparator)
        if lt is None or rt is None:
            return False
        # ``number`` (an int, bool or float: a domain's union) compares as they do
        if lt.kind in _COMPARABLE and rt.kind in _COMPARABLE:
            return True
        return isinstance(op, (cst.Equal, cst.NotEqual))

    def is_total(self, e: cst.BaseExpression) -> bool:
        """``e`` runs no user code and cannot raise once its names are bound: literals, names
        with scalar evidence, int arithmetic without division by a variable, comparisons that
        builtin scalars answer without raising, and/or/not, ``len`` of builtin containers and
        the no-argument ``str`` predicates/case methods. Used where evaluating an expression
        more (or less) often than before must be unobservable."""
        try:
            return self._total(e)
        except RecursionError:
            return False

    def _total(self, e: cst.BaseExpression) -> bool:
        if isinstance(e, (cst.Integer, cst.Float, cst.SimpleString)):
            return True
        if isinstance(e, cst.Name):
            if e.value in ("True", "False", "None"):
                return True
            t = self._type(e)
            return t is not None and t.kind in _COMPARABLE
        if isinstance(e, cst.BooleanOperation):
            return self._total(e.left) and self._total(e.right)
        if isinstance(e, cst.UnaryOperation):
            if isinstance(e.operator, cst.Not):
                return self._total(e.expression)
            return self._total(e.expression) and is_int(self._type(e.expression))
        if isinstance(e, cst.BinaryOperation):
            if not (self._total(e.left) and self._total(e.right)):
                return False
            lt, rt = self._type(e.left), self._type(e.right)
            if is_int(lt) and is_int(rt):
                if isinstance(e.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.BitAnd,
                                           cst.BitOr, cst.BitXor)):
                    return True
                if isinstance(e.operator, (cst.Modulo, cst.FloorDivide)):
                    return isinstance(e.right, cst.Integer) and int(e.right.value, 0) != 0
                return False
            return isinstance(e.operator, cst.Add) and lt == STR and rt == STR
        if isinstance(e, cst.Comparison):
            left = e.left
            if not self._total(left):
                return False
            for target in e.comparisons:
                right = target.comparator
                if not self._total_link(left, target.operator, right):
                    return False
                left = right
            return True
        if isinstance(e, cst.Call) and not e.args and isinstance(e.func, cst.Attribute):
            return (e.func.attr.value in _STR_TO_BOOL | {"lower", "upper", "strip", "lstrip",
                                                         "rstrip", "casefold", "swapcase"}
                    and self._total(e.func.value) and self._type(e.func.value) == STR)
        if self.is_builtin_call(e, "len") and len(e.args) == 1 and not e.args[0].keyword \
                and not e.args[0].star:
            t = self._type(e.args[0].value)
            return (t is not None and t.kind in SIZED_KINDS - {"range"}
                    and self._total(e.args[0].value))
        return False

    def _total_link(self, left, op, right) -> bool:
        lt = self._type(left)
        if isinstance(op, (cst.In, cst.NotIn)) and isinstance(right, (cst.List, cst.Tuple, cst.Set)):
            return (lt is not None and (is_int(lt) or lt == STR) and all(
                isinstance(el, cst.Element) and isinstance(el.value, (cst.Integer, cst.SimpleString))
                for el in right.elements))
        if not self._total(right):
            return False
        rt = self._type(right)
        if isinstance(op, (cst.In, cst.NotIn)):
            return lt == STR and rt == STR
        if isinstance(op, (cst.Is, cst.IsNot, cst.Equal, cst.NotEqual)):
            return True
        numeric = ("int", "bool", "float", "number")  # never raise, whatever the mix
        return lt is not None and rt is not None and (
            lt.kind in numeric and rt.kind in numeric or lt == STR and rt == STR)

    def _call_type(self, e: cst.Call) -> T | None:
        if any(a.star for a in e.args):
            return None
        if isinstance(e.func, cst.Attribute):
            t = math_call(self, e)  # math.ceil(x)... of a builtin number
            if t is not None:
                return t
        if isinstance(e.func, cst.Name):
            fname = e.func.value
            if not self.is_builtin(fname):
                return None
            if fname == "abs" and len(e.args) == 1:
                return INT if is_int(self._type(e.args[0].value)) else None
            if fname in ("tuple", "frozenset") and len(e.args) == 1 and not e.args[0].keyword:
                # immutable: the items it holds now are the items it will always hold
                return T(fname, self.elem_of(e.args[0].value))
            if fname in ("max", "min") and all(a.keyword is None or a.keyword.value == "key"
                                               for a in e.args):
                # one of the items (or arguments) itself, whatever ``key`` says
                items = [a.value for a in e.args if a.keyword is None]
                if len(items) == 1:
                    return self.elem_of(items[0])
                result = self._type(items[0]) if items else None
                for item in items[1:]:
                    result = same(result, self._type(item))
                return result
            if fname == "sum" and len(e.args) == 1 and e.args[0].keyword is None:
                # 0 + the items: an int when every item is an int or bool
                return INT if is_int(self.elem_of(e.args[0].value)) else None
            if fname == "str" and len(e.args) > 1:
                return None  # str(b, encoding): still a str, but keep the table simple
            if fname in _MAY_RETURN_SUBCLASS and not all(
                    a.keyword is None and _scalar(self._type(a.value)) for a in e.args):
                return None  # __str__/__repr__/__format__ may return a str subclass
            return _BUILTIN_RESULT.get(fname)
        if isinstance(e.func, cst.Attribute) and self._type(e.func.value) == STR:
            attr = e.func.attr.value
            if attr in _STR_TO_STR:
                return STR
            if attr in _STR_TO_INT:
                return INT
            if attr in _STR_TO_BOOL:
                return BOOL
            if attr in _STR_TO_STR_LIST:
                return T("list")
        return None

    @staticmethod
    def _binop_type(op: cst.BaseBinaryOp, left: T | None, right: T | None,
                    right_node: cst.BaseExpression) -> T | None:
        if left is None or right is None:
            return None
        if is_int(left) and is_int(right):
            if isinstance(op, _INT_BINOPS):
                return INT
            if isinstance(op, cst.Power) and isinstance(right_node, cst.Integer):
                return INT  # a non-negative literal exponent keeps an int an int
            return None
        if isinstance(op, cst.Add) and left.kind == right.kind and left.kind in (
                "str", "list", "tuple", "bytes"):
            return same(left, right) if left.kind in ("str", "bytes") else T(left.kind)
        if isinstance(op, cst.Multiply):
            if left.kind == "str" and is_int(right) or is_int(left) and right.kind == "str":
                return STR
        if isinstance(op, cst.Modulo) and left == STR and (
                right.kind in _SCALARS or right.kind == "tuple" and right.elem is not None
                and right.elem.kind in _SCALARS):
            # "%s" % x is x's __str__ result itself when that is all the output: a subclass
            # of str for a user object; a new exact str for scalars
            return STR
        return None

    def _subscript_type(self, e: cst.Subscript) -> T | None:
        base = self._type(e.value)
        if base is None or len(e.slice) != 1:
            return None
        index = e.slice[0].slice
        if isinstance(index, cst.Slice):
            return T(base.kind, base.elem) if base.kind in ("str", "tuple", "bytes") else (
                T("list") if base.kind == "list" else None)
        if base.kind == "str":
            return STR
        if base.kind in ("list", "tuple"):
            return base.elem
        return None


class EvidenceTransformer(RuleTransformer):
    """A RuleTransformer with ``self.ev`` (a TypeEvidence for the module being visited) and
    ``self.names`` (a NameAllocator handing out names fresh in the whole module)."""

    METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider)

    def visit_Module(self, node: cst.Module) -> None:
        self._module = node
        self.__dict__.pop("ev", None)
        self.__dict__.pop("names", None)

    def leave_Module(self, original_node: cst.Module, updated_node: cst.Module) -> cst.Module:
        ev = self.__dict__.get("ev")
        if ev is not None and self.sites == 0:
            for note in sorted(ev.notes):
                self.skip(note)
        return updated_node

    # Built when a rule first asks: most modules hold no candidate site for a given rule.
    # The evidence class: a subclass may answer more questions (e.g. numeric.RicherEvidence).
    EVIDENCE: type[TypeEvidence] = TypeEvidence

    @cached_property
    def ev(self) -> TypeEvidence:
        ev = self.EVIDENCE(self._module, self.metadata, skip=self.skip, domain=self.domain)
        ev.protected = self.protected
        return ev

    def complement_is_exact(self, op: cst.BaseCompOp, left: cst.BaseExpression,
                            right: cst.BaseExpression) -> bool:
        """``not (left op right)`` is exactly ``left op' right`` with the complementary
        operator (``analysis.syntax.natural_negation``): for an ordering, both operands are
        proven ints or both strs (floats are not: NaN makes ``a < b`` and ``a >= b`` both
        false); for ``==``/``!=``, both are builtin scalars (whose ``!=`` is ``not ==``, NaN
        included)."""
        a, b = self.ev.type_of(left), self.ev.type_of(right)
        if a is None or b is None:
            return False
        if isinstance(op, (cst.Equal, cst.NotEqual)):
            return a.kind in _SCALARS and b.kind in _SCALARS
        return (is_int(a) and is_int(b)) or a.kind == b.kind == "str"

    @cached_property
    def names(self) -> NameAllocator:
        return NameAllocator(self._module, taken=self.protected, rng=self.rng)


def sized(ev: TypeEvidence, expr: cst.BaseExpression) -> bool:
    """``expr`` is a builtin container whose truth value is its length (``TRUTH_IS_LEN``)."""
    t = ev.type_of(expr)
    return t is not None and t.kind in TRUTH_IS_LEN or ev.skip(
        "no evidence the value is a builtin container (its truth could differ from its len)")


def is_dict(ev: TypeEvidence, expr: cst.BaseExpression) -> bool:
    t = ev.type_of(expr)
    return t is not None and t.kind == "dict"
