"""``make_encoder``: the type dispatch, the per-call state, and the assembly of the parts.

The encoder runs inside the child next to hostile code, so it is a set of closures over their own
references to builtins, built by :func:`make_encoder` and the ``make_*`` factories of the modules
beside this one: patching ``builtins``, ``json`` or any of these modules after the encoder was
built changes nothing (a test checks that no part loads a global). Only exact builtin types are
trusted; everything else goes through bounded, exception-proof paths (user ``__repr__`` and
``__iter__`` may still run, and may still loop: the caller's wall-clock limit bounds that).

Per-call state ``st``, shared by every part: ``[node budget left, ids of the containers on the
current path (cycles), max_items, max_depth, nonce of cut values (made when first needed), cuts
made so far, the children list of the _deep walk collecting (else None), _deep walks open]``.
"""

from __future__ import annotations

from typing import Any, Callable

from ._containers import make_containers
from ._cuts import make_cuts
from ._deep import make_deep
from ._objects import make_objects
from ._serializer import make_serializer
from ._text import make_text


def make_encoder(*, node_budget_factor: int = 100) -> Callable[..., Any]:
    """Build ``encode(value, *, max_items=10000, max_depth=50)`` as a self-contained closure.

    ``max_depth`` is the nesting kept as a tree; what lies deeper is one digest (see ``_deep``).

    Every name the encoder uses is bound here or in the factory of its part, so nothing it calls
    can be swapped afterwards through module globals or ``builtins``.
    """
    import collections
    import sys
    import types

    _type = type
    _str = str
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
    # isinstance() falls back to a hostile __class__; issubclass(type(v), builtin) never runs user code.
    _issubclass = issubclass
    _getattr = getattr
    _BaseException = BaseException
    _obj_getattribute = object.__getattribute__
    _type_getattribute = type.__getattribute__
    _type_mro = type.mro
    _float_hex = float.hex
    _bytes_hex = bytes.hex
    _list_iter = list.__iter__
    _tuple_iter = tuple.__iter__
    _set_iter = set.__iter__
    _frozenset_iter = frozenset.__iter__
    _dict_get = dict.get
    _deque = collections.deque
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
    _FunctionType = types.FunctionType
    _ModuleType = types.ModuleType
    _proxy_get = types.MappingProxyType.get
    _sys = sys
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

    def named(f):
        """Whether a Python function is the very object its module binds under its qualified
        name (a module's or a class's function, not a closure, not the program's own): then
        the name stands for it, as a builtin's does. Read from the dicts, running no code."""
        try:
            mod = _obj_getattribute(f, "__module__")
            qn = _obj_getattribute(f, "__qualname__")
            if _type(mod) is not _str or _type(qn) is not _str or mod == "__program__" or "<" in qn:
                return False
            m = _dict_get(_obj_getattribute(_sys, "modules"), mod)
            if not _issubclass(_type(m), _ModuleType):
                return False
            parts = qn.split(".")
            obj = _dict_get(_obj_getattribute(m, "__dict__"), parts[0])
            for part in parts[1:]:
                if not _issubclass(_type(obj), _type):
                    return False
                obj = _proxy_get(_type_getattribute(obj, "__dict__"), part)
            return obj is f
        except _BaseException:
            return False

    def enc(v, depth, st):
        st[0] -= 1
        if st[0] < 0:
            return cut(st)
        if depth > st[3]:
            return deep(v, st)  # digested in full, walked without recursion (see _deep)
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
            if _issubclass(t, _PyFunctionTypes) and not (t is _FunctionType and named(v)):
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

    # The parts call ``enc`` back for nested values; ``enc`` reaches them through this scope's
    # cells, filled here before ``encode`` can run. No extra frame per level of nesting.
    int_to_dec, safe_repr, qualname, func_name = make_text()
    dumps = make_serializer()
    cut, rest_digest = make_cuts(enc, dumps)
    deep = make_deep(enc, cut, dumps)
    container, dict_node, gen_node = make_containers(enc, cut, rest_digest)
    payload, state_of = make_objects(enc, cut, int_to_dec, container, dict_node)

    def encode(value: Any, *, max_items: int = 10000, max_depth: int = 50) -> Any:
        st = [max_items * node_budget_factor, _set(), max_items, max_depth, None, 0, None, 0]
        return enc(value, 0, st)

    return encode
