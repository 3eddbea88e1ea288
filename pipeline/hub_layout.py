"""The Hub's file layout for a dataset, written through fsspec (local folders and URLs alike).

``data/<config>/train-00000-of-000NN.parquet``: zstd-compressed, with a page index (readers can
skip pages by statistics), row groups of about ``row_group_bytes`` and files of at most about
``max_file_bytes`` (both measured as Arrow's in-memory size, which bounds the compressed size).
The number of files is known only at the end, so parts are written to a staging folder and
renamed when the config is complete.
"""

from __future__ import annotations

import uuid
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from semforge.record import SCHEMA, rows_to_table

CONFIGS = ("default", "rejected")
STAGING_PREFIX = ".staging-"


def final_name(config: str, index: int, total: int) -> str:
    return f"data/{config}/train-{index:05d}-of-{total:05d}.parquet"


def _open_writer(fs, path: str):
    fh = fs.open(path, "wb")
    return fh, pq.ParquetWriter(fh, SCHEMA, compression="zstd", write_page_index=True)


class ConfigWriter:
    """Appends rows of one config; ``close`` renames the parts into their final names."""

    def __init__(self, fs, root: str, config: str, max_file_bytes: int, row_group_bytes: int):
        self.fs, self.root, self.config = fs, root.rstrip("/"), config
        self.max_file_bytes, self.row_group_bytes = max_file_bytes, row_group_bytes
        self.staging = f"{self.root}/data/{STAGING_PREFIX}{uuid.uuid4().hex}/{config}"
        fs.makedirs(self.staging, exist_ok=True)
        self.parts: list[str] = []
        self.rows_per_part: list[int] = []
        self.arrow_bytes = 0
        self._buffer: list[pa.Table] = []
        self._buffered = 0
        self._file_bytes = 0
        self._writer = None
        self._fh = None

    def write(self, rows: list[dict[str, Any]]) -> None:
        if not rows:
            return
        table = rows_to_table(rows)
        self._buffer.append(table)
        self._buffered += table.nbytes
        if self._buffered >= self.row_group_bytes:
            self._flush()

    def _flush(self, final: bool = False) -> None:
        """Write the buffered rows as row groups of the target size. Rows short of a whole group
        stay buffered for the next flush, unless ``final``: only a config's last group is short."""
        if not self._buffer:
            return
        table = pa.concat_tables(self._buffer)
        self._buffer, self._buffered = [], 0
        # Cut the buffered rows into row groups of the target size, rolling files at the limit.
        per_row = max(1.0, table.nbytes / max(1, table.num_rows))
        rows_per_group = max(1, int(self.row_group_bytes // per_row))
        offset = 0
        while offset < table.num_rows:
            if not final and table.num_rows - offset < rows_per_group:
                rest = table.slice(offset)
                self._buffer, self._buffered = [rest], rest.nbytes
                return
            group = table.slice(offset, rows_per_group)
            offset += group.num_rows
            if self._writer is not None and self._file_bytes + group.nbytes > self.max_file_bytes:
                self._close_file()
            if self._writer is None:
                path = f"{self.staging}/part-{len(self.parts):05d}.parquet"
                self._fh, self._writer = _open_writer(self.fs, path)
                self.parts.append(path)
                self.rows_per_part.append(0)
                self._file_bytes = 0
            self._writer.write_table(group, row_group_size=group.num_rows)
            self._file_bytes += group.nbytes
            self.arrow_bytes += group.nbytes
            self.rows_per_part[-1] += group.num_rows

    def _close_file(self) -> None:
        self._writer.close()
        self._fh.close()
        self._writer = self._fh = None

    def close(self) -> list[dict[str, Any]]:
        """Finish the parts and move them to ``data/<config>/train-*``. Returns the file list."""
        self._flush(final=True)
        if self._writer is not None:
            self._close_file()
        if not self.parts:
            # An empty config still gets a file: a schema with no row groups, so readers see the
            # columns and the card's configs resolve whatever the run produced.
            path = f"{self.staging}/part-00000.parquet"
            fh, writer = _open_writer(self.fs, path)
            writer.close()
            fh.close()
            self.parts.append(path)
            self.rows_per_part.append(0)
        final_dir = f"{self.root}/data/{self.config}"
        self.fs.makedirs(final_dir, exist_ok=True)
        for old in self.fs.glob(f"{final_dir}/train-*.parquet"):
            self.fs.rm(old)
        files = []
        for i, (part, rows) in enumerate(zip(self.parts, self.rows_per_part)):
            name = final_name(self.config, i, len(self.parts))
            self.fs.mv(part, f"{self.root}/{name}")
            files.append({"path": name, "rows": rows, "bytes": self.fs.size(f"{self.root}/{name}")})
        self.fs.rm(self.staging.rsplit("/", 1)[0], recursive=True)
        return files


def remove_staging(fs, root: str) -> None:
    """Drop staging folders left by a finalize that was killed."""
    for path in fs.glob(f"{root.rstrip('/')}/data/{STAGING_PREFIX}*"):
        fs.rm(path, recursive=True)
