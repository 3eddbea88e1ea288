"""Pickling a call's arguments so that the child receives the object graph the caller built.

pickle memoizes containers and strings, so one list passed twice arrives as one list, but not
floats: ``[nan, nan]`` built from one NaN object arrives as two NaNs. For NaN that is a change of
behaviour: ``in``, ``count``, ``index``, ``remove`` and container ``==`` test identity before
equality, so ``xs.count(x)`` counts a shared NaN and ``sum(y == x for y in xs)`` does not (a
rewrite the verifier must be able to see). Arguments that hold a NaN are pickled with floats
memoized too; other floats compare the same by identity and by value, and ints stay unshared
(``is`` between equal large ints is False for a caller too).
"""

from __future__ import annotations

import io
import pickle

# BINFLOAT and the first bytes of a quiet NaN of either sign: a cheap test on the plain pickle.
# (A NaN with another payload is pickled unshared, as before.)
_NAN_FLOATS = (b"G\x7f\xf8", b"G\xff\xf8")


class _FloatSharingPickler(pickle._Pickler):
    """The pure-Python pickler, memoizing floats: a float object seen twice is sent once and
    referenced after, with opcodes any unpickler reads."""

    dispatch = pickle._Pickler.dispatch.copy()

    def _save_float(self, obj: float) -> None:
        pickle._Pickler.save_float(self, obj)
        self.memoize(obj)

    dispatch[float] = _save_float


def dumps_args(args: list) -> bytes:
    blob = pickle.dumps(args, protocol=pickle.HIGHEST_PROTOCOL)
    if not any(nan in blob for nan in _NAN_FLOATS):
        return blob
    buf = io.BytesIO()
    _FloatSharingPickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(args)
    return buf.getvalue()
