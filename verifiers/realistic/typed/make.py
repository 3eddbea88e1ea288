"""How a typed case is written: a correct rewrite (``C``) or a wrong one (``W``) of a seed
(``(program, example inputs)``, from ``seeds.py``)."""

from __future__ import annotations

from ..cases import Case


def C(name: str, seed: tuple[str, list], entry: str, variant: str, prompt: str,
      outside: str | None, source: str, cls: str = "typed") -> Case:
    """A correct rewrite (``outside``: a call outside the domain on which they differ)."""
    code, seeds = seed
    return Case(name, cls, code, variant, seeds, None, entry, prompt=prompt, outside=outside,
                source=source)


def W(name: str, cls: str, seed: tuple[str, list], entry: str, variant: str, prompt: str,
      witness: str, source: str) -> Case:
    code, seeds = seed
    return Case(name, cls, code, variant, seeds, witness, entry, prompt=prompt, source=source)


def d(text: str) -> str:
    return text.strip("\n") + "\n"
