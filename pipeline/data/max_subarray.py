def max_subarray(nums: list[int]) -> int:
    """Largest sum of a non-empty contiguous run (Kadane); 0 for an empty list."""
    if not nums:
        return 0
    best = current = nums[0]
    for x in nums[1:]:
        current = max(x, current + x)
        best = max(best, current)
    return best
