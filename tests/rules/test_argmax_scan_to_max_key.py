from semforge.transforms.testing import RuleTestCase


class TestArgmaxScanToMaxKey(RuleTestCase):
    RULE = "argmax-scan-to-max-key"
    DOMAIN = "(prefix: str, names: list[str])"
    CASES = [
        (
            """
            def f(prefix, names):
                def strength(s):
                    caps = 0
                    for ch in s:
                        if ch.isupper():
                            caps += 1
                    return caps - len(s)
                best = max(map(strength, names))
                for name in names:
                    if strength(name) == best:
                        return prefix + "." + name
            """,
            """
            def f(prefix, names):
                def strength(s):
                    caps = 0
                    for ch in s:
                        if ch.isupper():
                            caps += 1
                    return caps - len(s)
                name = max(names, key=strength)
                return prefix + "." + name
            """,
        ),
        (  # the generator form, the builtin len, the item itself returned
            """
            def f(prefix, names):
                if not names:
                    return None
                longest = max(len(x) for x in names)
                for s in names:
                    if len(s) == longest:
                        return s
            """,
            """
            def f(prefix, names):
                if not names:
                    return None
                return max(names, key=len)
            """,
        ),
        (  # min, the key on the right of ==, a module-level helper; dead code kept
            """
            def vowels(w):
                return w.count("a")

            def f(prefix, names):
                fewest = min(map(vowels, names))
                for w in names:
                    if fewest == vowels(w):
                        return w.upper()
                return prefix
            """,
            """
            def vowels(w):
                return w.count("a")

            def f(prefix, names):
                w = min(names, key=vowels)
                return w.upper()
                return prefix
            """,
        ),
    ]
    UNTOUCHED = [
        # the key may be a NaN float: no evidence its == agrees with max's >
        ("""
        def f(prefix, names):
            def score(s):
                return len(s) / 2
            best = max(map(score, names))
            for name in names:
                if score(name) == best:
                    return name
        """, "returns an int, bool or str"),
        # an impure key: computing it fewer times would show
        ("""
        def f(prefix, names):
            seen = []
            def score(s):
                seen.append(s)
                return len(s)
            best = max(map(score, names))
            for name in names:
                if score(name) == best:
                    return name
        """, "not provably pure"),
        # the body does not leave the loop: every best item is handled
        ("""
        def f(prefix, names):
            out = []
            best = max(map(len, names))
            for name in names:
                if len(name) == best:
                    out.append(name)
            return out
        """, "no candidate"),
        # the largest key is read again later
        ("""
        def f(prefix, names):
            best = max(map(len, names))
            for name in names:
                if len(name) == best:
                    return name, best
        """, "bound or read elsewhere"),
        # a generator would be consumed by the first pass
        ("""
        def f(prefix, names):
            it = iter(names)
            best = max(map(len, it))
            for name in it:
                if len(name) == best:
                    return name
        """, "list, tuple or str"),
        # shadowed max
        ("""
        def max(xs):
            return 0

        def f(prefix, names):
            best = max(map(len, names))
            for name in names:
                if len(name) == best:
                    return name
        """, "max is shadowed"),
        # unknown item types: len() of a user object runs its __len__
        ("""
        def f(prefix, names):
            best = max(map(len, names))
            for name in names:
                if len(name) == best:
                    return name
        """, "builtin containers", "(prefix: str, names: list)"),
        # a break would leave the rewritten code outside any loop
        ("""
        def f(prefix, names):
            best = max(map(len, names))
            for name in names:
                if len(name) == best:
                    if prefix:
                        break
                    return name
            return prefix
        """, "no candidate"),
        # the key function is defined after the scan: with no names, the generator never
        # reads it (ValueError), max(xs, key=f) does (UnboundLocalError)
        ("""
        def f(prefix, names):
            if prefix:
                best = max(score(n) for n in names)
                for name in names:
                    if score(name) == best:
                        return name
            def score(s):
                return len(s)
            return prefix
        """, "may be unbound"),
    ]
