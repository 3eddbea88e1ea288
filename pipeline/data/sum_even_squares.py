def sum_even_squares(nums):
    """Sum of the squares of the even numbers."""
    return sum([x * x for x in nums if x % 2 == 0])
