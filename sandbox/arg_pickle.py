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

    def __init__(self, file, protocol: int, pad: int = 0) -> None:
        super().__init__(file, protocol)
        self._pad = pad

    def save(self, obj, save_persistent_id=True) -> None:
        if self._pad:  # the first save is the top-level object: the pads go before it
            pad, self._pad = self._pad, 0
            for k in range(pad):
                pickle._Pickler.save(self, _pad_object(k))
                self.write(pickle.POP)  # off the stack; the unpickler's memo keeps it alive
        pickle._Pickler.save(self, obj, save_persistent_id)


def _pad_object(k: int) -> tuple:
    # A float, a str and a tuple of sizes that vary with k: other size classes of the
    # allocator, and the float free list, move.
    return (k + 0.5, "p" * (7 * k % 97 + 1), (k,) * (k % 5 + 1))


def dumps_args(args: list, pad: int = 0) -> bytes:
    blob = pickle.dumps(args, protocol=pickle.HIGHEST_PROTOCOL)
    if not pad and _NAN_FLOATS[0] not in blob and _NAN_FLOATS[1] not in blob:
        return blob
    buf = io.BytesIO()
    _FloatSharingPickler(buf, protocol=pickle.HIGHEST_PROTOCOL, pad=pad).dump(args)
    return buf.getvalue()
