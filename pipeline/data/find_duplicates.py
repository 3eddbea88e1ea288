def find_duplicates(items: list[int]) -> list[int]:
    """Values occurring more than once, sorted."""
    counts = {}
    for x in items:
        counts[x] = counts.get(x, 0) + 1
    return sorted([x for x, c in counts.items() if c > 1])
