"""Where a run writes: a local folder or any fsspec URL (``s3://``, ``gs://``, ...).

Every file of the dataset directory goes through ``Output``, so the atomic-completion rules are
written once:

* on a local filesystem a file is written under a temporary name in its folder, flushed to disk
  and renamed over the final name (readers never see half a file);
* on an object store there is no rename, but one PUT is atomic (the object appears whole or not
  at all), so the final name is written directly in one request. A shard's completion marker is
  written after its data and stats, so a reader that trusts only marked shards never sees a
  partial one.

Object stores take their settings from the environment as fsspec reads it (for S3:
``AWS_ACCESS_KEY_ID``, ``AWS_SECRET_ACCESS_KEY``, ``AWS_ENDPOINT_URL`` or
``FSSPEC_S3_ENDPOINT_URL``); workers need the same environment as the driver.
"""

from __future__ import annotations

import os
import posixpath
import shutil
import uuid
from pathlib import Path

import fsspec


class Output:
    """A dataset directory addressed by a local path or an fsspec URL."""

    def __init__(self, url: str | Path):
        url = str(url)
        self.is_local = "://" not in url or url.startswith("file://")
        if self.is_local:
            url = str(Path(url.removeprefix("file://")).expanduser().resolve())
        self.url = url.rstrip("/")
        self.fs, self.root = fsspec.core.url_to_fs(self.url)
        self.root = self.root.rstrip("/")

    def __repr__(self) -> str:
        return f"Output({self.url!r})"

    def __reduce__(self):  # travel to workers as the URL; each process makes its own client
        return (Output, (self.url,))

    # -- names

    def path(self, rel: str) -> str:
        """The filesystem path of ``rel`` (inside the store for URLs, no protocol)."""
        return posixpath.join(self.root, rel) if rel else self.root

    def url_of(self, rel: str) -> str:
        """``rel`` as something a user can open: a local path or a full URL."""
        return self.path(rel) if self.is_local else f"{self.url}/{rel}"

    # -- reads

    def exists(self, rel: str) -> bool:
        self.fs.invalidate_cache(self.path(rel))  # other processes write here: no stale listings
        return self.fs.exists(self.path(rel))

    def read_bytes(self, rel: str) -> bytes:
        return self.fs.cat_file(self.path(rel))

    def read_text(self, rel: str) -> str:
        return self.read_bytes(rel).decode("utf-8")

    def names(self, rel: str) -> list[str]:
        """Base names of the files directly under ``rel`` (empty when it does not exist)."""
        self.fs.invalidate_cache(self.path(rel))
        try:
            entries = self.fs.ls(self.path(rel), detail=False)
        except FileNotFoundError:
            return []
        return [posixpath.basename(e.rstrip("/")) for e in entries]

    def size(self, rel: str) -> int:
        return self.fs.size(self.path(rel))

    # -- writes

    def put_bytes(self, rel: str, data: bytes) -> None:
        """Write ``rel`` whole: readers see the previous content or the new one, never a part."""
        path = self.path(rel)
        if not self.is_local:
            self.fs.pipe_file(path, data)  # a single PUT: atomic on object stores
            return
        folder = os.path.dirname(path)
        os.makedirs(folder, exist_ok=True)
        # Unique per writer: two workers redoing the same shard (a retry racing a straggler)
        # cannot interleave their bytes; renaming identical content over itself is harmless.
        tmp = os.path.join(folder, f".{os.path.basename(path)}.{uuid.uuid4().hex}.tmp")
        try:
            with open(tmp, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)

    def put_text(self, rel: str, text: str) -> None:
        self.put_bytes(rel, text.encode("utf-8"))

    def remove(self, rel: str) -> None:
        try:
            self.fs.rm(self.path(rel))
        except FileNotFoundError:
            pass

    def remove_tree(self, rel: str = "") -> None:
        """Delete ``rel`` and everything under it (the whole directory for ``""``)."""
        path = self.path(rel)
        self.fs.invalidate_cache(path)
        if self.fs.exists(path):
            self.fs.rm(path, recursive=True)
        self.fs.invalidate_cache(path)

    def put_file(self, rel: str, local: str | Path) -> None:
        """Copy a local file to ``rel`` whole, streaming (it may be larger than memory)."""
        path = self.path(rel)
        if not self.is_local:
            self.fs.put_file(str(local), path)  # one object, complete when the upload is
            return
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = os.path.join(os.path.dirname(path), f".{os.path.basename(path)}.{uuid.uuid4().hex}.tmp")
        try:
            shutil.copyfile(local, tmp)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)

    def upload_folder(self, local: Path, rel: str = "") -> None:
        """Copy every file under a local folder to ``rel`` (each file written atomically)."""
        for file in sorted(p for p in Path(local).rglob("*") if p.is_file()):
            self.put_bytes(posixpath.join(rel, file.relative_to(local).as_posix()), file.read_bytes())
