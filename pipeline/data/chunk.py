def chunk(items: list[int], size: int) -> list[list[int]]:
    """Consecutive pieces of `size` items (the last may be shorter); [] if size < 1."""
    if size < 1:
        return []
    chunks = []
    for start in range(0, len(items), size):
        chunks.append(items[start:start + size])
    return chunks
