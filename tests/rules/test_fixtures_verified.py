"""Rule fixtures judged by the verifier, not only compared as text.

Every ``(before, after)`` case of every rule's test class is differentially tested with
``verify_pair``: the after must be ``equivalent``. Inputs come from the case itself (a third
element: argument lists), from annotations (the verifier generates them), or from a small pool
of plain values on which the original returns. Forward/reverse rule pairs are tested as round
trips: the reverse rule must fire on the forward rule's output and give back a program
equivalent to the original. One test per case, so a failing case hides no other.
"""

from __future__ import annotations

import ast
import importlib
import itertools
import signal
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from semforge.transforms.registry import all_rules, get_rule
from semforge.transforms.testing import RuleTestCase
from semforge.verifiers import VerifyConfig, verify_pair

HERE = Path(__file__).resolve().parent
CONFIG = VerifyConfig(examples=6, measure_speed=False, timeout_s=2.0)
POOL = [0, 3, -2, 7, "ab c", "", [3, 1, 2], [], (1, 2), 2.5, {"a": 1}]

# forward rule -> its reverse (``Rule.inverse``): the reverse must undo the forward rewrite.
INVERSES = {cls.id: cls.inverse for cls in all_rules().values() if cls.inverse}


def _clean(source: str) -> str:
    return textwrap.dedent(source).strip("\n") + "\n"


def _cases():
    for path in sorted(HERE.glob("test_*.py")):
        module = importlib.import_module(f"rules.{path.stem}")  # as pytest imports it
        for name, cls in sorted(vars(module).items()):
            if isinstance(cls, type) and issubclass(cls, RuleTestCase) and cls.RULE \
                    and cls.__module__ == module.__name__:
                for i, case in enumerate(cls.CASES):
                    yield pytest.param(cls.RULE, case, id=f"{path.stem}::{name}::case{i}")


CASES = list(_cases())


def _entry(before: str, after: str) -> ast.FunctionDef | None:
    """The fixture's last module-level function that the rewrite keeps."""
    kept = {n.name for n in ast.parse(after).body if isinstance(n, ast.FunctionDef)}
    funcs = [n for n in ast.parse(before).body if isinstance(n, ast.FunctionDef)
             and n.name in kept and not n.decorator_list]
    return funcs[-1] if funcs else None


class _Timeout(Exception):
    pass


def _returns(source: str, name: str, args: list) -> bool:
    """The original returns (within a second) on ``args``: plain values worth comparing."""
    def stop(*_):
        raise _Timeout
    ns: dict = {}
    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, 1.0)
    try:
        exec(compile(source, "<fixture>", "exec"), ns)
        ns[name](*[_copy(a) for a in args])
        return True
    except BaseException:  # noqa: BLE001 - any failure just disqualifies these arguments
        return False
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _copy(value):
    return type(value)(value) if isinstance(value, (list, dict)) else value


def _inputs(case, before: str, func: ast.FunctionDef) -> list[list] | None:
    """Argument lists for the verifier; [] lets it generate from annotations; None: none."""
    if len(case) > 2:
        return [list(args) for args in case[2]]
    params = func.args.posonlyargs + func.args.args
    if func.args.vararg or func.args.kwonlyargs:
        return None
    if params and all(p.annotation is not None for p in params):
        return []
    combos = itertools.islice(itertools.product(POOL, repeat=len(params)), 400)
    found = [list(c) for c in combos if _returns(before, func.name, list(c))]
    spread = found[:: max(1, len(found) // 6)][:6]
    return spread if len(spread) >= 4 else None


def _judge(before: str, after: str, case) -> None:
    func = _entry(before, after)
    if func is None:
        pytest.skip("no module-level function to call (statement-level fixture)")
    inputs = _inputs(case, before, func)
    if inputs is None:
        pytest.skip("no inputs: the fixture carries none, has no annotations, and the original "
                    "returns on too few plain values")
    # with inputs of its own, the verifier runs exactly those (generated ones would mostly
    # raise on an unannotated fixture); otherwise it generates from the annotations
    config = replace(CONFIG, examples=len(inputs)) if inputs else CONFIG
    verdict = verify_pair(before, after, func.name, inputs, config)
    if verdict.verdict == "undecided":
        pytest.skip(f"the verifier cannot judge this fixture: {verdict.reason}")
    assert verdict.verdict == "equivalent", (
        f"{verdict.verdict}: {verdict.reason}\ncounterexample: {verdict.counterexample}\n"
        f"--- before\n{before}--- after\n{after}")


@pytest.mark.parametrize("rule_id, case", CASES)
def test_after_is_equivalent(rule_id, case):
    before, after = _clean(case[0]), _clean(case[1])
    _judge(before, after, case)


ROUND_TRIPS = [p for p in CASES if p.values[0] in INVERSES]


@pytest.mark.parametrize("rule_id, case", ROUND_TRIPS)
def test_round_trip(rule_id, case):
    before, after = _clean(case[0]), _clean(case[1])
    back = get_rule(INVERSES[rule_id]).apply(after)
    if not back.sites:
        pytest.xfail(f"{INVERSES[rule_id]} does not undo this rewrite ({back.skipped})")
    _judge(before, back.code, case)
