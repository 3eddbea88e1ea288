from semforge.transforms.testing import RuleTestCase


class TestWhileTrueToWhile(RuleTestCase):
    RULE = "while-true-to-while"
    CASES = [
        (
            """
            def f(k):
                n = len(k)
                while True:
                    if n <= 0:
                        break
                    n -= 1
                return n
            """,
            """
            def f(k):
                n = len(k)
                while n > 0:
                    n -= 1
                return n
            """,
        ),
        (
            """
            while True:
                if not (queue or waiting): break
            """,
            """
            while (queue or waiting):
                pass
            """,
        ),
    ]
    UNTOUCHED = [
        # no evidence that n is an int: `while not n <= 0` would be noise, `n > 0` unsound
        ("""
        def f(n):
            while True:
                if n <= 0:
                    break
                n -= 1
            return n
        """, "negating a comparison"),
        # the break is not the first statement: the condition is not tested before iteration 1
        ("""
        while True:
            n -= 1
            if n <= 0:
                break
        """, "the loop does not start with `if c"),
        # the if does more than break
        ("""
        while True:
            if n <= 0:
                print(n)
                break
            n -= 1
        """, "the loop does not start with `if c"),
        # an else branch
        ("""
        while True:
            if n <= 0:
                break
            else:
                n -= 2
            n -= 1
        """, "the loop does not start with `if c"),
        # a while-True else never runs; a conditional loop's else would
        ("""
        while True:
            if n <= 0:
                break
            n -= 1
        else:
            print("never")
        """, "the loop has an else clause"),
        # not a while True loop
        ("""
        while x:
            if n <= 0:
                break
        """, "no candidate"),
    ]
