"""``kind: builtin``: the small functions shipped with semforge (pipeline/data)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources
from typing import Any

from semforge import __version__
from semforge.record import Rejection, Seed

from ..seeds import validate_seed
from .spec import CorpusSpec

BUILTIN_LICENSE = "Apache-2.0"


def label(spec: CorpusSpec) -> str:
    return f"semforge/builtin@{__version__}"


def builtin_manifest() -> dict[str, list[list[Any]]]:
    """Entry point -> example inputs of every built-in seed, in corpus order."""
    data = resources.files("semforge.pipeline") / "data" / "builtin.json"
    return json.loads(data.read_text(encoding="utf-8"))


def read(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    return read_unit(spec, 0, label(spec))


def units(spec: CorpusSpec, source: str) -> Iterator[tuple[Any, Iterator[Seed | Rejection]]]:
    """The built-in corpus is small: one unit."""
    yield 0, read_unit(spec, 0, source)


def read_unit(spec: CorpusSpec, unit: Any, source: str) -> Iterator[Seed | Rejection]:
    folder = resources.files("semforge.pipeline") / "data"
    for name, inputs in builtin_manifest().items():
        code = (folder / f"{name}.py").read_text(encoding="utf-8")
        yield validate_seed(Seed(source=source, source_id=name, entry_point=name, code=code,
                                 license=spec.license or BUILTIN_LICENSE,
                                 inputs=inputs[: spec.max_inputs]))
