def reverse_digits(n: int) -> int:
    """Digits of n in reverse order, sign kept: 120 -> 21, -34 -> -43."""
    sign = -1 if n < 0 else 1
    n = abs(n)
    result = 0
    while True:
        if n == 0:
            break
        result = result * 10 + n % 10
        n //= 10
    return sign * result
