"""The request cache: every answered request, stored beside the dataset it fed.

A request's key is a digest of everything its answer depends on: backend, model, sampling
parameters, the prompt's messages (which hold the seed program) and the request's seed. An entry
is written as soon as its answer arrives, under a temporary name renamed into place, so a run
killed mid-shard keeps what it paid for and a rerun or resumed run never sends a request twice.

The location is a local folder or an fsspec URL (``s3://bucket/out/_llm_cache``); one JSON file
per request, sharded by the key's first two hex digits.
"""

from __future__ import annotations

import hashlib
import json
import os
import uuid
from pathlib import Path
from typing import Any

from .backends.base import Request, Sample


def request_key(backend: str, model: str, sampling: dict[str, Any],
                messages: list[dict[str, str]], seed: int) -> str:
    blob = json.dumps({"backend": backend, "model": model, "sampling": sampling,
                       "messages": messages, "seed": seed}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()


class RequestCache:
    """Answers by request key. ``RequestCache(None)`` remembers nothing."""

    def __init__(self, location: str | os.PathLike | None) -> None:
        self.location = None if location is None else str(location)
        self._fs = None
        self._root = ""
        if self.location is not None:
            import fsspec
            from fsspec.implementations.local import LocalFileSystem

            self._fs, self._root = fsspec.core.url_to_fs(self.location)
            self._local = isinstance(self._fs, LocalFileSystem)

    def _path(self, key: str) -> str:
        return f"{self._root.rstrip('/')}/{key[:2]}/{key}.json"

    def get(self, request: Request) -> list[Sample] | None:
        if self._fs is None:
            return None
        try:
            with self._fs.open(self._path(request.key), "r", encoding="utf-8") as fh:
                entry = json.load(fh)
        except (FileNotFoundError, ValueError):  # absent, or a torn copy from a foreign writer
            return None
        return [Sample(**s) for s in entry["samples"]]

    def put(self, request: Request, samples: list[Sample]) -> None:
        if self._fs is None:
            return
        data = json.dumps({"key": request.key, "prompt": request.prompt_id,
                           "messages": request.messages, "seed": request.seed,
                           "samples": [s.to_json() for s in samples]}, ensure_ascii=False)
        path = self._path(request.key)
        if self._local:
            # Same folder, unique temporary name, rename: readers never see half an entry, and
            # two workers answering the same request cannot interleave their bytes.
            target = Path(path)
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(f".{target.name}.{uuid.uuid4().hex}.tmp")
            try:
                tmp.write_text(data, encoding="utf-8")
                os.replace(tmp, target)
            finally:
                tmp.unlink(missing_ok=True)
        else:  # object stores make a whole object visible at once
            self._fs.pipe_file(path, data.encode("utf-8"))
