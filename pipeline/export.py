"""Training records from a dataset directory: SemRep-style stage-1 rewrite examples.

Each equivalent pair becomes a record: an instruction, the original program and the variant (the
target), and the measured speed label when there is one. The instruction says what kind of
rewrite the pair is (its transformation families: loops into builtins, control flow
restructured, ...) and what the measurement says about speed: a pair measured ``faster`` asks
for a faster program, ``slower`` for a slower one, ``same`` for one as fast, an unlabelled pair
for an equivalent one with no claim about speed.

Every measured pair is also read backwards (``direction: reversed``): the variant is the
program to rewrite and the original the target, with the label turned round (a slower variant
is a faster example read backwards). A filter keeps only some labels (``labels``) and, where
the dataset has the ``equivalence`` column, some equivalence levels (``equivalence``).

Records are split into train and validation by seed (source, source_id), never by row, so no
seed's programs appear on both sides. A directory as the output gets one file per split in the
Hub's naming (``data/train-00000-of-00001.jsonl``, ``data/validation-00000-of-00001.jsonl``), which
``datasets.load_dataset(OUT)`` reads as two splits; a file (``.jsonl``, ``.jsonl.gz``,
``.parquet``) gets every record, with its ``split`` field.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Callable, Iterable, Iterator

import fsspec
import pyarrow as pa
import pyarrow.parquet as pq

SPEED = {
    "faster": "that runs faster",
    "slower": "that runs slower",
    "same": "that runs about as fast",
    None: "",
}
# How each transformation family is asked for (transforms/families.py).
FAMILY_WORDS = {
    "loops-builtins": "turning loops into comprehensions or builtin calls, or builtin calls "
                      "into explicit loops",
    "recursion-iteration": "turning recursion into iteration, or iteration into recursion",
    "spelled-out": "spelling the computation out in helper functions or named steps, or "
                   "folding such steps back in",
    "assignments": "joining, splitting or reordering its assignments",
    "control-flow": "restructuring its control flow (guard clauses, else and elif, conditional "
                    "expressions, loop forms)",
    "api-substitution": "using other library calls or data structures for the same result",
    "algorithmic": "changing how the work is done (work moved out of or into loops, results "
                   "memoized)",
    "expression": "rewriting its expressions (comparisons, negations, operators)",
    "naming": "renaming its local variables",
    "dead-code": "adding statements that do nothing",
}
FLIP = {"faster": "slower", "slower": "faster", "same": "same"}
LABELS = ("faster", "slower", "same", "none")
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


def instruction_for(language: str, label: str | None, families: Iterable[str]) -> str:
    """The instruction of a record: the kind of rewrite (by family) and the speed claim the
    measurement supports (none without a label)."""
    words = [FAMILY_WORDS[f] for f in dict.fromkeys(families) if f in FAMILY_WORDS]
    how = f", by {' and by '.join(words)}" if words else ""
    speed = SPEED.get(label, "")
    claim = f" {speed}" if speed else ""
    return (f"Rewrite the following {NAMES.get(language, language)} program into a "
            f"semantically equivalent program{claim}{how}.")


def _families(row: dict[str, Any]) -> list[str]:
    if row.get("families") is not None:
        return list(row["families"])
    from semforge.transforms.catalog import families_of  # rows from before the column

    return families_of(row.get("transforms") or ())


def to_record(row: dict[str, Any], fmt: str, split: str, reverse: bool = False) -> dict[str, Any]:
    """The record of a pair, or of the pair read backwards (``reverse``: the variant is the
    program given, the original the answer, the label turned round)."""
    language = row.get("language") or "python"
    label = row.get("perf_label")
    given, target = row["original"], row["variant"]
    if reverse:
        given, target, label = target, given, FLIP.get(label)
    instruction = instruction_for(language, label, _families(row))
    fence = FENCE.get(language, "")
    prompt = f"{instruction}\n\n```{fence}\n{given.rstrip()}\n```"
    answer = f"```{fence}\n{target.rstrip()}\n```"
    record: dict[str, Any] = {"id": row["id"] + ("-reversed" if reverse else ""),
                              "split": split}
    if fmt == "chat":
        record["messages"] = [{"role": "user", "content": prompt},
                              {"role": "assistant", "content": answer}]
    else:
        record["prompt"] = prompt + "\n\n"
        record["completion"] = answer
    speedup = row.get("speedup")
    if reverse and speedup:
        speedup = round(1 / speedup, 4)
    record.update(instruction=instruction, original=given, variant=target, label=label,
                  speedup=speedup, language=language, source=row.get("source"),
                  source_id=row.get("source_id"),
                  direction="reversed" if reverse else "forward",
                  families=_families(row), equivalence=row.get("equivalence"),
                  pair_id=row["id"])
    return record


def records_of(row: dict[str, Any], fmt: str, split: str, labels: set[str] | None = None,
               both_directions: bool = True) -> list[dict[str, Any]]:
    """The records of one pair: forward, and backward when it is measured (faster, slower or
    same); only those whose label is in ``labels`` (``none`` for unlabelled)."""
    out = [to_record(row, fmt, split)]
    if both_directions and row.get("perf_label") in FLIP:
        out.append(to_record(row, fmt, split, reverse=True))
    if labels is not None:
        out = [r for r in out if (r["label"] or "none") in labels]
    return out


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
           warn: Callable[[str], None] | None = None, labels: Iterable[str] | None = None,
           equivalence: Iterable[str] | None = None, both_directions: bool = True,
           file_format: str = "jsonl") -> dict[str, int]:
    """Write the records to ``out``; return records per split.

    ``out`` ending in .jsonl, .jsonl.gz or .parquet: one file with every record (and its
    ``split``); anything else: a directory with ``data/<split>-00000-of-00001.<file_format>``
    per split. ``labels`` (faster, slower, same, none) and ``equivalence`` (strict, typed...)
    keep only those records; ``warn`` is told when a split that ``validation`` asks for comes
    out empty, and when the equivalence filter meets rows without the column."""
    if fmt not in ("chat", "completion"):
        raise ValueError(f"--format {fmt!r}: use chat or completion")
    single = out.endswith((".jsonl", ".jsonl.gz", ".parquet"))
    if not single and "." in out.rstrip("/").rsplit("/", 1)[-1]:
        raise ValueError(f"-o {out}: the suffix picks the format: .jsonl, .jsonl.gz or .parquet "
                         "(or give a directory, for one file per split)")
    if file_format not in ("jsonl", "parquet"):
        raise ValueError(f"--file-format {file_format!r}: use jsonl or parquet")
    wanted = set(labels) if labels else None
    if wanted and not wanted <= set(LABELS):
        raise ValueError(f"--label {','.join(sorted(wanted))}: use {', '.join(LABELS)}")
    levels = set(equivalence) if equivalence else None
    counts = {"train": 0, "validation": 0}
    seeds: set[tuple[str, str]] = set()
    records = []
    unlevelled = 0
    for row in iter_pairs(src):
        if levels is not None and row.get("equivalence") not in levels:
            unlevelled += row.get("equivalence") is None
            continue
        key = (row.get("source") or "", row.get("source_id") or "")
        split = split_of(key[0], key[1], seed, validation)
        seeds.add(key)
        for record in records_of(row, fmt, split, wanted, both_directions):
            counts[split] += 1
            records.append(record)
    if warn is not None:
        if unlevelled:
            warn(f"warning: {unlevelled} pair(s) have no equivalence level (a dataset made "
                 "before the column, or pairs that are not equivalent): left out by --equivalence")
        message = empty_split_warning(counts, len(seeds), validation)
        if message:
            warn(message)
    if single:
        _write(out, records)
    else:
        for split in ("train", "validation"):
            part = [r for r in records if r["split"] == split]
            if part or split == "train":
                _write(f"{out.rstrip('/')}/data/{split}-00000-of-00001.{file_format}", part)
    return counts


def _write(out: str, records: list[dict[str, Any]]) -> None:
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
