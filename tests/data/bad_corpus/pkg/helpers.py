def clip(x: int, lo: int, hi: int) -> int:
    return max(lo, min(x, hi))
