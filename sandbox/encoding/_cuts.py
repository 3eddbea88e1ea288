"""What could not be encoded in full, encoded so that it stays sound to compare.

A value cut off (by the node budget, a hostile iterator) becomes ``["truncated", nonce]`` with a
nonce fresh for every encoding, so a cut never equals anything. What follows the first
``max_items`` items of a long container becomes ``["truncated", "sha256:<hex>:<n>"]``, a digest of
the encoding of those ``n`` items, so equal long containers stay equal and different ones differ.
(What is nested past ``max_depth`` is digested too, by ``_deep``.)
"""

from __future__ import annotations


def make_cuts(enc, dumps):
    """Build ``(cut, rest_digest)``; ``enc`` encodes one item, ``dumps`` serialises its tree."""
    import hashlib
    import os

    _str = str
    _next = next
    _BaseException = BaseException
    _StopIteration = StopIteration
    _urandom = os.urandom
    _sha256 = hashlib.sha256

    def cut(st):
        # A value that could not be encoded in full: unique to this encoding (a fresh nonce), so
        # two cut values never compare equal by accident. Counted: a digest of something that
        # holds a cut would be unique too, so it must be a cut itself (see rest_digest, _deep).
        st[5] += 1
        if st[4] is None:
            st[4] = _urandom(8).hex()
        return ["truncated", st[4]]

    def rest_digest(item, items_iter, depth, st, pairs, factor=100):
        """Encode what follows the first max_items items into a digest: two long containers are
        equal exactly when their digests are. Gives up (a cut) past factor * max_items items."""
        h = _sha256()
        count = 0
        cuts = st[5]
        # Items past max_depth are digested in full here (a walk of their own, see _deep), not
        # left as placeholders of a walk this container may be part of.
        kids, st[6] = st[6], None
        try:
            while True:
                if count >= st[2] * factor or st[0] < 0:
                    return cut(st)
                if pairs:
                    node = [enc(item[0], depth + 1, st), enc(item[1], depth + 1, st)]
                else:
                    node = enc(item, depth + 1, st)
                h.update(dumps(node))
                h.update(b"\n")
                count += 1
                try:
                    item = _next(items_iter)
                except _StopIteration:
                    break
        except _BaseException:  # a hostile iterator: what follows is unknown
            return cut(st)
        finally:
            st[6] = kids
        if st[5] != cuts:
            return cut(st)
        return ["truncated", "sha256:" + h.hexdigest() + ":" + _str(count)]

    return cut, rest_digest
