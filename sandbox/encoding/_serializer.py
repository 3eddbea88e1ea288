"""The wire form of encoded trees: ``dumps(tree) -> bytes``, ASCII JSON, independent of ``json``."""

from __future__ import annotations

from typing import Any, Callable


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
