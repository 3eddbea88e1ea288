"""The label-rules benchmark's scoring on recorded rounds (no timing: the rounds are made up)."""

from semforge.verifiers.label_agreement import LABEL_RULES as RULES, order_interval, score


def _blocks(ratio, wobble=0.0, blocks=15):
    """15 blocks of 3 rounds where the original takes 1 ms and the variant 1/ratio ms, block b
    moved by +-wobble."""
    out = []
    for b in range(blocks):
        r = ratio * (1 + (wobble if b % 2 else -wobble))
        out.append(([1_000_000] * 3, [int(1_000_000 / r)] * 3))
    return out


def test_order_interval_takes_the_order_statistics_that_cover_the_median():
    values = [float(v) for v in range(1, 16)]
    assert order_interval(values) == (4.0, 12.0)  # 96.5% coverage; 5th/11th would be 88%
    assert order_interval([1.0, 2.0, 3.0, 4.0, 5.0]) == (1.0, 5.0)


def test_score_counts_agreement_conflicts_and_blocks_per_rule():
    clear = [_blocks(0.7, 0.005), _blocks(0.7, 0.005)]          # slower in both passes
    same = [_blocks(1.0, 0.005), _blocks(1.0, 0.005)]           # same in both
    flip = [_blocks(0.7, 0.005), _blocks(1.0, 0.005)]           # slower, then same
    untimed = [_blocks(0.7), None]                               # left out
    result = score([clear, same, flip, untimed], RULES["verifier"])
    assert (result["agree"], result["directed"], result["conflicts"]) == (1, 2, 1)
    assert result["undecided"] == 0 and result["timings"] == 6
    assert result["blocks"] == 5  # every timing decided on its first 5 blocks
    assert score([clear], RULES["all 15 blocks"])["blocks"] == 15
