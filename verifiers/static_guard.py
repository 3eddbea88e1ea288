"""What the verifier reads in a program's source before running it (with ``ast``, never run).

* escape hatches a rewrite has no business introducing (introspection, ``gc``, ``ctypes``,
  ``globals()``, frame attributes...): a variant that adds them cannot be ``equivalent``;
* sources of nondeterminism in an original (``random``, clocks, ``id()``): its behaviour is not a
  function of its inputs, so no variant can be judged against it;
* whether a program can depend on the hash seed at all (else one hash seed suffices).
"""

from __future__ import annotations

import ast

from .input_keys import input_key


GUARDED_MODULES = {
    "gc", "inspect", "ctypes", "builtins", "os", "subprocess", "signal", "atexit", "threading",
    "multiprocessing", "sys", "importlib", "random", "time", "datetime", "socket", "shutil",
    "pickle", "marshal", "types", "faulthandler", "resource", "tracemalloc", "weakref", "secrets",
    "uuid", "asyncio", "concurrent", "io", "pathlib", "tempfile",
}
GUARDED_NAMES = {
    "__builtins__", "__import__", "globals", "locals", "vars", "eval", "exec", "compile",
    "setattr", "delattr", "open", "input", "breakpoint", "exit", "quit", "id", "hash",
    "__code__", "__globals__", "__closure__", "__dict__", "__class__", "__subclasses__",
    "_getframe", "f_back", "f_locals", "f_globals", "__defaults__", "__kwdefaults__",
}


def escape_hatches(code: str) -> set[str]:
    """Guarded modules imported and guarded names/attributes used by ``code``."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return set()
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names} & GUARDED_MODULES
        elif isinstance(node, ast.ImportFrom) and node.module:
            root = node.module.split(".")[0]
            if root in GUARDED_MODULES:
                found.add(root)
        elif isinstance(node, ast.Name) and node.id in GUARDED_NAMES:
            found.add(node.id)
        elif isinstance(node, ast.Attribute) and node.attr in GUARDED_NAMES:
            found.add("." + node.attr)
    return found


def introduced_hatches(original: str, variant: str) -> set[str]:
    return escape_hatches(variant) - escape_hatches(original)


# Sources of nondeterminism that two sandbox runs may not expose: every sandbox child seeds
# ``random`` identically, and forked children can share clocks' coarse values and addresses.
NONDETERMINISTIC_MODULES = {"random", "time", "datetime", "uuid", "secrets", "os"}
NONDETERMINISTIC_NAMES = {"id", "urandom", "random", "shuffle", "randint", "choice", "perf_counter",
                          "monotonic", "time_ns", "now", "today", "uuid4", "getrandbits"}


def nondeterminism_sources(code: str) -> set[str]:
    """Modules and names in ``code`` whose results are not a function of the inputs."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return set()
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names} & NONDETERMINISTIC_MODULES
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in NONDETERMINISTIC_MODULES:
                found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Attribute) and node.attr in NONDETERMINISTIC_NAMES:
            found.add("." + node.attr)
        elif isinstance(node, ast.Name) and node.id == "id":
            found.add("id")
    return found


# Only str/bytes (and datetime) hashes change with PYTHONHASHSEED, and object hashes with
# addresses. A program that never makes such a value cannot depend on the hash seed.
_HASHY_NAMES = {"str", "repr", "chr", "format", "ascii", "bytes", "bytearray", "hash", "id",
                "object", "vars", "dir", "globals", "locals", "__import__", "eval", "exec",
                "getattr", "open", "input"}


def may_depend_on_hash_seed(code: str, inputs: list[list]) -> bool:
    """False only when neither the code nor the inputs can produce a str, bytes or object whose
    hash varies between processes (then a second hash seed cannot change anything)."""
    if any("str" in key or "bytes" in key for key in map(input_key, inputs)):
        return True
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
