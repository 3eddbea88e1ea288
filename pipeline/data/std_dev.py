import math
from typing import List


def std_dev(values: List[float]) -> float:
    """Population standard deviation; 0.0 for fewer than two values."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    squares = 0.0
    for v in values:
        squares += (v - mean) ** 2
    return math.sqrt(squares / n)
