"""The openai backend: any OpenAI-compatible chat completions endpoint (``vllm serve``, ...).

``POST {base_url}/chat/completions`` with model, messages, n, temperature, top_p, max_tokens and
seed; ``concurrency`` requests in flight. Overload and transient failures (429, 5xx, timeouts,
dropped connections) are retried with exponential backoff and jitter, honouring ``Retry-After``;
a wrong key, model or URL (400/401/403/404) stops at once with an error naming the model and URL,
since no retry can fix it. A server that returns fewer than ``n`` choices (some ignore ``n``) is
asked again for the rest.
"""

from __future__ import annotations

import json
import os
import random
import socket
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import TYPE_CHECKING, Any

from .base import LLMBackendError, OnDone, Request, Sample

if TYPE_CHECKING:
    from ..config import LLMConfig

_FATAL = {400: "bad request", 401: "unauthorized", 403: "forbidden", 404: "not found"}


class _Retryable(Exception):
    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class OpenAIBackend:
    def __init__(self, config: "LLMConfig") -> None:
        self.model = config.model
        self.url = config.base_url.rstrip("/") + "/chat/completions"
        self.headers = {"Content-Type": "application/json"}
        if config.api_key_env:
            key = os.environ.get(config.api_key_env)
            if not key:
                raise LLMBackendError(
                    f"generate.llm.api_key_env names {config.api_key_env}, which is not set "
                    "in the environment of this process"
                )
            self.headers["Authorization"] = f"Bearer {key}"
        self.backoff_s = 0.5  # first retry's base delay; doubles each time (tests shorten it)

    def generate(self, config: "LLMConfig", requests: list[Request], on_done: OnDone) -> None:
        if not requests:
            return
        with ThreadPoolExecutor(max_workers=min(config.concurrency, len(requests)),
                                thread_name_prefix="semforge-llm") as pool:
            futures = {pool.submit(self._answer, config, r): i for i, r in enumerate(requests)}
            try:
                for future in as_completed(futures):  # each answer is handed on (cached) at once
                    on_done(futures[future], future.result())
            except BaseException:
                for future in futures:
                    future.cancel()  # a fatal error: send nothing more
                raise

    def _answer(self, config: "LLMConfig", request: Request) -> list[Sample]:
        samples: list[Sample] = []
        attempt = 0
        while len(samples) < config.n and attempt <= config.n:
            choices = self._post(config, self._body(config, request, config.n - len(samples),
                                                    attempt))
            if not choices:
                break  # the server answers but gives nothing: take what there is
            samples.extend(choices)
            attempt += 1
        return samples[: config.n]

    def _body(self, c: "LLMConfig", request: Request, n: int, attempt: int) -> dict[str, Any]:
        return {"model": c.model, "messages": request.messages, "n": n,
                "temperature": c.temperature, "top_p": c.top_p, "max_tokens": c.max_tokens,
                # a top-up for missing choices must not replay the first answer
                "seed": request.seed + attempt}

    def _post(self, config: "LLMConfig", body: dict[str, Any]) -> list[Sample]:
        data = json.dumps(body).encode("utf-8")
        for retry in range(config.max_retries + 1):
            try:
                return self._post_once(data, config.timeout_s)
            except _Retryable as exc:
                if retry == config.max_retries:
                    raise LLMBackendError(
                        f"{self.url} (model {self.model!r}) still failing after "
                        f"{retry + 1} attempts: {exc}"
                    ) from None
                delay = exc.retry_after if exc.retry_after is not None else \
                    self.backoff_s * 2 ** retry * (0.5 + random.random())
                time.sleep(min(delay, 60.0))
        raise AssertionError("unreachable")

    def _post_once(self, data: bytes, timeout_s: float) -> list[Sample]:
        req = urllib.request.Request(self.url, data=data, headers=self.headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=timeout_s) as resp:
                payload = json.loads(resp.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            detail = exc.read()[:300].decode("utf-8", "replace")
            if exc.code in _FATAL:
                raise LLMBackendError(
                    f"{self.url} answered {exc.code} ({_FATAL[exc.code]}) for model "
                    f"{self.model!r}: {detail.strip()} -- check generate.llm.model, "
                    "base_url and api_key_env"
                ) from None
            if exc.code == 429 or exc.code >= 500:
                raise _Retryable(f"HTTP {exc.code}: {detail.strip()}",
                                 _retry_after(exc.headers.get("Retry-After"))) from None
            raise LLMBackendError(
                f"{self.url} answered HTTP {exc.code}: {detail.strip()}"
            ) from None
        except (urllib.error.URLError, socket.timeout, TimeoutError, ConnectionError) as exc:
            raise _Retryable(f"{type(exc).__name__}: {exc}") from None
        except ValueError as exc:  # a body that is not JSON: a proxy's error page, a torn reply
            raise _Retryable(f"unreadable response: {exc}") from None
        try:
            return [Sample(ch["message"].get("content") or "", ch.get("finish_reason"),
                           None) for ch in payload["choices"]]
        except (KeyError, TypeError, AttributeError) as exc:
            raise _Retryable(f"response without choices/message: {str(payload)[:200]}") from exc


def _retry_after(value: str | None) -> float | None:
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None
