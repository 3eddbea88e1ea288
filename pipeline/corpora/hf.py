"""``kind: hf``: a Hub dataset id, a local dataset folder or a single data file, with rows in
EvalPlus format or plain source text (``data_format: code``)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from pathlib import Path

from semforge.record import Rejection, Seed

from .. import kernelbench
from ..seeds import extract_functions
from .common import _one_line, _tree_sha256, _with_license
from .evalplus import evalplus_license, seed_from_evalplus
from .spec import CorpusSpec

# An EvalPlus-format dataset needs one column of each group (MBPP+ on the Hub has `code` and
# names its entry point only in `test`).
_EVALPLUS_COLUMNS = (("canonical_solution", "code"), ("entry_point", "test"))


# A single local data file given as `name:` is read with the matching packaged builder (its one
# split is "train").
_DATA_FILE_BUILDERS = {".parquet": "parquet", ".jsonl": "json", ".json": "json",
                       ".jsonl.gz": "json", ".csv": "csv", ".arrow": "arrow"}


def _load_hf(spec: CorpusSpec, revision: str | None = None, streaming: bool = False):
    """The split as a ``datasets`` Dataset (or IterableDataset when streaming)."""
    import datasets

    local = Path(spec.name).expanduser()
    try:
        if local.is_file():
            suffix = next((s for s in _DATA_FILE_BUILDERS if local.name.lower().endswith(s)), None)
            if suffix is None:
                raise ValueError(f"corpus '{spec.name}': a single data file must be one of "
                                 f"{', '.join(_DATA_FILE_BUILDERS)}")
            return datasets.load_dataset(_DATA_FILE_BUILDERS[suffix], data_files=str(local),
                                         split=spec.split, streaming=streaming)
        return datasets.load_dataset(spec.name, split=spec.split, streaming=streaming,
                                     revision=revision or spec.revision)
    except ValueError as err:
        if "split" in str(err).lower():
            raise ValueError(f"corpus '{spec.name}' has no split '{spec.split}': "
                             f"{_one_line(err)}") from err
        raise


def _hub_commit(spec: CorpusSpec) -> str | None:
    """The commit a Hub id (at ``revision``, default branch otherwise) resolves to; None for a
    local path or when the Hub cannot be asked (offline: the label falls back)."""
    if Path(spec.name).expanduser().exists():
        return None
    try:
        from huggingface_hub import HfApi

        return HfApi().dataset_info(spec.name, revision=spec.revision).sha
    except Exception:  # offline, unknown id, no permission: loading will say what is wrong
        return None


def _hf_revisions(spec: CorpusSpec) -> tuple[str | None, str | None]:
    """(revision for the label, revision to load). A Hub id is pinned to the commit it resolves
    to, so the label and the rows describe the same data; a local path is labelled by a digest
    of its content (datasets' own fingerprint of a folder changes with file mtimes)."""
    local = Path(spec.name).expanduser()
    if local.exists():
        return _tree_sha256(local)[:12], None
    commit = _hub_commit(spec)
    if commit:
        return commit[:12], commit
    return spec.revision, spec.revision


def label(spec: CorpusSpec) -> str:
    label_rev, load_rev = _hf_revisions(spec)
    if label_rev is None:  # unpinned and the Hub cannot be asked: the cached copy's fingerprint
        label_rev = _load_hf(spec, load_rev)._fingerprint
    return f"hf:{spec.name}@{label_rev}"


# Rows per unit. A Hub dataset is streamed (never downloaded whole), one of its files at a time,
# so a corpus larger than memory or disk works; a worker re-reads only its unit's file.
BLOCK_ROWS = 256


def read(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    for _, items in units(spec, None):
        yield from items


def units(spec: CorpusSpec, source: str | None) -> Iterator[tuple[list, Iterator[Seed | Rejection]]]:
    """Units of ``BLOCK_ROWS`` rows of one of the dataset's own files (its streaming shards):
    ``[file index, files, first row in the file, rows before it in the split, revision]``."""
    label_rev, load_rev = _hf_revisions(spec)
    dataset = _load_hf(spec, load_rev, streaming=True)
    source = source or f"hf:{spec.name}@{label_rev or getattr(dataset, '_fingerprint', 'unpinned')}"
    rows = _checked_rows(spec, dataset)
    license = _license(spec, dataset)
    n_files = max(1, getattr(dataset, "n_shards", 1) or 1)
    offset = 0
    for i in range(n_files):
        part = rows if n_files == 1 else dataset.shard(num_shards=n_files, index=i)
        start = 0
        for block in _blocks(part, BLOCK_ROWS):
            unit = [i, n_files, start, offset, load_rev]
            yield unit, _items(spec, block, offset, source, license)
            start += len(block)
            offset += len(block)


def read_unit(spec: CorpusSpec, unit: list, source: str) -> Iterator[Seed | Rejection]:
    i, n_files, start, offset, load_rev = unit
    dataset = _load_hf(spec, load_rev, streaming=True)
    part = dataset if n_files == 1 else dataset.shard(num_shards=n_files, index=i)
    rows = list(itertools.islice(part, start, start + BLOCK_ROWS))
    return _items(spec, rows, offset, source, _license(spec, dataset))


def _blocks(rows: Iterable[dict], size: int) -> Iterator[list[dict]]:
    it = iter(rows)
    while block := list(itertools.islice(it, size)):
        yield block


def _checked_rows(spec: CorpusSpec, dataset) -> Iterable[dict]:
    """The dataset's rows, after checking it has the columns the spec names."""
    rows: Iterable[dict] = dataset
    columns = list(dataset.column_names or [])
    if not columns:  # a streamed dataset may know its columns only from its first row
        first = next(iter(dataset), None)
        columns = list(first or {})
        rows = itertools.chain([first] if first is not None else [], itertools.islice(dataset, 1, None))
    if spec.id_column and spec.id_column not in columns:
        raise ValueError(f"dataset '{spec.name}' has no column '{spec.id_column}' (id_column); "
                         f"its columns are: {', '.join(columns)}")
    if spec.data_format == "kernelbench":
        if "code" not in columns:
            raise ValueError(f"dataset '{spec.name}' has no column 'code' (KernelBench format); "
                             f"its columns are: {', '.join(columns)}")
        return rows
    if spec.data_format == "code":
        if spec.code_column not in columns:
            raise ValueError(f"dataset '{spec.name}' has no column '{spec.code_column}' "
                             f"(code_column); its columns are: {', '.join(columns)}")
        return rows
    missing = [" or ".join(repr(c) for c in group) for group in _EVALPLUS_COLUMNS
               if not any(c in columns for c in group)]
    if missing:
        raise ValueError(f"dataset '{spec.name}' is not in EvalPlus format: no column "
                         f"{', '.join(missing)}; its columns are: {', '.join(columns)} "
                         "(use data_format: code and code_column: for plain source text)")
    return rows


def _license(spec: CorpusSpec, dataset) -> str | None:
    if spec.data_format in ("code", "kernelbench"):
        return spec.license or _dataset_license(dataset)
    return spec.license or evalplus_license(spec.name) or _dataset_license(dataset)


def _items(spec: CorpusSpec, rows: Iterable[dict], offset: int, source: str,
           license: str | None) -> Iterator[Seed | Rejection]:
    if spec.data_format == "kernelbench":
        yield from kernelbench.dataset_rows(rows, ["code"], source, spec.name, license)
        return
    for index, row in enumerate(rows, start=offset):
        if spec.data_format == "code":
            prefix = _row_id(spec, row, index)
            code = row[spec.code_column]
            if not isinstance(code, str) or not code.strip():
                yield Rejection(source, prefix, f"column '{spec.code_column}' is empty or not text")
                continue
            yield from _with_license(extract_functions(code, source, prefix), license)
        else:
            yield seed_from_evalplus(row, source=source, source_id=_row_id(spec, row, index),
                                     license=license, max_inputs=spec.max_inputs)


def _row_id(spec: CorpusSpec, row: dict, index: int) -> str:
    value = row.get(spec.id_column) if spec.id_column else None
    return str(value) if value not in (None, "") else f"{spec.split}[{index}]"


def _dataset_license(dataset) -> str | None:
    license = getattr(dataset.info, "license", None)
    return license.strip() or None if isinstance(license, str) else None
