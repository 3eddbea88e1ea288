from semforge.transforms.testing import RuleTestCase


class TestMembershipSetToList(RuleTestCase):
    RULE = "membership-set-to-list"
    CASES = [
        ("""
def is_vowel(c_in: str) -> bool:
    c = "".join([c_in])
    return c.lower() in {'a', 'e', 'i', 'o', 'u'}
""", """
def is_vowel(c_in: str) -> bool:
    c = "".join([c_in])
    return c.lower() in ['a', 'e', 'i', 'o', 'u']
"""),
        ("""
def f(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    return [x for x in xs if x not in {2, 3, 5, 7}]
""", """
def f(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    return [x for x in xs if x not in [2, 3, 5, 7]]
"""),
    ]
    UNTOUCHED = [
        # an unhashable x raises TypeError with the set, gives False with a list
        ("""
        def f(x):
            return x in {1, 2, 3}
        """, "no evidence the tested value is an int, bool or str"),
        ("""
        def f(x: float, y: int, z):
            return x in {1, 2} or y in {1, z} or y in {1.0, 2}
        """, "no evidence the tested value is an int, bool or str"),
        # a set built by a call or a comprehension, and a set-valued name
        ("""
        def f(y: int, zs):
            s = {1, 2}
            return y in set([1, 2]) or y in {z for z in zs} or y in s
        """, "no candidate"),
        ("""
        def f(xs: list):
            for x in xs:
                if x in {1, 2}:
                    return x
        """, "no evidence the tested value is an int, bool or str"),
        ("""
        x = 1
        ok = x in {1, 2}
        """, "no evidence the tested value is an int, bool or str"),("""
def is_vowel(c: str) -> bool:
    return c.lower() in {'a', 'e', 'i', 'o', 'u'}
""", 'annotation is not evidence'), ("""
def f(xs: list[int]):
    return [x for x in xs if x not in {2, 3, 5, 7}]
""", 'annotation is not evidence')
    ]
