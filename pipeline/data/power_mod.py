def power_mod(base: int, exp: int, mod: int) -> int:
    """base ** exp % mod by repeated squaring; 0 when mod < 1, 1 % mod when exp < 1."""
    if mod < 1:
        return 0
    result = 1 % mod
    base = base % mod
    while exp > 0:
        if exp & 1:
            result = result * base % mod
        base = base * base % mod
        exp >>= 1
    return result
