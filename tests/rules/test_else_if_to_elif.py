from semforge.transforms.testing import RuleTestCase


class TestElseIfToElif(RuleTestCase):
    RULE = "else-if-to-elif"
    CASES = [
        (
            """
            def sign(x):
                if x > 0:
                    return 1
                else:
                    if x < 0:
                        return -1
                    else:
                        return 0
            """,
            """
            def sign(x):
                if x > 0:
                    return 1
                elif x < 0:
                    return -1
                else:
                    return 0
            """,
        ),
    ]
    UNTOUCHED = [
        # another statement after the nested if: not an elif chain
        ("""
        if a:
            x = 1
        else:
            if b:
                x = 2
            y = 3
        """, "no candidate"),
        # a statement before it
        ("""
        if a:
            x = 1
        else:
            y = 3
            if b:
                x = 2
        """, "no candidate"),
        # a comment would be lost
        ("""
        if a:
            x = 1
        else:
            # why b
            if b:
                x = 2
        """, "a comment in the else block would be lost"),
        # else of a loop is not an if's else
        ("""
        for i in r:
            pass
        else:
            if b:
                x = 2
        """, "no candidate"),
    ]
