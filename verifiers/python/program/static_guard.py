"""What the verifier reads in a program's source before running it (with ``ast``, never run).

* escape hatches a rewrite has no business introducing (introspection, ``gc``, ``ctypes``,
  ``globals()``, frame attributes, any module outside ``hazards.PURE_MODULES``, a module's
  private attributes, attributes read by a computed name, the module's own dunders, names it
  never defines, recursion): a variant that adds them cannot be ``equivalent``;
* sources of nondeterminism in an original (``random``, clocks, ``id()``): its behaviour is not a
  function of its inputs, so no variant can be judged against it;
* whether a program can depend on the hash seed at all (else one hash seed suffices).
"""

from __future__ import annotations

import ast
import builtins
import functools
import re

from semforge import hazards

from .signature import entry_function

# The lists are the project's one list per hazard (semforge/hazards.py); the guard takes the
# union of every concern that applies, so a name added there is guarded here too.
GUARDED_MODULES = hazards.IMPURE_MODULES
# Bare names: builtins and dunders a program can reach without importing anything.
GUARDED_NAMES = (hazards.FRAME_READING_CALLS | hazards.IMPURE_BUILTINS
                 | hazards.INTROSPECTION_ATTRIBUTES | hazards.REWRITE_SUSPECT_BUILTINS
                 | hazards.MODULE_DUNDERS)
# Attributes: the same names, and those that lead to frames (``sys._getframe``, ``tb_frame``,
# ``gi_frame``...). Frame attributes are not matched as bare names: a variable called ``stack``
# reaches no frame, and ``from inspect import stack`` is caught by its module. A module's dunders
# are guarded as bare names only: ``type(x).__name__`` reads a class's name, not the module's.
GUARDED_ATTRIBUTES = (GUARDED_NAMES - hazards.MODULE_DUNDERS) | hazards.FRAME_ATTRIBUTES


def _uses(code: str, modules: frozenset[str], names: frozenset[str],
          attributes: frozenset[str]) -> set[str]:
    """Root modules in ``modules`` that ``code`` imports, bare names in ``names`` and
    attributes in ``attributes`` (as ``.attr``) that it uses; empty when it does not parse."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return set()
    return _uses_in(tree, modules, names, attributes)


def _uses_in(tree: ast.Module, modules: frozenset[str], names: frozenset[str],
             attributes: frozenset[str]) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names} & modules
        elif isinstance(node, ast.ImportFrom) and node.module:
            root = node.module.split(".")[0]
            if root in modules:
                found.add(root)
        elif isinstance(node, ast.Name) and node.id in names:
            found.add(node.id)
        elif isinstance(node, ast.Attribute) and node.attr in attributes:
            found.add("." + node.attr)
    return found


@functools.lru_cache(maxsize=256)
def escape_hatches(code: str) -> frozenset[str]:
    """Guarded modules imported and guarded names/attributes used by ``code``, and the
    structural hatches of ``structural_hatches``. Cached: every variant of an original asks
    for the original's."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return frozenset()
    return frozenset(_uses_in(tree, GUARDED_MODULES, GUARDED_NAMES, GUARDED_ATTRIBUTES)
                     | _structural(tree))


_BUILTIN_NAMES = frozenset(dir(builtins))
# Attributes of a module that lead to other modules: ``typing.sys``, ``enum.sys``, ``re.os``...
_MODULE_LIKE = hazards.IMPURE_MODULES | {"posix", "nt"}  # (private names are caught anyway)
# A format string that reads an attribute or item whose name starts with "_":
# "{0.__globals__}".format(f) reaches what getattr would.
_FORMAT_REACH = re.compile(r"\{[^{}]*?[.\[]_")


def structural_hatches(code: str) -> set[str]:
    """What a list of names cannot catch: imports outside ``hazards.PURE_MODULES``, a module's
    private or module-valued attributes (``collections._sys``), attributes read by a computed
    or underscore name (``getattr``, ``attrgetter``, format strings), names that are read but
    bound nowhere in the module nor builtins (a probe for the verifier's own helpers, or
    ``__file__``), and recursion (its depth is bounded by the recursion limit where a loop's is
    not, on inputs the original's time budget may never reach). Empty when it does not parse."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return set()
    return _structural(tree)


def _structural(tree: ast.Module) -> set[str]:
    found: set[str] = set()
    modules: set[str] = set()  # names bound by imports: modules, or what modules hold
    bound: set[str] = set()
    loaded: set[str] = set()
    star = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                root = a.name.split(".")[0]
                if root not in hazards.PURE_MODULES:
                    found.add(root)
                modules.add(a.asname or root)
        elif isinstance(node, ast.ImportFrom):
            root = (node.module or "").split(".")[0]
            if node.level or root not in hazards.PURE_MODULES:
                found.add(root or "relative import")
            for a in node.names:
                if a.name == "*":
                    star = True
                elif a.name.startswith("_") and root != "__future__":
                    found.add(f"{root}.{a.name}")
                modules.add(a.asname or a.name)
        elif isinstance(node, ast.Attribute):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if (isinstance(base, ast.Name) and base.id in modules
                    and (node.attr.startswith("_") or node.attr in _MODULE_LIKE)):
                found.add("." + node.attr)
        elif isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name in hazards.NAMED_ATTRIBUTE_CALLS:
                names = node.args[1:2] if name in ("getattr", "hasattr", "setattr", "delattr") else node.args
                if any(not (isinstance(a, ast.Constant) and isinstance(a.value, str))
                       or a.value.startswith("_") or "._" in a.value for a in names):
                    found.add(f"{name}(computed or private name)")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if _FORMAT_REACH.search(node.value):
                found.add("format string reaching a private attribute")
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            bound |= set(node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bound.add(node.rest)
    if not star:
        found |= {f"undefined name {n}" for n in loaded - bound - modules - _BUILTIN_NAMES}
    if _recursive(tree):
        found.add("recursion")
    return found


def _recursive(tree: ast.Module) -> bool:
    """Whether a function of ``tree`` can call itself, directly or through others of its
    functions (by name: ``def f``, ``f = lambda``)."""
    calls: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            name, body = node.name, node
        elif (isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda)
              and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            name, body = node.targets[0].id, node.value
        else:
            continue
        calls.setdefault(name, set()).update(
            c.func.id for c in ast.walk(body) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name))
    # A cycle in the call graph of the module's own functions.
    state: dict[str, int] = {}

    def cycle(f: str) -> bool:
        state[f] = 1
        for g in calls.get(f, ()):
            if g in calls and (state.get(g) == 1 or (g not in state and cycle(g))):
                return True
        state[f] = 2
        return False

    return any(f not in state and cycle(f) for f in list(calls))


def introduced_hatches(original: str, variant: str) -> set[str]:
    return set(escape_hatches(variant) - escape_hatches(original))


def nondeterminism_sources(code: str) -> set[str]:
    """Modules and names in ``code`` whose results are not a function of the inputs."""
    return _uses(code, hazards.NONDETERMINISTIC_MODULES, hazards.NONDETERMINISTIC_BUILTINS,
                 hazards.NONDETERMINISTIC_ATTRIBUTES)


# Only str/bytes (and datetime) hashes change with PYTHONHASHSEED, and object hashes with
# addresses. A program that never makes such a value cannot depend on the hash seed.
_HASHY_NAMES = hazards.HASH_SEED_BUILTINS


def code_may_hash_strings(code: str) -> bool:
    """Whether ``code`` can make a str, bytes or object of its own, whose hash varies between
    processes. Where neither it nor the inputs (``inputs.inputs_hold_strings``) can, a second hash
    seed cannot change anything."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return True
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  and n.body and isinstance(n.body[0], ast.Expr)
                  and isinstance(n.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
            if id(node) not in docstrings:
                return True
        elif isinstance(node, (ast.JoinedStr, ast.ClassDef, ast.Import, ast.ImportFrom, ast.Lambda)):
            return True
        elif isinstance(node, ast.Name) and node.id in _HASHY_NAMES:
            return True
        elif isinstance(node, ast.Attribute) and node.attr.startswith("__"):
            return True
    return False


def signature_difference(original: str, variant: str, entry_point: str) -> str | None:
    """How the entry point's parameters differ in what a caller can pass: names of parameters
    that can be passed by keyword, their order and kind, and which are optional (a renamed
    ``sep``, a keyword-only ``*, sep``, a default dropped break ``f(x, sep="-")``). Default
    values are left to testing; None when they agree or either cannot be read."""
    sigs = [_signature(code, entry_point) for code in (original, variant)]
    if None in sigs or sigs[0] == sigs[1]:
        return None
    return f"{entry_point}({sigs[0]}) vs {entry_point}({sigs[1]})"


def _signature(code: str, entry_point: str) -> str | None:
    fn = entry_function(code, entry_point)
    if fn is None or fn.decorator_list:  # a decorator may make any signature of it
        return None
    a = fn.args
    positional = a.posonlyargs + a.args
    first_default = len(positional) - len(a.defaults)
    parts = []
    for i, p in enumerate(positional):
        name = "_" if i < len(a.posonlyargs) else p.arg  # a positional-only name is no one's
        parts.append(name + ("=" if i >= first_default else ""))
    if a.posonlyargs:
        parts.insert(len(a.posonlyargs), "/")
    if a.vararg:
        parts.append("*args")
    elif a.kwonlyargs:
        parts.append("*")
    parts += [p.arg + ("=" if d is not None else "") for p, d in zip(a.kwonlyargs, a.kw_defaults)]
    if a.kwarg:
        parts.append("**kwargs")
    return ", ".join(parts)
