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



# Records per unit: a worker re-reads only its unit's lines (it still decompresses the ones
# before them, which costs far less than parsing their JSON).
BLOCK_RECORDS = 32


def read(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    source = label(spec)
    for _, items in units(spec, source):
        yield from items


def units(spec: CorpusSpec, source: str) -> Iterator[tuple[list, Iterator[Seed | Rejection]]]:
    """Units of ``BLOCK_RECORDS`` lines (rows of a Parquet file): ``[start, stop]``, 0-based.
    A file that cannot be counted through is one unit, whose reading reports why."""
    path = _existing(spec.path, spec)
    try:
        count = _count_records(path)
    except (OSError, EOFError, ValueError, zlib.error):
        yield [0, None], read_unit(spec, [0, None], source)
        return
    for start in range(0, count, BLOCK_RECORDS):
        unit = [start, start + BLOCK_RECORDS]
        yield unit, read_unit(spec, unit, source)


def read_unit(spec: CorpusSpec, unit: list, source: str) -> Iterator[Seed | Rejection]:
    path = _existing(spec.path, spec)
    license = spec.license or evalplus_license(path.name)
    start, stop = unit
    try:
        for source_id, record in _evalplus_records(path, start, stop):
            if isinstance(record, Rejection):
                yield Rejection(source, source_id, record.reason)
                continue
            yield seed_from_evalplus(record, source=source, source_id=source_id, license=license,
                                     max_inputs=spec.max_inputs)
    except (OSError, EOFError, ValueError, zlib.error) as err:  # corrupt gzip / Parquet: one rejection
        yield Rejection(source, path.name, f"unreadable file: {_one_line(err)}")


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


def _count_records(path: Path) -> int:
    if path.name.lower().endswith(".parquet"):
        import pyarrow.parquet as pq

        return pq.ParquetFile(path).metadata.num_rows
    opener = gzip.open if path.name.lower().endswith(".gz") else open
    with opener(path, "rb") as fh:
        return sum(1 for _ in fh)


def _evalplus_records(path: Path, start: int = 0,
                      stop: int | None = None) -> Iterator[tuple[str, Any]]:
    """(fallback source id, record or Rejection) per line / row numbered ``start`` to ``stop``
    (0-based, end excluded); ids are ``line N`` / ``row N`` (1-based)."""
    if path.name.lower().endswith(".parquet"):
        import pyarrow.parquet as pq

        row = 0
        for batch in pq.ParquetFile(path).iter_batches():
            if row + batch.num_rows <= start:
                row += batch.num_rows
                continue
            for record in batch.to_pylist():
                row += 1
                if row - 1 < start:
                    continue
                if stop is not None and row > stop:
                    return
                yield f"row {row}", record
        return
    opener = gzip.open if path.name.lower().endswith(".gz") else open
    with opener(path, "rb") as fh:
        for number, raw in enumerate(fh, start=1):
            if number - 1 < start:
                continue
            if stop is not None and number > stop:
                return
            if not raw.strip():
                continue
            text, reason = decode_or_reason(raw)
            if reason:
                yield f"line {number}", Rejection("", f"line {number}", reason)
                continue
            try:
                record = json.loads(text)
            except json.JSONDecodeError as err:
                record = Rejection("", f"line {number}", f"not JSON: {err.msg} at column {err.colno}")
            except RecursionError:
                record = Rejection("", f"line {number}", "not JSON: nested too deeply")
            yield f"line {number}", record
