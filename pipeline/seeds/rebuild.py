"""A seed of real code rebuilt from a published row's ``context`` and a copy of its code.

A row from a ``files`` corpus names where its function or method lives (``context``: package,
version, digest, module, path relative to the corpus folder, qualified name, kind) but not this
machine's folders, nor the module's text. Given the folder the corpus was read from (the
package fetched again: ``pip download --no-binary :all: --no-deps NAME==VERSION``, unpacked),
``rebuild_seed`` reads that one file as the ``files`` reader does (the module loaded once in the
sandbox, its hazards checked) and returns the seed whose def is the row's ``original``, with its
``ModuleContext``, so that ``verify_variants(..., context=seed.context)`` runs each side in its
module again (``semforge verify --context-root``). The def's text is what is checked: a folder
whose def differs (another version) is not used.
"""

from __future__ import annotations

from pathlib import Path

from semforge.record import Rejection, Seed

from .in_module import _METHODS, ModuleCorpus, extract_in_module
from .packages import package_info
from .text import decode_or_reason

_FIELDS = ("path", "qualname", "kind")


def rebuild_seed(context: object, original: str, entry_point: str,
                 roots: list[str]) -> Seed | str:
    """The seed of ``context`` (a row's ``context`` column) read from the first of ``roots``
    whose file holds a def equal to ``original``; else one line saying why not."""
    if not isinstance(context, dict) or not all(isinstance(context.get(k), str) for k in _FIELDS):
        return f"context must be an object with {', '.join(_FIELDS)} (a row's context column)"
    if not roots:
        return ("the pair has a context (a function or method of real code, run in its module): "
                "pass --context-root DIR, the folder its context.path is relative to")
    where = f"{context['path']}::{context['qualname']}"
    found = []
    for root in roots:
        folder = Path(root)
        file = folder if folder.is_file() and folder.name == context["path"] else folder / context["path"]
        if not file.is_file():
            continue
        seed = _read(file, folder if folder.is_dir() else folder.parent, context, original,
                     entry_point)
        if isinstance(seed, Seed):
            return seed
        found.append(f"{root}: {seed}")
    if not found:
        return f"no --context-root holds {context['path']}"
    return f"{where}: " + "; ".join(found)


def _read(file: Path, folder: Path, context: dict, original: str,
          entry_point: str) -> Seed | str:
    text, reason = decode_or_reason(file.read_bytes())
    if reason:
        return reason
    corpus = ModuleCorpus(package_info(folder), context.get("digest") or "")
    wanted = f"{context['path']}::{context['qualname']}"
    seeds = []
    for item in extract_in_module(text, "context", context["path"], file, corpus):
        if isinstance(item, Rejection) and item.source_id in (wanted, context["path"]):
            return f"not a seed here: {item.reason}"
        if isinstance(item, Seed) and item.source_id == wanted:
            seeds.append(item)
    same = [s for s in seeds if s.code.strip() == original.strip()
            and s.entry_point == entry_point and s.context is not None]
    if not same:
        return ("its def is not the pair's original (another version?)" if seeds
                else "no such def")
    if same[0].context.kind != context["kind"]:
        return f"a {same[0].context.kind} here, not a {context['kind']}"
    return same[0]


def method_inputs(kind: str, inputs: list[list]) -> list[list]:
    """Seed inputs given as JSON in a method's calling convention: the constructor's
    arguments (its first item) as the tuple the seed reader makes."""
    if kind not in _METHODS:
        return inputs
    return [[tuple(args[0]), *args[1:]] if args and isinstance(args[0], list) else args
            for args in inputs]
