def count_in_range(values: list[int], lo: int, hi: int) -> int:
    """How many values lie in the closed interval [lo, hi]."""
    count = 0
    for v in values:
        if lo <= v and v <= hi:
            count += 1
    return count
