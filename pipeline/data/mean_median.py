def _median(sorted_values):
    n = len(sorted_values)
    mid = n // 2
    if n % 2 == 1:
        return sorted_values[mid]
    return (sorted_values[mid - 1] + sorted_values[mid]) / 2


def mean_median(values: list[float]) -> list[float]:
    """[mean, median] of `values`; [0.0, 0.0] for an empty list."""
    if not values:
        return [0.0, 0.0]
    total = 0.0
    for v in values:
        total += v
    return [total / len(values), _median(sorted(values))]
