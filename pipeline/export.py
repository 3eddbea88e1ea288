"""Training records from a dataset directory: SemRep-style stage-1 rewrite examples.

Each equivalent pair becomes one record: an instruction, the original program and the variant
(the target), plus the measured speed label when there is one. The instruction asks for a faster
(or slower) program only when the measurement says the variant is faster (or slower); otherwise
for an equivalent program. Records are split into train and validation by seed (source,
source_id), never by row, so no seed's programs appear on both sides.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Callable, Iterator

import fsspec
import pyarrow as pa
import pyarrow.parquet as pq

INSTRUCTIONS = {
    "faster": "Rewrite the following {lang} program into a semantically equivalent program that "
              "runs faster.",
    "slower": "Rewrite the following {lang} program into a semantically equivalent program that "
              "runs slower.",
    None: "Rewrite the following {lang} program into a different but semantically equivalent "
          "program.",
}
NAMES = {"python": "Python", "pytorch": "PyTorch", "cuda": "CUDA", "c": "C", "cpp": "C++"}
FENCE = {"python": "python", "pytorch": "python", "cuda": "cuda", "c": "c", "cpp": "cpp"}


def split_of(source: str, source_id: str, seed: int, validation: float) -> str:
    """``train`` or ``validation``: a pure function of the seed's identity and the split seed."""
    h = hashlib.sha256(f"{seed}\0{source}\0{source_id}".encode("utf-8", "surrogatepass")).digest()
    return "validation" if int.from_bytes(h[:8], "big") / 2**64 < validation else "train"


def iter_pairs(src: str) -> Iterator[dict[str, Any]]:
    fs, root = fsspec.core.url_to_fs(src)
    files = sorted(fs.glob(f"{root.rstrip('/')}/data/default/train-*.parquet"))
    if not files:
        raise ValueError(f"{src} has no data/default/train-*.parquet: point at a directory written by "
                         "`semforge run` (or a published version of one)")
    for path in files:
        with fs.open(path, "rb") as fh:
            yield from pq.read_table(fh).to_pylist()


def to_record(row: dict[str, Any], fmt: str, split: str) -> dict[str, Any]:
    language = row.get("language") or "python"
    label = row.get("perf_label") if row.get("perf_label") in ("faster", "slower") else None
    instruction = INSTRUCTIONS[label].format(lang=NAMES.get(language, language))
    fence = FENCE.get(language, "")
    prompt = f"{instruction}\n\n```{fence}\n{row['original'].rstrip()}\n```"
    answer = f"```{fence}\n{row['variant'].rstrip()}\n```"
    record: dict[str, Any] = {"id": row["id"], "split": split}
    if fmt == "chat":
        record["messages"] = [{"role": "user", "content": prompt},
                              {"role": "assistant", "content": answer}]
    else:
        record["prompt"] = prompt + "\n\n"
        record["completion"] = answer
    record.update(instruction=instruction, original=row["original"], variant=row["variant"],
                  label=row.get("perf_label"), speedup=row.get("speedup"), language=language,
                  source=row.get("source"), source_id=row.get("source_id"))
    return record


def empty_split_warning(counts: dict[str, int], n_seeds: int, validation: float) -> str | None:
    """What to tell the user when a split they asked for came out empty, else None."""
    total = sum(counts.values())
    if total == 0:
        return "warning: no records: the dataset has no equivalent pairs"
    wanted = [s for s, share in (("train", 1 - validation), ("validation", validation)) if share > 0]
    empty = [s for s in wanted if counts[s] == 0]
    if not empty:
        return None
    other = "train" if empty[0] == "validation" else "validation"
    return (f"warning: the {empty[0]} split is empty: all {n_seeds} seed(s) ({total} records) went "
            f"to {other} with --validation {validation:g}. Seeds are split whole, so a small "
            "dataset can leave one side empty: use more seeds (a larger corpus), a different "
            "--validation fraction, or another --split-seed")


def export(src: str, out: str, fmt: str = "chat", seed: int = 0, validation: float = 0.05,
           warn: Callable[[str], None] | None = None) -> dict[str, int]:
    """Write the records to ``out`` (.jsonl, .jsonl.gz or .parquet); return rows per split.
    ``warn`` is told when a split that ``validation`` asks for comes out empty."""
    if fmt not in ("chat", "completion"):
        raise ValueError(f"--format {fmt!r}: use chat or completion")
    if not out.endswith((".jsonl", ".jsonl.gz", ".parquet")):
        raise ValueError(f"-o {out}: the suffix picks the format: .jsonl, .jsonl.gz or .parquet")
    counts = {"train": 0, "validation": 0}
    seeds: set[tuple[str, str]] = set()
    records = []
    for row in iter_pairs(src):
        key = (row.get("source") or "", row.get("source_id") or "")
        split = split_of(key[0], key[1], seed, validation)
        seeds.add(key)
        counts[split] += 1
        records.append(to_record(row, fmt, split))
    if warn is not None:
        message = empty_split_warning(counts, len(seeds), validation)
        if message:
            warn(message)
    fs, path = fsspec.core.url_to_fs(out)
    parent = path.rsplit("/", 1)[0] if "/" in path else ""
    if parent:
        fs.makedirs(parent, exist_ok=True)
    if out.endswith(".parquet"):
        with fs.open(path, "wb") as fh:
            pq.write_table(pa.Table.from_pylist(records), fh, compression="zstd")
    else:
        with fs.open(path, "wt", compression="gzip" if out.endswith(".gz") else None,
                     encoding="utf-8") as fh:
            for r in records:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    return counts
