def two_sum(nums: list[int], target: int) -> list[int]:
    """Indices [i, j], i < j, of the first pair adding up to `target`, or []."""
    seen = {}
    for j, x in enumerate(nums):
        need = target - x
        if need in seen:
            return [seen[need], j]
        if x not in seen:
            seen[x] = j
    return []
