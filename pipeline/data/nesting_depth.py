def nesting_depth(value):
    """How deeply lists and dicts nest: 0 for a scalar, 1 for a flat list, ..."""
    if isinstance(value, dict):
        children = list(value.values())
    elif isinstance(value, list):
        children = value
    else:
        return 0
    deepest = 0
    for child in children:
        deepest = max(deepest, nesting_depth(child))
    return deepest + 1
