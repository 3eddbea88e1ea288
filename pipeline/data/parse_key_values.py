def parse_key_values(text):
    """'a=1; b = two' -> {'a': '1', 'b': 'two'}; pieces without '=' are skipped."""
    result = {}
    for piece in text.split(";"):
        key, sep, value = piece.partition("=")
        key = key.strip()
        if not sep or not key:
            continue
        result[key] = value.strip()
    return result
