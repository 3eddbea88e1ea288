"""Hostile-context harness: does every rule keep behaviour on code that meets its preconditions?

Each rule's own must-fire fixtures (``CASES`` of ``tests/rules/test_*.py``) are put in hostile
contexts, the rule is applied, and original and rewrite are run side by side in plain Python
(one subprocess per rule, an alarm per call). Contexts:

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
original's on any input is *unsound* in that context. Prints a table rules x contexts:
``ok`` (fired, same behaviour everywhere), ``UNSOUND`` (with an example), ``-`` (the rule did
not fire there: its preconditions refused the context).

    python benchmarks/rule_harness.py [--rule ID ...] [--timeout S] [--json OUT]
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "tests" / "rules"
CONTEXTS = ("plain", "subclass", "dunders", "stopiteration", "shadowed", "rebound")

# ------------------------------------------------------------------ hostile values
# Kept as source text: it is executed inside each program's namespace, so a rewrite and its
# original see the same classes.
HOSTILE = r'''
LOG = []

def _log(name):
    LOG.append(name)

class HStr(str):
    def __len__(self): _log("str.len"); return str.__len__(self) + 1
    def __iter__(self): _log("str.iter"); return iter(list(str.__iter__(self))[::-1])
    def __eq__(self, o): _log("str.eq"); return str.__eq__(self.lower(), o)
    def __ne__(self, o): _log("str.ne"); return not self.__eq__(o)
    def __hash__(self): _log("str.hash"); return 7
    def __contains__(self, o): _log("str.contains"); return True
    def __getitem__(self, i): _log("str.getitem"); return HStr(str.__getitem__(self, i))
    def __add__(self, o): _log("str.add"); return HStr(str.__add__(self, str(o)) + "+")
    def __radd__(self, o): _log("str.radd"); return HStr(str(o) + str(self) + "r")
    def __mul__(self, n): _log("str.mul"); return HStr(str.__mul__(self, n + 1))
    __rmul__ = __mul__
    def __mod__(self, o): _log("str.mod"); return "mod"
    def __rmod__(self, o): _log("str.rmod"); return "rmod"
    def __bool__(self): _log("str.bool"); return not str.__len__(self)
    def __str__(self): _log("str.str"); return self
    def __format__(self, spec): _log("str.format"); return HStr("F" + str.__str__(self))
    def lower(self): _log("str.lower"); return HStr(str.upper(self))
    def upper(self): _log("str.upper"); return HStr(str.lower(self))
    def strip(self, *a): _log("str.strip"); return HStr(str.strip(self, *a) + " ")
    def split(self, *a): _log("str.split"); return HList(str.split(self, *a))
    def startswith(self, *a): _log("str.startswith"); return not str.startswith(self, *a)
    def endswith(self, *a): _log("str.endswith"); return not str.endswith(self, *a)
    def isdigit(self): _log("str.isdigit"); return True
    def isalpha(self): _log("str.isalpha"); return False
    def swapcase(self): _log("str.swapcase"); return HStr(str(self))
    def join(self, it): _log("str.join"); return HStr(str.join(self, [str(x) for x in it]) + "j")
    def count(self, *a): _log("str.count"); return 99
    def find(self, *a): _log("str.find"); return -5

class HList(list):
    def __len__(self): _log("list.len"); return list.__len__(self) + 1
    def __iter__(self): _log("list.iter"); return iter(list(list.__iter__(self))[::-1])
    def __reversed__(self): _log("list.reversed"); return list.__iter__(self)
    def __getitem__(self, i): _log("list.getitem"); return list.__getitem__(self, i)
    def __contains__(self, o): _log("list.contains"); return not list.__contains__(self, o)
    def __eq__(self, o): _log("list.eq"); return True
    def __add__(self, o): _log("list.add"); return HList(list.__add__(self, list(o)) + [0])
    def __mul__(self, n): _log("list.mul"); return HList(list.__mul__(self, n + 1))
    __rmul__ = __mul__
    def __bool__(self): _log("list.bool"); return not list.__len__(self)
    def __hash__(self): _log("list.hash"); return 3
    def append(self, x): _log("list.append"); list.append(self, x); list.append(self, x)
    def copy(self): _log("list.copy"); return HList(self)
    def index(self, *a): _log("list.index"); return 0
    def count(self, *a): _log("list.count"); return 42

class HTuple(tuple):
    def __len__(self): _log("tuple.len"); return tuple.__len__(self) + 1
    def __iter__(self): _log("tuple.iter"); return iter(list(tuple.__iter__(self))[::-1])
    def __getitem__(self, i): _log("tuple.getitem"); return tuple.__getitem__(self, i)
    def __contains__(self, o): _log("tuple.contains"); return True
    def __bool__(self): _log("tuple.bool"); return False

class HSet(set):
    def __len__(self): _log("set.len"); return set.__len__(self) + 1
    def __iter__(self): _log("set.iter"); return iter(sorted(set.__iter__(self), key=repr))
    def __contains__(self, o): _log("set.contains"); return not set.__contains__(self, o)
    def __bool__(self): _log("set.bool"); return False
    def add(self, x): _log("set.add"); set.add(self, x)

class HDict(dict):
    def keys(self): _log("dict.keys"); return ["not-a-key"]
    def values(self): _log("dict.values"); return [0]
    def items(self): _log("dict.items"); return [("k", 0)]
    def __contains__(self, k): _log("dict.contains"); return not dict.__contains__(self, k)
    def __iter__(self): _log("dict.iter"); return iter(list(dict.__iter__(self))[::-1])
    def __len__(self): _log("dict.len"); return dict.__len__(self) + 1
    def __getitem__(self, k): _log("dict.getitem"); return dict.get(self, k, "missing")
    def get(self, k, d=None): _log("dict.get"); return "got"
    def __bool__(self): _log("dict.bool"); return False

class HInt(int):
    def _w(name, op):
        def f(self, *a):
            _log("int." + name)
            r = op(int(self), *[int(x) if isinstance(x, int) else x for x in a])
            return HInt(r + 1) if isinstance(r, int) and not isinstance(r, bool) else r
        return f
    __add__ = _w("add", int.__add__); __radd__ = _w("radd", int.__radd__)
    __sub__ = _w("sub", int.__sub__); __rsub__ = _w("rsub", int.__rsub__)
    __mul__ = _w("mul", int.__mul__); __rmul__ = _w("rmul", int.__rmul__)
    __pow__ = _w("pow", int.__pow__); __floordiv__ = _w("floordiv", int.__floordiv__)
    __mod__ = _w("mod", int.__mod__); __neg__ = _w("neg", int.__neg__)
    __and__ = _w("and", int.__and__); __xor__ = _w("xor", int.__xor__)
    def __eq__(self, o): _log("int.eq"); return int(self) == o + 1 if isinstance(o, int) else False
    def __ne__(self, o): _log("int.ne"); return not self.__eq__(o)
    def __lt__(self, o): _log("int.lt"); return int(self) > o
    def __gt__(self, o): _log("int.gt"); return int(self) < o
    def __le__(self, o): _log("int.le"); return int(self) >= o
    def __ge__(self, o): _log("int.ge"); return int(self) <= o
    def __hash__(self): _log("int.hash"); return 1
    def __bool__(self): _log("int.bool"); return not int(self)
    def __index__(self): _log("int.index"); return int(self)
    def __str__(self): _log("int.str"); return HStr("int")
    def __repr__(self): _log("int.repr"); return "HInt(%d)" % int(self)
    def __format__(self, spec): _log("int.format"); return HStr("fmt")
    del _w

class HFloat(float):
    def __add__(self, o): _log("float.add"); return HFloat(float(self) + o + 0.5)
    __radd__ = __add__
    def __mul__(self, o): _log("float.mul"); return HFloat(float(self) * o * 2)
    __rmul__ = __mul__
    def __pow__(self, o): _log("float.pow"); return 1.0
    def __sub__(self, o): _log("float.sub"); return HFloat(float(self) - o - 0.5)
    def __lt__(self, o): _log("float.lt"); return float(self) > o
    def __gt__(self, o): _log("float.gt"); return float(self) < o
    def __eq__(self, o): _log("float.eq"); return True
    def __hash__(self): _log("float.hash"); return 2
    def __bool__(self): _log("float.bool"); return False
    def __str__(self): _log("float.str"); return HStr("flt")

class Dunder:
    """Every operator defined, each logging; values stay Dunders."""
    def __init__(self, tag=0): self.tag = tag
    def __repr__(self): return "Dunder(%r)" % (self.tag,)
    def _op(name):
        def f(self, *a):
            _log("D." + name)
            return Dunder(name)
        return f
    for _n in ("add radd sub rsub mul rmul truediv rtruediv floordiv mod rmod pow rpow neg pos "
               "abs and or xor lshift rshift getitem").split():
        locals()["__%s__" % _n] = _op(_n)
    def __eq__(self, o): _log("D.eq"); return isinstance(o, Dunder)
    def __ne__(self, o): _log("D.ne"); return not isinstance(o, Dunder)
    def __lt__(self, o): _log("D.lt"); return Dunder("lt")
    def __gt__(self, o): _log("D.gt"); return Dunder("gt")
    def __le__(self, o): _log("D.le"); return Dunder("le")
    def __ge__(self, o): _log("D.ge"); return Dunder("ge")
    def __hash__(self): _log("D.hash"); return 5
    def __bool__(self): _log("D.bool"); return True
    def __len__(self): _log("D.len"); return 2
    def __iter__(self): _log("D.iter"); return iter([Dunder(1), Dunder(2)])
    def __contains__(self, o): _log("D.contains"); return False
    def __index__(self): _log("D.index"); return 2
    def __int__(self): _log("D.int"); return 2
    def __str__(self): _log("D.str"); return "dunder"
    def __format__(self, spec): _log("D.format"); return "dunder"
    def keys(self): _log("D.keys"); return ["k"]
    def __getattr__(self, name): _log("D.getattr"); return Dunder(name)
    del _op, _n

class Stop:
    """Raises StopIteration from everything a rule might move into or out of a generator."""
    def __repr__(self): return "Stop()"
    def _raise(name):
        def f(self, *a):
            _log("S." + name)
            raise StopIteration(name)
        return f
    for _n in ("add radd sub rsub mul rmul truediv floordiv mod rmod pow neg abs getitem lt gt "
               "le ge eq ne bool len iter contains index int str format call").split():
        locals()["__%s__" % _n] = _raise(_n)
    __hash__ = _raise("hash")
    @property
    def value(self): _log("S.value"); raise StopIteration("property")
    def __getattr__(self, name): _log("S.getattr"); raise StopIteration(name)
    del _raise, _n

class HostileBuiltins:
    """Stand-ins for builtins, for a module that rebinds them."""
    import builtins as _b
    @staticmethod
    def wrap(name):
        real = getattr(HostileBuiltins._b, name)
        def f(*a, **k):
            _log("builtin." + name)
            r = real(*a, **k)
            if isinstance(r, bool):
                return not r
            if isinstance(r, int):
                return r + 1
            return r
        return f
'''

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


# ------------------------------------------------------------------ parent


def fixtures_by_rule(rules: list[str] | None = None) -> dict[str, list[str]]:
    """Every rule's must-fire ``before`` sources, from tests/rules/test_*.py."""
    sys.path.insert(0, str(HERE.parent))
    out: dict[str, list[str]] = {}
    for path in sorted(FIXTURES.glob("test_*.py")):
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


def run(rules: list[str] | None = None, timeout: float = 1.0, child_timeout: float = 120.0):
    results = {}
    for rule_id, sources in fixtures_by_rule(rules).items():
        payload = json.dumps({"rule": rule_id, "fixtures": sources, "timeout": timeout})
        try:
            proc = subprocess.run([sys.executable, __file__, "--child"], input=payload,
                                  capture_output=True, text=True, timeout=child_timeout,
                                  env={**os.environ, "PYTHONHASHSEED": "0"})
            results[rule_id] = json.loads(proc.stdout.splitlines()[-1]) if proc.returncode == 0 \
                else {c: {"fired": 0, "unsound": {"crash": proc.stderr[-400:]}} for c in CONTEXTS}
        except subprocess.TimeoutExpired:
            results[rule_id] = {c: {"fired": 0, "unsound": {"crash": "harness timeout"}}
                                for c in CONTEXTS}
    return results


def table(results: dict) -> str:
    lines = ["| rule | " + " | ".join(CONTEXTS) + " |", "|---" * (len(CONTEXTS) + 1) + "|"]
    for rule_id in sorted(results):
        cells = []
        for c in CONTEXTS:
            r = results[rule_id][c]
            cells.append("UNSOUND" if r["unsound"] else ("ok" if r["fired"] else "-"))
        lines.append(f"| {rule_id} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rule", action="append", help="only this rule (repeatable)")
    parser.add_argument("--timeout", type=float, default=1.0, help="seconds per call")
    parser.add_argument("--json", type=Path, help="write the full results (with examples) here")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        job = json.loads(sys.stdin.read())
        print(json.dumps(run_rule(job["rule"], job["fixtures"], job["timeout"])))
        return
    results = run(args.rule, args.timeout)
    print(table(results))
    bad = sorted((r, c) for r in results for c in CONTEXTS if results[r][c]["unsound"])
    print(f"\n{len(results)} rules x {len(CONTEXTS)} contexts: {len(bad)} unsound combinations")
    for r, c in bad:
        ex = results[r][c]["unsound"]
        print(f"\n## {r} / {c}\n{json.dumps(ex, indent=1)[:1500]}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
