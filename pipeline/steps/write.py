"""Write: a shard's rows as Parquet, one file per split, each written whole.

Rows keep the order they come in (seed order, then candidate order), so a shard's files are a
function of (seeds, config). `datasets` cannot read a Parquet file without rows: an empty split
has no file (and a stale one from an earlier attempt is removed).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import Any

import pyarrow.parquet as pq

from semforge.record import rows_to_table

from .base import Step

SPLITS = ("equivalent", "rejected")


def data_name(split: str, index: int) -> str:
    return f"data/{split}/shard-{index:05d}.parquet"


def parquet_bytes(rows: list[dict[str, Any]]) -> bytes:
    buffer = io.BytesIO()
    pq.write_table(rows_to_table(rows), buffer)
    return buffer.getvalue()


class WriteShard(Step):
    """Rows in, nothing out; ``written`` holds the rows per split once the step has run."""

    name = "write"

    def __init__(self, out, index: int, default_level: dict[str, str] | None = None):
        super().__init__()
        self.out, self.index = out, index
        # per generator, the equivalence level a pair must reach for the default config
        # (VerifySettings.default_level): "typed" takes both levels, "strict" only strict
        self.default_level = default_level or {}
        self.written: dict[str, int] = {split: 0 for split in SPLITS}

    def lands_in_default(self, row: dict) -> bool:
        if row["verdict"] != "equivalent":
            return False
        need = self.default_level.get(row.get("generator") or "rules", "typed")
        return need != "strict" or row.get("equivalence") in ("strict", None)

    def run(self, data: Iterable[dict], rank: int = 0, world_size: int = 1) -> Iterator[Any]:
        by_split: dict[str, list[dict]] = {split: [] for split in SPLITS}
        for row in data:
            by_split["equivalent" if self.lands_in_default(row) else "rejected"].append(row)
        for split, rows in by_split.items():
            name = data_name(split, self.index)
            if rows:
                self.out.put_bytes(name, parquet_bytes(rows))
            else:
                self.out.remove(name)
            self.written[split] = len(rows)
        return iter(())
