from semforge.transforms.registry import get_rule
from semforge.transforms.testing import RuleTestCase


class TestFormatToFString(RuleTestCase):
    RULE = "format-to-fstring"
    CASES = [
        (
            '''
            def f(a, b):
                return "{}-{!r:>10}".format(a, b) + """{}
            {{b}}""".format(a) + '<{!s}>'.format(a.x.y)
            ''',
            '''
            def f(a, b):
                return f"{a}-{b!r:>10}" + f"""{a}
            {{b}}""" + f'<{a.x.y!s}>'
            ''',
        ),
    ]
    UNTOUCHED = [
        # several arguments that are not parameters
        ("""
        def f(a):
            d = {}
            return "{} {}".format(d, a)
        """, "several arguments, not all parameters of a plain function"),
        # arguments that are calls, subscripts or literals containing quotes
        ("""
        def f(d):
            return "{}".format(g()) + "{}".format(d['k']) + "{}".format("s")
        """, "the argument is not a plain or dotted name"),
        # numbered/named/nested fields, wrong counts, keywords, stars
        ("""
        def f(a, b):
            return ("{0}".format(a) + "{x}".format(x=a) + "{:{}}".format(a, b)
                    + "{}".format(a, b) + "{}{}".format(a) + "{}".format(*a))
        """, "named, numbered or nested fields, or starred/keyword arguments"),
        # escapes, bytes and unbalanced braces
        ("""
        def f(a):
            return "\\x7b{}".format(a) + "}{}".format(a)
        """, "a prefixed, parenthesized or escaped format string"),
        # not a literal receiver
        ("""
        def f(s, a):
            return s.format(a)
        """, "no candidate"),
    ]


def test_same_text():
    src = ("def f(a, b):\n"
           "    return '{!r}|{:>6}|{{}}|{!a:^5}|{:!^9}|{:=>4}'.format(a, b, a, a, b)\n")
    out = get_rule("format-to-fstring").apply(src).code
    assert "format" not in out
    ns1: dict = {}
    ns2: dict = {}
    exec(src, ns1)
    exec(out, ns2)
    for a, b in [("é", 3.5), ("x", "y"), ("", -2)]:
        assert ns1["f"](a, b) == ns2["f"](a, b)
