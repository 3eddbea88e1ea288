from semforge.transforms.testing import RuleTestCase


class TestWhileToWhileTrue(RuleTestCase):
    RULE = "while-to-while-true"
    CASES = [
        (
            """
            def f(n):
                while n > 0:
                    n -= 1
                    if n == 5:
                        continue
                return n
            """,
            """
            def f(n):
                while True:
                    if not n > 0:
                        break
                    n -= 1
                    if n == 5:
                        continue
                return n
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
