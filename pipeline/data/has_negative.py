def has_negative(nums: list[int]) -> bool:
    """True when some number is below zero."""
    for x in nums:
        if x < 0:
            return True
    return False
