from semforge.transforms.testing import RuleTestCase


class TestConstantListToTuple(RuleTestCase):
    RULE = "constant-list-to-tuple"
    DOMAIN = "(number: int, word: str)"
    CASES = [
        (  # a lookup table indexed by ints, searched, iterated, sliced into readers
            """
            def f(number, word):
                ones = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]
                planets = ["Mercury", "Venus", "Earth"]
                if word not in planets:
                    return ones[number % 10], tuple(planets[1:]), len(ones)
                k = planets.index(word)
                return [p for p in planets if p != word], sorted(planets[:k], key=len), k
            """,
            """
            def f(number, word):
                ones = ("", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix")
                planets = ("Mercury", "Venus", "Earth")
                if word not in planets:
                    return ones[number % 10], tuple(planets[1:]), len(ones)
                k = planets.index(word)
                return [p for p in planets if p != word], sorted(planets[:k], key=len), k
            """,
            [[19, "Venus"], [-3, "Pluto"], [0, "Mercury"]],
        ),
    ]
    UNTOUCHED = [
        # the list itself, or a slice of it, leaves the function: its type shows
        ("""
        def f(number, word):
            days = [31, 28, 31]
            return days[1:]
        """, "is used as a list"),
        ("""
        def f(number, word):
            days = [31, 28, 31]
            return days
        """, "is used as a list"),
        # mutated, rebound, grown, or handed to code that could
        ("""
        def f(number, word):
            days = [31, 28, 31]
            days[1] = 29
            days += [30]
            return print(days), sum(days)
        """, "is used as a list"),
        # an index of unknown type may be a slice object: days[s] would be a tuple
        ("""
        def f(number, word, s=slice(0, 2)):
            days = [31, 28, 31]
            return days[s]
        """, "is used as a list"),
        # max of several arguments returns one of them; sum's start; a list on the left of in
        ("""
        def f(number, word):
            days = [31, 28, 31]
            return max(days, [40]), sum(days, 0), days in [[31, 28, 31]]
        """, "is used as a list"),
        # a nested function rebinds it; a global; a module-level table
        ("""
        def f(number, word):
            days = [31, 28, 31]
            def g():
                nonlocal days
                days = [1, 2]
            g()
            return days[0]
        """, "global, nonlocal or a parameter"),
        ("""
        TABLE = ["a", "b"]
        def f(number, word):
            return TABLE[number]
        """, "not a function's local"),
        # locals() sees the list
        ("""
        def f(number, word):
            days = [31, 28, 31]
            return locals()["days"][0]
        """, "see its locals by name"),
        # items that are not literals, one item, a shadowed builtin reader
        ("""
        def f(number, word):
            a = [word, "x"]
            b = [1]
            return a[0], b[0]
        """, "no candidate"),
        ("""
        def len(x):
            return x
        def f(number, word):
            days = [31, 28, 31]
            return len(days)
        """, "is used as a list"),
    ]
