def clamp(x: float, lo: float, hi: float) -> float:
    """`x` limited to [lo, hi] (bounds swapped if given in the wrong order)."""
    if lo > hi:
        lo, hi = hi, lo
    if lo <= x <= hi:
        return x
    elif x < lo:
        return lo
    return hi
