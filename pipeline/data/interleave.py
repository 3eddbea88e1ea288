def interleave(a, b):
    """a[0], b[0], a[1], b[1], ...; the longer list's tail comes last."""
    result = []
    i = 0
    while i < len(a) or i < len(b):
        if i < len(a):
            result.append(a[i])
        if i < len(b):
            result.append(b[i])
        i += 1
    return result
