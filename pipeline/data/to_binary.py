def to_binary(n: int) -> str:
    """Binary digits of n, with a leading '-' for negatives: 6 -> '110', 0 -> '0'."""
    if n == 0:
        return "0"
    sign = "-" if n < 0 else ""
    n = abs(n)
    digits = []
    while n:
        digits.append(str(n % 2))
        n //= 2
    return sign + "".join(reversed(digits))
