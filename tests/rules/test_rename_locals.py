"""Fixtures for rename-locals: where it renames, and the traps where it must not."""

from semforge.transforms.testing import RuleTestCase, assert_rewrites


class TestRenameLocals(RuleTestCase):
    RULE = "rename-locals"
    CASES = [
        (
            """
            def mean(xs):
                total = 0
                for x in xs:
                    total += x
                return total / len(xs)
            """,
            """
            def mean(xs):
                acc = 0
                for item in xs:
                    acc += item
                return acc / len(xs)
            """,
        [[[1, 2, 3]], [[4]], [[2.5, 2]], [[-1, 5, 0]]],
        ),
    ]
    UNTOUCHED = [
        # `return y` may raise UnboundLocalError, whose message names y
        ('''
        def f(c):
            if c:
                y = 1
            return y
        ''', "may find it unbound"),
        ('''
        def f(xs):
            for x in xs:
                pass
            return x
        ''', "may find it unbound"),
        # parameters, module-level names and class attributes are interface
        ("""
        LIMIT = 3
        def f(a, *args, b=1, **kw):
            return a, args, b, kw, LIMIT
        class C:
            x = 1
            def m(self):
                return self.x
        """, "no candidate"),
        # exec/eval/locals()/vars()/dir() see variables by name
        ("""
        def f():
            x = 1
            return eval("x")
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        ("""
        def f():
            x = 1
            return locals()
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        ("""
        def f():
            x = 1
            def g():
                return vars()
            return g()
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        # frame objects read variables by name too
        ("""
        import sys
        def f():
            x = 1
            return sys._getframe().f_locals["x"]
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        # nonlocal/global tie the name to another scope
        ("""
        def f():
            x = 1
            def g():
                nonlocal x
                x = 2
            g()
            return x
        """, "'x' is global/nonlocal"),
        ("""
        def f():
            global y
            y = 1
        """, "no candidate"),
        # a string annotation mentions the name
        ("""
        def f():
            err = ValueError
            def g(a: "err") -> None:
                pass
            return g, err
        """, "'err' is referenced other than by a name"),
        # a walrus in a comprehension binds in the function: libcst misplaces it
        ("""
        def f(xs):
            y = 0
            [(y := v) for v in xs]
            return y
        """, "'y' is bound by a walrus or match, read in a class body, or shown by an f-string `=` field"),
        # match captures
        ("""
        def f(cmd):
            y = 1
            match cmd:
                case [y, *rest]:
                    return y, rest
            return y
        """, "'y' is bound by a walrus or match, read in a class body, or shown by an f-string `=` field"),
        # `x = x` in a nested class body reads the class namespace, then globals: not our x
        ("""
        def f():
            x = 1
            class K:
                x = x
            return K
        """, "'x' is bound by a walrus or match, read in a class body, or shown by an f-string `=` field"),
        # a self-documenting f-string prints the variable's name
        ("""
        def f(xs):
            total = sum(xs)
            return f"{total=}"
        """, "'total' is bound by a walrus or match, read in a class body, or shown by an f-string `=` field"),
        # def/class/import inside a function bind names the rule does not touch
        ("""
        def f():
            import os
            def g():
                return os
            class K:
                pass
            return g, K
        """, "no candidate"),
    ]


def test_renames_reach_nested_scopes_and_class_bodies():
    assert_rewrites(
        "rename-locals",
        """
        def f(xs):
            s = sum(xs)
            class K:
                x = s
            inner = lambda: s
            return [s + y for y in xs], K.x, inner()
        """,
        """
        def f(xs):
            total = sum(xs)
            class K:
                x = total
            inner = lambda: total
            return [total + y for y in xs], K.x, inner()
        """,
    )


def test_protected_names_are_kept():
    from semforge.transforms import get_rule

    source = "def f(xs):\n    keep = len(xs)\n    other = len(xs)\n    return keep + other\n"
    out = get_rule("rename-locals").apply(source, protected={"keep"})
    assert "keep = len(xs)" in out.code and "other" not in out.code


def test_new_names_are_fresh_in_the_module():
    from semforge.transforms import get_rule

    # `count` and `counter` are taken at module level: the next name for a counter is used
    source = "count = 0\ncounter = 0\ndef f(xs):\n    a = 0\n    for _ in xs:\n" \
             "        a += 1\n    return a\n"
    out = get_rule("rename-locals").apply(source)
    assert out.sites == 1
    assert out.code.splitlines()[-1] == "    return n"
    # nothing left to pick: the local keeps its name
    taken = "count = counter = n = 0\n" + source.split("\n", 2)[2]
    assert get_rule("rename-locals").apply(taken).sites == 0


def test_new_names_say_how_the_value_is_used():
    """A character of a string is not a `count`: names come from the binding and updates."""
    assert_rewrites(
        "rename-locals",
        """
        def f(words, text):
            c = 0
            for w in words:
                c += len(w)
            for x in range(3):
                c += x
            n = len(text)
            out = []
            return c, n, out
        """,
        """
        def f(words, text):
            total = 0
            for word in words:
                total += len(word)
            for i in range(3):
                total += i
            length = len(text)
            result = []
            return total, length, result
        """,
    )
