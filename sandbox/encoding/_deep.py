"""What is nested past ``max_depth``: one digest of all of it, walked without recursion.

Deep values are not cut (a cut never equals anything, so a result that differs only past the
depth limit would have been dropped, not caught): ``enc`` hands them to ``deep``, which returns
``["truncated", "sha256:<hex>:deep:<n>"]``, a Merkle digest of the value's encoding as the
encoder would write it without the depth limit (``n``: the nodes it took), so equal deep values
give equal digests and any difference (values, types, lengths, cycles) gives different ones.
Unlike the comparator, the digest is exact for floats: no tolerance applies past ``max_depth``.

Each value is expanded one level at a time by ``enc`` itself at depth ``max_depth``, so every
type is encoded by the same rules (and the same defences against hostile code) as above the
limit. While ``st[6]`` holds a list, ``deep`` does not recurse: it records the child and returns
a placeholder node, which the walker fills in later from an explicit stack. A filled child is its
own tree when it has no children of its own, else ``["deep", <hex of its digest>]``. Before a
level is hashed its set items are sorted (iteration order follows the hash seed) and addresses in
reprs are masked as the comparator masks them. Anything cut inside (node budget, a Python
function, an endless generator) or any error of the walk makes the whole digest a cut.
"""

from __future__ import annotations

# Walks opened inside a walk (only a rest digest of a long container past max_depth opens one):
# each costs a few frames, so a bounded number keeps the encoder within a bounded recursion.
_MAX_WALKS = 16

# A memory address in a repr: they differ between any two runs, so both the digest here and
# the comparator (verifiers.compare) mask them.
ADDRESS = r"0x[0-9a-fA-F]{4,}"


def make_deep(enc, cut, dumps):
    """Build ``deep(v, st)`` over references bound here; ``enc`` expands one level."""
    import hashlib
    import re

    _type = type
    _id = id
    _len = len
    _str = str
    _list = list
    _sorted = sorted
    _BaseException = BaseException
    _list_append = list.append
    _list_pop = list.pop
    _dict_get = dict.get
    _dict_pop = dict.pop
    _set_add = set.add
    _set_discard = set.discard
    _sha256 = hashlib.sha256
    _mask = re.compile(ADDRESS).sub
    max_walks = _MAX_WALKS

    def canon(t):
        # One level of the value, children filled in: a few lists deep whatever the value.
        if _type(t) is not _list or not t:
            return
        tag = t[0]
        if (tag == "set" or tag == "frozenset") and _len(t) == 2 and _type(t[1]) is _list:
            for x in t[1]:
                canon(x)
            t[1] = _sorted(t[1], key=dumps)
            return
        if tag == "repr" and _len(t) == 2 and _type(t[1]) is _str:
            t[1] = _mask("0x?", t[1])
            return
        for x in t:
            canon(x)

    def deep(v, st):
        kids = st[6]
        if kids is not None:
            # Inside a walk: the walker expands this child later (enc charged the node already).
            ph = ["deep", None]
            _list_append(kids, (ph, v))
            return ph
        if st[7] >= max_walks:
            return cut(st)
        st[7] += 1
        cuts = st[5]
        left = st[0] + 1
        stack = []  # open levels: [placeholder to fill, tree, children, next child, id]
        path = {}  # id -> stack index, for the levels open (a cycle names how far back it goes)

        def expand(x, ph):
            # Compensate the charge made when x was met, then let enc encode one level of it.
            key = _id(x)
            if key in st[1]:
                at = _dict_get(path, key)
                ph[:] = ["cycle"] if at is None else ["cycle", _len(stack) - at]
                return
            st[0] += 1
            own = []
            st[6] = own
            try:
                tree = enc(x, st[3], st)
            finally:
                st[6] = None
            if not own:
                canon(tree)
                ph[:] = tree
                return
            _set_add(st[1], key)  # on the path while its children are walked: cycles
            path[key] = _len(stack)
            _list_append(stack, [ph, tree, own, 0, key])

        root = ["deep", None]
        try:
            expand(v, root)
            while stack:
                if st[0] < 0:
                    return cut(st)
                top = stack[-1]
                i = top[3]
                if i < _len(top[2]):
                    top[3] = i + 1
                    ph, x = top[2][i]
                    top[2][i] = None
                    expand(x, ph)
                    continue
                _list_pop(stack)
                _set_discard(st[1], top[4])
                _dict_pop(path, top[4], None)
                tree = top[1]
                canon(tree)
                top[0][:] = ["deep", _sha256(b"semforge-deep-level\n" + dumps(tree)).hexdigest()]
            if st[5] != cuts or st[0] < 0:
                return cut(st)
            if root == ["cycle"]:
                return root
            h = _sha256(b"semforge-deep\n" + dumps(root)).hexdigest()
            return ["truncated", "sha256:" + h + ":deep:" + _str(left - st[0])]
        except _BaseException:  # a hostile value got past enc's own defences: unknown, so cut
            return cut(st)
        finally:
            for top in stack:
                _set_discard(st[1], top[4])
            st[6] = None
            st[7] -= 1

    return deep
