def is_palindrome(text: str) -> bool:
    """True when the letters and digits of `text` read the same both ways, ignoring case."""
    chars = [c.lower() for c in text if c.isalnum()]
    left = 0
    right = len(chars) - 1
    while left < right:
        if chars[left] != chars[right]:
            return False
        left += 1
        right -= 1
    return True
