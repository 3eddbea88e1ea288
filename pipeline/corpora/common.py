"""Helpers every reader shares: paths, content digests, license and duplicate handling."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from pathlib import Path

from semforge.record import Rejection, Seed

from .spec import CorpusSpec


def _existing(path: str | None, spec: CorpusSpec) -> Path:
    resolved = Path(path or "").expanduser()
    if not resolved.exists():
        raise FileNotFoundError(f"corpus path '{path}' (kind '{spec.kind}') does not exist")
    return resolved


def _file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _tree_sha256(root: Path) -> str:
    """Digest of a file, or of every file under a folder (relative paths and bytes; hidden
    entries such as a ``.cache`` folder left out)."""
    if root.is_file():
        return _file_sha256(root)
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = path.relative_to(root)
        if any(part.startswith(".") for part in rel.parts):
            continue
        h.update(rel.as_posix().encode() + b"\0" + _file_sha256(path).encode())
    return h.hexdigest()


def _without_duplicates(items: Iterable[Seed | Rejection]) -> Iterator[Seed | Rejection]:
    """A seed whose (entry point, code) was already seen in this corpus becomes a Rejection:
    vendored copies and helpers shared by files would otherwise yield the same rows twice."""
    first: dict[tuple[str, str], str] = {}
    for item in items:
        if isinstance(item, Seed):
            key = (item.entry_point, hashlib.sha256(item.code.encode("utf-8")).hexdigest())
            if key in first:
                item = Rejection(item.source, item.source_id, f"duplicate of {first[key]}",
                                 covers=int(item.context is not None))
            else:
                first[key] = item.source_id
        yield item


def _with_license(items: Iterable[Seed | Rejection],
                  license: str | None) -> Iterator[Seed | Rejection]:
    for item in items:
        if isinstance(item, Seed) and license:
            item.license = license
        yield item


def _one_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return f"{type(err).__name__}: {text[0]}" if text else type(err).__name__
