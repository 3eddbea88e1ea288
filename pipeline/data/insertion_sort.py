def insertion_sort(values: list[int]) -> list[int]:
    """A sorted copy of `values` (insertion sort; the argument is left alone)."""
    result = list(values)
    for i in range(1, len(result)):
        j = i
        while j > 0 and result[j - 1] > result[j]:
            result[j - 1], result[j] = result[j], result[j - 1]
            j -= 1
    return result
