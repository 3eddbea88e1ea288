from semforge.transforms.testing import RuleTestCase


class TestElifToElseIf(RuleTestCase):
    RULE = "elif-to-else-if"
    CASES = [
        (
            """
            def sign(x):
                if x > 0:
                    return 1
                elif x < 0:
                    return -1
                else:
                    return 0
            """,
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
        ),
        (  # a chain of elifs nests one level per elif
            """
            if a:
                x = 1
            elif b:
                x = 2
            elif c:
                x = 3
            """,
            """
            if a:
                x = 1
            else:
                if b:
                    x = 2
                else:
                    if c:
                        x = 3
            """,
        ),
    ]
    UNTOUCHED = [
        ("""
        if a:
            x = 1
        else:
            x = 2
        """, "no candidate"),
        ("""
        while a:
            if b:
                break
        """, "no candidate"),
    ]
