def safe_divide(a: float, b: float) -> float | None:
    """a / b, or None when b is zero."""
    try:
        return a / b
    except ZeroDivisionError:
        return None
