"""Builtin containers and iterators: items in order, cycles named, length bounded.

Exact ``list``/``tuple``/``set``/``frozenset``/``dict`` are read through the builtin types' own
iterators (a subclass's ``__iter__`` never runs here); generators and other iterators are
consumed up to ``max_items`` and then digested (see ``_cuts``). A container met again inside
itself is ``["cycle"]``. Past ``max_depth`` they are expanded one level at a time for ``_deep``.
"""

from __future__ import annotations


def make_containers(enc, cut, rest_digest):
    """Build ``(container, dict_node, gen_node)`` over references bound here."""
    _type = type
    _id = id
    _str = str
    _int = int
    _float = float
    _iter = iter
    _next = next
    _BaseException = BaseException
    _StopIteration = StopIteration
    _SMALL = 10**1000  # ints below this convert to decimal without hitting str()'s digit limit
    _float_hex = float.hex
    _dict_items = dict.items
    _list_append = list.append

    def seq(items_iter, depth, st, keep):
        out = []
        n = 0
        try:
            for item in items_iter:
                if n >= keep:
                    if keep == st[2]:
                        _list_append(out, rest_digest(item, items_iter, depth, st, False))
                    else:  # a set past max_depth, longer than a rest digest would take
                        _list_append(out, cut(st))
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
        keep = st[2]
        if st[6] is not None and (tag == "set" or tag == "frozenset"):
            # Past max_depth (a walk of _deep collecting children) a set keeps all its items,
            # which the digest sorts: a rest digest would follow the iteration order, which
            # follows the hash seed.
            keep = st[2] * 100
        try:
            return [tag, seq(items_iter, depth, st, keep)]
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

    return container, dict_node, gen_node
