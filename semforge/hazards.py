"""Names that let code look behind the values it is given: one list per concern, for the whole
project (rules that must not rename or move what such code can see, seed filters, the
verifier's static guard against variants that reach for them, against originals whose
behaviour is not a function of their inputs, and for programs that may see the hash seed).

Each set is the union of what any part of semforge treated as hazardous for that concern:
adding a name makes every user more careful, never less.
"""

from __future__ import annotations

# Calls that read or write a frame's variables by *name*: renaming or moving locals under them
# changes behaviour. ``dir()`` without arguments lists local names; ``super()`` without
# arguments reads the first argument and the ``__class__`` cell of the frame it is written in.
FRAME_READING_CALLS = frozenset({"exec", "eval", "locals", "vars", "globals", "dir", "super",
                                 "breakpoint", "__import__"})

# Attributes that lead from a value to a frame (and from a frame to its variables or callers).
FRAME_ATTRIBUTES = frozenset({
    "f_locals", "f_globals", "f_builtins", "f_back", "_getframe", "currentframe", "stack",
    "getframeinfo", "settrace", "tb_frame", "gi_frame", "cr_frame", "ag_frame", "gi_yieldfrom",
})

# Attributes that expose a function's or an object's internals (code, globals, closure cells,
# defaults, the class graph): code using them can observe a rewrite's implementation.
INTROSPECTION_ATTRIBUTES = frozenset({
    "__builtins__", "__code__", "__globals__", "__closure__", "__dict__", "__class__",
    "__subclasses__", "__defaults__", "__kwdefaults__",
    # A builtin function's __self__ is the builtins module (``len.__self__.open``); the class
    # graph leads from any value to every class loaded; __reduce__ hands out constructors.
    "__self__", "__func__", "__bases__", "__base__", "__mro__", "__reduce__", "__reduce_ex__",
    "__getattribute__",
})

# A module's own dunders: what it was loaded as, and from where. Code that reads them can tell
# the sandbox's loader from an import (``__file__`` is missing there, ``__spec__`` is None).
MODULE_DUNDERS = frozenset({
    "__name__", "__file__", "__spec__", "__loader__", "__package__", "__cached__", "__path__",
    "__annotations__",
})

# Builtins whose results are not a function of their arguments (input, files, identity, the
# interpreter's state) or that run text as code.
IMPURE_BUILTINS = frozenset({
    "input", "open", "exec", "eval", "compile", "globals", "locals", "vars", "breakpoint",
    "exit", "quit", "help", "id", "memoryview", "__import__",
})

# Modules that reach the filesystem, the network, the clock, randomness, other processes or the
# interpreter's internals.
IMPURE_MODULES = frozenset({
    "os", "sys", "io", "random", "secrets", "time", "datetime", "subprocess", "socket", "shutil",
    "pathlib", "tempfile", "glob", "threading", "multiprocessing", "asyncio", "concurrent",
    "signal", "uuid", "requests", "urllib", "http", "ctypes", "gc", "inspect", "importlib",
    "builtins", "pickle", "marshal", "types", "weakref", "sqlite3", "logging", "warnings",
    "atexit", "platform", "getpass", "webbrowser", "antigravity", "this", "turtle", "tkinter",
    "faulthandler", "resource", "tracemalloc",
})

# Builtins that are no hazard in an original (seeds using them are kept) but that a rewrite has
# no business introducing: ``setattr``/``delattr`` change objects by a computed name, ``hash``
# exposes the hash seed and addresses. The verifier's guard adds them to the lists above.
REWRITE_SUSPECT_BUILTINS = frozenset({"setattr", "delattr", "hash", "MemoryError"})

# Modules a rewrite may introduce: pure computation, no state outside the values they are given
# (``decimal``'s context is global, so it is not here). The guard is an allowlist, not the
# denylist above, for what a variant adds: a denylist misses ``posix`` for ``os``, ``_io`` for
# ``io``, ``_random`` for ``random``, ``timeit`` for ``time``, and every module to come.
PURE_MODULES = frozenset({
    "__future__", "abc", "array", "base64", "binascii", "bisect", "cmath", "collections",
    "contextlib", "copy", "dataclasses", "difflib", "enum", "fractions", "functools",
    "hashlib", "heapq", "itertools", "json", "keyword", "math", "numbers", "operator", "re",
    "statistics", "string", "struct", "textwrap", "typing", "typing_extensions", "unicodedata",
    "zlib",
})

# Modules and attributes whose results differ between two runs on the same inputs (randomness,
# clocks, addresses): an original using them cannot serve as a reference. Every sandbox child
# seeds ``random`` identically and forked children can share clocks' coarse values, so running
# twice would not show it; the verifier reads the source instead.
NONDETERMINISTIC_MODULES = frozenset({"random", "time", "datetime", "uuid", "secrets", "os"})
NONDETERMINISTIC_ATTRIBUTES = frozenset({
    "id", "urandom", "random", "shuffle", "randint", "choice", "perf_counter", "monotonic",
    "time_ns", "now", "today", "uuid4", "getrandbits",
})
NONDETERMINISTIC_BUILTINS = frozenset({"id"})

# Calls that read an attribute by a name given as a value: with a computed or underscore name
# they reach what the attribute lists above guard (``getattr(f, "__glo" + "bals__")``).
NAMED_ATTRIBUTE_CALLS = frozenset({"getattr", "hasattr", "setattr", "delattr", "attrgetter",
                                   "methodcaller"})

# Builtins that make (or run code that may make) a str, bytes or object whose hash varies
# between processes: a program using none of them, with no such input, cannot see the hash seed.
HASH_SEED_BUILTINS = frozenset({
    "str", "repr", "chr", "format", "ascii", "bytes", "bytearray", "hash", "id", "object", "vars",
    "dir", "globals", "locals", "__import__", "eval", "exec", "getattr", "open", "input",
})
