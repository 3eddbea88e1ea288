"""Judging one variant against its original's run (``run/reference.OriginalRun``): the shared
inputs under each hash seed, the behaviour probes, the inputs the variant's own constants call
for, CrossHair's proposals (with ``crosshair`` on), the escape hatches it introduces, and its
speed. Steps 4-6 of the verifier (``verify.py`` lists them all).
"""

from __future__ import annotations

import json
from dataclasses import replace

from ..compare.describe import describe, short, summary
from ..compare.diff import Tolerance, diff_outcomes
from ..config import HASH_CHECK_INPUTS, HASH_SEEDS, VerifyConfig
from ..inputs import directed_inputs, input_key, named, show
from ..program.state import may_keep_state
from ..program.static_guard import code_may_hash_strings, introduced_hatches, signature_difference
from ..run.address import confirmed
from ..run.original import load_streams
from ..run.program import MAX_TIMEOUTS, run_inputs
from ..run.reference import OriginalRun
from ...verdict import Verdict
from ..verdicts import METHOD, counterexample_json, new_verdict
from .extra_inputs import crosshair_opinion, judge_extra_inputs
from .level import outside_difference
from .recursion import vouch_for_recursion
from .slow import SlowDrops, retry_slow, run_all
from .probes import judge_probes
from .speed import with_speed

SEEDS, VARIANT_CONSTANTS = named("seeds"), named("variant-constants")


def judge_variant(run: OriginalRun, original: str, variant: str, entry_point: str,
                  config: VerifyConfig, sandboxes: list, tol: Tolerance, t0: float) -> Verdict:
    """The verdict on ``variant``: ``sandboxes`` are the hash seeds' (``run.outcomes`` one per
    sandbox), ``tol`` the float tolerance, ``t0`` when judging it began."""
    n = len(run.inputs)
    typed = run.domain is not None
    # Under typed the keyword interface is the strict level's: calls are made as the seeds make
    # them (positionally), so a renamed parameter changes no call inside the domain.
    changed = None if typed else signature_difference(original, variant, entry_point)
    if changed:
        return new_verdict("different", f"the signature differs: {changed}", config, t0,
                           counterexample=json.dumps({"args": None, "original": {"kind": "return"},
                                                      "variant": {"kind": "signature", "value": changed}}))
    slow = SlowDrops([])
    outside_got: list[dict] = []
    for h, sandbox, expected in zip(HASH_SEEDS, sandboxes, run.outcomes):
        # Under the second hash seed a prefix suffices: order-dependence on str hashes shows on
        # almost every input that holds a few strings, and this pass doubles a variant's cost.
        if h == HASH_SEEDS[0]:
            inputs = run.inputs
        elif run.hashy_inputs or code_may_hash_strings(variant):
            inputs = run.inputs[:HASH_CHECK_INPUTS]
        else:
            continue
        extra = run.outside if h == HASH_SEEDS[0] else []
        # (the inputs outside the domain, which only decide the level, in the same session and
        # after all the others: one program load less for a pair that passes)
        load, outcomes = run_all(sandbox, variant, entry_point, inputs + extra, set(run.rungs),
                                 run.blobs(inputs + extra))
        if extra:  # (the second hash seed's pass runs none: keep the first's)
            outside_got = outcomes[len(inputs):]
        outcomes = outcomes[: len(inputs)]
        kind = load.get("kind")
        if kind == "timeout":
            return new_verdict("timeout", "variant timed out while loading", config, t0)
        if kind != "return":
            # A variant that cannot even be imported behaves differently from one that can.
            msg = load.get("exc_msg") or load.get("reason") or ""
            return new_verdict("different", f"variant {describe(load)}: {short(msg, 100)}".rstrip(": "),
                               config, t0, counterexample=json.dumps(
                                   {"args": None, "original": {"kind": "return"},
                                    "variant": summary(load)}, default=repr))
        printed = load_streams(load)
        if h == HASH_SEEDS[0] and printed != run.load_output:
            # Output at import is behaviour too: a stray print, a warning the original lacks.
            which = "stdout" if printed[0] != run.load_output[0] else "stderr"
            return new_verdict("different", f"variant prints to {which} while loading: "
                               f"{short(repr(printed), 60)} != {short(repr(run.load_output), 60)}",
                               config, t0, counterexample=json.dumps(
                                   {"args": None, "original": {"kind": "return", "load": run.load_output},
                                    "variant": {"kind": "return", "load": printed}}, default=repr))
        hash_note = "" if h == HASH_SEEDS[0] else f" under PYTHONHASHSEED={h}"
        diffs, timeouts, judged = [], [], 0
        while True:
            for i in range(judged, len(outcomes)):
                if i in run.unstable:
                    continue
                if outcomes[i].get("kind") == "timeout":
                    timeouts.append(i)
                    continue
                found = diff_outcomes(expected[i], outcomes[i], tol)
                if found:
                    diffs.append((i, found))
            judged = len(outcomes)
            if timeouts and not diffs:
                # Slower is not different: more time where the original's own time allows it,
                # then scale rungs still out of time dropped (judge/slow.py).
                rerun, timeouts, dropped = retry_slow(run, variant, entry_point, config, h,
                                                      inputs, expected, timeouts)
                for i, got in rerun.items():
                    outcomes[i] = got
                    found = diff_outcomes(expected[i], got, tol)
                    if found:
                        diffs.append((i, found))
                slow.indices += [i for i in dropped.indices if i not in slow.indices]
                if dropped.bound is not None:
                    slow.bound = max(slow.bound or 0.0, dropped.bound)
            if diffs or timeouts or judged >= len(inputs):
                break
            # The session stopped at MAX_TIMEOUTS timeouts, and every one of them was answered
            # with more time or dropped: the inputs after them must still be compared, or a
            # variant slow on a few inputs would go unjudged on the rest.
            rest = inputs[judged:] + extra
            _, more = run_all(sandbox, variant, entry_point, rest,
                              {r - judged for r in run.rungs if r >= judged}, run.blobs(rest))
            if extra:
                outside_got = more[len(inputs) - judged:]
            more = more[: len(inputs) - judged]
            if not more:
                return new_verdict("timeout", f"variant could not be run on {len(inputs) - judged} "
                                   f"of {n} inputs{hash_note}", config, t0, n)
            outcomes += more
        if diffs:  # not where the original's own outcome depends on addresses (run/address.py)
            diffs = confirmed(run, original, variant, entry_point, sandbox, inputs, expected,
                              diffs)
        if diffs:
            # The smallest differing input makes the most readable counterexample.
            i, found = min(diffs, key=lambda d: (len(input_key(run.inputs[d[0]])), d[0]))
            return new_verdict(
                "different",
                f"{len(diffs)} of {n} inputs differ{hash_note}; e.g. {short(show(run.inputs[i]), 60)}: {found}",
                config, t0, n,
                counterexample_json(run.inputs[i], expected[i], outcomes[i], None if not hash_note else h))
        if timeouts:
            i = timeouts[0]
            return new_verdict(
                "timeout", f"variant timed out on {len(timeouts)} of {n} inputs{hash_note} where the "
                f"original finished, e.g. {short(show(run.inputs[i]), 60)}", config, t0, n,
                counterexample_json(run.inputs[i], expected[i], outcomes[i]))
    # The long plans only where a call can leave state behind for the next (else they are the
    # inputs again, at a cost of a few milliseconds per variant).
    history = may_keep_state(original) or may_keep_state(variant)
    found, outside_probes_got = judge_probes(run, original, variant, entry_point, config,
                                             sandboxes, tol, t0, history)
    if found is not None:
        return found
    seeds = [a for a, c in zip(run.inputs, run.classes) if c == SEEDS] or run.inputs[:2]
    directed = directed_inputs(original, variant, seeds, run.input_keys())
    if typed:
        directed = [a for a in directed if run.domain.contains(a)]
    if directed:
        found = judge_extra_inputs(run, original, variant, entry_point, directed,
                                   "an input built from the variant's own constants",
                                   "an input built from the variant's own constants ({args}): "
                                   "{found}", config, sandboxes, tol, t0)
        if found is not None:
            return found
        n += len(directed)
    method, opinion = METHOD, ""
    if config.crosshair:
        found, opinion, ran = crosshair_opinion(run, original, variant, entry_point, config,
                                                sandboxes, tol, t0)
        method = METHOD + "+crosshair" if ran else METHOD
        if found is not None:
            return replace(found, method=method)
        opinion = f"; {opinion}"
    hatches = introduced_hatches(original, variant)
    depth_note = ""
    if "recursion" in hatches:
        vouched, depth_note = vouch_for_recursion(run, variant, entry_point, sandboxes[0])
        if vouched:
            hatches.discard("recursion")
    if hatches:
        why = f" ({depth_note})" if "recursion" in hatches and depth_note else ""
        return replace(new_verdict("undecided", f"agrees on {n} inputs but introduces "
                                   f"{', '.join(sorted(hatches))}, which testing cannot vouch "
                                   f"for{why}{opinion}", config, t0, n), method=method)
    note = f"; {run.note}" if run.note else ""
    if depth_note:
        note += f"; {depth_note}"
    ran = sum(history or p.kind != "history" for p in run.probes)
    probes = f" and {ran} behaviour probes" if ran else ""
    level = "strict" if config.policy == "strict" else None
    if typed:
        outside = outside_difference(run, original, variant, entry_point, outside_got,
                                     outside_probes_got, tol)
        level = "typed" if outside else "strict"
        if outside:
            note += f"; equivalent inside the domain only (outside it: {short(outside, 160)})"
    note += slow.note()
    if run.unstable:
        note += (f"; {len(run.unstable)} more dropped (address-dependent in original, seen where "
                 "a variant differed)")
    verdict = new_verdict("equivalent", f"same behaviour on {n - len(slow.indices) - len(run.unstable)} inputs{probes} "
                          f"({config.policy} policy){note}{opinion}", config, t0, n)
    verdict.method = method
    verdict.equivalence = level
    verdict.input_classes = input_classes(run, history)
    if directed:
        verdict.input_classes = sorted(set(verdict.input_classes) | {VARIANT_CONSTANTS})
    if config.measure_speed:
        return with_speed(verdict, run, original, variant, entry_point, config, sandboxes, tol,
                          t0, n, slow.bound)
    return verdict


def input_classes(run: OriginalRun, history: bool = True) -> list[str]:
    """The classes of inputs compared, and the kinds of behaviour probes run, sorted."""
    names = {c.removeprefix("guided-") for c in run.classes}
    names |= {"probe:" + p.kind for p in run.probes if history or p.kind != "history"}
    return sorted(names)
