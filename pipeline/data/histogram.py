def histogram(values: list[int], width: int) -> dict[int, int]:
    """Count values per bucket [k*width, (k+1)*width), keyed by the bucket's lower bound."""
    if width <= 0:
        return {}
    buckets = {}
    for v in values:
        low = (v // width) * width
        buckets[low] = buckets.get(low, 0) + 1
    return dict(sorted(buckets.items()))
