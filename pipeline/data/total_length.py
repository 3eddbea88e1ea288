def total_length(words: list[str]) -> int:
    """Number of characters over all words."""
    return sum(len(w) for w in words)
