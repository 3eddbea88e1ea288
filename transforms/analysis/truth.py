"""Which builtin types' truth is ``!= 0`` (``zero-compare-to-truthiness`` and its inverse
``truthiness-to-zero-compare``; where only an expression's truth is used is
``conditions.in_condition``)."""

from __future__ import annotations

# Exact builtin numbers: their truth is ``x != 0`` (``-0.0`` false, NaN true, as ``nan != 0``),
# and neither ``bool`` nor ``== 0`` can raise or run user code on them.
NUMBERS = frozenset({"int", "bool", "float"})
