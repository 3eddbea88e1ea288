"""``kind: files``: self-contained functions extracted from a .py file or a folder of them.

Rows say where a function came from without naming this machine's folders: ``source`` is the
corpus folder's (or file's) name and its content digest, ``source_id`` the path relative to it
and the function's name. The license comes from the project's metadata or license file
(``licenses.license_of``), ``unknown`` when neither says, unless the corpus entry sets one."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

from semforge.record import Rejection, Seed

from ..seeds import decode_or_reason, extract_functions
from .common import _existing, _file_sha256, _one_line, _with_license
from .licenses import license_of
from .spec import CorpusSpec

# A plain-code file larger than this is generated or vendored code, not a seed source.
MAX_FILE_BYTES = 1_000_000
_SKIPPED_DIRS = {"__pycache__", "node_modules", "site-packages"}


def label(spec: CorpusSpec) -> str:
    root = _existing(spec.path, spec)
    h = hashlib.sha256()
    for path, relpath in _python_files(root):
        h.update(relpath.encode() + b"\0" + _file_sha256(path).encode())
    return f"files:{root.resolve().name}@{h.hexdigest()[:12]}"


def read(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    source = label(spec)
    for _, items in units(spec, source):
        yield from items


def units(spec: CorpusSpec, source: str) -> Iterator[tuple[str, Iterator[Seed | Rejection]]]:
    """One unit per file: its path relative to the corpus root."""
    root = _existing(spec.path, spec)
    for path, relpath in _python_files(root):
        yield relpath, _read_file(spec, path, relpath, source)


def read_unit(spec: CorpusSpec, unit: str, source: str) -> Iterator[Seed | Rejection]:
    root = _existing(spec.path, spec)
    return _read_file(spec, root if root.is_file() else root / unit, unit, source)


def _read_file(spec: CorpusSpec, path: Path, relpath: str,
               source: str) -> Iterator[Seed | Rejection]:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            yield Rejection(source, relpath, f"file too large ({size} bytes > {MAX_FILE_BYTES})")
            return
        data = path.read_bytes()
    except OSError as err:
        yield Rejection(source, relpath, f"unreadable file: {_one_line(err)}")
        return
    if not data.strip():
        yield Rejection(source, relpath, "empty file")
        return
    text, reason = decode_or_reason(data)
    if reason:
        yield Rejection(source, relpath, reason)
        return
    license = spec.license or license_of(path, _existing(spec.path, spec))
    yield from _with_license(extract_functions(text, source, relpath), license)


def _python_files(root: Path) -> list[tuple[Path, str]]:
    """(path, path relative to the corpus root, with / separators) of every .py file, sorted."""
    if root.is_file():
        return [(root, root.name)]
    found = []
    for path in root.rglob("*.py"):
        rel = path.relative_to(root)
        if any(part.startswith(".") or part in _SKIPPED_DIRS for part in rel.parts[:-1]):
            continue
        if path.is_file():
            found.append((path, rel.as_posix()))
    return sorted(found, key=lambda item: item[1])
