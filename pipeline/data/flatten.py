def flatten(nested):
    """All non-list items of arbitrarily nested lists, left to right."""
    flat = []
    for item in nested:
        if isinstance(item, list):
            flat.extend(flatten(item))
        else:
            flat.append(item)
    return flat
