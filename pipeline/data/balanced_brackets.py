def balanced_brackets(text: str) -> bool:
    """True when (), [] and {} in `text` are properly nested; other characters are ignored."""
    pairs = {")": "(", "]": "[", "}": "{"}
    stack = []
    for ch in text:
        if ch in ["(", "[", "{"]:
            stack.append(ch)
        elif ch in pairs:
            if len(stack) == 0 or stack[-1] != pairs[ch]:
                return False
            stack.pop()
    return len(stack) == 0
