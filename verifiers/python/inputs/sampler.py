"""Value generators with the shape of Hypothesis strategies, drawn straight from ``random.Random``.

The verifier builds a fresh tree of generators for every original (they depend on its seeds)
and draws a few hundred values from it once: no test, no shrinking, no database. Hypothesis's
strategies pay for what a *test* needs on every draw (validation of a new strategy tree, lazy
wrappers, spans over the choice sequence, the ``is_empty`` fixpoint), which measured at about
half of the verifier's time per original. These generators keep the subset of the
``hypothesis.strategies`` API that input generation uses, with the same names and arguments, so
the mutation modules read as Hypothesis code, and Hypothesis's main biases: bounded integers and
floats hit their ends and zero more often than uniform, sizes are mostly small, text mixes ASCII
with the rest of Unicode (no surrogates). The deterministic edge lists (``boundary.py``,
``unicode.py`` and the others) do not rely on the bias; the bias only tilts the random mutants.

``empty`` follows Hypothesis: ``sampled_from([])`` cannot draw, ``one_of`` skips empty branches,
``tuples`` with an empty element and ``map`` of an empty generator are empty, ``lists`` of an
empty element only draw ``[]`` (when ``min_size`` is 0).
"""

from __future__ import annotations

import math
import random
import sys
from typing import Any, Callable, Iterable, Sequence

__all__ = ["SearchStrategy", "binary", "booleans", "characters", "complex_numbers", "dictionaries",
           "floats", "integers", "just", "lists", "none", "one_of", "permutations", "sampled_from",
           "sets", "text", "tuples"]

_SURROGATES = (0xD800, 0xDFFF)
# Characters that matter to string code beyond ASCII letters: case-mapping specials, other
# scripts' digits and whitespace, combining marks, line breaks, regex metacharacters.
_INTERESTING = ("ß", "İ", "ı", "ﬁ", "ǅ", "Σ", "ς", "µ", "K", "٣", "²", "½", "Ⅻ", "\u00a0", "\u2003",
                "\u3000", "\u2028", "\u0085", "\x0b", "\x0c", "\r", "\t", "\n", "\u0301", "\u200b",
                "\ufeff", "é", "ü", "字", "😀", ".", "*", "\\", "$", "^", "_", "-", "0", " ")


class SearchStrategy:
    """A generator of values: ``draw(rng)`` one value; ``map`` like Hypothesis's."""

    empty = False

    def draw(self, rng: random.Random) -> Any:
        raise NotImplementedError

    def map(self, f: Callable[[Any], Any]) -> "SearchStrategy":
        return _Mapped(self, f)


class _Mapped(SearchStrategy):
    def __init__(self, base: SearchStrategy, f: Callable[[Any], Any]):
        self.base, self.f, self.empty = base, f, base.empty

    def draw(self, rng):
        return self.f(self.base.draw(rng))


class _Just(SearchStrategy):
    def __init__(self, value: Any):
        self.value = value

    def draw(self, rng):
        return self.value


class _Sampled(SearchStrategy):
    def __init__(self, values: Sequence):
        self.values = tuple(values)
        self.empty = not self.values

    def draw(self, rng):
        return self.values[rng.randrange(len(self.values))]


class _OneOf(SearchStrategy):
    def __init__(self, branches: Iterable[SearchStrategy]):
        flat: list[SearchStrategy] = []
        for b in branches:
            flat.extend(b.branches if isinstance(b, _OneOf) else [b])
        self.branches = [b for b in flat if not b.empty]
        self.empty = not self.branches

    def draw(self, rng):
        return self.branches[rng.randrange(len(self.branches))].draw(rng)


class _Tuples(SearchStrategy):
    def __init__(self, elements: Sequence[SearchStrategy]):
        self.elements = tuple(elements)
        self.empty = any(e.empty for e in self.elements)

    def draw(self, rng):
        return tuple(e.draw(rng) for e in self.elements)


def _size(rng: random.Random, min_size: int, max_size: int | None) -> int:
    """Mostly small sizes, as Hypothesis draws them: geometric around an average of
    ``min_size + 5`` (at most the midpoint), sometimes the ends."""
    hi = max_size if max_size is not None else min_size + 64
    if hi <= min_size:
        return min_size
    r = rng.random()
    if r < 0.05:
        return min_size
    if r < 0.1:
        return hi
    average = min(min_size + 5, (min_size + hi) / 2)
    p = 1.0 / (average - min_size + 1)
    n = min_size + int(math.log(1.0 - rng.random()) / math.log(1.0 - p)) if p < 1 else min_size
    return min(n, hi)


class _Lists(SearchStrategy):
    def __init__(self, element: SearchStrategy, min_size: int, max_size: int | None):
        self.element, self.min_size, self.max_size = element, min_size, max_size
        self.empty = element.empty and min_size > 0

    def draw(self, rng):
        if self.element.empty:
            return []
        return [self.element.draw(rng) for _ in range(_size(rng, self.min_size, self.max_size))]


class _Integers(SearchStrategy):
    def __init__(self, lo: int | None, hi: int | None):
        self.lo, self.hi = lo, hi
        self.empty = lo is not None and hi is not None and lo > hi

    def draw(self, rng):
        lo, hi = self.lo, self.hi
        r = rng.random()
        if lo is None or hi is None:
            # Unbounded side: magnitudes spread over bit lengths up to 128, small ones likelier.
            v = rng.getrandbits(rng.choice((4, 8, 16, 32, 64, 128)))
            v = -v if rng.random() < 0.5 else v
            if lo is not None:
                return lo + abs(v)
            if hi is not None:
                return hi - abs(v)
            return v
        if r < 0.06:
            return rng.choice((lo, hi, min(max(0, lo), hi)))
        if hi - lo <= 512:
            return rng.randint(lo, hi)
        # As Hypothesis draws them: uniform within 256 of zero about half the time, else a
        # random bit length (small magnitudes common at every scale), else uniform.
        if r < 0.5:
            a, b = max(lo, -256), min(hi, 256)
            if a <= b:
                return rng.randint(a, b)
        if r < 0.75:
            k = rng.randrange((hi - lo).bit_length() + 1)
            v = min(max(0, lo), hi) + (rng.getrandbits(k) if k else 0) * (1 if rng.random() < 0.5 else -1)
            if lo <= v <= hi:
                return v
        return rng.randint(lo, hi)


class _Floats(SearchStrategy):
    def __init__(self, lo: float | None, hi: float | None, allow_nan: bool, allow_infinity: bool):
        self.lo = -math.inf if lo is None else float(lo)
        self.hi = math.inf if hi is None else float(hi)
        self.specials = [x for x in (0.0, -0.0, 1.0, -1.0, 0.5, 1e-300, 5e-324, -5e-324,
                                     sys.float_info.max, -sys.float_info.max)
                         if self.lo <= x <= self.hi]
        if math.isfinite(self.lo):
            self.specials.append(self.lo)
        if math.isfinite(self.hi):
            self.specials.append(self.hi)
        if allow_infinity:
            self.specials += [x for x in (math.inf, -math.inf) if self.lo <= x <= self.hi]
        if allow_nan:
            self.specials += [math.nan, -math.nan]
        self.empty = self.lo > self.hi

    def draw(self, rng):
        r = rng.random()
        if r < 0.15 and self.specials:
            return self.specials[rng.randrange(len(self.specials))]
        lo, hi = max(self.lo, -1e300), min(self.hi, 1e300)  # hi - lo stays finite
        if hi - lo > 1e6 and r < 0.6:  # wide ranges: a random magnitude, not only the huge ones
            top = math.log10(max(abs(lo), abs(hi)))
            v = math.copysign(10.0 ** rng.uniform(-10, top), rng.random() - 0.5)
            if lo <= v <= hi:
                return v
        v = rng.uniform(lo, hi)
        if r < 0.3 and abs(v) < 2**52:  # a whole number or a half: exact comparisons hit them
            half = round(v * 2) / 2
            if lo <= half <= hi:
                return half
        return v


class _Characters(SearchStrategy):
    def __init__(self, max_codepoint: int):
        self.max_codepoint = max_codepoint
        self.interesting = [c for c in _INTERESTING if ord(c) <= max_codepoint]

    def draw(self, rng):
        r = rng.random()
        if r < 0.5:
            return chr(rng.randint(0x20, min(0x7E, self.max_codepoint)))
        if r < 0.7 and self.interesting:
            return self.interesting[rng.randrange(len(self.interesting))]
        while True:
            c = rng.randint(0, self.max_codepoint)
            if not _SURROGATES[0] <= c <= _SURROGATES[1]:
                return chr(c)


class _Binary(SearchStrategy):
    def __init__(self, min_size: int, max_size: int | None):
        self.min_size, self.max_size = min_size, max_size

    def draw(self, rng):
        n = _size(rng, self.min_size, self.max_size)
        if rng.random() < 0.2:  # runs of one byte: zeros, 0xff
            return bytes([rng.choice((0, 0xFF, rng.randrange(256)))]) * n
        return rng.randbytes(n)


class _Permutations(SearchStrategy):
    def __init__(self, values: Sequence):
        self.values = list(values)

    def draw(self, rng):
        out = list(self.values)
        rng.shuffle(out)
        return out


class _Collection(SearchStrategy):
    """Sets and dicts: a list of elements (key/value tuples) put into the container. Duplicates
    collapse, so a drawn set can be smaller than the drawn size, as with Hypothesis; unhashable
    elements (a mutated value that became a list) are left out."""

    def __init__(self, items: _Lists, build: Callable[[list], Any], key: Callable[[Any], Any]):
        self.items, self.build, self.key, self.empty = items, build, key, items.empty

    def draw(self, rng):
        return self.build([x for x in self.items.draw(rng) if _hashable(self.key(x))])


def _hashable(x: Any) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


# --------------------------------------------------------------------------------------------
# The ``hypothesis.strategies`` names used by input generation


def just(value: Any) -> SearchStrategy:
    return _Just(value)


def none() -> SearchStrategy:
    return _Just(None)


def booleans() -> SearchStrategy:
    return _Sampled((False, True))


def sampled_from(values: Sequence) -> SearchStrategy:
    return _Sampled(values)


def one_of(*branches) -> SearchStrategy:
    if len(branches) == 1 and not isinstance(branches[0], SearchStrategy):
        branches = tuple(branches[0])
    return _OneOf(branches)


def tuples(*elements: SearchStrategy) -> SearchStrategy:
    return _Tuples(elements)


def integers(min_value: int | None = None, max_value: int | None = None) -> SearchStrategy:
    return _Integers(min_value, max_value)


def floats(min_value: float | None = None, max_value: float | None = None, *,
           allow_nan: bool | None = None, allow_infinity: bool | None = None) -> SearchStrategy:
    bounded = min_value is not None or max_value is not None
    return _Floats(min_value, max_value,
                   allow_nan if allow_nan is not None else not bounded,
                   allow_infinity if allow_infinity is not None else not (
                       min_value is not None and max_value is not None))


def complex_numbers(*, max_magnitude: float | None = None, allow_nan: bool = True) -> SearchStrategy:
    m = max_magnitude if max_magnitude is not None else 1e300
    # Each part within m/√2 keeps the magnitude within the bound.
    part = floats(-m / math.sqrt(2), m / math.sqrt(2), allow_nan=allow_nan)
    return tuples(part, part).map(lambda ri: complex(*ri))


def characters(*, codec: str | None = None, max_codepoint: int | None = None) -> SearchStrategy:
    # ``codec`` is accepted for Hypothesis's signature: surrogates, the only code points UTF-8
    # cannot encode, are never drawn anyway.
    return _Characters(max_codepoint if max_codepoint is not None else sys.maxunicode)


def text(alphabet: SearchStrategy | str | None = None, *, min_size: int = 0,
         max_size: int | None = None) -> SearchStrategy:
    if alphabet is None:
        alphabet = characters()
    elif isinstance(alphabet, str):
        alphabet = sampled_from(list(alphabet))
    return _Lists(alphabet, min_size, max_size).map("".join)


def binary(*, min_size: int = 0, max_size: int | None = None) -> SearchStrategy:
    return _Binary(min_size, max_size)


def lists(elements: SearchStrategy, *, min_size: int = 0, max_size: int | None = None) -> SearchStrategy:
    return _Lists(elements, min_size, max_size)


def sets(elements: SearchStrategy, *, min_size: int = 0, max_size: int | None = None) -> SearchStrategy:
    return _Collection(_Lists(elements, min_size, max_size), set, lambda x: x)


def dictionaries(keys: SearchStrategy, values: SearchStrategy, *, min_size: int = 0,
                 max_size: int | None = None) -> SearchStrategy:
    return _Collection(_Lists(_Tuples((keys, values)), min_size, max_size), dict, lambda kv: kv[0])


def permutations(values: Sequence) -> SearchStrategy:
    return _Permutations(values)
