def sum_of_squares(nums: list[int]) -> int:
    """Sum of x ** 2 over the numbers."""
    total = 0
    for x in nums:
        total += x ** 2
    return total
