def top_k_frequent(words: list[str], k: int) -> list[str]:
    """The `k` most frequent words, ties broken alphabetically."""
    counts = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return [word for word, _ in ranked[:max(k, 0)]]
