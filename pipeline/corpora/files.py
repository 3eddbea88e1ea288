"""``kind: files``: the functions and methods of a .py file or a folder of them.

With ``module_context`` (the default) every function and method is a seed run in its module, or
a rejection with its reason (``seeds.in_module``); with ``tests:``, the project's test suite runs
once, confined, and the calls it makes become the seeds' inputs (``carve``). Without it, only
self-contained top-level functions are seeds (``seeds.extract``).

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
from ..seeds.in_module import ModuleCorpus, extract_in_module
from ..seeds.packages import module_identity, package_info
from .common import _existing, _file_sha256, _one_line, _tree_sha256, _with_license
from .licenses import license_of
from .spec import CorpusSpec

# A plain-code file larger than this is generated or vendored code, not a seed source.
MAX_FILE_BYTES = 1_000_000
_SKIPPED_DIRS = {"__pycache__", "node_modules", "site-packages"}


def label(spec: CorpusSpec) -> str:
    root = _existing(spec.path, spec)
    h = hashlib.sha256()
    for path, relpath in _python_files(root, _tests(spec)):
        h.update(relpath.encode() + b"\0" + _file_sha256(path).encode())
    if spec.tests:  # the tests decide the seeds' inputs
        h.update(b"tests\0" + _tree_sha256(_existing(spec.tests, spec)).encode())
    return f"files:{root.resolve().name}@{h.hexdigest()[:12]}"


def _tests(spec: CorpusSpec) -> Path | None:
    return _existing(spec.tests, spec).resolve() if spec.tests else None


_corpora: dict[tuple[str, str], ModuleCorpus] = {}


def module_corpus(spec: CorpusSpec, source: str) -> ModuleCorpus | None:
    """What the corpus's files share when they are read in their modules (None without
    ``module_context``): package, digest, inputs carved from the tests (run once, cached)."""
    if not spec.module_context:
        return None
    key = (spec.model_dump_json(), source)
    if key not in _corpora:
        root = _existing(spec.path, spec)
        carved: dict = {}
        tests = _tests(spec)
        if tests is not None:
            from ..carve import carved_inputs

            folder = root.resolve() if root.is_dir() else root.resolve().parent
            paths = sorted({str(ident.root) for path, _ in _python_files(root, tests)
                            if (ident := module_identity(path)) is not None})
            carved = carved_inputs(folder, tests, [Path(p) for p in paths]).calls
        _corpora[key] = ModuleCorpus(package_info(root), source.rpartition("@")[2], carved,
                                     spec.max_inputs)
    return _corpora[key]


def read(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    source = label(spec)
    for _, items in units(spec, source):
        yield from items


def units(spec: CorpusSpec, source: str) -> Iterator[tuple[str, Iterator[Seed | Rejection]]]:
    """One unit per file: its path relative to the corpus root."""
    root = _existing(spec.path, spec)
    for path, relpath in _python_files(root, _tests(spec)):
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
    corpus = module_corpus(spec, source)
    items = (extract_in_module(text, source, relpath, path, corpus) if corpus is not None
             else extract_functions(text, source, relpath))
    yield from _with_license(items, license)


def _python_files(root: Path, tests: Path | None = None) -> list[tuple[Path, str]]:
    """(path, path relative to the corpus root, with / separators) of every .py file, sorted;
    the project's tests (``tests``) are not seeds."""
    if root.is_file():
        return [(root, root.name)]
    found = []
    for path in root.rglob("*.py"):
        rel = path.relative_to(root)
        if any(part.startswith(".") or part in _SKIPPED_DIRS for part in rel.parts[:-1]):
            continue
        if tests is not None and (path.resolve() == tests or tests in path.resolve().parents):
            continue
        if path.is_file():
            found.append((path, rel.as_posix()))
    return sorted(found, key=lambda item: item[1])
