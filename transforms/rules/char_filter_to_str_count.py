"""Counting the characters of a str that are one of some literal characters -> ``str.count``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.types import STR
from ..base import Rule
from ..registry import register


def _chars(node: cst.BaseExpression) -> str | None:
    """The characters of a plain str literal, when they are distinct (a set of characters)."""
    if not isinstance(node, cst.SimpleString) or node.prefix.lower() not in ("", "r", "u"):
        return None
    value = node.evaluated_value
    if not isinstance(value, str) or not value or len(set(value)) != len(value):
        return None
    return value


@register
class CharFilterToStrCount(Rule):
    """``len(list(filter(lambda c: c in "aeiou", s)))``, ``len([c for c in s if c in "aeiou"])``,
    ``sum(1 for c in s if c in "aeiou")`` and ``sum(c in "aeiou" for c in s)`` ->
    ``sum(map(s.count, "aeiou"))``; with ``c == "x"`` -> ``s.count("x")``.

    Sound when ``s`` is known to be a str and the literal's characters are distinct: the items
    of a str are its one-character strs, ``c in "aeiou"`` is then "``c`` is one of those
    characters", and ``s.count(ch)`` counts the occurrences of each, none twice. ``s`` is
    evaluated once either way and nothing can fail. The str is often the seed's domain
    (``s: str``): the rule ``uses_domain``. One pass in C per character instead of a Python-level
    test per character of ``s``.
    """

    id = "char-filter-to-str-count"
    description = "Count characters with str.count instead of filtering them one by one."
    category = "performance"
    family = "loops-builtins"
    intent = "faster"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Call(self, original_node: cst.Call, updated_node: cst.BaseExpression
                       ) -> cst.BaseExpression:
            found = self._match(original_node)
            if found is None:
                return updated_node
            source, chars = found
            if len(chars) > 1 and not (self.ev.real_builtin("sum") and self.ev.real_builtin("map")):
                return updated_node  # it said why
            src = source.with_changes(lpar=[], rpar=[]) if isinstance(
                source, (cst.Name, cst.Call, cst.Subscript, cst.Attribute)) else source.with_changes(
                lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            lit = cst.SimpleString(repr(chars))
            count = cst.Attribute(value=src, attr=cst.Name("count"))
            if len(chars) == 1:
                new = cst.Call(func=count, args=[cst.Arg(lit)])
            else:
                new = cst.Call(func=cst.Name("sum"), args=[cst.Arg(cst.Call(
                    func=cst.Name("map"), args=[cst.Arg(count), cst.Arg(lit)]))])
            self.sites += 1
            return new.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)

        def _match(self, call: cst.Call) -> tuple[cst.BaseExpression, str] | None:
            """(the str, the characters) of a counting call, else None."""
            ev = self.ev
            if len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
                return None
            arg = call.args[0].value
            if ev.is_builtin_call(call, "len"):
                if ev.is_builtin_call(arg, "list") and len(arg.args) == 1 \
                        and ev.is_builtin_call(arg.args[0].value, "filter"):
                    return self._filter(arg.args[0].value)
                if isinstance(arg, cst.ListComp):
                    return self._comp(arg, counted=False)
                return None
            if ev.is_builtin_call(call, "sum") and isinstance(arg, cst.GeneratorExp):
                if m.matches(arg.elt, m.Integer("1")):
                    return self._comp(arg, counted=False)
                return self._comp(arg, counted=True)
            return None

        def _test(self, var: str, test: cst.BaseExpression) -> str | None:
            """The characters ``test`` accepts ``var`` for (``var in "abc"``, ``var == "a"``)."""
            if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1
                    and m.matches(test.left, m.Name(var))):
                return None
            target = test.comparisons[0]
            chars = _chars(target.comparator)
            if chars is None:
                return None
            if isinstance(target.operator, cst.In):
                return chars
            if isinstance(target.operator, cst.Equal) and len(chars) == 1:
                return chars
            return None

        def _source(self, iterable: cst.BaseExpression) -> cst.BaseExpression | None:
            return iterable if self.ev.type_of(iterable) == STR else self.skip(
                "no evidence the counted value is a str") or None

        def _filter(self, call: cst.Call):
            args = call.args
            if len(args) != 2 or any(a.keyword or a.star for a in args):
                return None
            fn = args[0].value
            if not (isinstance(fn, cst.Lambda) and len(fn.params.params) == 1
                    and not isinstance(fn.params.star_arg, cst.Param)
                    and fn.params.params[0].default is None):
                return None
            chars = self._test(fn.params.params[0].name.value, fn.body)
            source = self._source(args[1].value) if chars else None
            return (source, chars) if source is not None else None

        def _comp(self, comp, counted: bool):
            clause = comp.for_in
            if clause.inner_for_in is not None or clause.asynchronous is not None \
                    or not isinstance(clause.target, cst.Name):
                return None
            var = clause.target.value
            if counted:  # sum(c in "aeiou" for c in s): True counts 1
                if clause.ifs:
                    return None
                chars = self._test(var, comp.elt)
            else:
                if len(clause.ifs) != 1 or not (
                        isinstance(comp, cst.GeneratorExp) or m.matches(comp.elt, m.Name(var))):
                    return None
                chars = self._test(var, clause.ifs[0].test)
            source = self._source(clause.iter) if chars else None
            return (source, chars) if source is not None else None
