def abs_difference(a: int, b: int) -> int:
    """|a - b| without abs()."""
    if a > b:
        diff = a - b
    else:
        diff = b - a
    return diff
