def _area(width, height):
    return width * height


def box_volume(width: int, height: int, depth: int) -> int:
    """Volume of a box; 0 when any side is negative."""
    if width < 0 or height < 0 or depth < 0:
        return 0
    return _area(width, height) * depth
