"""Hostile-context harness: does a rule keep behaviour on code that meets its preconditions?

A rule's own must-fire fixtures (``CASES`` of its ``RuleTestCase``, see ``fixtures_by_rule``) are
put in hostile contexts, the rule is applied, and original and rewrite are run side by side in
plain Python (``run_rule``; an alarm per call). Contexts:

- ``plain``: ordinary ints, strs, lists, dicts... (the control);
- ``subclass``: instances of str/list/dict/tuple/set/int/float subclasses whose ``__len__``,
  ``__iter__``, ``__eq__``, ``__hash__``, ``__mul__``, ``__add__``, ``keys``, ``lower``... differ
  from the builtin ones (what an annotation ``x: str`` admits);
- ``dunders``: objects of a class defining every operator, each logging its call;
- ``stopiteration``: objects whose attributes, properties, operators, ``__bool__``, ``__len__``
  and ``__iter__`` raise ``StopIteration``, alone and inside lists;
- ``shadowed``: the fixture with a module-level rebinding of the builtins before it
  (``len = ...``, ``sum = ...``), rewritten as a whole;
- ``rebound``: the module's own functions rebound after definition (``helper = other``).

An outcome is the return value's repr (or the exception's type and message), the arguments'
reprs afterwards and the log of dunder calls; a rewrite whose outcome differs from the
original's on any input is *unsound* in that context. The values are in ``hostile.py``,
executed as text in each program's namespace. ``benchmarks/rule_harness.py`` runs every rule,
one subprocess each, and prints the table rules x contexts.

The programs run in this process, unconfined: the harness is for a rule author's own fixtures,
never for untrusted code.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import signal
import textwrap
from importlib import resources
from pathlib import Path

CONTEXTS = ("plain", "subclass", "dunders", "stopiteration", "shadowed", "rebound")
HOSTILE = resources.files(__package__).joinpath("hostile.py").read_text(encoding="utf-8")

SHADOWED = ("len", "sum", "any", "all", "min", "max", "sorted", "list", "set", "tuple", "dict",
            "str", "int", "bool", "range", "enumerate", "map", "filter", "abs", "reversed",
            "isinstance", "float", "repr", "format", "ord", "chr", "type", "zip")


def values(context: str, annotation: str | None) -> list[str]:
    """Source expressions of argument values for one parameter in a context."""
    plain = {"int": ["0", "3", "-2", "7"], "float": ["2.5", "-0.5", "0.0"], "bool": ["True", "False"],
             "str": ["'ab c'", "''", "'Xy1'"], "list": ["[3, 1, 2]", "[]", "[0, -1]"],
             "tuple": ["(1, 2)", "()"], "dict": ["{'a': 1, 'b': 2}", "{}"], "set": ["{1, 2}", "set()"]}
    sub = {"int": ["HInt(3)", "HInt(0)"], "float": ["HFloat(2.5)"], "bool": ["True"],
           "str": ["HStr('ab c')", "HStr('')"], "list": ["HList([3, 1, 2])", "HList([])", "[HInt(2), HInt(5)]", "[HStr('a'), HStr('Bb')]"],
           "tuple": ["HTuple((1, 2))"], "dict": ["HDict({'a': 1, 'b': 2})"], "set": ["HSet({1, 2})"]}
    kind = annotation if annotation in plain else None
    if context in ("plain", "shadowed", "rebound"):
        return plain[kind] if kind else ["3", "'ab c'", "[3, 1, 2]", "0", "{'a': 1}", "(1, 2)", "2.5"]
    if context == "subclass":
        return sub[kind] if kind else [v for vs in sub.values() for v in vs]
    if context == "dunders":
        return ["Dunder()", "[Dunder(1), Dunder(2)]", "{'k': Dunder()}"]
    if context == "stopiteration":
        return ["Stop()", "[Stop(), Stop()]", "[1, Stop()]", "(Stop(),)", "{'k': Stop()}"]
    raise ValueError(context)


def _kind(annotation: ast.expr | None) -> str | None:
    if annotation is None:
        return None
    node = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
    return {"List": "list", "Dict": "dict", "Tuple": "tuple", "Set": "set"}.get(name, name)


def calls(source: str, context: str) -> list[tuple[str, list[str]]]:
    """(function name, argument expressions) to run: every module-level function."""
    out = []
    for node in ast.parse(source).body:
        if not isinstance(node, ast.FunctionDef) or node.decorator_list:
            continue
        params = node.args.posonlyargs + node.args.args
        pools = [values(context, _kind(p.annotation)) for p in params]
        n = max((len(p) for p in pools), default=1)
        for i in range(max(n, 1) * 2):
            out.append((node.name, [pool[(i + j) % len(pool)] for j, pool in enumerate(pools)]))
    return out


# ------------------------------------------------------------------ child: one rule


_ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def _repr(value) -> str:
    """repr without object addresses (two runs of the same program differ only there)."""
    return _ADDRESS.sub(" at 0x?", repr(value))


def _outcome(ns: dict, func: str, args: list[str], timeout: float):
    ns["LOG"].clear()
    try:
        argv = [eval(a, ns) for a in args]
    except Exception as exc:  # pragma: no cover - a bad value expression
        return ["bad-args", repr(exc)]
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        result = ("return", _repr(ns[func](*argv)))
    except _Timeout:
        result = ("timeout", "")
    except BaseException as exc:  # noqa: BLE001 - every outcome is data here
        result = ("raise", type(exc).__name__, str(exc))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    try:
        after = _repr(argv)
    except BaseException as exc:  # noqa: BLE001
        after = type(exc).__name__
    return [*result, after, list(ns["LOG"])]


class _Timeout(BaseException):
    pass


def _raise_timeout(*_):
    raise _Timeout


def _namespace(code: str, context: str, rebind: set[str] = frozenset()) -> dict:
    ns: dict = {"__name__": "harness_program"}
    exec(HOSTILE, ns)
    exec(compile(code, "<program>", "exec"), ns)
    if context == "rebound":  # the module's own functions, rebound after definition
        for name in rebind:
            value = ns.get(name)
            if getattr(value, "__code__", None) is not None \
                    and value.__code__.co_filename == "<program>":
                ns[name] = _rebound(value, ns)
    return ns


def _module_functions(source: str) -> set[str]:
    """Functions the original module defines: what code outside it can rebind (a helper a
    rewrite adds has a fresh name nobody outside knows)."""
    return {n.name for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)}


def _rebound(func, ns):
    def other(*a, **k):
        ns["LOG"].append("rebound." + func.__name__)
        return func(*a, **k)
    other.__name__ = func.__name__
    return other


def run_rule(rule, fixtures: list[str], timeout: float) -> dict:
    """{context: {"fired": n, "unsound": example or None}} for one rule (an id or a Rule)."""
    from semforge.transforms.registry import get_rule

    old = signal.signal(signal.SIGALRM, _raise_timeout)
    try:
        return _run_rule(get_rule(rule) if isinstance(rule, str) else rule, fixtures, timeout)
    finally:
        signal.signal(signal.SIGALRM, old)


def _run_rule(rule, fixtures: list[str], timeout: float) -> dict:
    report = {}
    for context in CONTEXTS:
        fired, unsound = 0, None
        for source in fixtures:
            original = source
            if context == "shadowed":
                original = "".join(f"{b} = HostileBuiltins.wrap({b!r})\n" for b in SHADOWED) + source
            try:
                rewrite = rule.apply(original)
            except Exception as exc:  # a crash is a finding too
                unsound = unsound or {"source": original, "crash": repr(exc)}
                continue
            if not rewrite.sites:
                continue
            fired += 1
            try:
                names = _module_functions(original)
                ns_a = _namespace(original, context, names)
                ns_b = _namespace(rewrite.code, context, names)
            except Exception:
                continue  # the fixture needs names it does not define
            for func, args in calls(source, context):
                if func not in ns_a or func not in ns_b:
                    continue
                a = _outcome(ns_a, func, args, timeout)
                b = _outcome(ns_b, func, args, timeout)
                if a != b and "timeout" not in (a[0], b[0]):
                    unsound = unsound or {"source": original, "rewrite": rewrite.code,
                                          "call": f"{func}({', '.join(args)})",
                                          "original": a, "variant": b}
                    break
        report[context] = {"fired": fired, "unsound": unsound}
    return report


def fixtures_by_rule(folder: str | Path, rules: list[str] | None = None) -> dict[str, list[str]]:
    """Every rule's must-fire ``before`` sources: the ``CASES`` of the ``RuleTestCase`` classes
    in ``folder``'s ``test_*.py`` files (a repository's tests/rules/)."""
    folder = Path(folder)
    out: dict[str, list[str]] = {}
    for path in sorted(folder.glob("test_*.py")):
        spec = importlib.util.spec_from_file_location(f"_harness_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception:  # a test module that needs pytest fixtures to import
            continue
        for value in vars(module).values():
            rule = getattr(value, "RULE", None)
            if isinstance(value, type) and rule and getattr(value, "CASES", None):
                for case in value.CASES:
                    src = textwrap.dedent(case[0]).strip("\n") + "\n"
                    if src not in out.setdefault(rule, []):
                        out[rule].append(src)
    if rules:
        out = {r: out.get(r, []) for r in rules}
    return out
