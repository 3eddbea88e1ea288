def matrix_multiply(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    """Product of an n x m and an m x p matrix (lists of rows); [] when shapes do not fit."""
    if not a or not b or any(len(row) != len(b) for row in a):
        return []
    p = len(b[0])
    if any(len(row) != p for row in b):
        return []
    result = []
    for row in a:
        out = []
        for j in range(p):
            total = 0
            for k in range(len(b)):
                total += row[k] * b[k][j]
            out.append(total)
        result.append(out)
    return result
