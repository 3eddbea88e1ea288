def reverse_words(sentence: str) -> str:
    """Words in reverse order, single-spaced."""
    words = sentence.split()
    reversed_words = []
    for i in range(len(words) - 1, -1, -1):
        reversed_words.append(words[i])
    return " ".join(reversed_words)
