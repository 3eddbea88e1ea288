"""Rewrites of KernelBench-format PyTorch programs (libcst).

Rules live one per file in ``rules/`` and are kept apart from the Python rules' registry: they
only make sense on PyTorch programs, and Python rules are not applied to PyTorch seeds.

    from semforge.transforms.pytorch import pytorch_rules

The pipeline's generate step (``pipeline/steps/generate.py``) chains them and adds the CUDA
template variants (``transforms/cuda``).
"""

from __future__ import annotations

import importlib
import pkgutil

from ..base import Rule

_RULES: dict[str, type[Rule]] = {}


def register_pytorch(cls: type[Rule]) -> type[Rule]:
    if cls.id in _RULES and _RULES[cls.id] is not cls:
        raise ValueError(f"pytorch rule id {cls.id!r} is registered twice")
    _RULES[cls.id] = cls
    return cls


def pytorch_rule_classes() -> dict[str, type[Rule]]:
    from . import rules

    for info in sorted(pkgutil.iter_modules(rules.__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{rules.__name__}.{info.name}")
    return dict(sorted(_RULES.items()))


def pytorch_rules(ids: list[str] | None = None) -> list[Rule]:
    classes = pytorch_rule_classes()
    return [cls() for rid, cls in classes.items() if ids is None or rid in ids]
