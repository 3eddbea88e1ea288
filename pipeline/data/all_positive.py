def all_positive(nums: list[int]) -> bool:
    """True when every number is above zero (vacuously true for an empty list)."""
    return all(x > 0 for x in nums)
