def count_vowels(text):
    """Number of vowels (a, e, i, o, u, either case) in `text`."""
    count = 0
    for ch in text.lower():
        if ch in ["a", "e", "i", "o", "u"]:
            count += 1
    return count
