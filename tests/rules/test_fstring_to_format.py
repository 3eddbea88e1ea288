from semforge.transforms.registry import get_rule
from semforge.transforms.testing import RuleTestCase


class TestFStringToFormat(RuleTestCase):
    RULE = "fstring-to-format"
    CASES = [
        (
            '''
            def f(a, b):
                d = {}
                return f"{a}-{b!r:>10}" + f"""{a}
            {{b}}""" + f"{d['k']}" + f"{a, b}"
            ''',
            '''
            def f(a, b):
                d = {}
                return "{}-{!r:>10}".format(a, b) + """{}
            {{b}}""".format(a) + "{}".format(d['k']) + "{}".format((a, b))
            ''',
        ),
        (  # one field: any expression (it is evaluated, then formatted, as before)
            """
            x = F'<{g(1) + 2:08.3f}>'
            """,
            """
            x = '<{:08.3f}>'.format(g(1) + 2)
            """,
        ),
    ]
    UNTOUCHED = [
        # several fields over names that are not parameters: a __format__ could rebind or an
        # unbound name would raise at a different point
        ("""
        def f(a):
            d = {}
            return f"{d} {a}"
        """, "several fields, not all literals or parameters"),
        ("""
        x = f"{a}{b}"
        """, "several fields outside a function"),
        ("""
        def f(a, b):
            global c
            return f"{a}{b}"
        """, "several fields in a function with exec/eval/locals() or global/nonlocal"),
        # `=` fields, nested spec fields, escapes, implicit concatenation, no field
        ("""
        def f(a, w):
            return f"{a=}" + f"{a:{w}}" + f"\\x7b{a}" + rf"\\d{a}" + "x" f"{a}" + f"plain"
        """, "a field with `=`, or a nested or escaped format spec"),
    ]


def test_same_text():
    src = "def f(a, b):\n    return f'{a!r}|{b:>6}|{{}}|{a!a:^5}'\n"
    out = get_rule("fstring-to-format").apply(src).code
    ns1: dict = {}
    ns2: dict = {}
    exec(src, ns1)
    exec(out, ns2)
    for a, b in [("é", 3.5), (None, "x"), ([1], -2)]:
        assert ns1["f"](a, b) == ns2["f"](a, b)
