def group_anagrams(words: list[str]) -> list[list[str]]:
    """Words grouped by their letters; groups and their members sorted."""
    groups = {}
    for word in words:
        key = "".join(sorted(word))
        if key not in groups:
            groups[key] = []
        groups[key].append(word)
    return sorted(sorted(group) for group in groups.values())
