def normalize_scores(scores: list[float]) -> list[float]:
    """Scale scores linearly to [0, 1]; all equal -> all 0.0."""
    if not scores:
        return []
    lo = min(scores)
    hi = max(scores)
    if hi == lo:
        return [0.0 for _ in scores]
    return [(s - lo) / (hi - lo) for s in scores]
