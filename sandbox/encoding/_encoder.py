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
``["func", "m.Q"]``         a builtin function or method; a Python function or bound method
                            carries a cut as third element (its behaviour is not compared)
``["cycle"]``               a container met again inside itself
``["truncated", x]``        what could not be encoded in full. A container longer than
                            ``max_items`` ends with ``["truncated", "sha256:<hex>:<n>"]``, a
                            digest of the encoding of its remaining ``n`` items (of pairs, for
                            a dict: then as the key of a ``[key, ["none"]]`` pair), so equal
                            long containers stay equal and different ones differ. Anything cut
                            off by ``max_depth``, the node budget or a remainder too long to
                            digest is ``["truncated", <nonce>]``, the nonce fresh for every
                            encoding: a cut value never equals another one.
``["repr", "..."]``         last resort: the (bounded) repr, or the error raised making it
==========================  ==========================================================

The encoder runs inside the child next to hostile code, so it is built by :func:`make_encoder` as a
closure over its own references to builtins: patching ``builtins``, ``json`` or this module after
the encoder was built changes nothing. Only exact builtin types are trusted; everything else goes
through bounded, exception-proof paths (user ``__repr__``/``__iter__`` may still run, and may still
loop: the caller's wall-clock limit bounds that).
"""

from __future__ import annotations

from typing import Any, Callable

_MAX_REPR = 1000
_INT_DIGITS_CHUNK = 4000


def make_encoder(*, node_budget_factor: int = 100) -> Callable[..., Any]:
    """Build ``encode(value, *, max_items=10000, max_depth=50)`` as a self-contained closure.

    Every name the encoder uses is bound here, so nothing it calls can be swapped afterwards
    through module globals or ``builtins``.
    """
    import collections
    import hashlib
    import os
    import sys
    import types

    _type = type
    _id = id
    _len = len
    _str = str
    _repr = repr
    _int = int
    _float = float
    _bool = bool
    _bytes = bytes
    _list = list
    _tuple = tuple
    _set = set
    _frozenset = frozenset
    _dict = dict
    _range = range
    _complex = complex
    _next = next
    _iter = iter
    # isinstance() falls back to a hostile __class__; issubclass(type(v), builtin) never runs user code.
    _issubclass = issubclass
    _getattr = getattr
    _divmod = divmod
    _BaseException = BaseException
    _StopIteration = StopIteration
    _SMALL = 10**1000  # ints below this convert to decimal without hitting str()'s digit limit
    _AttributeError = AttributeError
    _obj_getattribute = object.__getattribute__
    _type_getattribute = type.__getattribute__
    _type_mro = type.mro
    _float_hex = float.hex
    _bytes_hex = bytes.hex
    _str_str = str.__str__
    _int_int = int.__int__
    _float_float = float.__float__
    _complex_real = complex.real.__get__
    _complex_imag = complex.imag.__get__
    _list_iter = list.__iter__
    _tuple_iter = tuple.__iter__
    _set_iter = set.__iter__
    _frozenset_iter = frozenset.__iter__
    _dict_items = dict.items
    _dict_get = dict.get
    _str_join = str.join
    _list_append = list.append
    _set_int_digits = getattr(sys, "set_int_max_str_digits", None)
    _deque = collections.deque
    _urandom = os.urandom
    _sha256 = hashlib.sha256
    _dumps = make_serializer()
    _deque_iter = collections.deque.__iter__
    _GeneratorType = types.GeneratorType
    _FunctionTypes = (
        types.FunctionType,
        types.BuiltinFunctionType,
        types.MethodType,
        types.BuiltinMethodType,
        types.WrapperDescriptorType,
        types.MethodWrapperType,
        types.MethodDescriptorType,
        types.ClassMethodDescriptorType,
    )
    _PyFunctionTypes = (types.FunctionType, types.MethodType)
    _ModuleType = types.ModuleType
    _builtin_payload = {
        int: "int",
        float: "float",
        complex: "complex",
        str: "str",
        bytes: "bytes",
        list: "list",
        tuple: "tuple",
        set: "set",
        frozenset: "frozenset",
        dict: "dict",
    }

    def int_to_dec(n):
        # str(int) refuses more than 4300 digits by default (and a program may lower the limit):
        # lift the limit when we can, else convert in chunks that stay below it.
        try:
            return _str(n)
        except ValueError:
            pass
        if _set_int_digits is not None:
            try:
                _set_int_digits(0)
                return _str(n)
            except _BaseException:
                pass
        neg = n < 0
        n = -n if neg else n
        base = 10**_INT_DIGITS_CHUNK
        parts = []
        while n:
            n, r = _divmod(n, base)
            _list_append(parts, r)
        if not parts:
            return "0"
        out = _str(parts[-1])
        for i in _range(_len(parts) - 2, -1, -1):
            s = _str(parts[i])
            out = out + "0" * (_INT_DIGITS_CHUNK - _len(s)) + s
        return "-" + out if neg else out

    def safe_repr(v):
        try:
            r = _repr(v)
            if _type(r) is not _str:
                return "<repr returned a non-str>"
            if _len(r) <= _MAX_REPR:
                return r
            # Kept short, but two long reprs are equal only if they are equal in full.
            return r[:_MAX_REPR] + "...(sha256 " + _sha256(r.encode("utf-8", "surrogatepass")).hexdigest() + ")"
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


    def cut(st):
        # A value that could not be encoded in full: unique to this encoding (a fresh nonce), so
        # two cut values never compare equal by accident.
        if st[4] is None:
            st[4] = _urandom(8).hex()
        return ["truncated", st[4]]

    def rest_digest(item, items_iter, depth, st, pairs, factor=100):
        """Encode what follows the first max_items items into a digest: two long containers are
        equal exactly when their digests are. Gives up (a cut) past factor * max_items items."""
        h = _sha256()
        count = 0
        try:
            while True:
                if count >= st[2] * factor or st[0] < 0:
                    return cut(st)
                if pairs:
                    node = [enc(item[0], depth + 1, st), enc(item[1], depth + 1, st)]
                else:
                    node = enc(item, depth + 1, st)
                h.update(_dumps(node))
                h.update(b"\n")
                count += 1
                try:
                    item = _next(items_iter)
                except _StopIteration:
                    break
        except _BaseException:  # a hostile iterator: what follows is unknown
            return cut(st)
        return ["truncated", "sha256:" + h.hexdigest() + ":" + _str(count)]

    def seq(items_iter, depth, st):
        out = []
        n = 0
        try:
            for item in items_iter:
                if n >= st[2]:
                    _list_append(out, rest_digest(item, items_iter, depth, st, False))
                    break
                n += 1
                # Fast path for the common exact scalars (same nodes as enc would build).
                t = _type(item)
                if t is _int and -_SMALL < item < _SMALL:
                    st[0] -= 1
                    _list_append(out, ["int", _str(item)])
                elif t is _str:
                    st[0] -= 1
                    _list_append(out, ["str", item])
                elif t is _float:
                    st[0] -= 1
                    _list_append(out, ["float", _float_hex(item)])
                else:
                    _list_append(out, enc(item, depth + 1, st))
            if st[0] < 0:
                return [cut(st)]
        except _BaseException as e:  # a hostile __iter__ / mutation during iteration
            _list_append(out, ["repr", "<iteration raised " + _type(e).__name__ + ">"])
        return out

    def container(v, tag, items_iter, depth, st):
        key = _id(v)
        if key in st[1]:
            return ["cycle"]
        st[1].add(key)
        try:
            return [tag, seq(items_iter, depth, st)]
        finally:
            st[1].discard(key)

    def dict_node(v, depth, st):
        key = _id(v)
        if key in st[1]:
            return ["cycle"]
        st[1].add(key)
        try:
            out = []
            n = 0
            pairs = _iter(_dict_items(v))
            for k, x in pairs:
                if n >= st[2]:
                    # Kept as a [key, value] pair so the list stays a list of pairs.
                    _list_append(out, [rest_digest((k, x), pairs, depth, st, True), ["none"]])
                    break
                _list_append(out, [enc(k, depth + 1, st), enc(x, depth + 1, st)])
                n += 1
            return ["dict", out]
        except _BaseException as e:
            return ["repr", "<dict iteration raised " + _type(e).__name__ + ">"]
        finally:
            st[1].discard(key)

    def gen_node(v, depth, st):
        key = _id(v)
        if key in st[1]:
            return ["cycle"]
        st[1].add(key)
        try:
            items = []
            exhausted = False
            n = 0
            while n < st[2]:
                try:
                    item = _next(v)
                except _StopIteration:
                    exhausted = True
                    break
                except _BaseException as e:
                    _list_append(items, ["repr", "<next raised " + _type(e).__name__ + ">"])
                    exhausted = True
                    break
                _list_append(items, enc(item, depth + 1, st))
                n += 1
            if not exhausted:
                # Past max_items: digest up to 10x more, then give up. A generator that did not
                # end within that ends with a cut item, so it never equals another one.
                try:
                    item = _next(v)
                except _StopIteration:
                    exhausted = True
                except _BaseException:
                    _list_append(items, cut(st))
                else:
                    tail = rest_digest(item, v, depth, st, False, 10)
                    _list_append(items, tail)
                    exhausted = tail[1].startswith("sha256:")  # else a cut: it did not end
            return ["gen", items, exhausted]
        finally:
            st[1].discard(key)

    def payload(v, base, depth, st):
        # The builtin part of a subclass instance, read with the base class's own methods so
        # no override can run.
        if base is _int:
            return ["int", int_to_dec(_int_int(v))]
        if base is _float:
            return ["float", _float_hex(_float_float(v))]
        if base is _complex:
            return ["complex", _float_hex(_complex_real(v)), _float_hex(_complex_imag(v))]
        if base is _str:
            return ["str", _str_str(v)]
        if base is _bytes:
            return ["bytes", _bytes_hex(v)]
        if base is _list:
            return container(v, "list", _list_iter(v), depth, st)
        if base is _tuple:
            return container(v, "tuple", _tuple_iter(v), depth, st)
        if base is _set:
            return container(v, "set", _set_iter(v), depth, st)
        if base is _frozenset:
            return container(v, "frozenset", _frozenset_iter(v), depth, st)
        return dict_node(v, depth, st)

    def state_of(v, t, depth, st):
        attrs = []
        seen = _set()
        try:
            d = _obj_getattribute(v, "__dict__")
        except _BaseException:
            d = None
        if _issubclass(_type(d), _dict):
            try:
                for k, x in _dict_items(d):
                    if _len(attrs) >= st[2]:
                        _list_append(attrs, [cut(st), ["none"]])
                        break
                    _list_append(attrs, [enc(k, depth + 1, st), enc(x, depth + 1, st)])
                    if _type(k) is _str:
                        seen.add(k)
            except _BaseException as e:
                _list_append(attrs, [["str", "?"], ["repr", "<__dict__ raised " + _type(e).__name__ + ">"]])
        try:
            mro = _type_mro(t)
        except _BaseException:
            mro = []
        for klass in mro:
            try:
                slots = _type_getattribute(klass, "__dict__").get("__slots__", ())
            except _BaseException:
                slots = ()
            if _type(slots) is _str:
                slots = (slots,)
            try:
                slots = _tuple(s for s in slots if _type(s) is _str)
            except _BaseException:
                slots = ()
            for name in slots:
                if name in seen or name in ("__dict__", "__weakref__"):
                    continue
                seen.add(name)
                try:
                    x = _obj_getattribute(v, name)
                except _AttributeError:
                    continue
                except _BaseException as e:
                    x = None
                    _list_append(attrs, [["str", name], ["repr", "<slot raised " + _type(e).__name__ + ">"]])
                    continue
                _list_append(attrs, [["str", name], enc(x, depth + 1, st)])
        return attrs

    def enc(v, depth, st):
        st[0] -= 1
        if st[0] < 0 or depth > st[3]:
            return cut(st)
        t = _type(v)
        if v is None:
            return ["none"]
        if t is _bool:
            return ["bool", v]
        if t is _int:
            return ["int", int_to_dec(v)]
        if t is _float:
            return ["float", _float_hex(v)]
        if t is _str:
            return ["str", v]
        if t is _complex:
            return ["complex", _float_hex(v.real), _float_hex(v.imag)]
        if t is _bytes:
            return ["bytes", _bytes_hex(v)]
        if t is _list:
            return container(v, "list", _list_iter(v), depth, st)
        if t is _tuple:
            return container(v, "tuple", _tuple_iter(v), depth, st)
        if t is _dict:
            return dict_node(v, depth, st)
        if t is _set:
            return container(v, "set", _set_iter(v), depth, st)
        if t is _frozenset:
            return container(v, "frozenset", _frozenset_iter(v), depth, st)
        if t is _range:
            return ["range", v.start, v.stop, v.step]
        if t is _GeneratorType:
            return gen_node(v, depth, st)
        if _issubclass(t, _type):
            return ["type", qualname(v)]
        if _issubclass(t, _FunctionTypes):
            if _issubclass(t, _PyFunctionTypes):
                # A Python function's behaviour is not compared here: it never equals another.
                return ["func", func_name(v), cut(st)]
            return ["func", func_name(v)]
        if _issubclass(t, _ModuleType):
            return ["repr", "<module " + safe_repr(_getattr(v, "__name__", "?")) + ">"]
        name = qualname(t)
        try:
            mro = _type_mro(t)
        except _BaseException:
            mro = []
        for base in mro:
            tag = _dict_get(_builtin_payload, base)
            if tag is not None:
                return ["obj", name, ["dict", state_of(v, t, depth, st)], payload(v, base, depth, st)]
        if _issubclass(t, _deque):
            return ["obj", name, ["dict", state_of(v, t, depth, st)], container(v, "list", _deque_iter(v), depth, st)]
        if name in ("numpy.ndarray",):
            try:
                return ["obj", name, ["dict", [[["str", "dtype"], ["str", _str(v.dtype)]], [["str", "shape"], enc(_tuple(v.shape), depth + 1, st)]]], enc(v.tolist(), depth + 1, st)]
            except _BaseException:
                return ["repr", safe_repr(v)]
        try:
            is_iterator = _type_getattribute(t, "__next__") is not None and _type_getattribute(t, "__iter__") is not None
        except _BaseException:
            is_iterator = False
        if is_iterator:
            return gen_node(v, depth, st)
        attrs = state_of(v, t, depth, st)
        if not attrs:
            try:
                has_dict = _issubclass(_type(_obj_getattribute(v, "__dict__")), _dict)
            except _BaseException:
                has_dict = False
            if not has_dict:
                # A C-level object (Decimal, datetime, Match...): its state is not visible to
                # us, so its repr stands for it.
                return ["obj", name, ["repr", safe_repr(v)]]
            if _issubclass(t, _BaseException):
                return ["obj", name, ["dict", []], enc(_tuple(_getattr(v, "args", ())), depth + 1, st)]
        return ["obj", name, ["dict", attrs]]

    def encode(value: Any, *, max_items: int = 10000, max_depth: int = 50) -> Any:
        # Per-call state: node budget, ids of containers on the current path (cycles), limits,
        # and the nonce of cut values (made when first needed).
        return enc(value, 0, [max_items * node_budget_factor, _set(), max_items, max_depth, None])

    return encode


def make_serializer() -> Callable[[Any], bytes]:
    """Build ``dumps(tree) -> bytes`` for encoded trees, independent of the ``json`` module.

    Holds the C encoder object of ``_json`` itself, so a program that patches ``json`` or
    ``json.encoder`` afterwards changes nothing. Trees hold only lists, dicts with str keys, str,
    bool, None and ints, all of exact types built by the encoder.
    """
    from _json import encode_basestring_ascii as _esc
    from _json import make_encoder as _make

    _TypeError = TypeError
    _join = "".join
    _str_encode = str.encode

    def _refuse(o):
        raise _TypeError("not an encoded tree node")

    # (markers, default, encoder, indent, key_separator, item_separator, sort_keys, skipkeys,
    #  allow_nan): no cycle markers (trees are acyclic by construction), NaN never appears.
    _c_encode = _make(None, _refuse, _esc, None, ":", ",", False, False, False)

    def dumps(tree: Any) -> bytes:
        return _str_encode(_join(_c_encode(tree, 0)), "ascii")

    return dumps


encode = make_encoder()
dumps = make_serializer()
