"""Tagged JSON encoding of Python values: the form in which a sandboxed program's results travel.

A sandboxed child encodes what its program returned (and what became of the arguments) into a tree
of JSON lists; the caller never unpickles anything a child sends. The comparator works on the
trees directly, so the encoding is the contract between the sandbox and the comparator:

==========================  ==========================================================
``["none"]``                None
``["bool", b]``             bool
``["int", "123"]``          int, as a decimal string (exact, any size)
``["float", "0x1.8p+1"]``   float, as ``float.hex`` (exact; ``"nan"``, ``"inf"`` too)
``["complex", re, im]``     complex, both parts as ``float.hex``
``["str", s]``              str
``["bytes", "00ff"]``       bytes and bytearray... bytearray is ``["obj", "builtins.bytearray", ...]``
``["list", [...]]``         list; likewise ``tuple``, ``set`` and ``frozenset`` (sets in any order)
``["dict", [[k, v], ...]]`` dict, insertion order kept
``["range", a, b, c]``      range (start, stop, step as JSON integers)
``["gen", [...], done]``    generator or iterator: items consumed (at most ``max_items``), and
                            whether it was exhausted. Past ``max_items`` the rest (up to 10x
                            more) becomes one digest item as for long containers; a generator
                            still not exhausted ends with a cut item (see ``truncated``)
``["obj", "m.Q", state]``   other object; ``state`` is a ``dict`` node of its ``__dict__`` and
                            slots. Subclasses of builtins carry a fourth element, the builtin
                            payload: ``class X(int)`` is ``["obj", "m.X", state, ["int", "1"]]``,
                            so a hostile subclass never looks like the builtin it wraps. Objects
                            without Python-level state carry ``["repr", ...]`` as state.
``["type", "m.Q"]``         a class
``["func", "m.Q"]``         a builtin function or method, or a Python function that is the one
                            its module binds under that name (``sys.modules[m]``, through
                            classes' dicts: not the program's own, not a closure); any other
                            Python function or bound method carries a cut as third element
                            (its behaviour is not compared)
``["cycle"]``               a container met again inside itself
``["truncated", x]``        what is not sent in full. A container longer than ``max_items``
                            ends with ``["truncated", "sha256:<hex>:<n>"]``, a digest of the
                            encoding of its remaining ``n`` items (of pairs, for a dict: then
                            as the key of a ``[key, ["none"]]`` pair), so equal long containers
                            stay equal and different ones differ. A value nested deeper than
                            ``max_depth`` is ``["truncated", "sha256:<hex>:deep:<n>"]``, a
                            digest of all of it (``n`` nodes, walked without recursion; sets
                            in any order, reprs with addresses masked, floats exact): equal
                            deep values give equal digests, any difference another one.
                            Anything cut off by the node budget, a remainder too long to
                            digest, or a digest that would hold a cut (a Python function, an
                            endless generator) is ``["truncated", <nonce>]``, the nonce fresh
                            for every encoding: a cut value never equals another one.
``["repr", "..."]``         last resort: the (bounded) repr, or the error raised making it
==========================  ==========================================================

    from semforge.sandbox.encoding import encode, dumps

    tree = encode({"a": [1, 2.5]})   # ["dict", [[["str", "a"], ["list", [["int", "1"], ...]]]]]
    wire = dumps(tree)               # ASCII JSON bytes, as a child sends them

One concern per module: ``_encoder`` (type dispatch and assembly), ``_containers`` (builtin
containers, generators, cycles), ``_objects`` (instance state, subclasses of builtins), ``_cuts``
(truncation and digests), ``_deep`` (the digest of what is nested past ``max_depth``), ``_text`` (ints, reprs and names of hostile values), ``_serializer``
(the wire form). A child builds its own encoder and serializer with :func:`make_encoder` and
:func:`make_serializer` before it loads the program; ``encode`` and ``dumps`` here are built at
import, for the caller's side and tests.
"""

from __future__ import annotations

from ._deep import ADDRESS
from ._encoder import make_encoder
from ._serializer import make_serializer

__all__ = ["ADDRESS", "encode", "dumps", "make_encoder", "make_serializer"]

encode = make_encoder()
dumps = make_serializer()
