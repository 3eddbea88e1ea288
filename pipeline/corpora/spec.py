"""``CorpusSpec``: one entry of the config's ``corpus:`` list, checked against its kind."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

EVALPLUS_SUFFIXES = (".jsonl", ".jsonl.gz", ".parquet")


class CorpusSpec(BaseModel):
    """One entry of the config's ``corpus:`` list."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["builtin", "evalplus", "hf", "files", "builtin-pytorch", "kernelbench"] = Field(
        "builtin", description="builtin: semforge's own seeds; evalplus: a local EvalPlus file; "
        "hf: a Hub dataset or local dataset folder; files: a .py file or a folder of them; "
        "builtin-pytorch / kernelbench: KernelBench-format PyTorch programs (docs/cuda.md)")
    path: str | None = Field(
        None, validate_default=True,
        description="evalplus: .jsonl / .jsonl.gz / .parquet; files: a .py file or a folder")
    name: str | None = Field(None, validate_default=True,
                             description="hf: a Hub dataset id, a local dataset folder or data file")
    split: str = Field("train", description="hf: dataset split")
    revision: str | None = Field(None, description="hf: Hub revision (commit, tag or branch)")
    data_format: Literal["evalplus", "code", "kernelbench"] = Field(
        "evalplus", description="hf: rows are EvalPlus records, plain source text, or KernelBench "
        "programs (columns code, level, name, problem_id)")
    code_column: str = Field("code", description="hf with data_format=code: the source column")
    id_column: str | None = Field(
        None, description="hf: a column naming each row (e.g. a file path) for source ids; "
        "default: <split>[<row number>]")
    license: str | None = Field(None, description="license of the corpus (overrides what is known)")
    tests: str | None = Field(
        None, description="files: the project's tests (a folder or file run with pytest); the "
        "calls they make to the corpus's functions and methods become the seeds' inputs")
    module_context: bool = Field(
        True, description="files: every function and method is a seed, run in its module "
        "(false: only self-contained top-level functions)")
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

    @field_validator("tests")
    @classmethod
    def _tests_fit_kind(cls, tests: str | None, info: ValidationInfo) -> str | None:
        if tests and info.data.get("kind") != "files":
            raise ValueError("tests is only used when kind is 'files'")
        return tests

    @field_validator("name")
    @classmethod
    def _name_fits_kind(cls, name: str | None, info: ValidationInfo) -> str | None:
        kind = info.data.get("kind")
        if kind == "hf" and not name:
            raise ValueError("name is required when kind is 'hf' (a Hub dataset id or a local folder)")
        if kind != "hf" and name and kind is not None:
            raise ValueError(f"name is not used when kind is '{kind}'; use path: for local files")
        return name
