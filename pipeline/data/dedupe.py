def dedupe(items):
    """Drop repeated items, keeping the first occurrence of each, in order."""
    result = []
    for item in items:
        if item not in result:
            result.append(item)
    return result
