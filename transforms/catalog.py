"""The family of any transform a row names: Python and PyTorch rules, model samples.

Kept apart from ``families`` (which ``compose`` imports, and which the PyTorch rules' package
imports through ``compose``): this module needs both registries.
"""

from __future__ import annotations


def families_of(transforms) -> list[str]:
    """The family of each entry of a row's ``transforms``: a rule's declared family, ``model``
    for a language model's sample (``llm:<prompt>@<version>``), ``other`` for anything else
    (a CUDA template or edit, a rule no longer registered)."""
    table = _family_table()
    return [("model" if t.startswith("llm:") else table.get(t, "other")) for t in transforms]


_TABLE: dict[str, str] = {}


def _family_table() -> dict[str, str]:
    if not _TABLE:
        from .pytorch import pytorch_rule_classes
        from .registry import all_rules

        _TABLE.update({i: c.family for i, c in {**all_rules(), **pytorch_rule_classes()}.items()})
    return _TABLE
