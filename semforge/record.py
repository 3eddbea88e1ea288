"""The records every stage passes around: a seed program and a finished (original, variant) row.

Everything else in semforge stands on this module; it imports nothing from the project.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa

LANGUAGES = ("python", "pytorch", "cuda", "c", "cpp")
VERDICTS = ("equivalent", "different", "error", "timeout", "undecided")
PERF_LABELS = ("faster", "slower", "same")
# The strongest level at which a pair was found equivalent: ``strict`` (every input the
# verifier tries, of any type) or ``typed`` (inputs inside the seed's domain only).
EQUIVALENCE_LEVELS = ("strict", "typed")


@dataclass
class Seed:
    """One seed program taken from a corpus.

    ``code`` is a whole module (imports, helpers and the entry point); ``inputs`` holds example
    calls as lists of positional arguments. ``atol`` is the corpus's float tolerance, if any.
    ``domain`` is the input domain where the corpus states one (``semforge.domain``).
    """

    source: str
    source_id: str
    entry_point: str
    code: str
    language: str = "python"
    license: str | None = None
    inputs: list[list[Any]] = field(default_factory=list)
    atol: float = 0.0
    # The input domain as a corpus states it, in ``semforge.domain`` notation
    # (``(xs: list[int], k: int)``); None: inferred from the code and the inputs.
    domain: str | None = None
    # Where a function or method of real code lives, for seeds that need their module.
    context: ModuleContext | None = None


@dataclass
class ModuleContext:
    """Where a seed from real code lives, and what it takes to run it there.

    The published part (``published``, the row's ``context`` column) names the package, its
    version and a digest of its files, the module, the file and the qualified name: enough to
    fetch the package again, rebuild the module with a variant swapped in and re-verify the
    pair. ``root`` (the directory to put on ``sys.path``), ``source`` (the module's text) and
    ``span`` (first and last line of the def, decorators included) are what the verifier needs
    on this machine; ``needs_module`` is False for a function that runs on its own (``code``
    holds everything it uses), ``init`` the constructor's parameters of a method's class.
    """

    module: str
    qualname: str
    kind: str  # function | generator | method | staticmethod | classmethod | property | ...
    path: str = ""
    package: str | None = None
    version: str | None = None
    digest: str | None = None
    root: str = ""
    source: str = ""
    span: tuple[int, int] = (0, 0)
    needs_module: bool = True
    init: list[dict[str, Any]] | None = None

    def published(self) -> dict[str, Any]:
        return {"package": self.package, "version": self.version, "digest": self.digest,
                "module": self.module, "path": self.path, "qualname": self.qualname,
                "kind": self.kind}


@dataclass
class Rejection:
    """A corpus record that could not become a seed, with the reason (counted in stats.json)."""

    source: str
    source_id: str
    reason: str
    # How many functions and methods of real code it stands for: one for a def, all of a
    # module's for a module that does not load, none for a file without any.
    covers: int = 0


def content_id(language: str, original: str, variant: str) -> str:
    """Stable content hash of (language, original, variant): the row id."""
    h = hashlib.sha256()
    for part in (language, original, variant):
        data = part.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()[:32]


def digest(obj: Any) -> str:
    """Digest of a JSON-serialisable object (configs, sampling parameters)."""
    blob = json.dumps(obj, sort_keys=True, default=str).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


VERIFICATION_TYPE = pa.struct(
    [
        ("method", pa.string()),
        ("inputs_run", pa.int64()),
        ("seed", pa.int64()),
        ("counterexample", pa.string()),
        # Extensions of the v1 struct: a one-line reason and the exception policy used.
        ("reason", pa.string()),
        ("policy", pa.string()),
        # The classes of inputs compared (seeds, boundary, unicode, scale, probe:alias, ...) and
        # the float comparison mode (rtol, atol, whether -0.0 != 0.0).
        ("input_classes", pa.list_(pa.string())),
        ("tolerance", pa.string()),
        # What speed was measured on (the argument and its size, the cost per call), so a
        # label can be checked again, and why a pair has no speed label (null when it has one).
        ("speed_input", pa.string()),
        ("perf_reason", pa.string()),
    ]
)

# Where a function or method from real code lives (``ModuleContext.published``).
CONTEXT_TYPE = pa.struct(
    [
        ("package", pa.string()),
        ("version", pa.string()),
        ("digest", pa.string()),
        ("module", pa.string()),
        ("path", pa.string()),
        ("qualname", pa.string()),
        ("kind", pa.string()),
    ]
)

# Dataset v1 schema. Extend with new nullable columns; never rename or drop: published datasets
# and users' loaders depend on these names.
SCHEMA = pa.schema(
    [
        ("id", pa.string()),
        ("language", pa.string()),
        ("source", pa.string()),
        ("source_id", pa.string()),
        ("license", pa.string()),
        ("entry_point", pa.string()),
        ("original", pa.string()),
        ("variant", pa.string()),
        ("generator", pa.string()),
        ("transforms", pa.list_(pa.string())),
        ("model", pa.string()),
        ("verdict", pa.string()),
        ("verification", VERIFICATION_TYPE),
        ("speedup", pa.float64()),
        ("speedup_ci", pa.list_(pa.float64())),
        ("perf_label", pa.string()),
        ("timing", pa.string()),
        ("semforge_version", pa.string()),
        ("config_digest", pa.string()),
        # The seed's input domain, a Python signature: ``(xs: list[int], k: int)``.
        ("domain", pa.string()),
        # The strongest level the pair passed (EQUIVALENCE_LEVELS); null unless equivalent.
        ("equivalence", pa.string()),
        # Where a function or method from real code lives (package, version, digest, module,
        # path, qualified name, kind); null for other seeds.
        ("context", CONTEXT_TYPE),
        # The transformation family of each entry of ``transforms`` (loops-builtins,
        # control-flow, api-substitution, ...; ``model`` for a language model's sample).
        ("families", pa.list_(pa.string())),
    ]
)


def rows_to_table(rows: list[dict[str, Any]]) -> pa.Table:
    """Build an Arrow table with exactly the dataset schema (missing keys become null)."""
    columns = {name: [row.get(name) for row in rows] for name in SCHEMA.names}
    return pa.table(columns, schema=SCHEMA)
