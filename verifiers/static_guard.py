"""What the verifier reads in a program's source before running it (with ``ast``, never run).

* escape hatches a rewrite has no business introducing (introspection, ``gc``, ``ctypes``,
  ``globals()``, frame attributes...): a variant that adds them cannot be ``equivalent``;
* sources of nondeterminism in an original (``random``, clocks, ``id()``): its behaviour is not a
  function of its inputs, so no variant can be judged against it;
* whether a program can depend on the hash seed at all (else one hash seed suffices).
"""

from __future__ import annotations

import ast

from semforge import hazards

from .input_keys import input_key

# The lists are the project's one list per hazard (semforge/hazards.py); the guard takes the
# union of every concern that applies, so a name added there is guarded here too.
GUARDED_MODULES = hazards.IMPURE_MODULES
# Bare names: builtins and dunders a program can reach without importing anything.
GUARDED_NAMES = (hazards.FRAME_READING_CALLS | hazards.IMPURE_BUILTINS
                 | hazards.INTROSPECTION_ATTRIBUTES | hazards.REWRITE_SUSPECT_BUILTINS)
# Attributes: the same names, and those that lead to frames (``sys._getframe``, ``tb_frame``,
# ``gi_frame``...). Frame attributes are not matched as bare names: a variable called ``stack``
# reaches no frame, and ``from inspect import stack`` is caught by its module.
GUARDED_ATTRIBUTES = GUARDED_NAMES | hazards.FRAME_ATTRIBUTES


def _uses(code: str, modules: frozenset[str], names: frozenset[str],
          attributes: frozenset[str]) -> set[str]:
    """Root modules in ``modules`` that ``code`` imports, bare names in ``names`` and
    attributes in ``attributes`` (as ``.attr``) that it uses; empty when it does not parse."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return set()
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


def escape_hatches(code: str) -> set[str]:
    """Guarded modules imported and guarded names/attributes used by ``code``."""
    return _uses(code, GUARDED_MODULES, GUARDED_NAMES, GUARDED_ATTRIBUTES)


def introduced_hatches(original: str, variant: str) -> set[str]:
    return escape_hatches(variant) - escape_hatches(original)


def nondeterminism_sources(code: str) -> set[str]:
    """Modules and names in ``code`` whose results are not a function of the inputs."""
    return _uses(code, hazards.NONDETERMINISTIC_MODULES, hazards.NONDETERMINISTIC_BUILTINS,
                 hazards.NONDETERMINISTIC_ATTRIBUTES)


# Only str/bytes (and datetime) hashes change with PYTHONHASHSEED, and object hashes with
# addresses. A program that never makes such a value cannot depend on the hash seed.
_HASHY_NAMES = hazards.HASH_SEED_BUILTINS


def may_depend_on_hash_seed(code: str, inputs: list[list]) -> bool:
    """False only when neither the code nor the inputs can produce a str, bytes or object whose
    hash varies between processes (then a second hash seed cannot change anything)."""
    return inputs_hold_strings(inputs) or code_may_hash_strings(code)


def inputs_hold_strings(inputs: list[list]) -> bool:
    """Whether any input holds a str or bytes (whose hash changes with the hash seed)."""
    return any("str" in key or "bytes" in key for key in map(input_key, inputs))


def code_may_hash_strings(code: str) -> bool:
    """Whether ``code`` can make a str, bytes or object of its own (see may_depend_on_hash_seed)."""
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
