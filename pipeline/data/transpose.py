def transpose(matrix: list[list[int]]) -> list[list[int]]:
    """Rows become columns; ragged rows are cut to the shortest one."""
    if len(matrix) == 0:
        return []
    width = min(len(row) for row in matrix)
    result = []
    for j in range(width):
        column = []
        for i in range(len(matrix)):
            column.append(matrix[i][j])
        result.append(column)
    return result
