"""Seed corpora: where seeds come from (config's ``corpus:`` list) and how each kind is read.

``iter_corpus(spec)`` yields validated ``Seed``s and ``Rejection``s in a deterministic order; a
bad record never stops it. Only a config error that makes the whole corpus unusable (a missing
path, a dataset without the named column) raises. ``corpus_label(spec)`` names the corpus and its
exact content (a version, a file digest or a dataset revision) for the ``source`` column and the
run's config digest.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import itertools
import json
import re
import zlib
from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from semforge import __version__
from semforge.record import Rejection, Seed

from . import kernelbench
from .seeds import cap_inputs, decode_or_reason, extract_functions, json_value_reason, validate_seed

EVALPLUS_SUFFIXES = (".jsonl", ".jsonl.gz", ".parquet")
BUILTIN_LICENSE = "Apache-2.0"
# A plain-code file larger than this is generated or vendored code, not a seed source.
MAX_FILE_BYTES = 1_000_000
_SKIPPED_DIRS = {"__pycache__", "node_modules", "site-packages"}
# An EvalPlus-format dataset needs one column of each group (MBPP+ on the Hub has `code` and
# names its entry point only in `test`).
_EVALPLUS_COLUMNS = (("canonical_solution", "code"), ("entry_point", "test"))


class CorpusSpec(BaseModel):
    """One entry of the config's ``corpus:`` list."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["builtin", "evalplus", "hf", "files", "builtin-pytorch", "kernelbench"] = Field(
        "builtin", description="builtin: semforge's own seeds; evalplus: a local EvalPlus file; "
        "hf: a Hub dataset or local dataset folder; files: a .py file or a folder of them; "
        "builtin-pytorch / kernelbench: KernelBench-format PyTorch programs (pipeline/kernelbench.py)")
    path: str | None = Field(
        None, validate_default=True,
        description="evalplus: .jsonl / .jsonl.gz / .parquet; files: a .py file or a folder")
    name: str | None = Field(None, validate_default=True,
                             description="hf: a Hub dataset id, a local dataset folder or data file")
    split: str = Field("train", description="hf: dataset split")
    revision: str | None = Field(None, description="hf: Hub revision (commit, tag or branch)")
    data_format: Literal["evalplus", "code", "kernelbench"] = Field(
        "evalplus", description="hf: rows are EvalPlus records, or plain source text")
    code_column: str = Field("code", description="hf with data_format=code: the source column")
    id_column: str | None = Field(
        None, description="hf: a column naming each row (e.g. a file path) for source ids; "
        "default: <split>[<row number>]")
    license: str | None = Field(None, description="license of the corpus (overrides what is known)")
    limit: int | None = Field(None, ge=0, description="keep only the first N records")
    max_inputs: int = Field(64, ge=0, description="seed inputs kept per record")

    @field_validator("path")
    @classmethod
    def _path_fits_kind(cls, path: str | None, info: ValidationInfo) -> str | None:
        kind = info.data.get("kind")
        if kind in ("evalplus", "files", "kernelbench") and not path:
            raise ValueError(f"path is required when kind is '{kind}'")
        if kind in ("builtin", "hf") and path:
            hint = " (use name: for a local dataset folder)" if kind == "hf" else ""
            raise ValueError(f"path is not used when kind is '{kind}'{hint}; remove it or change kind")
        if kind == "evalplus" and not path.lower().endswith(EVALPLUS_SUFFIXES):
            raise ValueError(f"an EvalPlus corpus must be one of {', '.join(EVALPLUS_SUFFIXES)}, "
                             f"got '{path}'")
        return path

    @field_validator("name")
    @classmethod
    def _name_fits_kind(cls, name: str | None, info: ValidationInfo) -> str | None:
        kind = info.data.get("kind")
        if kind == "hf" and not name:
            raise ValueError("name is required when kind is 'hf' (a Hub dataset id or a local folder)")
        if kind != "hf" and name and kind is not None:
            raise ValueError(f"name is not used when kind is '{kind}'; use path: for local files")
        return name


# --------------------------------------------------------------------------------------------
# Public entry points


def corpus_label(spec: CorpusSpec) -> str:
    """A name for the corpus that changes whenever its content does."""
    if spec.kind in kernelbench.KINDS:
        return kernelbench.corpus_label(spec)
    if spec.kind == "builtin":
        return f"semforge/builtin@{__version__}"
    if spec.kind == "evalplus":
        path = _existing(spec.path, spec)
        return f"evalplus:{path.name}@{_file_sha256(path)[:12]}"
    if spec.kind == "files":
        root = _existing(spec.path, spec)
        h = hashlib.sha256()
        for path, relpath in _python_files(root):
            h.update(relpath.encode() + b"\0" + _file_sha256(path).encode())
        return f"files:{spec.path}@{h.hexdigest()[:12]}"
    return _hf_label(spec)


def iter_corpus(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    """Validated seeds and rejected records of one corpus, in a deterministic order.

    ``spec.limit`` keeps the first N records (for ``files`` and ``hf`` code, the first N
    functions or rejections). A seed identical to an earlier one (same entry point and code)
    comes back as a Rejection ``duplicate of <source_id>``.
    """
    readers = {"builtin": _iter_builtin, "evalplus": _iter_evalplus, "files": _iter_files,
               "hf": _iter_hf, **dict.fromkeys(kernelbench.KINDS, kernelbench.iter_corpus)}
    items = _without_duplicates(readers[spec.kind](spec))
    return itertools.islice(items, spec.limit) if spec.limit is not None else items


def evalplus_license(name: str) -> str | None:
    """Apache-2.0 for EvalPlus's own HumanEval+ and MBPP+, recognised by file or dataset name."""
    squashed = re.sub(r"[^a-z0-9+]", "", name.lower()).replace("+", "plus")
    return "Apache-2.0" if ("humanevalplus" in squashed or "mbppplus" in squashed) else None


# --------------------------------------------------------------------------------------------
# builtin


def builtin_manifest() -> dict[str, list[list[Any]]]:
    """Entry point -> example inputs of every built-in seed, in corpus order."""
    data = resources.files("semforge.pipeline") / "data" / "builtin.json"
    return json.loads(data.read_text(encoding="utf-8"))


def _iter_builtin(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    source = corpus_label(spec)
    folder = resources.files("semforge.pipeline") / "data"
    for name, inputs in builtin_manifest().items():
        code = (folder / f"{name}.py").read_text(encoding="utf-8")
        yield validate_seed(Seed(source=source, source_id=name, entry_point=name, code=code,
                                 license=spec.license or BUILTIN_LICENSE,
                                 inputs=inputs[: spec.max_inputs]))


# --------------------------------------------------------------------------------------------
# evalplus


def _iter_evalplus(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    path = _existing(spec.path, spec)
    source = corpus_label(spec)
    license = spec.license or evalplus_license(path.name)
    try:
        for source_id, record in _evalplus_records(path):
            if isinstance(record, Rejection):
                yield Rejection(source, source_id, record.reason)
                continue
            yield seed_from_evalplus(record, source=source, source_id=source_id, license=license,
                                     max_inputs=spec.max_inputs)
    except (OSError, EOFError, ValueError, zlib.error) as err:  # corrupt gzip / Parquet: one rejection
        yield Rejection(source, path.name, f"unreadable file: {_one_line(err)}")


def seed_from_evalplus(
    record: Any, *, source: str, source_id: str, license: str | None, max_inputs: int
) -> Seed | Rejection:
    """Map one EvalPlus record to a validated seed (shared by the file and HF loaders).

    code = ``prompt + canonical_solution`` (or ``code`` alone, as the MBPP+ Hub copy has it, whose
    prompt is prose); inputs = ``base_input`` then a sample of ``plus_input``, capped at
    ``max_inputs``. Hub copies without input columns carry them in their ``test`` script, which
    is read without running it (``inputs_from_test``); so is a missing entry point
    (``check(name)``). ``source_id`` is ``task_id`` when the record has one.
    """
    if not isinstance(record, Mapping):
        return Rejection(source, source_id, f"record is not a JSON object ({type(record).__name__})")
    if record.get("task_id") not in (None, ""):
        source_id = str(record["task_id"])

    def reject(reason: str) -> Rejection:
        return Rejection(source=source, source_id=source_id, reason=reason)

    test = record.get("test") if isinstance(record.get("test"), str) else ""
    from_test = inputs_from_test(test) if test else ([], None, None)
    entry_point = record.get("entry_point") or from_test[2]
    if not isinstance(entry_point, str) or not entry_point.strip():
        return reject("record has no entry_point")
    if record.get("canonical_solution") is not None:
        code, solution = record.get("prompt") or "", record["canonical_solution"]
    elif record.get("code") is not None:
        code, solution = "", record["code"]
    else:
        return reject("record has no canonical_solution")
    if not isinstance(code, str) or not isinstance(solution, str):
        return reject("prompt and canonical_solution must be text")
    try:
        base = _json_list(record.get("base_input"), "base_input")
        plus = _json_list(record.get("plus_input"), "plus_input")
    except ValueError as err:  # json.JSONDecodeError is a ValueError
        return reject(f"bad inputs: {str(err).splitlines()[0]}")
    except RecursionError:
        return reject("bad inputs: nested too deeply")
    if record.get("base_input") is None and record.get("plus_input") is None:
        plus = from_test[0]
    atol = record.get("atol")
    if atol is None:
        atol = from_test[1] or 0.0
    seed = Seed(source=source, source_id=source_id, entry_point=entry_point.strip(),
                code=code + solution, license=license, inputs=cap_inputs(base, plus, max_inputs),
                atol=atol)
    return validate_seed(seed)


def inputs_from_test(test: str) -> tuple[list[list[Any]], float | None, str | None]:
    """(inputs, atol, entry point) read statically from an EvalPlus / HumanEval test script.

    Understands the Hub layout (``inputs = [...]`` and ``assertion(candidate(*inp), exp, atol)``
    inside ``check``, then ``check(entry_point)``) and the classic one (``assert candidate(1, 2)
    == 3``: the literal arguments of each call). Tuples become lists, as EvalPlus's own JSON
    does; anything that is not a JSON-like literal is skipped. Never executes the script.
    """
    try:
        module = ast.parse(test)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return [], None, None
    entry = None
    for stmt in module.body:
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "check"
                and len(call.args) == 1 and isinstance(call.args[0], ast.Name)):
            entry = call.args[0].id
    inputs: list[list[Any]] = []
    atol = None
    listed = False
    # ast.walk is breadth-first; source order decides which inputs survive the cap.
    for node in sorted(ast.walk(module), key=_position):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and not listed
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "inputs"):
            # Element by element: one non-literal input (float("inf")) must not lose the rest.
            elements = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else []
            values = [_literal(element) for element in elements]
            inputs = [args for args in values if isinstance(args, list)]
            listed = bool(elements)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "assertion" and len(node.args) == 3 and atol is None:
                value = _literal(node.args[2])
                atol = float(value) if isinstance(value, (int, float)) and value >= 0 else None
            elif node.func.id in ("candidate", entry) and not listed and not node.keywords:
                args = [_literal(arg) for arg in node.args]
                starred = any(isinstance(arg, ast.Starred) for arg in node.args)
                if not starred and _NOT_LITERAL not in args:
                    inputs.append(args)
    # Literals JSON cannot carry (int dict keys, sets, bytes) would make the seed invalid: skip.
    inputs = [args for args in inputs if json_value_reason(args, "input") is None]
    return inputs, atol, entry


_NOT_LITERAL = object()


def _position(node: ast.AST) -> tuple[int, int]:
    return getattr(node, "lineno", 0), getattr(node, "col_offset", 0)


def _literal(node: ast.expr) -> Any:
    """The value of a literal expression with tuples as lists, or ``_NOT_LITERAL``."""
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _NOT_LITERAL

    def lists(v: Any) -> Any:
        if isinstance(v, (list, tuple)):
            return [lists(x) for x in v]
        if isinstance(v, dict):
            return {k: lists(x) for k, x in v.items()}
        return v

    return lists(value)


def _json_list(value: Any, field_name: str) -> list[Any]:
    """EvalPlus inputs are lists; some Hub copies store them as JSON text."""
    if value is None:
        return []
    if isinstance(value, str):
        value = json.loads(value) if value.strip() else []
    if not isinstance(value, list):
        raise ValueError(f"{field_name} must be a list, got {type(value).__name__}")
    return value


def _evalplus_records(path: Path) -> Iterator[tuple[str, Any]]:
    """(fallback source id, record or Rejection) per line / row; ids are ``line N`` / ``row N``."""
    if path.name.lower().endswith(".parquet"):
        import pyarrow.parquet as pq

        row = 0
        for batch in pq.ParquetFile(path).iter_batches():
            for record in batch.to_pylist():
                row += 1
                yield f"row {row}", record
        return
    opener = gzip.open if path.name.lower().endswith(".gz") else open
    with opener(path, "rb") as fh:
        for number, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            text, reason = decode_or_reason(raw)
            if reason:
                yield f"line {number}", Rejection("", f"line {number}", reason)
                continue
            try:
                record = json.loads(text)
            except json.JSONDecodeError as err:
                record = Rejection("", f"line {number}", f"not JSON: {err.msg} at column {err.colno}")
            except RecursionError:
                record = Rejection("", f"line {number}", "not JSON: nested too deeply")
            yield f"line {number}", record


# --------------------------------------------------------------------------------------------
# files


def _iter_files(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    root = _existing(spec.path, spec)
    source = corpus_label(spec)
    for path, relpath in _python_files(root):
        try:
            size = path.stat().st_size
            if size > MAX_FILE_BYTES:
                yield Rejection(source, relpath, f"file too large ({size} bytes > {MAX_FILE_BYTES})")
                continue
            data = path.read_bytes()
        except OSError as err:
            yield Rejection(source, relpath, f"unreadable file: {_one_line(err)}")
            continue
        if not data.strip():
            yield Rejection(source, relpath, "empty file")
            continue
        text, reason = decode_or_reason(data)
        if reason:
            yield Rejection(source, relpath, reason)
            continue
        yield from _with_license(extract_functions(text, source, relpath), spec.license)


def _python_files(root: Path) -> list[tuple[Path, str]]:
    """(path, path relative to the corpus root, with / separators) of every .py file, sorted."""
    if root.is_file():
        return [(root, root.name)]
    found = []
    for path in root.rglob("*.py"):
        rel = path.relative_to(root)
        if any(part.startswith(".") or part in _SKIPPED_DIRS for part in rel.parts[:-1]):
            continue
        if path.is_file():
            found.append((path, rel.as_posix()))
    return sorted(found, key=lambda item: item[1])


# --------------------------------------------------------------------------------------------
# hf


# A single local data file given as `name:` is read with the matching packaged builder (its one
# split is "train").
_DATA_FILE_BUILDERS = {".parquet": "parquet", ".jsonl": "json", ".json": "json",
                       ".jsonl.gz": "json", ".csv": "csv", ".arrow": "arrow"}


def _load_hf(spec: CorpusSpec, revision: str | None = None, streaming: bool = False):
    """The split as a ``datasets`` Dataset (or IterableDataset when streaming)."""
    import datasets

    local = Path(spec.name).expanduser()
    try:
        if local.is_file():
            suffix = next((s for s in _DATA_FILE_BUILDERS if local.name.lower().endswith(s)), None)
            if suffix is None:
                raise ValueError(f"corpus '{spec.name}': a single data file must be one of "
                                 f"{', '.join(_DATA_FILE_BUILDERS)}")
            return datasets.load_dataset(_DATA_FILE_BUILDERS[suffix], data_files=str(local),
                                         split=spec.split, streaming=streaming)
        return datasets.load_dataset(spec.name, split=spec.split, streaming=streaming,
                                     revision=revision or spec.revision)
    except ValueError as err:
        if "split" in str(err).lower():
            raise ValueError(f"corpus '{spec.name}' has no split '{spec.split}': "
                             f"{_one_line(err)}") from err
        raise


def _hub_commit(spec: CorpusSpec) -> str | None:
    """The commit a Hub id (at ``revision``, default branch otherwise) resolves to; None for a
    local path or when the Hub cannot be asked (offline: the label falls back)."""
    if Path(spec.name).expanduser().exists():
        return None
    try:
        from huggingface_hub import HfApi

        return HfApi().dataset_info(spec.name, revision=spec.revision).sha
    except Exception:  # offline, unknown id, no permission: loading will say what is wrong
        return None


def _hf_revisions(spec: CorpusSpec) -> tuple[str | None, str | None]:
    """(revision for the label, revision to load). A Hub id is pinned to the commit it resolves
    to, so the label and the rows describe the same data; a local path is labelled by a digest
    of its content (datasets' own fingerprint of a folder changes with file mtimes)."""
    local = Path(spec.name).expanduser()
    if local.exists():
        return _tree_sha256(local)[:12], None
    commit = _hub_commit(spec)
    if commit:
        return commit[:12], commit
    return spec.revision, spec.revision


def _hf_label(spec: CorpusSpec) -> str:
    label_rev, load_rev = _hf_revisions(spec)
    if label_rev is None:  # unpinned and the Hub cannot be asked: the cached copy's fingerprint
        label_rev = _load_hf(spec, load_rev)._fingerprint
    return f"hf:{spec.name}@{label_rev}"


def _should_stream(spec: CorpusSpec) -> bool:
    """With a limit, a Hub dataset is streamed: only its first rows download, not all of it."""
    return spec.limit is not None and not Path(spec.name).expanduser().exists()


def _iter_hf(spec: CorpusSpec) -> Iterator[Seed | Rejection]:
    label_rev, load_rev = _hf_revisions(spec)
    dataset = _load_hf(spec, load_rev, _should_stream(spec))
    source = f"hf:{spec.name}@{label_rev or getattr(dataset, '_fingerprint', 'unpinned')}"
    rows: Iterable[dict] = dataset
    columns = list(dataset.column_names or [])
    if not columns:  # a streamed dataset may know its columns only from its first row
        first = next(iter(dataset), None)
        columns = list(first or {})
        rows = itertools.chain([first] if first is not None else [], itertools.islice(dataset, 1, None))
    if spec.id_column and spec.id_column not in columns:
        raise ValueError(f"dataset '{spec.name}' has no column '{spec.id_column}' (id_column); "
                         f"its columns are: {', '.join(columns)}")
    if spec.data_format == "kernelbench":
        yield from kernelbench.dataset_rows(rows, columns, source, spec.name,
                                            spec.license or _dataset_license(dataset))
        return
    if spec.data_format == "code":
        if spec.code_column not in columns:
            raise ValueError(f"dataset '{spec.name}' has no column '{spec.code_column}' "
                             f"(code_column); its columns are: {', '.join(columns)}")
        license = spec.license or _dataset_license(dataset)
        for index, row in enumerate(rows):
            prefix = _row_id(spec, row, index)
            code = row[spec.code_column]
            if not isinstance(code, str) or not code.strip():
                yield Rejection(source, prefix, f"column '{spec.code_column}' is empty or not text")
                continue
            yield from _with_license(extract_functions(code, source, prefix), license)
        return
    missing = [" or ".join(repr(c) for c in group) for group in _EVALPLUS_COLUMNS
               if not any(c in columns for c in group)]
    if missing:
        raise ValueError(f"dataset '{spec.name}' is not in EvalPlus format: no column "
                         f"{', '.join(missing)}; its columns are: {', '.join(columns)} "
                         "(use data_format: code and code_column: for plain source text)")
    license = spec.license or evalplus_license(spec.name) or _dataset_license(dataset)
    for index, row in enumerate(rows):
        yield seed_from_evalplus(row, source=source, source_id=_row_id(spec, row, index),
                                 license=license, max_inputs=spec.max_inputs)


def _row_id(spec: CorpusSpec, row: dict, index: int) -> str:
    value = row.get(spec.id_column) if spec.id_column else None
    return str(value) if value not in (None, "") else f"{spec.split}[{index}]"


def _dataset_license(dataset) -> str | None:
    license = getattr(dataset.info, "license", None)
    return license.strip() or None if isinstance(license, str) else None


# --------------------------------------------------------------------------------------------
# helpers


def _existing(path: str | None, spec: CorpusSpec) -> Path:
    resolved = Path(path or "").expanduser()
    if not resolved.exists():
        raise FileNotFoundError(f"corpus path '{path}' (kind '{spec.kind}') does not exist")
    return resolved


def _file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _tree_sha256(root: Path) -> str:
    """Digest of a file, or of every file under a folder (relative paths and bytes; hidden
    entries such as a ``.cache`` folder left out)."""
    if root.is_file():
        return _file_sha256(root)
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = path.relative_to(root)
        if any(part.startswith(".") for part in rel.parts):
            continue
        h.update(rel.as_posix().encode() + b"\0" + _file_sha256(path).encode())
    return h.hexdigest()


def _without_duplicates(items: Iterable[Seed | Rejection]) -> Iterator[Seed | Rejection]:
    """A seed whose (entry point, code) was already seen in this corpus becomes a Rejection:
    vendored copies and helpers shared by files would otherwise yield the same rows twice."""
    first: dict[tuple[str, str], str] = {}
    for item in items:
        if isinstance(item, Seed):
            key = (item.entry_point, hashlib.sha256(item.code.encode("utf-8")).hexdigest())
            if key in first:
                item = Rejection(item.source, item.source_id, f"duplicate of {first[key]}")
            else:
                first[key] = item.source_id
        yield item


def _with_license(items: Iterable[Seed | Rejection],
                  license: str | None) -> Iterator[Seed | Rejection]:
    for item in items:
        if isinstance(item, Seed) and license:
            item.license = license
        yield item


def _one_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return f"{type(err).__name__}: {text[0]}" if text else type(err).__name__
