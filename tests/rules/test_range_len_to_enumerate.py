from semforge.transforms.testing import RuleTestCase


class TestRangeLenToEnumerate(RuleTestCase):
    RULE = "range-len-to-enumerate"
    CASES = [
        ("""
def count_upper_even(s_in: str):
    s = "".join([s_in])
    count = 0
    for i in range(len(s)):
        if i % 2 == 0 and s[i] in "AEIOU":
            count += 1
    return count
""", """
def count_upper_even(s_in: str):
    s = "".join([s_in])
    count = 0
    for i, s_item in enumerate(s):
        if i % 2 == 0 and s_item in "AEIOU":
            count += 1
    return count
"""),
        ("""
def f(t_in: tuple, s_in: str):
    t = tuple(t_in)
    s = "".join([s_in])
    out = []
    for k in range(len(t)):
        out.append((t[k], [t[k] for _ in range(2)]))
    for j in range(len(s)):
        print(s[j], s[j + 1:])
    return out
""", """
def f(t_in: tuple, s_in: str):
    t = tuple(t_in)
    s = "".join([s_in])
    out = []
    for k, t_item in enumerate(t):
        out.append((t_item, [t[k] for _ in range(2)]))
    for j, s_item in enumerate(s):
        print(s_item, s[j + 1:])
    return out
"""),
        ("""
def intersperse(numbers_in: List[int], delimeter_in: int) -> List[int]:
    numbers = tuple(int(v) for v in numbers_in)
    delimeter = int(delimeter_in)
    res = []
    for i in range(len(numbers)):
        res.append(numbers[i])
        if i != len(numbers) - 1:
            res.append(delimeter)
    return res
""", """
def intersperse(numbers_in: List[int], delimeter_in: int) -> List[int]:
    numbers = tuple(int(v) for v in numbers_in)
    delimeter = int(delimeter_in)
    res = []
    for i, numbers_item in enumerate(numbers):
        res.append(numbers_item)
        if i != len(numbers) - 1:
            res.append(delimeter)
    return res
"""),
        ("""
def sort_third(l_in: list):
    l = list(l_in)
    third = [l[i] for i in range(len(l)) if i % 3 == 0]
    third.sort()
    return [third[i // 3] if i % 3 == 0 else l[i] for i in range(len(l))]
""", """
def sort_third(l_in: list):
    l = list(l_in)
    third = [l_item for i, l_item in enumerate(l) if i % 3 == 0]
    third.sort()
    return [third[i // 3] if i % 3 == 0 else l_item_1 for i, l_item_1 in enumerate(l)]
"""),
        ("""
def f(a_in: str, b_in: str, xs_in: list[int]):
    a = "".join([a_in])
    b = "".join([b_in])
    xs = tuple(int(v) for v in xs_in)
    d = {i: xs[i] * 2 for i in range(len(xs))}
    return "".join(str(int(a[i]) ^ int(b[i])) for i in range(len(a))), d
""", """
def f(a_in: str, b_in: str, xs_in: list[int]):
    a = "".join([a_in])
    b = "".join([b_in])
    xs = tuple(int(v) for v in xs_in)
    d = {i: xs_item * 2 for i, xs_item in enumerate(xs)}
    return "".join(str(int(a_item) ^ int(b[i])) for i, a_item in enumerate(a)), d
"""),
        ("""
def f(words_in: list[str], text_in: str):
    words = tuple("".join([v]) for v in words_in)
    text = "".join([text_in])
    parts = text.split()
    total = len(parts)
    for k in range(len(words)):
        if words[k].isdigit() and k % 2 == 0:
            total += int(words[k])
            parts.append(words[k])
    return total, parts
""", """
def f(words_in: list[str], text_in: str):
    words = tuple("".join([v]) for v in words_in)
    text = "".join([text_in])
    parts = text.split()
    total = len(parts)
    for k, words_item in enumerate(words):
        if words_item.isdigit() and k % 2 == 0:
            total += int(words_item)
            parts.append(words_item)
    return total, parts
"""),
        # from index 1 (a copy of the rest), and from 0 spelled out; types from the domain
        ("""
def f(xs, s):
    total = 0
    for i in range(0, len(s)):
        total += i * ord(s[i])
    return [xs[i] * i for i in range(1, len(xs))], total
""", """
def f(xs, s):
    total = 0
    for i, s_item in enumerate(s):
        total += i * ord(s_item)
    return [xs_item * i for i, xs_item in enumerate(xs[1:], 1)], total
""", [[[3, 1, 2], "abc"], [[], ""], [[5], "x"]]),
        # a generator that sum runs at once over ints: as eager as a list comprehension
        ("""
def f(lst):
    return sum(lst[i] for i in range(len(lst)) if i % 2 == 0 and lst[i] % 2 == 1)
""", """
def f(lst):
    return sum(lst_item for i, lst_item in enumerate(lst) if i % 2 == 0 and lst_item % 2 == 1)
""", [[[5, 8, 7, 1]], [[]], [[3, 3, 3]]]),
    ]
    UNTOUCHED = [
        # a second argument is evaluated after range(len(xs)), before the first item: it
        # could change the list
        ("""
        def f(xs, g):
            return sum((xs[i] for i in range(len(xs))), g(xs))
        """, "a generator runs later", "(xs: list[int], g: int)"),
        # a start that is not a non-negative literal: s[-1:] is not the items from index -1
        ("""
        def f(s_in, k):
            s = ''.join([s_in])
            return [s[i] for i in range(-1, len(s))] + [s[i] for i in range(k, len(s))]
        """, "no candidate"),
        # f"{...=}" prints its source text, which the rewrite would change
        # (tests/rules/test_review_contexts.py)
        ("""
        def f(s_in):
            s = ''.join([s_in])
            out = []
            for i in range(len(s)):
                out.append(f'{s[i]=}')
            return out
        """, 'self-documenting f-string field'),
        # a list: the body appends to a list that may be the list itself (parameter, alias)
        ("""
        def f(xs: list[int], out: list):
            for i in range(len(xs)):
                out.append(xs[i])
        """, "no evidence 'xs' is a builtin sequence"),
        ("""
        def f(xs: list[int]):
            out = xs
            for i in range(len(xs)):
                out.append(xs[i])
        """, "no evidence 'xs' is a builtin sequence"),
        # ... or the list is an alias of a list the body appends to
        ("""
        def f(ys: list[int]):
            out = []
            xs: list = out
            for i in range(len(xs)):
                out.append(xs[i])
        """, "'xs' may share its list with other code"),
        # ... or a method that mutates, a subscript/attribute store, del, in-place += on a list
        ("""
        def f(xs: list[int]):
            for i in range(len(xs)):
                v = xs[i]
                xs.pop()
        """, "no evidence 'xs' is a builtin sequence"),
        ("""
        def f(xs: list[int]):
            for i in range(len(xs)):
                xs[0] = xs[i]
        """, "no evidence 'xs' is a builtin sequence"),
        ("""
        def f(xs: list[int], o):
            for i in range(len(xs)):
                o.x = xs[i]
        """, "no evidence 'xs' is a builtin sequence"),
        ("""
        def f(xs: list[int]):
            for i in range(len(xs)):
                v = xs[i]
                del xs[-1]
        """, "no evidence 'xs' is a builtin sequence"),
        ("""
        def f(xs: list[int]):
            acc = xs[:1]
            for i in range(len(xs)):
                acc += [xs[i]]
        """, "no evidence 'xs' is a builtin sequence"),
        # ... or operates on items of unknown type (a user __gt__, __add__, __bool__, __str__
        # may change the list)
        ("""
        def f(xs: list):
            n = 0
            for i in range(len(xs)):
                if xs[i] > 0:
                    n = n + 1
            return n
        """, "no evidence 'xs' is a builtin sequence"),
        ("""
        def f(xs: list):
            n = 0
            for i in range(len(xs)):
                n += xs[i]
            return n
        """, "no evidence 'xs' is a builtin sequence"),
        ("""
        def f(xs: list):
            for i in range(len(xs)):
                if xs[i]:
                    return i
        """, "no evidence 'xs' is a builtin sequence"),
        ("""
        def f(xs: list):
            return [str(xs[i]) for i in range(len(xs))]
        """, "no evidence 'xs' is a builtin sequence"),
        # ... or calls a builtin that calls back (key=), or a lambda
        ("""
        def f(xs: list[int], k):
            return [sorted(xs, key=k)[0] + xs[i] for i in range(len(xs))]
        """, "no evidence 'xs' is a builtin sequence"),
        # ... or yields (the consumer may change the list between steps)
        ("""
        def f(xs: list[int]):
            for i in range(len(xs)):
                yield xs[i]
        """, "no evidence 'xs' is a builtin sequence"),
        # a generator expression over a list: it runs later, after the list may have changed
        ("""
        def f(xs: list[int]):
            return (xs[i] for i in range(len(xs)))
        """, "no evidence 'xs' is a builtin sequence"),
        # a generator expression reading a str name that is rebound later
        ("""
        def f(s: str):
            g = (s[i] for i in range(len(s)))
            s = "other"
            return list(g)
        """, "no evidence 's' is a builtin sequence"),
        # a list that is a loop variable (may be any list, also one the body appends to)
        ("""
        def f(rows: list[list[int]]):
            out = []
            for row in rows:
                for i in range(len(row)):
                    out.append(row[i])
        """, "no evidence 'row' is a builtin sequence"),
        # comprehension with a walrus or two for clauses
        ("""
        def f(s: str):
            return [(t := s[i]) for i in range(len(s))]
        """, "no evidence 's' is a builtin sequence"),
        ("""
        def f(s: str):
            return [s[i] for i in range(len(s)) for j in range(2)]
        """, "no candidate"),
        # lists may be mutated by the body (directly or through an alias)
        ("""
        def f(xs: list):
            for i in range(len(xs)):
                g(xs)
                print(xs[i])
        """, "no evidence 'xs' is a builtin sequence"),
        # unknown type; the sequence or the index rebound in the body
        ("""
        def f(xs, s: str):
            for i in range(len(xs)):
                print(xs[i])
            for i in range(len(s)):
                s = s[1:]
                print(s[i])
            for i in range(len(s)):
                i = 0
                print(s[i])
        """, "no evidence 'xs' is a builtin sequence"),
        # no read of s[i]; range with a start; an index expression
        ("""
        def f(s: str):
            for i in range(len(s)):
                print(i)
            for i in range(1, len(s)):
                print(s[i])
            for i in range(len(s) - 1):
                print(s[i])
        """, "the body never reads s[i]"),
        # identity observed (non-Latin-1 characters are fresh objects per s[i])
        ("""
        def f(s: str):
            for i in range(len(s)):
                if s[i] is s[i]:
                    pass
        """, "no evidence 's' is a builtin sequence"),
        # module level and class body
        ("""
        s = "abc"
        for i in range(len(s)):
            print(s[i])
        """, "no evidence 's' is a builtin sequence"),
        # a store target is left to raise as before; only loads would be rewritten
        ("""
        def f(s: str):
            for i in range(len(s)):
                s[i] = 'x'
        """, "no evidence 's' is a builtin sequence"),("""
def count_upper_even(s: str):
    count = 0
    for i in range(len(s)):
        if i % 2 == 0 and s[i] in "AEIOU":
            count += 1
    return count
""", 'annotation is not evidence'), ("""
def f(t: tuple, s: str):
    out = []
    for k in range(len(t)):
        out.append((t[k], [t[k] for _ in range(2)]))
    for j in range(len(s)):
        print(s[j], s[j + 1:])
    return out
""", 'annotation is not evidence'), ("""
def intersperse(numbers: List[int], delimeter: int) -> List[int]:
    res = []
    for i in range(len(numbers)):
        res.append(numbers[i])
        if i != len(numbers) - 1:
            res.append(delimeter)
    return res
""", 'annotation is not evidence'), ("""
def sort_third(l: list):
    third = [l[i] for i in range(len(l)) if i % 3 == 0]
    third.sort()
    return [third[i // 3] if i % 3 == 0 else l[i] for i in range(len(l))]
""", 'annotation is not evidence'), ("""
def f(a: str, b: str, xs: list[int]):
    d = {i: xs[i] * 2 for i in range(len(xs))}
    return "".join(str(int(a[i]) ^ int(b[i])) for i in range(len(a))), d
""", 'annotation is not evidence'), ("""
def f(words: list[str], text: str):
    parts = text.split()
    total = len(parts)
    for k in range(len(words)):
        if words[k].isdigit() and k % 2 == 0:
            total += int(words[k])
            parts.append(words[k])
    return total, parts
""", 'annotation is not evidence')
    ]
