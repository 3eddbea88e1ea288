from semforge.transforms.testing import RuleTestCase


class TestFoldBuiltinOfLiteral(RuleTestCase):
    RULE = "fold-builtin-of-literal"
    CASES = [
        (  # HumanEval/89's shape: two ord("a") per character
            """
            def encrypt(s):
                return "".join([chr((ord(ch) - ord("a") + 4) % 26 + ord("a")) for ch in s])
            """,
            """
            def encrypt(s):
                return "".join([chr((ord(ch) - 97 + 4) % 26 + 97) for ch in s])
            """,
            [["hello"], [""], ["xyz"]],
        ),
        (  # chr and len of literals; an attribute on the int; a keyword glued to the call
            """
            def f(s):
                if ord("A") <= ord(s[0]) <= ord("Z"):
                    return chr(97) * len("abc"), ord("z").bit_length()
                return ord("'")in [39], len('\\n\\t'), chr(0x263A)
            """,
            """
            def f(s):
                if 65 <= ord(s[0]) <= 90:
                    return 'a' * 3, (122).bit_length()
                return (39)in [39], 2, '☺'
            """,
            [["Q"], ["q"], ["~"]],
        ),
    ]
    UNTOUCHED = [
        # calls that raise, non-literals, bytes, f-strings and keywords stay
        ("""
        def f(s, n):
            return ord("ab"), ord(s), chr(-1), chr(n), len(b"ab"), ord(f"{s}"), len("a" "b"), ord(c="a")
        """, "no candidate"),
        # a module that binds the name
        ("""
        from string import *
        def f():
            return ord("a")
        """, "ord is shadowed"),
        ("""
        def ord(c):
            return 0
        def f():
            return ord("a")
        """, "ord is shadowed"),
        # a module that can rebind builtins at run time
        ("""
        import builtins
        builtins.ord = lambda c: 0
        def f():
            return ord("a")
        """, "rebind builtins at run time"),
        ("""
        def setup():
            globals()["len"] = lambda s: 0
        def f():
            return len("abc")
        """, "rebind builtins at run time"),
    ]
