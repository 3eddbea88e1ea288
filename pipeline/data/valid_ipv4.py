def valid_ipv4(address: str) -> bool:
    """Dotted-quad IPv4 address with no leading zeros ('1.2.3.4' yes, '01.2.3.4' no)."""
    parts = address.split(".")
    if len(parts) != 4:
        return False
    for part in parts:
        if not part.isascii() or not part.isdigit():
            return False
        if len(part) > 1 and part[0] == "0":
            return False
        if not 0 <= int(part) <= 255:
            return False
    return True
