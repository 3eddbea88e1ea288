"""Realistic rewrites: the kind of change an LLM or a refactoring makes, each labelled by hand.

Every non-equivalent case carries a *witness*: a Python expression over ``f`` (the entry point)
whose value (or exception type) differs between original and variant when run in plain Python;
``realistic_rewrites.py --check`` runs every witness and refuses a case whose witness does not
show the difference. Equivalent cases are equivalent for every argument the verifier may try
(including neighbouring types under the ``strict`` policy), not only the seeds' types.

Classes: ``string`` (a str method swapped for a near-synonym), ``float-int`` (integer arithmetic
routed through floats), ``sign`` (sign handling rewritten, signed zero), ``alias`` (the caller's
object returned, shallow copies, results that share parts), ``state`` (defaults and caches that
keep state across calls), ``size`` (a fast path or a recursion that shows only on large inputs),
``float-extreme`` (overflow, underflow, infinities, NaN), ``coordinated`` (falsy values, equal
but distinct objects, duplicates), ``types`` (neighbouring types under ``strict``), ``lazy``
(iterators that read their argument as they go), ``signature`` (keyword-only parameters and
``*args`` no seed passes).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    name: str
    cls: str
    original: str
    variant: str
    seeds: list
    witness: str | None = None  # Python expression over f; None for equivalent cases
    entry: str = "f"

    @property
    def equivalent(self) -> bool:
        return self.witness is None


def d(body: str, sig: str = "f(x)", head: str = "") -> str:
    lines = "\n".join("    " + line for line in body.strip("\n").splitlines())
    return f"{head}def {sig}:\n{lines}\n"


NON_EQUIVALENT = [
    # --- string: near-synonym methods -------------------------------------------------------
    Case("isdecimal-isdigit", "string", d("return s.isdecimal()", "f(s)"), d("return s.isdigit()", "f(s)"),
         [["123"], ["12a"]], "f('²')"),
    Case("isdigit-isnumeric", "string", d("return [c for c in s if c.isdigit()]", "f(s)"),
         d("return [c for c in s if c.isnumeric()]", "f(s)"), [["a1b2"], ["x"]], "f('½')"),
    Case("int-guard-isdigit", "string", d("return int(s) if s.isdecimal() else -1", "f(s)"),
         d("return int(s) if s.isdigit() else -1", "f(s)"), [["42"], ["4a"]], "f('²')"),
    Case("lower-casefold-eq", "string", d("return a.lower() == b.lower()", "f(a, b)"),
         d("return a.casefold() == b.casefold()", "f(a, b)"), [["Hello", "hello"], ["a", "b"]],
         "f('ß', 'ss')"),
    Case("split-none-space", "string", d("return len(s.split())", "f(s)"),
         d("return len(s.split(' '))", "f(s)"), [["hello world"], ["one two three"]], "f('a  b')"),
    Case("strip-space-only", "string", d("return s.strip()", "f(s)"), d("return s.strip(' ')", "f(s)"),
         [[" hi "], ["x"]], "f('x\\t')"),
    Case("splitlines-split-nl", "string", d("return s.splitlines()", "f(s)"),
         d("return s.split('\\n') if s else []", "f(s)"), [["a\nb"], ["one"]], "f('a\\x0bb')"),
    Case("isalnum-alpha-or-digit", "string", d("return sum(c.isalnum() for c in s)", "f(s)"),
         d("return sum(c.isalpha() or c.isdigit() for c in s)", "f(s)"), [["ab12"], ["a-b"]], "f('½')"),
    Case("regex-d-0-9", "string", d("return re.findall(r'\\d+', s)", "f(s)", "import re\n"),
         d("return re.findall(r'[0-9]+', s)", "f(s)", "import re\n"), [["a12b3"], ["xyz"]], "f('٣4')"),
    Case("regex-w-ascii", "string", d("return re.sub(r'\\w', '', s)", "f(s)", "import re\n"),
         d("return re.sub(r'[A-Za-z0-9_]', '', s)", "f(s)", "import re\n"), [["a-b"], ["x y"]], "f('é')"),
    Case("isspace-count-space", "string", d("return sum(c.isspace() for c in s)", "f(s)"),
         d("return s.count(' ')", "f(s)"), [["a b c"], ["ab"]], "f('a\\tb')"),
    Case("isidentifier-regex", "string", d("return s.isidentifier()", "f(s)"),
         d("return re.fullmatch(r'[A-Za-z_][A-Za-z0-9_]*', s) is not None", "f(s)", "import re\n"),
         [["abc"], ["1a"], ["_x"]], "f('é')"),
    Case("title-capitalize-words", "string", d("return ' '.join(w.capitalize() for w in s.split(' '))", "f(s)"),
         d("return s.title()", "f(s)"), [["hello world"], ["ab"]], "f('a-b')"),
    Case("lower-count", "string", d("return s.lower().count('i')", "f(s)"),
         d("return s.count('i') + s.count('I')", "f(s)"), [["Iris"], ["abc"]], "f('İ')"),
    Case("int-of-digit-ord", "string", d("return sum(int(c) for c in s if c.isdigit())", "f(s)"),
         d("return sum(ord(c) - ord('0') for c in s if c.isdigit())", "f(s)"), [["a1b2"], ["99"]],
         "f('٣')"),
    Case("replace-space-join-split", "string", d("return s.replace(' ', '')", "f(s)"),
         d("return ''.join(s.split())", "f(s)"), [["a b c"], ["ab"]], "f('a\\tb')"),
    Case("reverse-words-split", "string", d("return ' '.join(s.split()[::-1])", "f(s)"),
         d("return ' '.join(reversed(s.split(' ')))", "f(s)"), [["hello big world"], ["a b"]], "f(' a')"),
    Case("upper-first-char", "string", d("return s[:1].upper() + s[1:]", "f(s)"),
         d("return s.upper()[:1] + s[1:]", "f(s)"), [["hello"], ["x"]], "f('ßa')"),
    Case("ascii-letters-isalpha", "string", d("return ''.join(c for c in s if c.isalpha())", "f(s)"),
         d("return ''.join(c for c in s if c in string.ascii_letters)", "f(s)", "import string\n"),
         [["a1b"], ["--"]], "f('é')"),
    Case("swapcase-roundtrip", "string", d("return s", "f(s)"), d("return s.swapcase().swapcase()", "f(s)"),
         [["Hello"], ["ab"]], "f('ß')"),
    # --- float-int: integer arithmetic through floats -------------------------------------------
    Case("floordiv-int-div", "float-int", d("return a // b", "f(a, b)"), d("return int(a / b)", "f(a, b)"),
         [[7, 2], [9, 3]], "f(-7, 2)"),
    Case("half-big", "float-int", d("return n // 2", "f(n)"), d("return int(n / 2)", "f(n)"),
         [[10], [7]], "f(2**63 - 1)"),
    Case("isqrt-sqrt", "float-int", d("return math.isqrt(n)", "f(n)", "import math\n"),
         d("return int(math.sqrt(n))", "f(n)", "import math\n"), [[16], [20]], "f(10**80 + 3)"),
    Case("round-half-up", "float-int", d("return round(x)", "f(x)"), d("return int(x + 0.5)", "f(x)"),
         [[1.2], [3.7]], "f(2.5)"),
    Case("mean-floor", "float-int", d("return sum(xs) // len(xs)", "f(xs)"),
         d("return int(sum(xs) / len(xs))", "f(xs)"), [[[1, 2, 3]], [[4, 6]]], "f([-3, 0])"),
    Case("floor-div-big", "float-int", d("return a // b", "f(a, b)"),
         d("return math.floor(a / b)", "f(a, b)", "import math\n"), [[10, 3], [9, 2]], "f(10**20 + 1, 1)"),
    Case("digit-count-log10", "float-int", d("return len(str(n))", "f(n)"),
         d("return int(math.log10(n)) + 1 if n > 0 else 1", "f(n)", "import math\n"), [[5], [123]],
         "f(10**16 - 1)"),
    Case("ilog10-log", "float-int", d("return len(str(n)) - 1", "f(n)"),
         d("return int(math.log(n, 10))", "f(n)", "import math\n"), [[5], [12], [99]], "f(1000)"),
    Case("percent-float", "float-int", d("return part * 100 // whole", "f(part, whole)"),
         d("return int(part / whole * 100)", "f(part, whole)"), [[1, 4], [3, 8]], "f(29, 100)"),
    Case("triangular-float", "float-int", d("return n * (n + 1) // 2", "f(n)"),
         d("return int(n * (n + 1) / 2)", "f(n)"), [[3], [10]], "f(2**53 + 1)"),
    # --- sign -------------------------------------------------------------------------------
    Case("last-digit-abs", "sign", d("return abs(n) % 10", "f(n)"), d("return n % 10", "f(n)"),
         [[123], [7]], "f(-13)"),
    Case("reverse-int-sign", "sign", d("s = -1 if n < 0 else 1\nreturn s * int(str(abs(n))[::-1])", "f(n)"),
         d("return int(str(n)[::-1])", "f(n)"), [[123], [40]], "f(-12)"),
    Case("sign-copysign", "sign", d("return 1.0 if x >= 0 else -1.0", "f(x)"),
         d("return math.copysign(1.0, x)", "f(x)", "import math\n"), [[2.5], [-1.0]], "f(-0.0)"),
    Case("negate-zero", "sign", d("return -x", "f(x)"), d("return 0 - x", "f(x)"), [[1.5], [2.0]], "f(0.0)"),
    Case("mod-fmod", "sign", d("return a % b", "f(a, b)"), d("return int(math.fmod(a, b))", "f(a, b)", "import math\n"),
         [[7, 3], [9, 4]], "f(-7, 3)"),
    Case("int-floor-negative", "sign", d("return math.floor(x)", "f(x)", "import math\n"), d("return int(x)", "f(x)"),
         [[2.5], [3.0]], "f(-2.5)"),
    Case("abs-max", "sign", d("return abs(x)", "f(x)"), d("return max(x, -x)", "f(x)"), [[2.5], [-1.5]], "f(-0.0)"),
    Case("negative-str-check", "sign", d("return x < 0", "f(x)"), d("return str(x).startswith('-')", "f(x)"),
         [[2.5], [-1.0]], "f(-0.0)"),
    Case("digit-sum-while", "sign", d("return sum(int(c) for c in str(abs(n)))", "f(n)"),
         d("t = 0\nwhile n > 0:\n    t += n % 10\n    n //= 10\nreturn t", "f(n)"), [[123], [9]], "f(-12)"),
    Case("clamp-order", "sign", d("return max(lo, min(x, hi))", "f(x, lo, hi)"),
         d("return min(hi, max(x, lo))", "f(x, lo, hi)"), [[5, 0, 10], [-1, 0, 3]], "f(5, 3, 1)"),
    # --- alias: the caller's object, shallow copies, shared parts ------------------------------
    Case("copy-returned-arg", "alias", d("if len(xs) < 2:\n    return list(xs)\nreturn sorted(xs)", "f(xs)"),
         d("if len(xs) < 2:\n    return xs\nreturn sorted(xs)", "f(xs)"), [[[3, 1, 2]], [[5]]],
         "(lambda a: (f(a).append(9), a)[1])([1])"),
    Case("shallow-matrix-copy", "alias", d("return [row[:] for row in m]", "f(m)"), d("return m[:]", "f(m)"),
         [[[[1, 2], [3, 4]]]], "(lambda m: (f(m)[0].append(9), m)[1])([[1], [2]])"),
    Case("merge-fast-path", "alias", d("out = dict(a)\nout.update(b)\nreturn out", "f(a, b)"),
         d("if not b:\n    return a\nout = dict(a)\nout.update(b)\nreturn out", "f(a, b)"),
         [[{"x": 1}, {"y": 2}], [{"a": 1}, {"a": 3}]], "(lambda a: (f(a, {}).update(z=1), a)[1])({'x': 1})"),
    Case("empty-returns-arg", "alias", d("return [min(max(x, lo), hi) for x in xs]", "f(xs, lo, hi)"),
         d("if not xs:\n    return xs\nreturn [min(max(x, lo), hi) for x in xs]", "f(xs, lo, hi)"),
         [[[1, 5, 9], 2, 6], [[0], 0, 1]], "(lambda a: (f(a, 0, 1).append(9), a)[1])([])"),
    Case("lru-cache-list", "alias", d("return list(range(n))", "f(n)"),
         d("return list(range(n))", "f(n)", "import functools\n@functools.lru_cache(maxsize=None)\n"),
         [[3], [5]], "(lambda r: (r.append(9), f(3))[1])(f(3))"),
    Case("grid-row-aliasing", "alias", d("return [[0] * w for _ in range(h)]", "f(h, w)"),
         d("return [[0] * w] * h", "f(h, w)"), [[2, 3], [3, 1]], "(lambda g: (g[0].append(1), g)[1])(f(2, 2))"),
    Case("pair-shares-arg", "alias", d("return [list(xs), xs[::-1]]", "f(xs)"), d("return [xs, xs[::-1]]", "f(xs)"),
         [[[1, 2, 3]]], "(lambda a: (f(a)[0].append(9), a)[1])([1])"),
    Case("module-cache-dict", "alias", d("return {c: s.count(c) for c in s}", "f(s)"),
         d("if s not in _memo:\n    _memo[s] = {c: s.count(c) for c in s}\nreturn _memo[s]", "f(s)", "_memo = {}\n"),
         [["aab"], ["xy"]], "(lambda r: (r.clear(), f('ab'))[1])(f('ab'))"),
    Case("sorted-inplace", "alias", d("return sorted(xs)", "f(xs)"), d("xs.sort()\nreturn xs", "f(xs)"),
         [[[3, 1, 2]]], "(lambda a: (f(a), a)[1])([2, 1])"),
    Case("default-empty-shared", "alias", d("return list(d.get(k, []))", "f(d, k)"),
         d("return d.get(k, _EMPTY)", "f(d, k)", "_EMPTY = []\n"), [[{"a": [1]}, "a"], [{}, "b"]],
         "(lambda r: (r.append(1), f({}, 'x'))[1])(f({}, 'x'))"),
    # --- state across calls --------------------------------------------------------------------
    Case("mutable-default-acc", "state", d("acc = [] if acc is None else acc\nacc.append(x)\nreturn acc", "f(x, acc=None)"),
         d("acc.append(x)\nreturn acc", "f(x, acc=[])"), [[1], [2]], "(f(1), f(2))[1]"),
    Case("mutable-default-seen", "state",
         d("seen = set()\nout = []\nfor x in xs:\n    if x not in seen:\n        seen.add(x)\n        out.append(x)\nreturn out", "f(xs)"),
         d("out = []\nfor x in xs:\n    if x not in seen:\n        seen.add(x)\n        out.append(x)\nreturn out", "f(xs, seen=set())"),
         [[[1, 2, 1]], [[3]]], "(f([1]), f([1]))[1]"),
    Case("counts-default-dict", "state", d("counts = {}\nfor w in s.split():\n    counts[w] = counts.get(w, 0) + 1\nreturn counts", "f(s)"),
         d("for w in s.split():\n    counts[w] = counts.get(w, 0) + 1\nreturn dict(counts)", "f(s, counts={})"),
         [["a b a"], ["x"]], "(f('a'), f('a'))[1]"),
    Case("cache-wrong-key", "state", d("return sum(xs)", "f(xs)"),
         d("k = len(xs)\nif k not in _c:\n    _c[k] = sum(xs)\nreturn _c[k]", "f(xs)", "_c = {}\n"),
         [[[1, 2]], [[3]]], "(f([1]), f([2]))[1]"),
    Case("memo-bool-int-key", "state", d("return n if n < 2 else f(n - 1) + f(n - 2)", "f(n)"),
         d("if n in _m:\n    return _m[n]\nr = n if n < 2 else f(n - 1) + f(n - 2)\n_m[n] = r\nreturn r", "f(n)", "_m = {}\n"),
         [[5], [10]], "(f(1), f(True))[1]"),
    Case("default-scale-kw", "state", d("return [v * k for v in xs]", "f(xs, k=2)"),
         d("return [v * k for v in xs]", "f(xs, k=3)"), [[[1, 2], 2], [[3], 5]], "f([1])"),
    # --- size: fast paths and recursion that show only on large inputs -------------------------
    Case("big-list-dedupe", "size", d("return sorted(xs)", "f(xs)"),
         d("if len(xs) > 1000:\n    return sorted(set(xs))\nreturn sorted(xs)", "f(xs)"), [[[3, 1, 2]], [[5, 4]]],
         "f(list(range(1001)) + [0])"),
    Case("recursive-sum", "size", d("t = 0\nfor x in xs:\n    t += x\nreturn t", "f(xs)"),
         d("return 0 if not xs else xs[0] + f(xs[1:])", "f(xs)"), [[[1, 2, 3]], [[4]]], "f([1] * 3000)"),
    Case("sampled-max", "size", d("return max(xs)", "f(xs)"),
         d("if len(xs) > 1000:\n    return max(xs[:1000])\nreturn max(xs)", "f(xs)"), [[[3, 1, 2]], [[5, 4]]],
         "f([0] * 1000 + [1])"),
    Case("overflow-mask", "size", d("return a + b", "f(a, b)"),
         d("return (a + b) & 0xFFFFFFFFFFFFFFFF if a + b > 2**62 else a + b", "f(a, b)"), [[1, 2], [10, 20]],
         "f(2**63, 2**63)"),
    Case("recursive-string", "size", d("return s[::-1]", "f(s)"),
         d("return s if len(s) <= 1 else f(s[1:]) + s[0]", "f(s)"), [["abc"], ["xy"]], "f('a' * 5000)"),
    Case("word-count-fast-path", "size", d("return len(s.split())", "f(s)"),
         d("if len(s) > 2000:\n    return s.count(' ') + 1\nreturn len(s.split())", "f(s)"),
         [["hello big world"], ["a b"]], "f('a  b ' * 1000)"),
    Case("recursive-depth", "size",
         d("depth, stack = 0, [(x, 0)]\nwhile stack:\n    v, k = stack.pop()\n    if isinstance(v, list):\n        depth = max(depth, k + 1)\n        stack.extend((y, k + 1) for y in v)\nreturn depth", "f(x)"),
         d("return 1 + max((f(y) for y in x), default=0) if isinstance(x, list) else 0", "f(x)"),
         [[[1, [2, [3]]]], [[[]]]], "f(__import__('functools').reduce(lambda a, _: [a], range(1200), [1]))"),
    Case("int-pow-float-fast", "size", d("return b ** e", "f(b, e)"),
         d("return int(float(b) ** e) if e > 40 else b ** e", "f(b, e)"), [[2, 10], [3, 5]], "f(3, 50)"),
    # --- float extremes -------------------------------------------------------------------------
    Case("fsum-overflow", "float-extreme", d("return sum(xs) / len(xs)", "f(xs)"),
         d("return math.fsum(xs) / len(xs)", "f(xs)", "import math\n"), [[[1.5, 2.5]], [[3.0]]], "f([1e308, 1e308])"),
    Case("hypot-sqrt", "float-extreme", d("return math.hypot(x, y)", "f(x, y)", "import math\n"),
         d("return math.sqrt(x * x + y * y)", "f(x, y)", "import math\n"), [[3.0, 4.0], [1.0, 1.0]],
         "f(1e300, 1.0)"),
    Case("inf-check", "float-extreme", d("return math.isinf(x)", "f(x)", "import math\n"),
         d("return x == float('inf')", "f(x)"), [[1.0], [2.5]], "f(float('-inf'))"),
    Case("zero-threshold", "float-extreme", d("return x == 0", "f(x)"), d("return abs(x) < 1e-300", "f(x)"),
         [[1.0], [0.0]], "f(5e-324)"),
    Case("nan-max", "float-extreme", d("return max(xs)", "f(xs)"),
         d("m = xs[0]\nfor x in xs[1:]:\n    if not x <= m:\n        m = x\nreturn m", "f(xs)"),
         [[[1.0, 2.0]], [[3.5]]], "f([1.0, float('nan')])"),
    # --- coordinated values -----------------------------------------------------------------
    Case("get-or-default", "coordinated", d("return d[k] if k in d else -1", "f(d, k)"),
         d("return d.get(k) or -1", "f(d, k)"), [[{"a": 1}, "a"], [{"b": 2}, "a"]], "f({'a': 0}, 'a')"),
    Case("filter-none-truthy", "coordinated", d("return [x for x in xs if x is not None]", "f(xs)"),
         d("return [x for x in xs if x]", "f(xs)"), [[[1, None, 2]], [[3]]], "f([0, 1])"),
    Case("is-vs-eq", "coordinated", d("return sum(1 for x in xs if x == t)", "f(xs, t)"),
         d("return sum(1 for x in xs if x is t)", "f(xs, t)"), [[[1, 2, 1], 1], [[5], 5]],
         "f([int('1000001')], int('1000001'))"),
    Case("sorted-set-dupes", "coordinated", d("return sorted(xs)", "f(xs)"), d("return sorted(set(xs))", "f(xs)"),
         [[[3, 1, 2]], [[5, 4]]], "f([1, 1])"),
    Case("merge-precedence", "coordinated", d("return {**a, **b}", "f(a, b)"), d("return {**b, **a}", "f(a, b)"),
         [[{"x": 1}, {"y": 2}]], "f({'k': 1}, {'k': 2})"),
    Case("get-truthy-membership", "coordinated", d("return k in d", "f(d, k)"), d("return bool(d.get(k))", "f(d, k)"),
         [[{"a": 1}, "a"], [{}, "b"]], "f({'a': 0}, 'a')"),
    Case("name-or-default", "coordinated", d("return name if name is not None else 'anon'", "f(name)"),
         d("return name or 'anon'", "f(name)"), [["bob"], ["al"]], "f('')"),
    Case("reverse-sort-stability", "coordinated", d("return sorted(xs, reverse=True)", "f(xs)"),
         d("return sorted(xs)[::-1]", "f(xs)"), [[[1.5, 3.0, 2.0]], [[4.0]]], "f([0.0, -0.0])"),
    Case("ternary-max-ties", "coordinated", d("return max(a, b)", "f(a, b)"), d("return a if a > b else b", "f(a, b)"),
         [[1.5, 2.5], [3.0, 1.0]], "f(0.0, -0.0)"),
    # --- types at the edge of the domain (strict policy) ----------------------------------------
    Case("iterator-len", "types", d("return sum(x * x for x in xs)", "f(xs)"),
         d("return sum(xs[i] ** 2 for i in range(len(xs)))", "f(xs)"), [[[1, 2]], [[3]]], "f(iter([1, 2]))"),
    Case("tuple-concat", "types", d("return [*xs, y]", "f(xs, y)"), d("return xs + [y]", "f(xs, y)"),
         [[[1], 2], [[], 3]], "f((1,), 2)"),
    Case("bool-isinstance", "types", d("return isinstance(x, int)", "f(x)"), d("return type(x) == int", "f(x)"),
         [[1], [2]], "f(True)"),
    Case("parity-bitand", "types", d("return n % 2 == 0", "f(n)"), d("return n & 1 == 0", "f(n)"), [[4], [7]],
         "f(4.0)"),
    Case("str-format-bool", "types", d("return str(n)", "f(n)"), d("return f'{n:d}'", "f(n)"), [[4], [17]], "f(True)"),
    Case("slice-copy-tuple", "types", d("return xs[:]", "f(xs)"), d("return list(xs)", "f(xs)"), [[[1, 2]], [[3]]],
         "f((1,))"),
    Case("none-empty-check", "types", d("return len(xs) == 0", "f(xs)"), d("return not xs", "f(xs)"), [[[1]], [[]]],
         "f(None)"),
    # --- identity of one NaN object (pickle shares it; `in`, count and == take the identity path)
    Case("nan-count-eq", "float-extreme", d("return xs.count(x)", "f(xs, x)"),
         d("return sum(1 for y in xs if y == x)", "f(xs, x)"), [[[1.5, 2.5, 1.5], 1.5], [[3.0], 2.0]],
         "(lambda n: f([n, 1.0], n))(float('nan'))"),
    Case("nan-in-any", "float-extreme", d("return x in xs", "f(xs, x)"),
         d("return any(y == x for y in xs)", "f(xs, x)"), [[[1.5, 2.5], 2.5], [[3.0], 2.0]],
         "(lambda n: f([n], n))(float('nan'))"),
    Case("nan-list-eq-itemwise", "float-extreme", d("return xs == ys", "f(xs, ys)"),
         d("return len(xs) == len(ys) and all(a == b for a, b in zip(xs, ys))", "f(xs, ys)"),
         [[[1.5, 2.5], [1.5, 2.5]], [[3.0], [2.0]]], "(lambda n: f([n], [n]))(float('nan'))"),
    # --- size: ints past the 4300 digits str(int) converts --------------------------------------
    Case("last-digits-through-str", "size", d("return abs(n) % 1000", "f(n)"),
         d("if isinstance(n, float):\n    return abs(n) % 1000\nreturn int(str(abs(n))[-3:])", "f(n)"),
         [[5], [1234], [99]], "f(10 ** 4300 + 1)"),
    # --- optional parameters changed together ------------------------------------------------
    Case("clamp-inverted-interval", "coordinated", d("return [min(max(x, lo), hi) for x in xs]", "f(xs, lo=-10, hi=10)"),
         d("return [max(lo, min(x, hi)) for x in xs]", "f(xs, lo=-10, hi=10)"), [[[1, 50, -20]], [[3]]],
         "f([1], 5, 0)"),
    Case("range-swapped-bounds", "coordinated", d("return [x for x in xs if lo <= x < hi]", "f(xs, lo=-5, hi=5)"),
         d("lo, hi = min(lo, hi), max(lo, hi)\nreturn [x for x in xs if lo <= x < hi]", "f(xs, lo=-5, hi=5)"),
         [[[1, 7, -8]], [[0]]], "f([0], 5, -5)"),
    # --- signature: parameters no seed passes -------------------------------------------------
    Case("keyword-only-ignored", "signature", d("return [x * scale for x in xs]", "f(xs, *, scale=2)"),
         d("return [x * 2 for x in xs]", "f(xs, *, scale=2)"), [[[1, 2]], [[3]]], "f([1], scale=3)"),
    Case("varargs-first-three", "signature", d("return max(xs) - min(xs)", "f(*xs)"),
         d("return max(xs[:3]) - min(xs[:3])", "f(*xs)"), [[1, 5], [3, 2, 8]], "f(1, 2, 3, 9)"),
    # --- state after a long call history ------------------------------------------------------
    Case("memo-evicts-wrong", "state", d("return x * x + 1", "f(x)"),
         d("if x in _memo:\n    return _memo[x]\nif len(_memo) >= 256:\n    _memo.pop(next(iter(_memo)))\n"
           "    _memo[x - 1] = x * x\nr = x * x + 1\n_memo[x] = r\nreturn r", "f(x)", "_memo = {}\n"),
         [[3], [10], [7]], "([f(i) for i in range(300)], f(255))[1]"),
    Case("counter-past-1000", "state", d("return s.strip()", "f(s)"),
         d("global _n\n_n += 1\nreturn s.strip() if _n <= 1000 else s.strip(' ')", "f(s)", "_n = 0\n"),
         [[" a "], ["b\t"]], "[f('x\\t') for _ in range(1001)][-1]"),
    # --- size: results nested past the encoder's depth -----------------------------------------
    Case("deep-result-innermost", "size",
         d("x = []\nfor i in range(n):\n    x = [x, i]\nreturn x", "f(n)"),
         d("x = []\nfor i in range(n):\n    x = [x, i if i < 60 else -i]\nreturn x", "f(n)"),
         [[3], [5]], "str(f(70))[-100:]"),
    # --- lazy ---------------------------------------------------------------------------------
    Case("genexp-eager", "lazy", d("return (x * 2 for x in xs)", "f(xs)"), d("return iter([x * 2 for x in xs])", "f(xs)"),
         [[[1, 2, 3]]], "(lambda a: (lambda g: (next(g), a.append(5), list(g))[2])(f(a)))([1, 2])"),
    Case("zip-range", "lazy", d("return zip(a, b)", "f(a, b)"),
         d("return ((a[i], b[i]) for i in range(min(len(a), len(b))))", "f(a, b)"), [[[1, 2], [3, 4]]],
         "(lambda a, b: (lambda g: (next(g), a.append(9), b.append(9), list(g))[3])(f(a, b)))([1], [2])"),
    Case("reversed-copy", "lazy", d("return reversed(xs)", "f(xs)"), d("return iter(xs[::-1])", "f(xs)"),
         [[[1, 2, 3]]], "(lambda a: (lambda g: (next(g), a.insert(0, 7), list(g))[2])(f(a)))([1, 2, 3])"),
    Case("map-list", "lazy", d("return map(abs, xs)", "f(xs)"), d("return iter(list(map(abs, xs)))", "f(xs)"),
         [[[1, -2]]], "(lambda a: (lambda g: (next(g), a.append(-5), list(g))[2])(f(a)))([1, 2])"),
]

EQUIVALENT = [
    Case("loop-to-comprehension", "equivalent", d("out = []\nfor v in xs:\n    if v % 2 == 0:\n        out.append(v * v)\nreturn out", "f(xs)"),
         d("return [v * v for v in xs if v % 2 == 0]", "f(xs)"), [[[1, 2, 3, 4]], [[]]]),
    Case("sum-loop", "equivalent", d("t = 0\nfor x in xs:\n    t += x\nreturn t", "f(xs)"), d("return sum(xs)", "f(xs)"),
         [[[1, 2, 3]], [[1.5, -0.0]]]),
    Case("enumerate-counter", "equivalent", d("return [i * x for i, x in enumerate(xs)]", "f(xs)"),
         d("out = []\ni = 0\nfor x in xs:\n    out.append(i * x)\n    i += 1\nreturn out", "f(xs)"), [[[3, 4, 5]]]),
    Case("reverse-words", "equivalent", d("return ' '.join(reversed(s.split()))", "f(s)"),
         d("return ' '.join(s.split()[::-1])", "f(s)"), [["hello big world"], ["a"]]),
    Case("parity-not", "equivalent", d("return x % 2 == 0", "f(x)"), d("return not x % 2", "f(x)"), [[4], [7]]),
    Case("dict-get", "equivalent", d("return d.get(k, 0)", "f(d, k)"),
         d("v = d.get(k, _MISSING)\nreturn 0 if v is _MISSING else v", "f(d, k)", "_MISSING = object()\n"),
         [[{"a": 1}, "a"], [{"a": 0}, "b"]]),
    Case("any-loop", "equivalent", d("return any(x > 0 for x in xs)", "f(xs)"),
         d("for x in xs:\n    if x > 0:\n        return True\nreturn False", "f(xs)"), [[[-1, 2]], [[]]]),
    Case("sign-bool-arith", "equivalent", d("if x > 0:\n    return 1\nelif x < 0:\n    return -1\nreturn 0", "f(x)"),
         d("return (x > 0) - (x < 0)", "f(x)"), [[5], [-3], [0]]),
    Case("join-concat", "equivalent", d("return ''.join(c.upper() for c in s)", "f(s)"),
         d("out = ''\nfor c in s:\n    out += c.upper()\nreturn out", "f(s)"), [["abc"], ["ß"]]),
    Case("itemgetter-key", "equivalent", d("return sorted(xs, key=lambda t: t[1])", "f(xs)"),
         d("return sorted(xs, key=operator.itemgetter(1))", "f(xs)", "import operator\n"), [[[[1, 2], [3, 1]]]]),
    Case("dedupe-fromkeys", "equivalent",
         d("seen = set()\nout = []\nfor x in xs:\n    if x not in seen:\n        seen.add(x)\n        out.append(x)\nreturn out", "f(xs)"),
         d("return list(dict.fromkeys(xs))", "f(xs)"), [[[1, 2, 1, 3]], [[]]]),
    Case("map-genexp-lazy", "equivalent", d("return map(abs, xs)", "f(xs)"), d("return (abs(x) for x in xs)", "f(xs)"),
         [[[1, -2, 3]]]),
    Case("filter-genexp-lazy", "equivalent", d("return filter(None, xs)", "f(xs)"), d("return (x for x in xs if x)", "f(xs)"),
         [[[0, 1, 2]]]),
    Case("swap-temp", "equivalent", d("a, b = b, a\nreturn [a, b]", "f(a, b)"), d("t = a\na = b\nb = t\nreturn [a, b]", "f(a, b)"),
         [[1, 2], ["x", "y"]]),
    Case("copy-list-call", "equivalent", d("return list(xs)", "f(xs)"), d("return [x for x in xs]", "f(xs)"),
         [[[1, 2]], [[]]]),
    Case("clamp-conditional", "equivalent", d("return [min(max(x, lo), hi) for x in xs]", "f(xs, lo=-10, hi=10)"),
         d("out = []\nfor x in xs:\n    a = max(x, lo)\n    out.append(hi if a > hi else a)\nreturn out", "f(xs, lo=-10, hi=10)"),
         [[[1, 50, -20]], [[3]]]),
    Case("abs-mod-branch", "equivalent", d("return abs(n) % 1000", "f(n)"),
         d("return n % 1000 if n >= 0 else (-n) % 1000", "f(n)"), [[5], [1234], [99]]),
    Case("str-count-loop", "equivalent", d("return sum(1 for c in s if c == 'a')", "f(s)"),
         d("n = 0\nfor c in s:\n    if c == 'a':\n        n += 1\nreturn n", "f(s)"), [["banana"], [""]]),
]

CASES = NON_EQUIVALENT + EQUIVALENT

# The subset the test suite runs: one case of every class, and a few equivalents.
FAST = ["isdecimal-isdigit", "split-none-space", "half-big", "sign-copysign", "copy-returned-arg",
        "grid-row-aliasing", "mutable-default-acc", "big-list-dedupe", "recursive-sum",
        "hypot-sqrt", "get-or-default", "iterator-len", "genexp-eager", "default-scale-kw",
        "keyword-only-ignored", "clamp-inverted-interval",
        "sum-loop", "dedupe-fromkeys", "map-genexp-lazy", "swap-temp"]
