"""Versioned prompt templates: ``prompts/<name>@<version>.txt`` in this package.

A template is the user message of a one-turn chat (no system message: not every chat template
has one). ``{code}`` and ``{entry_point}`` are replaced by the seed program and its function
name. A prompt's text is part of every request's cache key, so editing a template changes what
is sampled: publish the change as a new version file (``faster@2.txt``) and keep the old one,
so that datasets built with ``faster@1`` stay reproducible.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

_NAME = re.compile(r"^(?P<name>[a-z][a-z0-9_-]*)@(?P<version>[0-9]+)\.txt$")


@dataclass(frozen=True)
class Prompt:
    name: str
    version: int
    template: str

    @property
    def id(self) -> str:
        """``name@version``, as in the rows' ``transforms`` (``llm:faster@1``)."""
        return f"{self.name}@{self.version}"

    def render(self, code: str, entry_point: str) -> list[dict[str, str]]:
        """The chat messages asking for a variant of ``code``."""
        # str.replace, not str.format: the program's own braces must come through untouched.
        text = self.template.replace("{entry_point}", entry_point).replace("{code}", code.rstrip())
        return [{"role": "user", "content": text}]


@lru_cache(maxsize=1)
def _all() -> dict[str, Prompt]:
    found = {}
    for entry in resources.files(__package__).joinpath("prompts").iterdir():
        m = _NAME.match(entry.name)
        if m:
            p = Prompt(m["name"], int(m["version"]), entry.read_text(encoding="utf-8"))
            found[p.id] = p
    return found


def available_prompts() -> list[str]:
    return sorted(_all())


def resolve_prompt(name: str) -> Prompt:
    """``faster@1`` exactly, or ``faster``: its latest version. KeyError when unknown."""
    prompts = _all()
    if "@" in name:
        return prompts[name]
    versions = [p for p in prompts.values() if p.name == name]
    if not versions:
        raise KeyError(name)
    return max(versions, key=lambda p: p.version)
