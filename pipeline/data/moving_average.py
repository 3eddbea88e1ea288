def moving_average(values: list[float], window: int) -> list[float]:
    """Mean of every run of `window` consecutive values."""
    if window <= 0 or window > len(values):
        return []
    averages = []
    total = 0.0
    for i in range(len(values)):
        total += values[i]
        if i >= window:
            total -= values[i - window]
        if i >= window - 1:
            averages.append(total / window)
    return averages
