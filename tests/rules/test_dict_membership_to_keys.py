from semforge.transforms.testing import RuleTestCase


class TestDictMembershipToKeys(RuleTestCase):
    RULE = "dict-membership-to-keys"
    CASES = [
        ("""
def f(d_in: dict, k):
    d = dict(d_in)
    seen = {}
    return k in d, k not in seen, k in {1: 2}
""", """
def f(d_in: dict, k):
    d = dict(d_in)
    seen = {}
    return k in d.keys(), k not in seen.keys(), k in {1: 2}.keys()
"""),
    ]
    UNTOUCHED = [
        ("""
        def f(d, k):
            return k in d
        """, "no evidence the container is a dict"),
        ("""
        def f(d: list, s: set, k):
            return k in d or k in s
        """, "no evidence the container is a dict"),
        ("""
        d = {}
        def f(k):
            return k in d
        """, "no evidence the container is a dict")
    ]
