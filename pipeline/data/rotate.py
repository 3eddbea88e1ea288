def rotate(items, k):
    """`items` rotated right by `k` places (left for negative k)."""
    if len(items) == 0:
        return []
    k = k % len(items)
    return items[-k:] + items[:-k] if k else items[:]
