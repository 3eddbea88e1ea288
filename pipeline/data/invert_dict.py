def invert_dict(mapping: dict[str, int]) -> dict[int, list[str]]:
    """Value -> sorted keys that map to it."""
    inverted = {}
    for key, value in mapping.items():
        inverted.setdefault(value, []).append(key)
    for value in inverted:
        inverted[value].sort()
    return inverted
