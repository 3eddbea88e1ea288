def camel_to_snake(name: str) -> str:
    """'parseHTTPHeader' -> 'parse_h_t_t_p_header'; 'CamelCase' -> 'camel_case'."""
    parts = []
    for i, ch in enumerate(name):
        if ch.isupper():
            if i > 0 and name[i - 1] != "_":
                parts.append("_")
            parts.append(ch.lower())
        else:
            parts.append(ch)
    return "".join(parts)
