"""Exact and near-duplicate removal over pairs.

Exact: two rows are the same pair when the normal forms (AST dumps, see
``transforms.normalize.normal_form``) of both programs agree, so formatting and comments do not
make a pair new. Near: MinHash signatures of each program's code-token shingles, indexed with
datasketch's LSH; a row whose original and variant both reach the similarity threshold with an
already kept row's is dropped. Rows are visited in a fixed order (work shards in order, rows in
their order), so which copy is kept does not depend on worker timing.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Iterable

from semforge.transforms.normalize import normal_form

from .tokens import code_tokens, ngrams


def _normal(code: str) -> str:
    try:
        return normal_form(code)
    except (SyntaxError, ValueError, RecursionError):  # not Python (cuda, c): whitespace-insensitive
        return " ".join(code.split())


def exact_key(row: dict[str, Any]) -> str:
    """Digest of (language, normal form of original, normal form of variant)."""
    h = hashlib.sha256()
    for part in (row.get("language") or "", _normal(row["original"]), _normal(row["variant"])):
        data = part.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


@dataclass
class NearDupIndex:
    """MinHash LSH over code-token shingles; a pair is a near copy of another when both its
    original and its variant are (estimated Jaccard >= threshold).

    ``across_seeds_only``: variants of one seed (the same normalized original) are never near
    copies of each other (the generator already keeps only variants whose normalized ASTs differ,
    and several variants per seed are the point); across seeds they are. The same holds against
    a previous version: a new variant of a published seed is new, while an exact repeat of a
    published pair is caught by the exact check.
    """

    threshold: float = 0.85
    num_perm: int = 128
    shingle: int = 5
    across_seeds_only: bool = True

    def __post_init__(self) -> None:
        from datasketch import MinHashLSH

        self._lsh = MinHashLSH(threshold=self.threshold, num_perm=self.num_perm)
        self._entries: list[tuple[str, object]] = []  # (original's key, original's MinHash)
        self._last_original: tuple[str, object] | None = None  # a seed's pairs come together

    def _minhash(self, code: str, language: str):
        from datasketch import MinHash

        m = MinHash(num_perm=self.num_perm, seed=1)
        shingles = ngrams(code_tokens(code, language), self.shingle)
        m.update_batch([s.encode("utf-8", "surrogatepass") for s in sorted(shingles)])
        return m

    def signature(self, row: dict[str, Any]):
        language = row.get("language") or "python"
        key = _digest(_normal(row["original"]))
        if self._last_original is None or self._last_original[0] != key:
            self._last_original = (key, self._minhash(row["original"], language))
        return key, self._last_original[1], self._minhash(row["variant"], language)

    def query(self, sig) -> bool:
        original_key, original_hash, variant_hash = sig
        for candidate in self._lsh.query(variant_hash):
            key, other_original = self._entries[int(candidate)]
            if self.across_seeds_only and key == original_key:
                continue
            if original_hash.jaccard(other_original) >= self.threshold:
                return True
        return False

    def add(self, sig) -> None:
        original_key, original_hash, variant_hash = sig
        self._lsh.insert(str(len(self._entries)), variant_hash)
        self._entries.append((original_key, original_hash))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class Deduplicator:
    """Stateful filter: ``seen`` rows (a previous version) first, then ``keep`` over new rows."""

    def __init__(self, near: NearDupIndex | None, exact: bool = True) -> None:
        self.exact: set[str] = set()
        self.near = near
        self.use_exact = exact

    def remember(self, rows: Iterable[dict[str, Any]]) -> None:
        for row in rows:
            self.exact.add(exact_key(row))
            if self.near is not None:
                self.near.add(self.near.signature(row))

    def seen(self, row: dict[str, Any]) -> bool:
        """Does the row repeat (exactly or nearly) a remembered one? Remembers nothing."""
        if exact_key(row) in self.exact:
            return True
        return self.near is not None and self.near.query(self.near.signature(row))

    def check(self, row: dict[str, Any]) -> str | None:
        """``None`` if the row is new (and remember it), else ``"exact"`` or ``"near"``."""
        key = exact_key(row)
        if self.use_exact and key in self.exact:
            return "exact"
        sig = None
        if self.near is not None:
            sig = self.near.signature(row)
            if self.near.query(sig):
                return "near"
        self.exact.add(key)
        if sig is not None:
            self.near.add(sig)
        return None
