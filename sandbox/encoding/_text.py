"""Text the encoder makes of hostile values: decimal ints of any size, bounded reprs, names.

Each function is exception-proof: whatever a value's ``__repr__`` or its class's ``__module__``
does, the answer is a ``str`` (``"?"`` or ``"<repr raised ...>"`` when nothing better is safe).
"""

from __future__ import annotations

_MAX_REPR = 1000
_INT_DIGITS_CHUNK = 4000


def make_text():
    """Build ``(int_to_dec, safe_repr, qualname, func_name)`` over references bound here."""
    import hashlib
    import sys

    _type = type
    _len = len
    _str = str
    _repr = repr
    _range = range
    _getattr = getattr
    _divmod = divmod
    _BaseException = BaseException
    _ValueError = ValueError
    _type_getattribute = type.__getattribute__
    _list_append = list.append
    _set_int_digits = getattr(sys, "set_int_max_str_digits", None)
    _get_int_digits = getattr(sys, "get_int_max_str_digits", None)
    _sha256 = hashlib.sha256
    max_repr = _MAX_REPR
    chunk = _INT_DIGITS_CHUNK

    def int_to_dec(n):
        # str(int) refuses more than 4300 digits by default (and a program may lower the limit):
        # lift the limit when we can, else convert in chunks that stay below it.
        try:
            return _str(n)
        except _ValueError:
            pass
        if _set_int_digits is not None and _get_int_digits is not None:
            # Lifted for this one conversion only: left lifted, every later str(int) in the
            # process (the program's next call in a child, every test after in a parent)
            # would stop raising where plain Python raises.
            try:
                before = _get_int_digits()
                _set_int_digits(0)
                try:
                    return _str(n)
                finally:
                    _set_int_digits(before)
            except _BaseException:
                pass
        neg = n < 0
        n = -n if neg else n
        base = 10**chunk
        parts = []
        while n:
            n, r = _divmod(n, base)
            _list_append(parts, r)
        if not parts:
            return "0"
        out = _str(parts[-1])
        for i in _range(_len(parts) - 2, -1, -1):
            s = _str(parts[i])
            out = out + "0" * (chunk - _len(s)) + s
        return "-" + out if neg else out

    def safe_repr(v):
        try:
            r = _repr(v)
            if _type(r) is not _str:
                return "<repr returned a non-str>"
            if _len(r) <= max_repr:
                return r
            # Kept short, but two long reprs are equal only if they are equal in full.
            return r[:max_repr] + "...(sha256 " + _sha256(r.encode("utf-8", "surrogatepass")).hexdigest() + ")"
        except _BaseException as e:  # noqa: BLE001 - a hostile __repr__ may raise anything
            return "<repr raised " + _type(e).__name__ + ">"

    def qualname(t):
        try:
            mod = _type_getattribute(t, "__module__")
            qn = _type_getattribute(t, "__qualname__")
            if _type(mod) is not _str or _type(qn) is not _str:
                return "?"
            return qn if mod == "builtins" else mod + "." + qn
        except _BaseException:
            return "?"

    def func_name(f):
        try:
            qn = _getattr(f, "__qualname__", None)
            mod = _getattr(f, "__module__", None)
            if _type(qn) is not _str:
                return "?"
            if _type(mod) is _str and mod != "builtins":
                return mod + "." + qn
            return qn
        except _BaseException:
            return "?"

    return int_to_dec, safe_repr, qualname, func_name
