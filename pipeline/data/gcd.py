def gcd(a: int, b: int) -> int:
    """Greatest common divisor by Euclid's algorithm (always >= 0)."""
    a, b = abs(a), abs(b)
    while b != 0:
        a, b = b, a % b
    return a
