"""When a ``list()`` copy before a consumer can be added or dropped unseen
(``redundant-list-copy`` and its inverse ``remove-redundant-list-copy`` read these, so the two
directions always agree on which calls qualify)."""

from __future__ import annotations

# Readers that iterate their first argument once, in order, and only read the items. ``tuple``
# and ``frozenset`` are not among them: ``tuple(t)`` returns ``t`` itself, so a copy before
# them changes the result's identity.
READERS = frozenset({"sum", "min", "max", "any", "all", "set"})
IDENTITY_KEEPERS = frozenset({"tuple", "frozenset"})
# Builtin containers whose iteration runs no user code, cannot fail and is finite (``range`` is
# left out: ``list(range(10**12))`` exhausts memory where iterating it does not).
PURE_ITER = frozenset({"str", "bytes", "list", "tuple", "dict", "set", "frozenset"})
