from semforge.transforms.testing import RuleTestCase

INPUTS = [["Hi, my  name is\tJohn "], [""], ["   "], ["a,,b"]]


class TestSplitNonemptyFilterToSplit(RuleTestCase):
    RULE = "split-nonempty-filter-to-split"
    DOMAIN = "(s: str)"
    CASES = [
        (
            """
            def f(s):
                words = (s.replace(",", " ")).split()
                return [word for word in words if word != ""]
            """,
            """
            def f(s):
                words = (s.replace(",", " ")).split()
                return words
            """,
            INPUTS,
        ),
        (  # on the call itself; the truth of the item
            """
            def f(s):
                parts = [p for p in s.lower().split() if p]
                parts.append("!")
                return parts
            """,
            """
            def f(s):
                parts = s.lower().split()
                parts.append("!")
                return parts
            """,
            INPUTS,
        ),
        (  # not returned: a copy; len() and strip() conditions
            """
            def f(s):
                words = s.rsplit()
                longer = [w for w in words if len(w) > 0]
                stripped = [w for w in words if w.strip()]
                return longer + stripped, len(words)
            """,
            """
            def f(s):
                words = s.rsplit()
                longer = list(words)
                stripped = list(words)
                return longer + stripped, len(words)
            """,
            INPUTS,
        ),
    ]
    UNTOUCHED = [
        # a separator: split(",") yields empty strs
        ("""
        def f(s):
            return [w for w in s.split(",") if w]
        """, "no candidate"),
        # the list may change before the comprehension
        ("""
        def f(s):
            words = s.split()
            words.append("")
            return [w for w in words if w]
        """, "list of strs only read"),
        # bound to something else as well
        ("""
        def f(s):
            words = s.split()
            if not words:
                words = ["", "x"]
            return [w for w in words if w != ""]
        """, "only read"),
        # no evidence the receiver is a str: a user split() may yield anything
        ("""
        def f(s):
            return [w for w in s.split() if w]
        """, "no evidence", "(s: str | list)"),
        # another condition
        ("""
        def f(s):
            return [w for w in s.split() if len(w) > 1]
        """, "no candidate"),
        # splitlines() yields empty strs
        ("""
        def f(s):
            return [w for w in s.splitlines() if w]
        """, "no candidate"),
        # a recursive function: the comprehension's frame is a level of the recursion limit
        ("""
        def f(s):
            if len(s) > 9:
                return f(s[1:])
            return [w for w in s.split() if w]
        """, "recursive"),
    ]
