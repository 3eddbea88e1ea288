def common_prefix(words: list[str]) -> str:
    """Longest prefix shared by all words ('' for no words)."""
    if not words:
        return ""
    prefix = words[0]
    for word in words[1:]:
        i = 0
        while i < len(prefix) and i < len(word) and prefix[i] == word[i]:
            i += 1
        prefix = prefix[:i]
        if not prefix:
            break
    return prefix
