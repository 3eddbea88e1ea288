"""Plain-Python checks of the labels of ``typed_rewrites_data.py`` (run before any verifying).

``check_case(case)`` returns "" when the label holds, else what is wrong:

* a wrong case's ``witness`` must be a call whose arguments lie inside the seed's domain
  (``semforge.domain``, inferred from the original and its seeds) and on which the two programs
  differ (value, exception type, or the arguments after the call);
* a correct case must agree with the original on its seeds and on ``DRAWS`` calls drawn from
  the domain (edges included: NaN, infinities, -0.0, big and negative ints, empty and
  duplicated lists, Unicode case and whitespace); its ``outside`` call, if any, must lie
  outside the domain and show a difference (the rewrite relies on the domain).

The cases are ours, so they run in this process, each call under an alarm.
"""

from __future__ import annotations

import ast
import copy
import math
import random
import signal

from semforge.domain import Ty
from semforge.domain_infer import infer_domain

DRAWS = 300
_NS = {"float": float, "nan": float("nan"), "inf": float("inf"), "math": math}


class _Timeout(Exception):
    pass


def canon(value, depth: int = 0):
    """A comparable, hashable form of a result: exact types, NaN equal to NaN, sets unordered,
    dicts in order; iterators by their type only."""
    if depth > 40:
        return ("deep",)
    t = type(value)
    if t is float:
        return ("float", "nan" if math.isnan(value) else repr(value))
    if t is int:
        return ("int", hex(value))  # no 4300-digit limit
    if t in (bool, str, bytes, type(None), complex):
        return (t.__name__, repr(value))
    if t in (list, tuple):
        return (t.__name__, tuple(canon(x, depth + 1) for x in value))
    if t in (set, frozenset):
        return (t.__name__, tuple(sorted((canon(x, depth + 1) for x in value), key=repr)))
    if t is dict:
        return ("dict", tuple((canon(k, depth + 1), canon(v, depth + 1)) for k, v in value.items()))
    return ("object", t.__name__)


def observe(code: str, entry: str, args: list, seconds: float = 1.0, kwargs: dict | None = None):
    """(outcome, arguments after the call): the value or the exception type."""
    ns: dict = {"__name__": "__case__"}
    exec(compile(code, "<case>", "exec"), ns)
    args, kwargs = copy.deepcopy(args), copy.deepcopy(kwargs or {})

    def alarm(*_):
        raise _Timeout

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        outcome = ("return", canon(ns[entry](*args, **kwargs)))
    except _Timeout:
        return ("timeout",), None
    except BaseException as e:  # noqa: BLE001 - RecursionError, OverflowError are behaviour
        outcome = ("raise", type(e).__name__)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return outcome, canon([args, kwargs] if kwargs else args)


def witness_calls(case) -> list[tuple[list, dict]]:
    """Every call the witness makes of the original's entry point: (arguments, keywords), as
    passed. A witness may call it several times (state) or through a lambda."""
    ns: dict = {"__name__": "__case__"}
    exec(compile(case.original, "<case>", "exec"), ns)
    fn, calls = ns[case.entry], []

    def recording(*args, **kwargs):
        calls.append((copy.deepcopy(list(args)), copy.deepcopy(kwargs)))
        return fn(*args, **kwargs)

    ns[case.entry] = ns["f"] = recording
    try:
        eval(case.witness, ns)
    except BaseException:  # noqa: BLE001 - the calls made before it raised are what counts
        pass
    return calls


def witness_in_domain(case) -> bool:
    """Whether every call the witness makes is positional and inside the seed's domain."""
    domain = infer_domain(case.original, case.entry, case.seeds)
    calls = witness_calls(case)
    return bool(calls) and all(not kw and domain.contains(args) for args, kw in calls)


def call_args(call: str) -> tuple[list, dict]:
    """The arguments of ``f(...)`` (any function name), evaluated: (positional, keyword)."""
    node = ast.parse(call, mode="eval").body
    if not isinstance(node, ast.Call):
        raise ValueError(f"not a call: {call!r}")

    def value(a: ast.expr):
        return eval(compile(ast.Expression(a), "<arg>", "eval"), dict(_NS))

    return [value(a) for a in node.args], {k.arg: value(k.value) for k in node.keywords}


def draw(t: Ty, rng: random.Random, depth: int = 0):
    """One value of type ``t``, edges often."""
    name = t.name
    if name == "|":
        return draw(rng.choice(t.args), rng, depth)
    if name in ("Any", "int"):
        return rng.choice([rng.randint(-12, 12), rng.randint(-1000, 1000), 0, 1, -1,
                           rng.choice([2**31, -(2**53) - 1, 2**70, 10**20 + 1])])
    if name == "bool":
        return rng.random() < 0.5
    if name == "float":
        return rng.choice([rng.uniform(-100, 100), float(rng.randint(-9, 9)), 0.0, -0.0,
                           float("nan"), float("inf"), float("-inf"), 1e16, 0.1, 2.5, -2.5])
    if name in ("str", "bytes"):
        alphabet = "aAbBzZ019 \t\n-_.,ßİΣσǅéﬁ٣²"
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8)))
        return text.encode() if name == "bytes" else text
    if name == "None":
        return None
    if depth > 4:
        return [] if name == "list" else draw(Ty("int"), rng)
    if name in ("list", "set", "frozenset"):
        n = rng.choice([0, 1, 2, 3, 5, 8])
        pool = [draw(t.args[0], rng, depth + 1) for _ in range(max(1, n))]
        items = [rng.choice(pool[: rng.randint(1, len(pool))]) for _ in range(n)]
        if name == "list":
            return items
        try:
            return (set if name == "set" else frozenset)(items)
        except TypeError:
            return set()
    if name == "tuple":
        if t.variadic:
            return tuple(draw(t.args[0], rng, depth + 1) for _ in range(rng.randint(0, 4)))
        return tuple(draw(a, rng, depth + 1) for a in t.args)
    if name == "dict":
        out = {}
        for _ in range(rng.randint(0, 4)):
            try:
                out[draw(t.args[0], rng, depth + 1)] = draw(t.args[1], rng, depth + 1)
            except TypeError:
                pass
        return out
    return 0


def check_case(case) -> str:
    domain = infer_domain(case.original, case.entry, case.seeds)
    if case.witness is not None:
        args, kwargs = call_args(case.witness)
        if kwargs or not domain.contains(args):
            return f"witness {case.witness} is outside the domain {domain}"
        a, b = observe(case.original, case.entry, args), observe(case.variant, case.entry, args)
        return "" if a != b else f"witness {case.witness} shows no difference: {a}"
    if case.outside is not None:  # a keyword call is outside: the domain's calls are positional
        args, kwargs = call_args(case.outside)
        if not kwargs and domain.contains(args):
            return f"outside call {case.outside} is inside the domain {domain}"
        a = observe(case.original, case.entry, args, kwargs=kwargs)
        b = observe(case.variant, case.entry, args, kwargs=kwargs)
        if a == b:
            return f"outside call {case.outside} shows no difference: {a}"
    rng = random.Random(case.name)
    calls = [list(s) for s in case.seeds]
    required = sum(p.default is None for p in domain.positional)
    for _ in range(DRAWS):
        calls.append([draw(p.type, rng) for p in domain.positional[:required]])
    slow = 0
    for args in calls:
        a = observe(case.original, case.entry, args, 0.3)
        if a[0] == ("timeout",):
            slow += 1
            if slow > 10:
                break
            continue
        b = observe(case.variant, case.entry, args, 3.0)
        if a != b:
            return f"differs inside the domain on {args!r}: original {a}, variant {b}"
    return ""
