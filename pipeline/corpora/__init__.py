"""Seed corpora: where seeds come from (the config's ``corpus:`` list), one reader per kind.

``iter_corpus(spec)`` yields validated ``Seed``s and ``Rejection``s in a deterministic order; a
bad record never stops it. Only a config error that makes the whole corpus unusable (a missing
path, a dataset without the named column) raises. ``corpus_label(spec)`` names the corpus and its
exact content (a version, a file digest or a dataset revision) for the ``source`` column and the
run's config digest.

Each kind is a module with ``label(spec)``, ``read(spec)`` and, so that workers can read a
corpus piece by piece, ``units(spec, label)`` and ``read_unit(spec, unit, label)`` (``builtin``,
``evalplus``, ``files``, ``hf``), registered in ``READERS``; a module without ``units`` is read
whole by every worker that needs one of its seeds (fine for small corpora).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from semforge.record import Rejection, Seed

from . import builtin, evalplus, files, hf, pytorch
from .builtin import BUILTIN_LICENSE, builtin_manifest
from .common import _without_duplicates
from .evalplus import evalplus_license, seed_from_evalplus
from .evalplus_tests import inputs_from_test
from .files import MAX_FILE_BYTES
from .spec import EVALPLUS_SUFFIXES, CorpusSpec

READERS = {"builtin": builtin, "evalplus": evalplus, "files": files, "hf": hf,
           "builtin-pytorch": pytorch, "kernelbench": pytorch}


def corpus_label(spec: CorpusSpec) -> str:
    """A name for the corpus that changes whenever its content does."""
    return READERS[spec.kind].label(spec)


def _read_whole(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    reader = READERS[spec.kind]
    return reader(spec) if callable(reader) else reader.read(spec)


def iter_corpus(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    """Validated seeds and rejected records of one corpus, in a deterministic order.

    ``spec.limit`` keeps the first N records (for ``files`` and ``hf`` code, the first N
    functions or rejections). A seed identical to an earlier one (same entry point and code)
    comes back as a Rejection ``duplicate of <source_id>``.
    """
    items = _without_duplicates(_read_whole(spec))
    return itertools.islice(items, spec.limit) if spec.limit is not None else items


__all__ = [
    "BUILTIN_LICENSE",
    "EVALPLUS_SUFFIXES",
    "MAX_FILE_BYTES",
    "READERS",
    "CorpusSpec",
    "builtin_manifest",
    "corpus_label",
    "evalplus_license",
    "inputs_from_test",
    "iter_corpus",
    "read_unit",
    "units",
    "seed_from_evalplus",
]


def units(spec: CorpusSpec, label: str) -> Iterator[tuple[Any, Iterator[Seed | Rejection]]]:
    """(unit, its items) of one corpus in order: the pieces a worker can re-read on its own
    (``read_unit``). Concatenated, the items are the corpus before duplicates and ``limit``.
    A reader without units is read whole, as one unit."""
    reader = READERS[spec.kind]
    if not hasattr(reader, "units"):
        return iter([(0, _read_whole(spec))])
    return reader.units(spec, label)


def read_unit(spec: CorpusSpec, unit: Any, label: str) -> Iterator[Seed | Rejection]:
    """The items of one unit, as ``units`` gave them; ``label`` is ``corpus_label(spec)``."""
    reader = READERS[spec.kind]
    if not hasattr(reader, "read_unit"):
        return _read_whole(spec)
    return reader.read_unit(spec, unit, label)
