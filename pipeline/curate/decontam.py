"""Decontamination: drop pairs that overlap benchmark problems.

A benchmark is a list of problems (id, code). A program overlaps a problem when the share of
token n-grams they have in common, over the smaller of the two n-gram sets, reaches the threshold;
a pair is contaminated when its original or its variant overlaps any problem. Shared n-grams, not
equal text, so renamed variables or re-wrapped lines of a benchmark solution are still caught
while short common idioms (``for i in range(len(xs)):``) are not, on their own, enough.

Shipped with semforge: HumanEval+ (``humaneval``, Apache-2.0, prompt + canonical solution of its
164 tasks). Every other benchmark (MBPP, KernelBench, your own) is named in the config with a
local file or folder, or a Hub dataset id loaded with ``datasets``.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from .tokens import code_tokens, ngrams

SHIPPED = {"humaneval": Path(__file__).with_name("data") / "humaneval.jsonl.gz"}
# Benchmarks users often mean that semforge does not bundle (only HumanEval+ ships with the
# package; a copy of any other comes from the user, offline or from the Hub): where to get them.
KNOWN_ELSEWHERE = {
    "mbpp": "the Hub dataset `google-research-datasets/mbpp` (or `evalplus/mbppplus`), field `code`",
    "kernelbench": "the Hub dataset `ScalingIntelligence/KernelBench` with "
                   "`split: level_1+level_2+level_3+level_4` (every level; one split per level), "
                   "field `code`, or a KernelBench checkout (its root or its KernelBench/ folder)",
}
SOURCE_SUFFIXES = (".py", ".cu", ".c", ".cpp")
DATA_SUFFIXES = (".parquet", ".jsonl", ".gz", ".json", ".arrow", ".csv")
READABLE_SUFFIXES = SOURCE_SUFFIXES + (".jsonl", ".gz", ".parquet", ".json")  # _records_from_file
CODE_FIELDS = ("code", "canonical_solution", "solution", "prompt", "program", "source", "content")


@dataclass
class Benchmark:
    name: str
    problems: list[tuple[str, str]]  # (problem id, code)


def _records_from_file(path: Path, pid: str | None = None) -> Iterable[dict[str, Any]]:
    """Records of a file; a source file is one record whose id is ``pid`` (default: its name)."""
    name = path.name
    if name.endswith((".jsonl", ".jsonl.gz", ".json")):
        opener = gzip.open if name.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as fh:
            if name.endswith(".json"):
                data = json.load(fh)
                yield from (data if isinstance(data, list) else [data])
            else:
                for line in fh:
                    if line.strip():
                        yield json.loads(line)
    elif name.endswith(".parquet"):
        import pyarrow.parquet as pq

        yield from pq.read_table(path).to_pylist()
    elif name.endswith(SOURCE_SUFFIXES + (".txt",)):
        yield {"id": pid or name, "code": path.read_text(encoding="utf-8", errors="replace")}
    else:
        raise ValueError(f"{path}: use .jsonl, .jsonl.gz, .json, .parquet or source files")


def _folder_files(p: Path) -> list[Path] | None:
    """The files to read of a local folder of benchmark programs, or None for a dataset folder,
    which `datasets` reads (a README.md card, Parquet files at its top, or only data files).

    A KernelBench checkout's root has a README.md and, beside its problems
    (``KernelBench/level*/*.py``), the harness's own code (``src/``, ``scripts/``): only the
    problems are read. A folder with a README.md and source files but no data files is read file
    by file too: `datasets` cannot load source files."""
    if (p / "KernelBench").is_dir():
        levels = sorted(f for f in (p / "KernelBench").glob("level*/**/*")
                        if f.is_file() and f.suffix in SOURCE_SUFFIXES)
        if levels:
            return levels
    files = sorted(f for f in p.rglob("*") if f.is_file() and not any(
        part.startswith(".") for part in f.relative_to(p).parts))
    if (p / "README.md").exists() or any(p.glob("*.parquet")):
        sources = [f for f in files if f.suffix in SOURCE_SUFFIXES]
        return sources if sources and not any(f.suffix in DATA_SUFFIXES for f in files) else None
    if not any(f.suffix in (".py", ".cu", ".jsonl", ".gz") for f in files):
        return None  # only data files (a dataset's data/ folder without a card): `datasets`
    return [f for f in files if f.suffix in READABLE_SUFFIXES]


def _problem_code(rec: dict[str, Any], fields: list[str] | None) -> str:
    wanted = fields or [f for f in CODE_FIELDS if f in rec]
    parts = [rec[f] for f in wanted if isinstance(rec.get(f), str)]
    if fields and not parts:
        raise ValueError(f"record has none of the fields {fields} (it has {sorted(rec)})")
    return "\n".join(parts)


def load_benchmark(name: str, path: str | None = None, split: str | None = None,
                   fields: list[str] | None = None) -> Benchmark:
    """A shipped benchmark by name, or one named by a local file/folder or Hub dataset id."""
    if path is None:
        if name in SHIPPED:
            records = _records_from_file(SHIPPED[name])
        elif name in KNOWN_ELSEWHERE:
            raise ValueError(f"benchmark {name!r} is not shipped with semforge; name it in the config "
                             f"with `path:` pointing at {KNOWN_ELSEWHERE[name]}")
        else:
            raise ValueError(f"benchmark {name!r} is not shipped (shipped: {', '.join(SHIPPED)}); "
                             "give it a `path:` (local file or folder, or a Hub dataset id)")
    else:
        p = Path(path).expanduser()
        files = _folder_files(p) if p.is_dir() else None
        if p.is_file():
            records = _records_from_file(p)
        elif files:
            records = (r for f in files for r in _records_from_file(f, f.relative_to(p).as_posix()))
        else:  # a Hub id or a dataset folder: `datasets` knows how to read those
            import datasets

            ds = datasets.load_dataset(str(path), split=split or "test")
            records = iter(ds)
    problems = []
    for i, rec in enumerate(records):
        code = _problem_code(rec, fields)
        if code.strip():
            pid = str(rec.get("task_id") or rec.get("id") or rec.get("problem_id") or i)
            problems.append((pid, code))
    if not problems:
        raise ValueError(f"benchmark {name!r} ({path or 'shipped'}) has no problems with code")
    return Benchmark(name, problems)


@dataclass
class ContaminationIndex:
    """n-gram -> problems that contain it, over every benchmark."""

    n: int = 10
    threshold: float = 0.5
    _owners: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    _problems: list[tuple[str, str, int]] = field(default_factory=list)  # (benchmark, id, n-grams)

    def add(self, bench: Benchmark) -> None:
        for pid, code in bench.problems:
            grams = ngrams(code_tokens(code), self.n)
            index = len(self._problems)
            self._problems.append((bench.name, pid, len(grams)))
            for g in grams:
                self._owners[g].append(index)

    def match(self, code: str, language: str = "python") -> tuple[str, str] | None:
        """(benchmark, problem id) that ``code`` overlaps, or None."""
        grams = ngrams(code_tokens(code, language), self.n)
        if not grams:
            return None
        hits: Counter = Counter()
        for g in grams:
            hits.update(self._owners.get(g, ()))
        best = None
        for index, shared in hits.items():
            bench, pid, size = self._problems[index]
            share = shared / max(1, min(len(grams), size))
            if share >= self.threshold and (best is None or share > best[0]):
                best = (share, bench, pid)
        return (best[1], best[2]) if best else None

    def check(self, row: dict[str, Any]) -> tuple[str, str] | None:
        language = row.get("language") or "python"
        return self.match(row["original"], language) or self.match(row["variant"], language)
