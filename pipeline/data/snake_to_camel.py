def snake_to_camel(name: str) -> str:
    """'parse_http_header' -> 'parseHttpHeader'; empty parts (double underscores) dropped."""
    parts = [p for p in name.split("_") if p]
    if not parts:
        return ""
    head = parts[0].lower()
    tail = "".join([p[0].upper() + p[1:].lower() for p in parts[1:]])
    return head + tail
