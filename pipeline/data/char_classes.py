from typing import Dict


def char_classes(text: str) -> Dict[str, int]:
    """Count letters, digits, whitespace and other characters."""
    counts = {"letters": 0, "digits": 0, "spaces": 0, "other": 0}
    for ch in text:
        if ch.isalpha():
            counts["letters"] += 1
        elif ch.isdigit():
            counts["digits"] += 1
        elif ch.isspace():
            counts["spaces"] += 1
        else:
            counts["other"] += 1
    return counts
