"""KernelBench-format seeds: the built-in PyTorch corpus, folders of programs, and datasets.

A KernelBench program is a whole module defining ``class Model(nn.Module)``, ``get_inputs()``
and ``get_init_inputs()``. Each becomes one ``Seed`` with ``language="pytorch"`` and
``entry_point="Model"``; the program's own ``get_inputs`` makes its inputs, so ``inputs`` stays
empty. A record that is not such a program is a ``Rejection`` with the reason.

Corpus kinds (``corpus:`` entries):

* ``builtin-pytorch``: about 30 programs shipped with semforge (elementwise ops, activations,
  reductions, normalizations, losses, matmul and conv, small fused models);
* ``kernelbench`` with ``path:``: a ``.py`` file or a folder of them (one program per file), or a
  local dataset (a ``.parquet`` file or a dataset folder) with KernelBench's columns;
* ``hf`` with ``data_format: kernelbench``: a Hub dataset (or local folder) with KernelBench's
  columns ``code``, ``level``, ``name`` and ``problem_id`` (``ScalingIntelligence/KernelBench``,
  one split per level).
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Iterable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

from semforge import __version__
from semforge.record import Rejection, Seed

KINDS = ("builtin-pytorch", "kernelbench")
BUILTIN_LICENSE = "Apache-2.0"
MAX_FILE_BYTES = 1_000_000
_DATASET_SUFFIXES = (".parquet", ".jsonl", ".json", ".arrow")


def program_reason(code: str) -> str | None:
    """None when ``code`` is a KernelBench program, else why not (read, never run)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as err:
        return f"not valid Python: {type(err).__name__}"
    top = {n.name: n for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    if not isinstance(top.get("Model"), ast.ClassDef):
        return "no top-level class Model"
    forward = [n for n in top["Model"].body if isinstance(n, ast.FunctionDef) and n.name == "forward"]
    if not forward:
        return "class Model has no forward()"
    for fn in ("get_inputs", "get_init_inputs"):
        if not isinstance(top.get(fn), ast.FunctionDef):
            return f"no top-level function {fn}()"
    return None


def make_seed(code: str, source: str, source_id: str, license: str | None) -> Seed | Rejection:
    reason = program_reason(code)
    if reason:
        return Rejection(source, source_id, reason)
    return Seed(source=source, source_id=source_id, entry_point="Model", code=code,
                language="pytorch", license=license)


def corpus_label(spec) -> str:
    if spec.kind == "builtin-pytorch":
        return f"semforge/builtin-pytorch@{__version__}"
    root = Path(spec.path).expanduser()
    if not root.exists():
        raise FileNotFoundError(f"corpus path '{spec.path}' (kind 'kernelbench') does not exist")
    h = hashlib.sha256()
    files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file()
                                                 and not any(part.startswith(".") for part in
                                                             p.relative_to(root).parts))
    for p in files:
        h.update(str(p.relative_to(root) if p != root else p.name).encode() + b"\0" + p.read_bytes())
    return f"kernelbench:{spec.path}@{h.hexdigest()[:12]}"


def iter_corpus(spec) -> Iterator[Seed | Rejection]:
    if spec.kind == "builtin-pytorch":
        return iter_builtin(spec)
    root = Path(spec.path).expanduser()
    if root.is_file() and root.suffix == ".py":
        return iter_files(spec, root)
    if root.is_file() or (root.is_dir() and not any(root.rglob("*.py"))):
        return iter_dataset(spec, str(root))
    return iter_files(spec, root)


def builtin_programs() -> dict[str, str]:
    """name -> program of the built-in PyTorch corpus, in name order."""
    folder = resources.files("semforge.pipeline") / "data" / "pytorch"
    return {p.name[:-3]: p.read_text(encoding="utf-8")
            for p in sorted(folder.iterdir(), key=lambda p: p.name) if p.name.endswith(".py")}


def iter_builtin(spec) -> Iterator[Seed | Rejection]:
    source = corpus_label(spec)
    for name, code in builtin_programs().items():
        yield make_seed(code, source, name, spec.license or BUILTIN_LICENSE)


def iter_files(spec, root: Path) -> Iterator[Seed | Rejection]:
    source = corpus_label(spec)
    files = [(root, root.name)] if root.is_file() else sorted(
        ((p, p.relative_to(root).as_posix()) for p in root.rglob("*.py")
         if not any(part.startswith(".") or part == "__pycache__"
                    for part in p.relative_to(root).parts[:-1])), key=lambda t: t[1])
    for path, rel in files:
        try:
            data = path.read_bytes()
        except OSError as err:
            yield Rejection(source, rel, f"unreadable file: {err}")
            continue
        if len(data) > MAX_FILE_BYTES:
            yield Rejection(source, rel, f"file too large ({len(data)} bytes > {MAX_FILE_BYTES})")
            continue
        try:
            code = data.decode("utf-8")
        except UnicodeDecodeError:
            yield Rejection(source, rel, "not UTF-8 text")
            continue
        yield make_seed(code, source, rel, spec.license)


def dataset_rows(rows: Iterable[dict[str, Any]], columns: list[str], source: str, name: str,
                 license: str | None) -> Iterator[Seed | Rejection]:
    """Seeds from rows with KernelBench's columns; ``source_id`` is ``level<L>/<name>``."""
    if "code" not in columns:
        raise ValueError(f"dataset '{name}' has no column 'code' (KernelBench format needs code, "
                         f"and level, name, problem_id when present); its columns are: "
                         f"{', '.join(columns)}")
    for index, row in enumerate(rows):
        level, pname, pid = row.get("level"), row.get("name"), row.get("problem_id")
        sid = f"level{level}/{pname}" if pname else f"level{level}/problem{pid}" if pid is not None \
            else f"row{index}"
        code = row.get("code")
        if not isinstance(code, str) or not code.strip():
            yield Rejection(source, sid, "column 'code' is empty or not text")
            continue
        yield make_seed(code, source, sid, license)


def iter_dataset(spec, name: str) -> Iterator[Seed | Rejection]:
    """A local dataset (parquet / json / dataset folder) read through ``datasets``."""
    import datasets

    path = Path(name)
    if path.is_file():
        builder = {".parquet": "parquet", ".jsonl": "json", ".json": "json", ".arrow": "arrow"}.get(path.suffix)
        if builder is None:
            raise ValueError(f"corpus '{name}': a KernelBench data file must be one of "
                             f"{', '.join(_DATASET_SUFFIXES)} or a folder of .py programs")
        ds = datasets.load_dataset(builder, data_files=str(path), split="train")
    else:
        ds = datasets.load_dataset(str(path), split=spec.split)
    yield from dataset_rows(ds, list(ds.column_names), corpus_label(spec), name, spec.license)
