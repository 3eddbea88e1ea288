"""Where rules come from: the built-ins, installed plug-ins and a user's own modules.

* Built-in rules live one per module in ``semforge.transforms.rules`` and register themselves
  with ``@register`` when imported.
* An installed package adds rules through the entry-point group ``semforge.rules``
  (``name = "package.module:RuleClass"`` or ``name = "package.module"``).
* A config's ``generate.rule_modules`` names importable modules (e.g. ``myrules.loops``) whose
  ``@register``-ed rules join the registry.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from importlib.metadata import entry_points
from typing import Iterable

from .base import INTENTS, Rule

ENTRY_POINT_GROUP = "semforge.rules"

_REGISTRY: dict[str, type[Rule]] = {}
_loaded_builtins = False
_loaded_plugins = False


class RuleError(ValueError):
    """A rule is malformed, duplicated or unknown."""


def register(cls: type[Rule]) -> type[Rule]:
    """Class decorator: add a rule to the registry (checks its metadata)."""
    if not (inspect.isclass(cls) and issubclass(cls, Rule)):
        raise RuleError(f"{cls!r} is not a subclass of semforge.transforms.Rule")
    if not cls.id:
        raise RuleError(f"rule {cls.__qualname__} has no `id`")
    if cls.intent not in INTENTS:
        raise RuleError(f"rule {cls.id}: intent must be one of {INTENTS}, got {cls.intent!r}")
    if not (isinstance(cls.family, str) and cls.family):
        raise RuleError(f"rule {cls.id}: family must be a non-empty string (see "
                        "semforge.transforms.families.FAMILIES)")
    if not hasattr(cls, "Transformer"):
        raise RuleError(f"rule {cls.id}: define a nested `Transformer(RuleTransformer)` class")
    existing = _REGISTRY.get(cls.id)
    if existing is not None and existing is not cls and (
        existing.__module__, existing.__qualname__) != (cls.__module__, cls.__qualname__):
        raise RuleError(
            f"rule id {cls.id!r} is registered twice: {existing.__module__} and {cls.__module__}"
        )
    _REGISTRY[cls.id] = cls
    return cls


def _load_builtins() -> None:
    global _loaded_builtins
    if _loaded_builtins:
        return
    from . import rules as builtin_pkg

    for info in sorted(pkgutil.iter_modules(builtin_pkg.__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{builtin_pkg.__name__}.{info.name}")
    _loaded_builtins = True


def _load_entry_points() -> None:
    global _loaded_plugins
    if _loaded_plugins:
        return
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        try:
            obj = ep.load()
        except Exception as exc:  # a broken plug-in must say which one it is
            raise RuleError(f"plug-in rule entry point {ep.name!r} ({ep.value}) failed to load: {exc}") from exc
        if inspect.isclass(obj) and issubclass(obj, Rule):
            register(obj)
    _loaded_plugins = True


def load_modules(modules: Iterable[str]) -> None:
    """Import user rule modules (their ``@register`` decorators fill the registry)."""
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            raise RuleError(
                f"rule module {name!r} could not be imported ({exc}); "
                "check `generate.rule_modules` and that its folder is on PYTHONPATH"
            ) from exc


def all_rules(extra_modules: Iterable[str] = ()) -> dict[str, type[Rule]]:
    """Every registered rule by id: built-ins, entry-point plug-ins and ``extra_modules``."""
    _load_builtins()
    _load_entry_points()
    load_modules(extra_modules)
    return dict(sorted(_REGISTRY.items()))


def get_rule(rule_id: str, extra_modules: Iterable[str] = ()) -> Rule:
    rules = all_rules(extra_modules)
    if rule_id not in rules:
        close = [r for r in rules if rule_id.split("-")[0] in r][:5]
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise RuleError(f"unknown rule {rule_id!r}{hint}; `semforge rules list` shows them all")
    return rules[rule_id]()
