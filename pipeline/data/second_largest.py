def second_largest(values: list[int]) -> int | None:
    """The second-largest distinct value, or None when there is none."""
    first = None
    second = None
    for v in values:
        if first is None or v > first:
            first, second = v, first
        elif v != first and (second is None or v > second):
            second = v
    return second
