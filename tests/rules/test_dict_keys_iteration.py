from semforge.transforms.testing import RuleTestCase


class TestDictKeysIteration(RuleTestCase):
    RULE = "dict-keys-iteration"
    CASES = [
        (
            """
            def f(d):
                out = []
                for k in d.keys():
                    out.append(k)
                return out, sorted(d.keys()), [k * 2 for k in d.keys()], ",".join(d.keys())
            """,
            """
            def f(d):
                out = []
                for k in d:
                    out.append(k)
                return out, sorted(d), [k * 2 for k in d], ",".join(d)
            """,
            [[{"b": 1, "a": 2}], [{}]],
        ),
    ]
    UNTOUCHED = [
        # a mapping of unknown type may define keys() and __iter__ apart
        ("""
        def f(m):
            return list(m.keys())
        """, "no evidence the receiver of keys() is a dict", "(m: dict[str, int] | list[int])"),
        # the view itself is kept: it is live, and compares as a set
        ("""
        def f(d):
            ks = d.keys()
            return ks == {"a"}, len(d.keys())
        """, "no candidate", "(d: dict[str, int])"),
    ]
