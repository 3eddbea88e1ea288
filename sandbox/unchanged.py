"""Arguments a call left as they were: the child says so (``SAME``) instead of encoding them.

Every call's reply carries its arguments after the call (mutation is behaviour), and encoding
them in the child, sending them and decoding them here was about a fifth of a call's cost on
HumanEval+. Most calls change nothing: after the call the child pickles the arguments again, with
a pickler that handles only exact builtin types (anything else stops it, so no program code runs
in the check), and where the bytes equal those it was sent, it replies ``SAME``. The caller puts
back the encoding of the arguments it sent, made here once per distinct argument blob and shared
by every session that receives the same blob (an original's inputs go to each of its variants).

Equal pickles of exact builtins are the same graph: types, values, order, and which parts are
shared, so their encodings are equal too. An encoding with a cut (``["truncated", <nonce>]``)
is made afresh each time, as the child would have: a cut never equals another one.
"""

from __future__ import annotations

import json
import threading

from .encoding import encode

# The reply's args_after for "unchanged": a list of encoded trees never holds a bare str.
SAME = ["same"]

# The child's pickler, compiled in a namespace of its own (the class is reachable from a program
# through ``pickle.Pickler.__subclasses__()``; its globals hold nothing of the sandbox's).
PICKLER_SRC = '''
import pickle


class BuiltinsOnly(pickle.Pickler):
    dispatch_table = {}  # not copyreg's, which a program can extend

    def reducer_override(self, obj):
        raise TypeError("not an exact builtin")  # anything the fast paths did not take
'''

# Bounded by the pickles' bytes (a tree takes several times its pickle's memory): a HumanEval+
# original's inputs pickle to 3-170 KB (median 28 KB), so the cache holds the inputs of a few
# dozen originals, oldest dropped first. A blob past _LARGEST is encoded each time.
_CACHE_BYTES = 4 << 20
_LARGEST = 256 << 10
_cache: dict[tuple, tuple[bytes, list]] = {}
_held = [0]
_lock = threading.Lock()


def encoded_args(blob: bytes, args: list, max_items: int, max_depth: int) -> list:
    """The encoding of ``args`` (whose pickle is ``blob``) as a child would send it."""
    key = (blob, max_items, max_depth)
    hit = _cache.get(key)
    if hit is not None:
        return hit[1]
    tree = [encode(a, max_items=max_items, max_depth=max_depth) for a in args]
    if len(blob) > _LARGEST or '"truncated"' in json.dumps(tree):
        # Past max_items or max_depth (rare in arguments): not kept, since a cut must be fresh
        # for every encoding, as the child's would be.
        return tree
    with _lock:
        if key in _cache:  # (another thread made it meanwhile)
            return tree
        while _cache and _held[0] + len(blob) > _CACHE_BYTES:
            _held[0] -= len(_cache.pop(next(iter(_cache)))[0])
        _cache[key] = (blob, tree)
        _held[0] += len(blob)
    return tree
