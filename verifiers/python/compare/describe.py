"""Outcomes in words: the one-phrase summaries that reasons are made of, and the bounded part of
an outcome that a counterexample keeps."""

from __future__ import annotations

from typing import Any


def describe(outcome: dict) -> str:
    """One-phrase summary of an outcome, for reasons."""
    kind = outcome.get("kind")
    if kind == "return":
        return f"returned {short(outcome.get('value'))}"
    if kind == "raise":
        return f"raised {outcome.get('exc_type')}"
    if kind == "timeout":
        return "timed out"
    if kind == "crash":
        return f"crashed ({outcome.get('reason') or 'no reason given'})"
    if kind == "load_error":
        return f"failed to load ({outcome.get('exc_type') or outcome.get('reason')})"
    return str(kind)


def summary(outcome: dict) -> dict:
    """The part of an outcome that goes in a counterexample (bounded in size)."""
    out = {"kind": outcome.get("kind")}
    if outcome.get("kind") == "return":
        out["value"] = bounded(outcome.get("value"))
    if outcome.get("exc_type"):
        out["exc_type"] = outcome["exc_type"]
        out["exc_msg"] = short(outcome.get("exc_msg"), 200)
    for stream in ("stdout", "stderr"):
        if outcome.get(stream):
            out[stream] = short(outcome[stream], 200)
    if outcome.get("args_after") is not None:
        out["args_after"] = bounded(outcome["args_after"])
    if outcome.get("reason"):
        out["reason"] = short(outcome["reason"], 200)
    return out


def bounded(value: Any, limit: int = 2000) -> Any:
    """The value itself when its JSON form is small, else a truncated repr of it."""
    text = repr(value)
    return value if len(text) <= limit else ["truncated", text[:limit]]


def short(x: Any, limit: int = 80) -> str:
    text = x if isinstance(x, str) else repr(x)
    text = text.replace("\n", "\\n")
    return text if len(text) <= limit else text[: limit - 3] + "..."
