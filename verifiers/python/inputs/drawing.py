"""Drawing examples outside a test: deterministic, no shrinking.

Input generation builds its generators with ``sampler.py`` (the Hypothesis strategy API without
Hypothesis's per-draw machinery); a real Hypothesis strategy is drawn through Hypothesis."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from . import sampler


def draw(strategy, n: int, seed: int) -> list:
    """Up to ``n`` examples of ``strategy``, deterministic in ``seed`` (no shrinking, no database).

    A ``sampler`` generator draws from ``random.Random(seed)``; an example whose ``map`` raises
    is skipped (at most ``n`` such). For a Hypothesis strategy:

    The direct path draws from Hypothesis's own choice provider without its test engine, about
    3x faster (the engine's bookkeeping is for shrinking and coverage of a *test*, which this is
    not); it leans on Hypothesis internals, so any failure falls back to a plain ``@given`` run.
    """
    if n <= 0:
        return []
    if isinstance(strategy, sampler.SearchStrategy):
        return _draw_sampler(strategy, n, seed)
    try:
        return _draw_direct(strategy, n, seed)
    except Exception:
        return _draw_engine(strategy, n, seed)


def _draw_sampler(strategy: "sampler.SearchStrategy", n: int, seed: int) -> list:
    if strategy.empty:
        return []
    rng = random.Random(seed)
    drawn: list = []
    failures = 0
    while len(drawn) < n and failures < n:
        try:
            drawn.append(strategy.draw(rng))
        except (ArithmeticError, ValueError, TypeError, IndexError, KeyError, RecursionError):
            failures += 1  # a mutation that does not apply to this value (a map over it raised)
    return drawn


def _draw_direct(strategy: st.SearchStrategy, n: int, seed: int) -> list:
    import warnings

    from hypothesis.control import BuildContext
    from hypothesis.errors import StopTest
    from hypothesis.internal.conjecture.data import ConjectureData

    rng = random.Random(seed)
    drawn: list = []
    failures = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while len(drawn) < n and failures < n:
            data = ConjectureData(random=rng, max_choices=10_000)
            try:
                with BuildContext(data, is_final=False, wrapped_test=None):
                    drawn.append(data.draw(strategy))
            except StopTest:  # ran out of choices: a rare, oversized example
                failures += 1
    if not drawn:
        raise RuntimeError("direct drawing produced nothing")
    return drawn


def _draw_engine(strategy: st.SearchStrategy, n: int, seed: int) -> list:
    drawn: list = []

    @settings(max_examples=n, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck), derandomize=False, print_blob=False)
    @hypothesis_seed(seed)
    @given(strategy)
    def collect(x: Any) -> None:
        drawn.append(x)

    collect()
    return drawn
