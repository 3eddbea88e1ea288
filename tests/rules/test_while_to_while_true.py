from semforge.transforms.testing import RuleTestCase


class TestWhileToWhileTrue(RuleTestCase):
    RULE = "while-to-while-true"
    CASES = [
        (  # n is an int (from the code): `n <= 0` is exactly `not n > 0`
            """
            def f(k):
                n = len(k)
                while n > 0:
                    n -= 1
                    if n == 5:
                        continue
                return n
            """,
            """
            def f(k):
                n = len(k)
                while True:
                    if n <= 0:
                        break
                    n -= 1
                    if n == 5:
                        continue
                return n
            """,
        ),
        (  # membership: `not in` is the negation for every type
            """
            while x in seen:
                x = step(x)
            """,
            """
            while True:
                if x not in seen:
                    break
                x = step(x)
            """,
        ),
        (
            """
            while not done and queue: step()
            """,
            """
            while True:
                if not (not done and queue):
                    break
                step()
            """,
        ),
        (
            """
            while not queue:
                wait()
            """,
            """
            while True:
                if queue:
                    break
                wait()
            """,
        ),
    ]
    UNTOUCHED = [
        # `not n > 0` is noise and `n <= 0` is not its negation for a float NaN or a set
        ("""
        def f(n):
            while n > 0:
                n -= 1
            return n
        """, "negating a comparison"),
        # `else:` runs when the condition turns false; a break would skip it
        ("""
        while n:
            n -= 1
        else:
            print("done")
        """, "the loop has an else clause"),
        ("""
        while True:
            step()
        """, "already an endless loop"),
        ("""
        while 1:
            step()
        """, "already an endless loop"),
        # for loops are not while loops
        ("""
        for i in r:
            pass
        """, "no candidate"),
    ]
