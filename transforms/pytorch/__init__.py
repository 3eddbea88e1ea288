"""Rewrites of KernelBench-format PyTorch programs (libcst), and the CUDA variants' entry point.

Rules live one per file in ``rules/`` and are kept apart from the Python rules' registry: they
only make sense on PyTorch programs, and Python rules are not applied to PyTorch seeds.

    from semforge.transforms.pytorch import pytorch_rules, pytorch_variants
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


DEFAULT_CUDA_EDITS = ("block-size-512", "grid-stride", "drop-restrict")


def pytorch_variants(source: str, count: int = 8, max_chain: int = 3, seed: int = 0,
                     cuda_forms: list[str] | None = None,
                     cuda_edits: list[str] | tuple[str, ...] = DEFAULT_CUDA_EDITS):
    """Rule variants (chains of PyTorch rewrites) plus CUDA template variants of one program.

    Returns (variants, rule errors); each variant is a ``compose.Variant``.
    """
    from ..compose import Variant, generate_variants
    from ..cuda.generate import FORMS, cuda_variants

    result = generate_variants(source, pytorch_rules(), count=count, max_chain=max_chain,
                               seed=seed, protected=["Model", "get_inputs", "get_init_inputs"])
    forms = tuple(f for f in FORMS if cuda_forms is None or f.name in cuda_forms)
    variants = list(result.variants)
    templates = cuda_variants(source, forms)
    variants += [Variant(v.code, v.transforms) for v in templates]
    # tree-sitter edits of the first template program's CUDA source (each edit re-parsed)
    errors = list(result.rule_errors)
    if templates and cuda_edits:
        from ..cuda.edits import edit_program

        seen = {v.code for v in variants}
        for name in cuda_edits:
            for template in templates:  # the first template program where the edit has a site
                try:
                    code = edit_program(template.code, name)
                except Exception as exc:  # a bug in an edit is reported, never fatal
                    errors.append(f"cuda-edit:{name}: {type(exc).__name__}: {exc}")
                    break
                if code is not None and code not in seen:
                    seen.add(code)
                    variants.append(Variant(code, [*template.transforms, f"cuda-edit:{name}"]))
                    break
    return variants, errors
