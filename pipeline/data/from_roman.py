def _value(symbol):
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    return values.get(symbol.upper(), 0)


def from_roman(numeral: str) -> int:
    """Integer value of a Roman numeral (subtractive pairs honoured; unknown letters count 0)."""
    total = 0
    for i in range(len(numeral)):
        value = _value(numeral[i])
        if i + 1 < len(numeral) and value < _value(numeral[i + 1]):
            total -= value
        else:
            total += value
    return total
