def caesar_shift(text: str, shift: int) -> str:
    """Shift ASCII letters by `shift` places, wrapping around; other characters stay."""
    shift = shift % 26
    out = ""
    for ch in text:
        if "a" <= ch <= "z":
            out += chr((ord(ch) - ord("a") + shift) % 26 + ord("a"))
        elif "A" <= ch <= "Z":
            out += chr((ord(ch) - ord("A") + shift) % 26 + ord("A"))
        else:
            out += ch
    return out
