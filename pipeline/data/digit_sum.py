def digit_sum(n: int) -> int:
    """Sum of the decimal digits of |n|."""
    n = abs(n)
    total = 0
    while n > 0:
        total += n % 10
        n = n // 10
    return total
