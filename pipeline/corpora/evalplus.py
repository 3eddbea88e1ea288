"""``kind: evalplus``: EvalPlus records (HumanEval+, MBPP+) from .jsonl, .jsonl.gz or .parquet.

``seed_from_evalplus`` maps one record to a seed and is shared with the ``hf`` reader.
"""

from __future__ import annotations

import gzip
import json
import re
import zlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from semforge.record import Rejection, Seed

from ..seeds import cap_inputs, decode_or_reason, validate_seed
from .common import _existing, _file_sha256, _one_line
from .evalplus_tests import inputs_from_test
from .spec import CorpusSpec


def label(spec: CorpusSpec) -> str:
    path = _existing(spec.path, spec)
    return f"evalplus:{path.name}@{_file_sha256(path)[:12]}"


def evalplus_license(name: str) -> str | None:
    """Apache-2.0 for EvalPlus's own HumanEval+ and MBPP+, recognised by file or dataset name."""
    squashed = re.sub(r"[^a-z0-9+]", "", name.lower()).replace("+", "plus")
    return "Apache-2.0" if ("humanevalplus" in squashed or "mbppplus" in squashed) else None



# Records per unit. The driver reads the file once, front to back, and cuts it into units; a
# worker re-reads only its unit, from the byte offset (JSON lines) or row group (Parquet) the
# unit carries. A gzip stream cannot seek: reaching an offset decompresses what comes before
# it (zlib at C speed, no per-line work), so very large corpora are better split into several
# files or stored as Parquet.
BLOCK_RECORDS = 32


def read(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    source = label(spec)
    for _, items in units(spec, source):
        yield from items


def units(spec: CorpusSpec, source: str) -> Iterator[tuple[list, Iterator[Seed | Rejection]]]:
    """Units of ``BLOCK_RECORDS`` lines (rows of a Parquet file) in one pass over the file:
    ``[start, stop, where]``, 0-based, ``where`` the byte offset of line ``start`` (the row
    group of row ``start`` in Parquet). A file that cannot be read through is one unit, whose
    reading reports why."""
    path = _existing(spec.path, spec)
    try:
        _check_readable(path)  # a corrupt file is found before any unit is handed out
    except (OSError, EOFError, ValueError, zlib.error):
        yield [0, None, 0], read_unit(spec, [0, None, 0], source)
        return
    license = spec.license or evalplus_license(path.name)
    block: list[tuple[str, Any]] = []
    start, where = 0, 0
    for source_id, record, index, position in _evalplus_records(path):
        if index == start + BLOCK_RECORDS:
            yield [start, index, where], _seeds(spec, block, source, license)
            start, block = index, []
        if index == start:
            where = position
        block.append((source_id, record))
    if block:
        yield [start, start + BLOCK_RECORDS, where], _seeds(spec, block, source, license)


def read_unit(spec: CorpusSpec, unit: list, source: str) -> Iterator[Seed | Rejection]:
    path = _existing(spec.path, spec)
    license = spec.license or evalplus_license(path.name)
    start, stop, where = unit
    try:
        records = ((i, r) for i, r, _, _ in _evalplus_records(path, start, stop, where))
        yield from _seeds(spec, records, source, license)
    except (OSError, EOFError, ValueError, zlib.error) as err:  # corrupt gzip / Parquet: one rejection
        yield Rejection(source, path.name, f"unreadable file: {_one_line(err)}")


def _seeds(spec: CorpusSpec, records, source: str,
           license: str | None) -> Iterator[Seed | Rejection]:
    for source_id, record in records:
        if record is None:  # a blank line
            continue
        if isinstance(record, Rejection):
            yield Rejection(source, source_id, record.reason)
            continue
        yield seed_from_evalplus(record, source=source, source_id=source_id, license=license,
                                 max_inputs=spec.max_inputs)


def seed_from_evalplus(
    record: Any, *, source: str, source_id: str, license: str | None, max_inputs: int
) -> Seed | Rejection:
    """Map one EvalPlus record to a validated seed (shared by the file and HF loaders).

    code = ``prompt + canonical_solution`` (or ``code`` alone, as the MBPP+ Hub copy has it, whose
    prompt is prose); inputs = ``base_input`` then a sample of ``plus_input``, capped at
    ``max_inputs``. Hub copies without input columns carry them in their ``test`` script, which
    is read without running it (``inputs_from_test``); so is a missing entry point
    (``check(name)``). ``source_id`` is ``task_id`` when the record has one.
    """
    if not isinstance(record, Mapping):
        return Rejection(source, source_id, f"record is not a JSON object ({type(record).__name__})")
    if record.get("task_id") not in (None, ""):
        source_id = str(record["task_id"])

    def reject(reason: str) -> Rejection:
        return Rejection(source=source, source_id=source_id, reason=reason)

    test = record.get("test") if isinstance(record.get("test"), str) else ""
    from_test = inputs_from_test(test) if test else ([], None, None)
    entry_point = record.get("entry_point") or from_test[2]
    if not isinstance(entry_point, str) or not entry_point.strip():
        return reject("record has no entry_point")
    if record.get("canonical_solution") is not None:
        code, solution = record.get("prompt") or "", record["canonical_solution"]
    elif record.get("code") is not None:
        code, solution = "", record["code"]
    else:
        return reject("record has no canonical_solution")
    if not isinstance(code, str) or not isinstance(solution, str):
        return reject("prompt and canonical_solution must be text")
    try:
        base = _json_list(record.get("base_input"), "base_input")
        plus = _json_list(record.get("plus_input"), "plus_input")
    except ValueError as err:  # json.JSONDecodeError is a ValueError
        return reject(f"bad inputs: {str(err).splitlines()[0]}")
    except RecursionError:
        return reject("bad inputs: nested too deeply")
    if record.get("base_input") is None and record.get("plus_input") is None:
        plus = from_test[0]
    atol = record.get("atol")
    if atol is None:
        atol = from_test[1] or 0.0
    seed = Seed(source=source, source_id=source_id, entry_point=entry_point.strip(),
                code=code + solution, license=license, inputs=cap_inputs(base, plus, max_inputs),
                atol=atol)
    return validate_seed(seed)


def _json_list(value: Any, field_name: str) -> list[Any]:
    """EvalPlus inputs are lists; some Hub copies store them as JSON text."""
    if value is None:
        return []
    if isinstance(value, str):
        value = json.loads(value) if value.strip() else []
    if not isinstance(value, list):
        raise ValueError(f"{field_name} must be a list, got {type(value).__name__}")
    return value


def _check_readable(path: Path) -> None:
    """Raise if the file cannot be read to its end (a truncated or corrupt gzip, a Parquet
    file without valid metadata); reads in large blocks, without splitting lines."""
    if path.name.lower().endswith(".parquet"):
        import pyarrow.parquet as pq

        pq.ParquetFile(path)
        return
    opener = gzip.open if path.name.lower().endswith(".gz") else open
    with opener(path, "rb") as fh:
        while fh.read(1 << 22):
            pass


def _evalplus_records(path: Path, start: int = 0, stop: int | None = None,
                      where: int | None = None) -> Iterator[tuple[str, Any, int, int]]:
    """(fallback source id, record or Rejection, index, position) per line / row indexed
    ``start`` to ``stop`` (0-based, end excluded); ids are ``line N`` / ``row N`` (1-based).
    ``position`` is the line's byte offset (the row's row group); ``where``, when known, is
    that of line ``start``: reading begins there instead of at the top. A blank line's record
    is None."""
    if path.name.lower().endswith(".parquet"):
        yield from _parquet_rows(path, start, stop)
        return
    opener = gzip.open if path.name.lower().endswith(".gz") else open
    with opener(path, "rb") as fh:
        number, offset = 0, 0
        if where:
            fh.seek(where)
            number, offset = start, where
        for raw in fh:
            number += 1
            line_at, offset = offset, offset + len(raw)
            if number - 1 < start:
                continue
            if stop is not None and number > stop:
                return
            record = _parse_line(raw, number) if raw.strip() else None
            yield f"line {number}", record, number - 1, line_at


def _parse_line(raw: bytes, number: int) -> Any:
    text, reason = decode_or_reason(raw)
    if reason:
        return Rejection("", f"line {number}", reason)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        return Rejection("", f"line {number}", f"not JSON: {err.msg} at column {err.colno}")
    except RecursionError:
        return Rejection("", f"line {number}", "not JSON: nested too deeply")


def _parquet_rows(path: Path, start: int, stop: int | None) -> Iterator[tuple[str, Any, int, int]]:
    """Rows of a Parquet file from row ``start``, decoding only the row groups that hold them."""
    import pyarrow.parquet as pq

    pf = pq.ParquetFile(path)
    row = 0
    for group in range(pf.num_row_groups):
        n = pf.metadata.row_group(group).num_rows
        if row + n <= start:
            row += n
            continue
        for record in pf.read_row_group(group).to_pylist():
            row += 1
            if row - 1 < start:
                continue
            if stop is not None and row > stop:
                return
            yield f"row {row}", record, row - 1, group
