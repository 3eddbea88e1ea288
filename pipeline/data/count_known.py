def count_known(words: list[str], lexicon: dict[str, int]) -> int:
    """Total lexicon weight of the words found in it (unknown words count 0)."""
    total = 0
    for w in words:
        if w in lexicon.keys():
            total += lexicon[w]
    return total
