"""What every backend takes and returns, and the per-process engine cache.

A backend turns requests (chat messages, a seed, ``n``) into ``n`` samples each. Loading a model
is the expensive part, so a process keeps one backend per engine config (``LLMConfig.engine_key``)
for its lifetime: a Dask worker loads the model for its first shard and reuses it for the rest.
The cache lives here; ``get_backend``, which picks and creates the backend, lives in the package
(``backends/__init__.py``) so that this module, which every backend imports, imports none of them.
"""

from __future__ import annotations

import threading
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from ..config import LLMConfig


class LLMBackendError(RuntimeError):
    """A backend that cannot serve at all (bad model path, 401/404 from an endpoint)."""


@dataclass(frozen=True)
class Request:
    key: str                        # the cache key (see cache.request_key)
    prompt_id: str                  # e.g. faster@1
    messages: list[dict[str, str]]
    seed: int


@dataclass(frozen=True)
class Sample:
    text: str
    finish_reason: str | None = None  # "stop", "length" (cut at max_tokens), ...
    tokens: int | None = None         # completion tokens, when the backend says

    @property
    def truncated(self) -> bool:
        return self.finish_reason == "length"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# Called with (index into the requests, its samples) as each request is answered.
OnDone = Callable[[int, list[Sample]], None]


class Backend(Protocol):
    def generate(self, config: "LLMConfig", requests: list[Request], on_done: OnDone) -> None:
        """Answer every request with ``config``'s sampling parameters; call ``on_done`` once
        per request (any order). The engine is shared by every config with its engine_key."""


_engines: dict[str, Backend] = {}
_in_use: dict[str, threading.Lock] = {}
_lock = threading.Lock()


def engine_lock(config: "LLMConfig") -> threading.Lock:
    """One caller at a time per local engine (a Dask worker with several threads may run two
    shards): vLLM's ``LLM`` and a transformers model are not safe to drive from two threads."""
    with _lock:
        return _in_use.setdefault(config.engine_key, threading.Lock())


def chat_prompt(tokenizer: Any, messages: list[dict[str, str]]) -> str:
    """The text a local model sees: its chat template when it has one, else the plain message."""
    if getattr(tokenizer, "chat_template", None):
        return tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
    return "\n\n".join(m["content"] for m in messages) + "\n\n"
