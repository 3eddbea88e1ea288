def _letter_counts(text):
    counts = {}
    for ch in text.lower():
        if ch.isalpha():
            counts[ch] = counts.get(ch, 0) + 1
    return counts


def is_anagram(a: str, b: str) -> bool:
    """True when `a` and `b` use the same letters equally often (case and non-letters ignored)."""
    return _letter_counts(a) == _letter_counts(b)
