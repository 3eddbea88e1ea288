"""Running a function or method of real code in its module: what the sandbox loads for each side.

A seed from real code (``ModuleContext``) is a def of a module. Its ``code`` is the def's text;
a variant is that text rewritten. ``program_for(context, code, entry_point)`` writes the program
the sandbox runs for one side: the module's text with ``code`` swapped in for the def
(``swap_in``), loaded with its package importable (``sandbox.modules``), and an entry point
``ENTRY`` that calls the def as the package's own callers do:

* a function, ``staticmethod``, ``classmethod``: the object the module binds (decorators
  included), called with the input's arguments;
* a constructor (``__init__``): the class, called; its result (the instance) is compared;
* a method, a property (its getter) or a property setter: ``ENTRY(init, *args)`` builds the
  instance through the class's own constructor from the tuple ``init``, then calls the method.
  It returns ``(MARK, "return", result, instance)`` or ``(MARK, "raise", type, message,
  instance)``: ``method_outcome`` turns that back into a return or a raise, with the instance's
  state after the call as the first argument after the call, so the instance (attributes and
  slots, deep) is compared whether the method returned or raised;
* a generator function or method: the result is consumed step by step (``__semforge_consume__``):
  at most ``GENERATOR_STEPS`` items, each with what it printed while producing it, the
  arguments (and the instance) as they were after that step (the first ``SNAPSHOT_STEPS``),
  and whether the item is one yielded before (a reused buffer); then how it ended (exhausted
  with its return value, or raised) or, past the prefix, whether one more step ends it or it
  goes on. One that raises before its first item is a raise.

Both sides load through the same code; only the def's text differs.
"""

from __future__ import annotations

import ast
import functools

from semforge.record import ModuleContext
from semforge.sandbox.modules import module_program
from semforge.source_lines import replace_lines

ENTRY = "__semforge_entry__"
MARK = "\x00semforge:method"
GENERATOR_STEPS = 256
SNAPSHOT_STEPS = 32
METHOD_KINDS = ("method", "generator-method", "property", "setter")
GENERATOR_KINDS = ("generator", "generator-method")

_HELPERS = '''
def __semforge_exc__(exc):
    t = type(exc)
    try:
        name = t.__qualname__ if t.__module__ == "builtins" else t.__module__ + "." + t.__qualname__
    except BaseException:
        name = "?"
    try:
        text = str(exc)[:2000]
    except BaseException:
        text = "?"
    return name, text


def __semforge_snapshot__(value):
    import copy
    if isinstance(value, (int, float, complex, str, bytes, bool, type(None), range)):
        return value
    try:
        return copy.deepcopy(value)
    except BaseException as exc:
        return ("uncopyable", type(value).__qualname__, type(exc).__qualname__)


__semforge_raised__ = [None]


def __semforge_consume__(produced, args, obj):
    import io
    import sys
    steps, seen = [], []
    __semforge_raised__[0] = None
    snapshots = obj is not None or any(
        isinstance(a, (list, dict, set, bytearray)) or hasattr(a, "__dict__") for a in args)
    try:
        it = iter(produced)
    except BaseException as exc:
        __semforge_raised__[0] = exc
        return [("raise",) + __semforge_exc__(exc) + ("",)]
    for step in range(__STEPS__):
        buf = io.StringIO()
        saved = sys.stdout
        sys.stdout = buf
        try:
            item = next(it)
        except StopIteration as stop:
            sys.stdout = saved
            saved.write(buf.getvalue())
            steps.append(("end", stop.value, buf.getvalue()))
            return steps
        except BaseException as exc:
            sys.stdout = saved
            saved.write(buf.getvalue())
            __semforge_raised__[0] = exc
            steps.append(("raise",) + __semforge_exc__(exc) + (buf.getvalue(),))
            return steps
        sys.stdout = saved
        saved.write(buf.getvalue())
        again = None
        for i, earlier in enumerate(seen):
            if earlier is item:
                again = i
                break
        if again is None and not isinstance(item, (int, float, str, bytes, bool, type(None))):
            seen.append(item)
        state = __semforge_snapshot__((args, obj)) if snapshots and step < __SNAPSHOTS__ else None
        steps.append(("yield", __semforge_snapshot__(item), again, buf.getvalue(), state))
    # Past the prefix: one more step says whether it ends there or goes on (its item unread).
    buf = io.StringIO()
    saved = sys.stdout
    sys.stdout = buf
    try:
        next(it)
    except StopIteration as stop:
        steps.append(("end", stop.value, buf.getvalue()))
    except BaseException as exc:
        __semforge_raised__[0] = exc
        steps.append(("raise",) + __semforge_exc__(exc) + (buf.getvalue(),))
    else:
        steps.append(("more", buf.getvalue()))
    finally:
        sys.stdout = saved
        saved.write(buf.getvalue())
    return steps
'''.replace("__STEPS__", str(GENERATOR_STEPS)).replace("__SNAPSHOTS__", str(SNAPSHOT_STEPS))


def needs_program(context: ModuleContext | None) -> bool:
    """Whether a seed runs through ``program_for`` (else its code runs as it is)."""
    return context is not None and (context.needs_module or context.kind != "function")


@functools.lru_cache(maxsize=64)
def _tree(source: str) -> ast.Module:
    return ast.parse(source)


def _split(code: str, entry_point: str) -> tuple[str, str]:
    """(the entry def's text with its decorators, the text of every other top-level statement)."""
    tree = ast.parse(code)
    lines = code.splitlines(keepends=True)
    defs = [s for s in tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
            and s.name == entry_point]
    if not defs:
        raise ValueError(f"no top-level def {entry_point}")
    entry = defs[-1]
    first = min([entry.lineno] + [d.lineno for d in entry.decorator_list])
    own = "".join(lines[first - 1:entry.end_lineno])
    rest = "".join(line for i, line in enumerate(lines, start=1)
                   if not first <= i <= entry.end_lineno)
    return own, rest if rest.strip() else ""


def swap_in(context: ModuleContext, code: str, entry_point: str) -> str:
    """The module's text with ``code`` in place of the def at ``context.span``.

    ``code`` is a top-level def (the seed's text or a variant of it), possibly with statements
    a rewrite added beside it (a helper function): for a function they go where the def was,
    before it; for a method, at module level before the class statement that holds the
    method, so that the method's body finds them as module globals."""
    source = context.source
    first, last = context.span
    lines = source.splitlines(keepends=True)
    target = lines[first - 1]
    column = len(target) - len(target.lstrip(" \t"))
    own, rest = _split(code, entry_point)
    if column == 0:
        return replace_lines(source, first, last, 0, rest + own)
    swapped = replace_lines(source, first, last, column, own)
    if not rest:
        return swapped
    outer = next(s for s in _tree(source).body if s.lineno <= first <= (s.end_lineno or 0))
    start = min([outer.lineno] + [d.lineno for d in getattr(outer, "decorator_list", [])])
    return replace_lines(swapped, start, start - 1, 0, rest + "\n")


def program_for(context: ModuleContext, code: str, entry_point: str) -> str:
    """The program the sandbox loads for one side (see the module docstring); its entry point
    is ``ENTRY``. Raises ValueError when ``code`` has no def ``entry_point``."""
    source = swap_in(context, code, entry_point) if context.needs_module else None
    owner = context.qualname.rpartition(".")[0]
    target = "module" + "".join(f".{p}" for p in context.qualname.split("."))
    cls = "module" + "".join(f".{p}" for p in owner.split(".")) if owner else ""
    kind = context.kind
    name = context.qualname.rpartition(".")[2]
    if kind in ("function", "staticmethod", "classmethod"):
        body = f"{ENTRY} = {target}\n"
    elif kind == "constructor":
        body = f"{ENTRY} = {cls}\n"
    elif kind == "generator":
        body = (f"def {ENTRY}(*args, **kwargs):\n"
                f"    return __semforge_generator__({target}(*args, **kwargs), args, None)\n")
    elif kind in METHOD_KINDS:
        call = {"property": f"getattr(obj, {name!r})",
                "setter": f"setattr(obj, {name!r}, *args)",
                }.get(kind, f"getattr(obj, {name!r})(*args, **kwargs)")
        if kind == "generator-method":
            call = f"__semforge_generator__({call}, args, obj)"
        body = (f"def {ENTRY}(__semforge_init, *args, **kwargs):\n"
                f"    obj = {cls}(*__semforge_init)\n"
                f"    try:\n"
                f"        result = {call}\n"
                f"    except BaseException as exc:\n"
                f"        return ({MARK!r}, 'raise') + __semforge_exc__(exc) + (obj,)\n"
                f"    return ({MARK!r}, 'return', result, obj)\n")
    else:
        raise ValueError(f"no way to call a {kind}")
    body = _HELPERS + "\n\n" + _GENERATOR + "\n\n" + body
    if source is None:  # a function that runs on its own: its code is the whole program
        return code.rstrip("\n") + "\n\n\nmodule = __import__('__program__')\n" + body
    return module_program(context.root, context.module, source, _file(context), body)


_GENERATOR = '''
def __semforge_generator__(produced, args, obj):
    steps = __semforge_consume__(produced, args, obj)
    if len(steps) == 1 and steps[0][0] == "raise":
        raise __semforge_raised__[0]  # before its first item: the generator's own exception
    return steps
'''


def _file(context: ModuleContext) -> str:
    import os

    rel = context.module.replace(".", "/")
    init = os.path.join(context.root, rel, "__init__.py")
    return init if os.path.basename(context.path) == "__init__.py" else os.path.join(
        context.root, rel + ".py")


def method_outcome(outcome: dict) -> dict:
    """A method's outcome as a return or a raise of the method itself: the ``MARK`` tuple its
    entry returns unpacked, the instance's state put first among the arguments after the call
    (in place of the constructor's arguments, which follow it)."""
    value = outcome.get("value")
    if outcome.get("kind") != "return" or not (isinstance(value, list) and len(value) == 2
                                               and value[0] == "tuple"):
        return outcome
    items = value[1]
    if not (len(items) >= 4 and items[0] == ["str", MARK]):
        return outcome
    out = dict(outcome)
    after = outcome.get("args_after")
    state = items[-1]
    out["args_after"] = [state, *after] if isinstance(after, list) else [state]
    if items[1] == ["str", "return"] and len(items) == 4:
        out["value"] = items[2]
    elif items[1] == ["str", "raise"] and len(items) == 5:
        out.update(kind="raise", value=None, exc_type=_text(items[2]), exc_msg=_text(items[3]))
    return out


def _text(node) -> str:
    return node[1] if isinstance(node, list) and len(node) == 2 and node[0] == "str" else "?"


class ProgramText(str):
    """The text the verifier reads (the def; for a method, with the instance's parameter
    standing for the constructor's arguments), carrying what the sandbox runs for it: the
    static checks read the def, every session loads ``run_code`` and calls ``run_entry``."""

    run_code: str
    run_entry: str
    method: bool

    def __new__(cls, text: str, run_code: str, run_entry: str, method: bool):
        obj = super().__new__(cls, text)
        obj.run_code, obj.run_entry, obj.method = run_code, run_entry, method
        return obj


def program_text(context: ModuleContext, code: str, entry_point: str) -> ProgramText:
    """``code`` (a seed's def or a variant of it) as the verifier handles it in its module.
    Raises ValueError when ``code`` has no def ``entry_point``."""
    return ProgramText(analysed_text(context, code, entry_point),
                       program_for(context, code, entry_point), ENTRY,
                       context.kind in METHOD_KINDS)


def runnable(code: str, entry_point: str) -> tuple[str | list, str]:
    """What a sandbox session loads for ``code``, and the name it calls: a program that comes
    in parts (``probes.harness.Harnessed``) is loaded as its parts."""
    if isinstance(code, ProgramText):
        return code.run_code, code.run_entry
    parts = getattr(code, "parts", None)
    if parts is not None:
        return list(parts), entry_point
    return code, entry_point


def read_outcome(code: str, outcome: dict) -> dict:
    """An outcome of ``code``'s entry point as the outcome of the def itself."""
    return method_outcome(outcome) if isinstance(code, ProgramText) and code.method else outcome


def analysed_text(context: ModuleContext, code: str, entry_point: str) -> str:
    """``code`` with the parameters its entry point is called with: a method's instance
    parameter becomes the tuple of constructor arguments (annotated from the constructor's
    annotations), a classmethod's class and a constructor's instance are not passed."""
    kind = context.kind
    tree = ast.parse(code)
    fn = next((s for s in reversed(tree.body) if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
               and s.name == entry_point), None)
    if fn is None:
        raise ValueError(f"no top-level def {entry_point}")
    args = fn.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    callables = [a for a in every if a.annotation is None and a.arg in CALLABLE_NAMES]
    if kind not in METHOD_KINDS + ("classmethod", "constructor") and not callables:
        return code
    for a in callables:  # a function of functions: its callers pass callables there
        a.annotation = ast.Name("Callable")
    positional = args.posonlyargs or args.args
    if positional and kind in ("classmethod", "constructor"):
        positional.pop(0)
    elif positional and kind in METHOD_KINDS:
        hint = ast.parse(init_hint(context.init), mode="eval").body
        positional[0] = ast.arg(arg="__semforge_init", annotation=hint)
    return ast.unparse(tree) + "\n"


# Unannotated parameters by these names take callables (hinted ``Callable`` for the inputs).
CALLABLE_NAMES = frozenset({"func", "function", "fn", "f", "g", "key", "pred", "predicate",
                            "callback", "binop", "op", "handler", "transform", "factory",
                            "default_factory", "keyfunc", "condition"})


def init_hint(init: list[dict] | None) -> str:
    """``tuple[...]`` of the constructor's required positional parameters' annotations
    (``Any`` where there is none, or one the verifier cannot read)."""
    from .signature import parse_hint

    if init is None:
        return "tuple"
    parts = []
    for p in init:
        if p.get("kind") in ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD") and not p.get("has_default"):
            ann = p.get("annotation")
            if isinstance(ann, str) and parse_hint(ann) is not None:
                parts.append(ann)
            else:
                parts.append("Callable" if p.get("name") in CALLABLE_NAMES else "Any")
        elif p.get("kind") == "VAR_POSITIONAL":
            return "tuple"
    return f"tuple[{', '.join(parts)}]" if parts else "tuple[()]"
