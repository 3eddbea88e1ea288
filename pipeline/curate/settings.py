"""The ``curate`` section of the run config: duplicates, decontamination, shard sizes.

Curation runs again, from the work shards, at the end of every ``semforge run``, so these keys
are not part of the run's digest: change them and rerun to re-curate without regenerating.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class BenchmarkSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(description="name counted in stats.json and the card, e.g. mbpp")
    path: str | None = Field(None, description="local .jsonl/.parquet file, folder of source "
                             "files, or Hub dataset id; omit for a shipped benchmark (humaneval)")
    split: str | None = Field(None, description="split of a Hub dataset (default: test)")
    fields: list[str] | None = Field(None, description="record fields holding code "
                                     "(default: code, canonical_solution, solution, prompt, ...)")


class CurateSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    dedup: bool = Field(True, description="drop pairs whose normalized programs repeat a kept pair")
    near_dup: bool = Field(True, description="drop near-duplicate pairs (MinHash LSH over code tokens)")
    near_dup_threshold: float = Field(0.85, gt=0, le=1, description="estimated Jaccard similarity "
                                      "of token shingles at which a pair is a near duplicate")
    minhash_perm: int = Field(128, ge=16, le=1024, description="MinHash permutations")
    shingle: int = Field(5, ge=1, le=50, description="tokens per shingle for near duplicates")
    previous: str | None = Field(None, description="an earlier version of the dataset (folder, "
                                 "fsspec URL, or Hub ORG/NAME@REVISION): each config's repeats of "
                                 "that config's pairs, and near copies of them from other seeds, "
                                 "are dropped, so this version holds only new pairs")
    decontaminate: list[BenchmarkSpec | str] = Field(
        default_factory=lambda: ["humaneval"],
        description="benchmarks whose problems must not leak into the data: shipped names "
                    "(humaneval) or {name, path, split, fields}")
    ngram: int = Field(10, ge=3, le=100, description="tokens per n-gram for decontamination")
    contamination_threshold: float = Field(
        0.5, gt=0, le=1, description="share of shared n-grams (over the smaller program) at which "
        "a program overlaps a benchmark problem")
    shard_max_mb: float = Field(500, gt=0, description="largest Parquet shard written, in MB")
    row_group_mb: float = Field(100, gt=0, description="target Parquet row-group size, in MB")
