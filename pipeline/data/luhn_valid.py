def luhn_valid(number: str) -> bool:
    """Luhn checksum of a digit string (spaces allowed); False for anything else."""
    digits = number.replace(" ", "")
    if len(digits) < 2 or not digits.isascii() or not digits.isdigit():
        return False
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0
