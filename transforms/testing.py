"""A test kit for rule authors, in the spirit of libcst's ``CodemodTest``.

    from semforge.transforms.testing import RuleTestCase

    class TestSwapIfElse(RuleTestCase):
        RULE = "swap-if-else"
        CASES = [(before_source, after_source), ...]   # the rule must turn before into after
        UNTOUCHED = [source, ...]                       # the rule must not fire here
        UNTOUCHED = [(source, "reason"), ...]           # ... and says why (RuleTransformer.skip)
        UNTOUCHED = [(source, "reason", "(x: float)")]  # ... seen with this domain
        UNTOUCHED = [(source, "no candidate"), ...]     # ... because nothing there matches at all

Sources are dedented, so fixtures can be indented triple-quoted strings.

A rule that ``uses_domain`` sees each fixture with an input domain for its entry point
(``ENTRY``, default ``f``): the one a case's inputs give (``(before, after, inputs)``, inferred as
the pipeline infers a seed's), else the class's ``DOMAIN`` (``"(xs: list[int], k: int)"``).
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


def fixture_domain(source: str, entry: str, domain=None, inputs=None):
    """The ``semforge.domain.Domain`` a fixture is seen with: inferred from ``inputs`` (argument
    lists) when given, else parsed from ``domain`` (notation), else None."""
    from semforge.domain import Domain
    from semforge.domain_infer import infer_domain

    if inputs:
        return infer_domain(_clean(source), entry, inputs)
    if isinstance(domain, str):
        return Domain.parse(domain, entry)
    return domain


def assert_rewrites(rule: str | Rule | type[Rule], before: str, after: str, seed: int = 0,
                    domain=None) -> None:
    """The rule fires on ``before`` and produces exactly ``after`` (which must compile).
    ``domain``: a ``semforge.domain.Domain`` for a rule that ``uses_domain``."""
    r = _rule(rule)
    result = r.apply(_clean(before), seed=seed, domain=domain)
    expected = _clean(after)
    assert result.sites > 0, f"rule {r.id} did not fire on:\n{_clean(before)}"
    assert result.code.rstrip() == expected.rstrip(), (
        f"rule {r.id} produced:\n{result.code}\nexpected:\n{expected}"
    )
    ast.parse(result.code)


def assert_untouched(rule: str | Rule | type[Rule], source: str, seed: int = 0,
                     reason: str | None = None, domain=None) -> None:
    """The rule's preconditions do not hold anywhere in ``source``: it must not fire; with
    ``reason``, one of the skip reasons it reports must contain that text."""
    r = _rule(rule)
    code = _clean(source)
    result = r.apply(code, seed=seed, domain=domain)
    assert result.sites == 0 and result.code == code, (
        f"rule {r.id} must not fire on:\n{code}\nbut produced:\n{result.code}"
    )
    if reason is not None:
        assert any(reason in s for s in result.skipped), (
            f"rule {r.id} left this alone but not for {reason!r} (it said {result.skipped}):"
            f"\n{code}")


def untouched_case(case) -> tuple[str, str | None]:
    """An ``UNTOUCHED`` entry as (source, expected reason or None)."""
    return (case, None) if isinstance(case, str) else (case[0], case[1])


def untouched_domain(case, default: str | None) -> str | None:
    """The domain notation of an ``UNTOUCHED`` entry: a third element, else the class's."""
    return case[2] if isinstance(case, tuple) and len(case) > 2 else default


class RuleTestCase:
    """Subclass as ``TestMyRule`` with ``RULE``, ``CASES`` and ``UNTOUCHED``; pytest runs them,
    one test per case (a failing case does not hide the others).

    A case is ``(before, after)``, or ``(before, after, inputs)`` with a list of argument
    lists for the fixture's function: tests/rules/test_fixtures_verified.py then has the
    verifier judge the pair on them (and on inputs generated from annotations)."""

    RULE: ClassVar[str] = ""
    CASES: ClassVar[Sequence[tuple]] = ()
    UNTOUCHED: ClassVar[Sequence[str | tuple[str, str]]] = ()
    # For a rule that uses_domain: the entry point, and the domain of cases without inputs.
    ENTRY: ClassVar[str] = "f"
    DOMAIN: ClassVar[str | None] = None

    def pytest_generate_tests(self, metafunc) -> None:
        if metafunc.function.__name__ == "test_case":
            metafunc.parametrize("case", self.CASES,
                                 ids=[f"case{i}" for i in range(len(self.CASES))])
        elif metafunc.function.__name__ == "test_untouched":
            metafunc.parametrize("case", self.UNTOUCHED,
                                 ids=[f"untouched{i}" for i in range(len(self.UNTOUCHED))])

    def test_has_cases(self) -> None:
        assert self.CASES, f"{type(self).__name__} has no CASES: every rule needs a positive fixture"

    def test_case(self, case) -> None:
        inputs = case[2] if len(case) > 2 else None
        assert_rewrites(self.RULE, case[0], case[1],
                        domain=fixture_domain(case[0], self.ENTRY, self.DOMAIN, inputs))

    def test_untouched(self, case) -> None:
        source, reason = untouched_case(case)
        domain = untouched_domain(case, self.DOMAIN)
        assert_untouched(self.RULE, source, reason=reason,
                         domain=fixture_domain(source, self.ENTRY, domain))
