def manhattan_distance(p: list[int], q: list[int]) -> int:
    """Sum of |p_i - q_i| over the shared coordinates."""
    total = 0
    for a, b in zip(p, q):
        total += abs(a - b)
    return total
