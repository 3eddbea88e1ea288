def prefix_sums(values: list[int]) -> list[int]:
    """Running totals: [a, a+b, a+b+c, ...]."""
    sums = []
    total = 0
    for v in values:
        total += v
        sums.append(total)
    return sums
