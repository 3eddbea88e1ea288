def sign_label(x: int) -> str:
    """'positive', 'negative' or 'zero'."""
    if x > 0:
        return "positive"
    else:
        if x < 0:
            return "negative"
        else:
            return "zero"
