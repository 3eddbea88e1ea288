def is_weekend(day: str) -> bool:
    """True for Saturday or Sunday, given as a (case-insensitive) three-letter name."""
    if day.strip().lower() in {"sat", "sun"}:
        return True
    else:
        return False
