def run_length_encode(text: str) -> str:
    """'aaabcc' -> 'a3b1c2'."""
    if not text:
        return ""
    result = ""
    current = text[0]
    count = 1
    i = 1
    while i < len(text):
        if text[i] == current:
            count += 1
        else:
            result += current + str(count)
            current = text[i]
            count = 1
        i += 1
    result += current + str(count)
    return result
