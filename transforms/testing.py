"""A test kit for rule authors, in the spirit of libcst's ``CodemodTest``.

    from semforge.transforms.testing import RuleTestCase

    class TestSwapIfElse(RuleTestCase):
        RULE = "swap-if-else"
        CASES = [(before_source, after_source), ...]   # the rule must turn before into after
        UNTOUCHED = [source, ...]                       # the rule must not fire here

Sources are dedented, so fixtures can be indented triple-quoted strings.
"""

from __future__ import annotations

import ast
import textwrap
from typing import ClassVar, Sequence

from .base import Rule
from .registry import get_rule


def _rule(rule: str | Rule | type[Rule]) -> Rule:
    if isinstance(rule, str):
        return get_rule(rule)
    if isinstance(rule, type):
        return rule()
    return rule


def _clean(source: str) -> str:
    return textwrap.dedent(source).strip("\n") + "\n"


def assert_rewrites(rule: str | Rule | type[Rule], before: str, after: str, seed: int = 0) -> None:
    """The rule fires on ``before`` and produces exactly ``after`` (which must compile)."""
    r = _rule(rule)
    result = r.apply(_clean(before), seed=seed)
    expected = _clean(after)
    assert result.sites > 0, f"rule {r.id} did not fire on:\n{_clean(before)}"
    assert result.code.rstrip() == expected.rstrip(), (
        f"rule {r.id} produced:\n{result.code}\nexpected:\n{expected}"
    )
    ast.parse(result.code)


def assert_untouched(rule: str | Rule | type[Rule], source: str, seed: int = 0) -> None:
    """The rule's preconditions do not hold anywhere in ``source``: it must not fire."""
    r = _rule(rule)
    code = _clean(source)
    result = r.apply(code, seed=seed)
    assert result.sites == 0 and result.code == code, (
        f"rule {r.id} must not fire on:\n{code}\nbut produced:\n{result.code}"
    )


class RuleTestCase:
    """Subclass as ``TestMyRule`` with ``RULE``, ``CASES`` and ``UNTOUCHED``; pytest runs them."""

    RULE: ClassVar[str] = ""
    CASES: ClassVar[Sequence[tuple[str, str]]] = ()
    UNTOUCHED: ClassVar[Sequence[str]] = ()

    def test_cases(self) -> None:
        assert self.CASES, f"{type(self).__name__} has no CASES: every rule needs a positive fixture"
        for before, after in self.CASES:
            assert_rewrites(self.RULE, before, after)

    def test_untouched(self) -> None:
        for source in self.UNTOUCHED:
            assert_untouched(self.RULE, source)
