def _clean(word):
    return word.strip(".,;:!?\"'()").lower()


def word_frequencies(text: str) -> dict[str, int]:
    """How often each word occurs, ignoring case and surrounding punctuation."""
    counts = {}
    for raw in text.split():
        word = _clean(raw)
        if not word:
            continue
        if word in counts:
            counts[word] = counts[word] + 1
        else:
            counts[word] = 1
    return counts
