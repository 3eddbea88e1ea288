def summarize_ranges(nums: list[int]) -> list[str]:
    """Distinct values as runs: [1, 2, 3, 5, 7, 8] -> ['1-3', '5', '7-8']."""
    values = sorted(set(nums))
    ranges = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        if i == j:
            ranges.append(str(values[i]))
        else:
            ranges.append(str(values[i]) + "-" + str(values[j]))
        i = j + 1
    return ranges
