"""How well speed labels agree between runs: the bookkeeping of the label benchmarks.

Two runs that time the same pair on a busy machine can label it differently; these functions
measure how often, so a change to how pairs are timed (``python/measure/timing.py``) or labelled (``speed.py``) is judged on numbers:

* ``merge_passes`` lines up the rows of several passes over the same seeds, variant by variant,
  and ``agreement_by_distance`` counts agreeing labels by how far past an edge of the band the
  pair's speedup lies (``benchmarks/variant_yield.py --repeat``);
* ``LABEL_RULES`` are labelling rules (the verifier's own first) applied to recorded rounds, and
  ``score`` counts their agreement, conflicts, undecided timings and cost
  (``benchmarks/label_rules.py``).
"""

from __future__ import annotations

import math
import statistics

BAND = 0.05  # the verifier's default speed band
BLOCKS, PER_BLOCK, STEP = 15, 3, 5  # the verifier's most blocks, rounds per block, blocks per step


def merge_passes(passes: list[list[dict]]) -> list[dict]:
    """The first pass's results, each row given every pass's label and speedup ("labels",
    "speedups"). Generation is seeded, so the passes judge the same variants in the same order;
    a row whose variant differs in some pass (a rule that is not deterministic) is reported."""
    results = passes[0]
    for k, res in enumerate(results):
        for j, row in enumerate(res["rows"]):
            same = [p[k]["rows"][j] for p in passes
                    if j < len(p[k]["rows"]) and p[k]["rows"][j]["code_hash"] == row["code_hash"]]
            if len(same) < len(passes):
                res["rule_errors"].append(f"nondeterministic: variant {j} of seed "
                                          f"{res['source_id']} differs between passes")
            row["labels"] = [r["perf_label"] for r in same]
            row["speedups"] = [[r["speedup"], r["speedup_ci"], r["speed_input"]] for r in same]
        for key in ("generate_s", "verify_s"):  # the time of every pass
            res[key] = sum(p[k][key] for p in passes)
    return results


DISTANCES = (0.0, 0.02, 0.04, 0.06, 0.08)


def agreement_by_distance(rows: list[dict], band: float,
                          distances=DISTANCES) -> list[tuple[float, int, int]]:
    """(distance, agreeing, labelled) for the pairs whose runs' geometric-mean speedup lies at
    least that far (in log terms) past an edge of the band, counting as in the headline: pairs
    with a direction in some run, agreeing when every run gave the same label. It shows where
    disagreement lives: a pair measured 0.94 against an edge at 0.95 gets a label in one run
    and none in the next however carefully each run times it."""
    edge_lo, edge_hi = math.log(1 - band), math.log(1 + band)
    measured = []
    for r in rows:
        speeds = [s[0] for s in r["speedups"]]
        if speeds and all(speeds) and {"faster", "slower"} & set(r["labels"]):
            mean = statistics.fmean(math.log(x) for x in speeds)
            measured.append((max(edge_lo - mean, mean - edge_hi), len(set(r["labels"])) == 1))
    return [(d, sum(ok for past, ok in measured if past >= d),
             sum(past >= d for past, _ in measured)) for d in distances]


def _sequential(interval):
    """A rule that decides as ``timing.measure`` does: on 5 blocks, 5 more while undecided, at
    most 15; ``interval(blocks)`` gives (point, lo, hi)."""
    def rule(blocks):
        for n in range(STEP, BLOCKS + 1, STEP):
            label = _label(interval(blocks[:n]))
            if label is not None:
                return label, n
        return None, BLOCKS
    return rule


def _all_blocks(interval):
    """A rule that decides once, on all 15 blocks."""
    return lambda blocks: (_label(interval(blocks)), BLOCKS)


def _verifiers(blocks):
    """The verifier's interval (``speed.interval``)."""
    from . import speed

    return speed.interval(*_pooled(blocks), _ratios(blocks))


def _widened(block_interval):
    """The rounds' paired bootstrap widened by ``block_interval`` of the blocks' ratios."""
    def interval(blocks):
        from . import speed

        point, lo, hi = speed.paired_ratio(*_pooled(blocks))
        b_lo, b_hi = block_interval(_ratios(blocks))
        return point, min(lo, b_lo), max(hi, b_hi)
    return interval


def _rounds_only(blocks):
    """The rounds' paired bootstrap alone: blind to blocks that disagree."""
    from . import speed

    return speed.paired_ratio(*_pooled(blocks))


def _trimmed_t(ratios):
    """The blocks' t-interval without the highest and lowest block."""
    from . import speed

    return speed.block_interval(sorted(ratios)[1:-1])


def _pooled(blocks):
    return [t for b in blocks for t in b[0]], [t for b in blocks for t in b[1]]


def _ratios(blocks):
    from . import speed

    return [speed.block_ratio(b) for b in blocks]


def _label(point_lo_hi):
    from . import speed

    return speed.perf_label(point_lo_hi[1], point_lo_hi[2], BAND)


def order_interval(values: list[float], level: float = 0.90) -> tuple[float, float]:
    """The narrowest symmetric pair of order statistics covering the median at ``level``."""
    v, n = sorted(values), len(values)
    best = (v[0], v[-1])
    for k in range(1, n // 2 + 1):
        if 1 - 2 * sum(math.comb(n, i) for i in range(k)) / 2 ** n < level:
            break
        best = (v[k - 1], v[n - k])
    return best


# The first is the verifier's own; "median of blocks" uses order statistics, so one disturbed
# block cannot stretch the interval.
LABEL_RULES = {
    "verifier": _sequential(_verifiers),
    "all 15 blocks": _all_blocks(_verifiers),
    "median of blocks": _sequential(_widened(order_interval)),
    "trimmed blocks": _sequential(_widened(_trimmed_t)),
    "rounds only": _sequential(_rounds_only),
}


def score(rounds: list[list], rule) -> dict:
    """How a labelling ``rule`` fares on recorded rounds (``rounds[pair][pass]``: the pass's
    blocks, each (original's times, variant's times), or None where a block could not be
    timed): pairs with a direction in some pass (``directed``), those labelled alike in every
    pass (``agree``), those decided in every pass with different labels (``conflicts``),
    timings left without a label (``undecided``), and blocks looked at per timing."""
    directed = agree = conflicts = undecided = timings = used = 0
    for passes in rounds:
        if len(passes) < 2 or any(b is None for b in passes):
            continue
        labels = []
        for blocks in passes:
            label, n = rule(blocks)
            labels.append(label)
            used += n
        timings += len(labels)
        undecided += labels.count(None)
        if {"faster", "slower"} & set(labels):
            directed += 1
            agree += len(set(labels)) == 1
            conflicts += None not in labels and len(set(labels)) > 1
    return {"directed": directed, "agree": agree, "conflicts": conflicts,
            "undecided": undecided, "timings": timings, "blocks": used / max(timings, 1)}
