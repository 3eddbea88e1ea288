"""A file whose functions can all become seeds, plus a few that must not."""
import math
from typing import List

SCALE = 10
UNITS = ["mm", "cm"]


def _square(x: int) -> int:
    return x * x


def sum_squares(xs: List[int]) -> int:
    return sum(_square(x) for x in xs)


def hypotenuse(a: float, b: float) -> float:
    return math.sqrt(_square(a) + _square(b))


def scaled(x: int) -> int:
    return x * SCALE


def unit(i: int) -> str:
    return UNITS[i]


def roll() -> int:
    import random
    return random.randint(1, 6)
