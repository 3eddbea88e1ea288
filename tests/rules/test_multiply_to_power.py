from semforge.transforms.testing import RuleTestCase


class TestMultiplyToPower(RuleTestCase):
    RULE = "multiply-to-power"
    CASES = [
        ("""
def area(side_in: int) -> int:
    side = int(side_in)
    return side * side
""", """
def area(side_in: int) -> int:
    side = int(side_in)
    return side ** 2
"""),
        ("""
def f(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    return sum(x * x * 3 for x in xs), [i * i for i in range(10)]
""", """
def f(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    return sum(x ** 2 * 3 for x in xs), [i ** 2 for i in range(10)]
"""),
    ]
    UNTOUCHED = [
        ("""
        def f(x, y: float, s: str):
            return x * x + y * y + s * s
        """, "no evidence 'x' is an int"),
        # y * x * x is (y * x) * x; x * y is not a square
        ("""
        def f(x: int, y: int):
            return y * x * x + x * y
        """, "no candidate"),
        ("""
        def f(x: int):
            x = str(x)
            return x * x
        """, "no evidence 'x' is an int"),
        ("""
        def f(self):
            return self.x * self.x
        """, "no candidate"),("""
def area(side: int) -> int:
    return side * side
""", 'annotation is not evidence')
    ]
