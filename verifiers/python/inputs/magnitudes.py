"""Magnitudes the seeds never reach, their shapes kept.

Ints where floats stop being exact (2**53 + 1, 10**16 - 1), past 2**31, 2**32, 2**63, 2**64,
inside lists at the seeds' lengths and as the numbers inside strings, two int arguments grown
together (2**53 + 1 against 2**53), and the numbers a fast primality test gets wrong
(Carmichael numbers, strong pseudoprimes up to 2 * 10**6; larger ones are on the int scale
ladder): the seeds' neighbourhood holds none of them, and the scale ladders grow lengths, not
the values inside. They run after every other input (see ``registry``: a loop up to a huge n
times out on them).
"""

from __future__ import annotations

import copy
import re

from ._edit import interleave, set_path


# Where a float stops holding an int exactly, and where fixed-width arithmetic wraps.
BIG_ELEMENTS = (2**53 + 1, 10**16 - 1, 2**31, 2**32 + 1, 2**63, 2**64 + 1, 10**17 + 1,
                -(10**16 - 1), -(2**63) - 1, 9 * 10**15 + 4)
# Numbers a probabilistic or truncated primality test calls prime: Carmichael numbers (Fermat
# to every coprime base), base-2 pseudoprimes (1093**2), and strong pseudoprimes to the first
# bases of deterministic Miller-Rabin sets (2047; 1373653 to 2, 3; 3215031751 to 2, 3, 5, 7).
PSEUDOPRIMES = (561, 3215031751, 1194649, 2047, 1373653, 29341, 1105, 46657, 1729, 52633,
                25326001, 2465, 2152302898747, 2821, 3474749660383, 6601, 341550071728321, 8911,
                3825123056546413051)
LIMIT_INT = 10**4300 + 1  # str() of it raises ValueError: past the default 4300 digits
_DIGIT_RUNS = ("9007199254740993", "10000000000000001", "99999999999999999", "4294967297")


def _digit_runs(s: str) -> list[str]:
    """``s`` with its first run of digits replaced by numbers past float precision."""
    m = re.search(r"\d+", s)
    if m is None:
        return []
    return [s[:m.start()] + run + s[m.end():] for run in _DIGIT_RUNS]


def magnitude_inputs(seeds: list[list], limit: int) -> list[list]:
    """Values far past the seeds' magnitudes, the seeds' shapes kept: one queue per kind,
    interleaved so that a small share tries every kind."""
    queues: list[list[list]] = []
    for s in seeds[:3]:
        ints = [i for i, a in enumerate(s) if type(a) is int]
        for n, i in enumerate(ints):
            # Only the pseudoprimes a loop up to n still gets through within the time limit:
            # a timeout costs a whole call's limit, and three of them end the original's run
            # (MAX_TIMEOUTS). Larger ints alone are the scale ladders' (BIG_INTS, climbed
            # within a time budget); each slot starts at another pseudoprime.
            small = [x for x in PSEUDOPRIMES if x <= 2_000_000]
            queues.append([set_path(s, (i,), x) for x in small[n:] + small[:n]])
        for i, a in enumerate(s):
            if isinstance(a, list) and a and all(type(x) is int for x in a):
                n = len(a)
                one = [set_path(s, (i, j), big) for j, big in zip(range(n), BIG_ELEMENTS)]
                every = [set_path(s, (i,), [BIG_ELEMENTS[(j + k) % len(BIG_ELEMENTS)]
                                             * (-1 if x < 0 else 1) for j, x in enumerate(a)])
                         for k in range(3)]
                queues.append(every + one)
                # An item past the 4300 digits of str(int) (cheap to build and to compare)
                queues.append([set_path(s, (i, j), sign * LIMIT_INT)
                               for j in sorted({0, n // 2}) for sign in (1, -1)])
            elif isinstance(a, str):
                queues.append([set_path(s, (i,), x) for x in _digit_runs(a)])
            elif isinstance(a, list):
                queues.append([set_path(s, (i, j), x) for j, v in enumerate(a[:2])
                               if isinstance(v, str) for x in _digit_runs(v)])
        if len(ints) >= 2:
            # Grown together: equal or off by one far past float precision.
            together = []
            for offsets in ((1, 0), (0, 1)):
                args = copy.deepcopy(s)
                for k, i in enumerate(ints):
                    args[i] = 2**53 + offsets[k % 2]
                together.append(args)
            queues.append(together)
    return interleave(queues, limit)
