"""KernelBench-format PyTorch programs (``builtin-pytorch``, ``kernelbench``): the readers live in
``pipeline/kernelbench.py``; this module gives them the interface of the other corpus kinds."""

from __future__ import annotations

from collections.abc import Iterator

from semforge.record import Rejection, Seed

from .. import kernelbench
from .spec import CorpusSpec


def label(spec: CorpusSpec) -> str:
    return kernelbench.corpus_label(spec)


def read(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    return kernelbench.iter_corpus(spec)
