"""Objects that are not exact builtins: their state, read without running their code.

An instance's state is its ``__dict__`` and slots, read with ``object.__getattribute__`` and the
MRO's own ``__slots__``; a subclass of a builtin also carries its builtin payload, read with the
base class's own methods (``int.__int__``, ``list.__iter__``, ...), so no override can run and a
hostile subclass never looks like the builtin it wraps.
"""

from __future__ import annotations


def make_objects(enc, cut, int_to_dec, container, dict_node):
    """Build ``(payload, state_of)`` over references bound here."""
    _type = type
    _len = len
    _str = str
    _int = int
    _float = float
    _bytes = bytes
    _list = list
    _tuple = tuple
    _set = set
    _frozenset = frozenset
    _dict = dict
    _complex = complex
    # isinstance() falls back to a hostile __class__; issubclass(type(v), builtin) never runs user code.
    _issubclass = issubclass
    _BaseException = BaseException
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
    _list_append = list.append

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

    return payload, state_of
