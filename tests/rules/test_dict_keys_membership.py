from semforge.transforms.testing import RuleTestCase


class TestDictKeysMembership(RuleTestCase):
    RULE = "dict-keys-membership"
    CASES = [
        (
            """
            def count(words: list):
                counts = {}
                for w in words:
                    if w in counts.keys():
                        counts[w] += 1
                    else:
                        counts[w] = 1
                return counts
            """,
            """
            def count(words: list):
                counts = {}
                for w in words:
                    if w in counts:
                        counts[w] += 1
                    else:
                        counts[w] = 1
                return counts
            """,
        ),
        ("""
def f(d_in: dict[str, int], k):
    d = dict(d_in)
    return k not in d.keys(), [x for x in 'ab' if x in dict(a=1).keys()]
""", """
def f(d_in: dict[str, int], k):
    d = dict(d_in)
    return k not in d, [x for x in 'ab' if x in dict(a=1)]
"""),
    ]
    UNTOUCHED = [
        # a defaultdict is not known to be a plain dict (no evidence from its constructor)
        ("""
        from collections import defaultdict
        def f(k):
            d = defaultdict(int)
            return k in d.keys()
        """, "no evidence the receiver of keys() is a dict"),
        # unknown receiver: a user mapping may define keys() and __contains__ differently
        ("""
        def f(d, k):
            return k in d.keys()
        """, "no evidence the receiver of keys() is a dict"),
        ("""
        from collections import OrderedDict
        def f(k):
            d = OrderedDict()
            return k in d.keys()
        """, "no evidence the receiver of keys() is a dict"),
        ("""
        def f(d: dict, k):
            d = d.items()
            return k in d.keys()
        """, "no evidence the receiver of keys() is a dict"),
        # keys() with arguments, and other methods
        ("""
        def f(d: dict, k):
            return k in d.keys(1) or k in d.values()
        """, "no candidate"),
        ("""
        d = {}
        def f(k):
            return k in d.keys()
        """, "no evidence the receiver of keys() is a dict")
    ]
