"""The openai backend: any OpenAI-compatible chat completions endpoint (``vllm serve``, ...).

``POST {base_url}/chat/completions`` with model, messages, n, temperature, top_p, max_tokens and
seed; ``concurrency`` requests in flight over one pooled ``httpx.Client`` (kept-alive
connections, reused by every request of the process). Overload and transient failures (429,
5xx, timeouts, dropped connections) are retried with exponential backoff and jitter, honouring
``Retry-After`` in either of its forms (seconds, or an HTTP date); a wrong key, model or URL
(400/401/403/404) stops at once with an error naming the model and URL, since no retry can fix
it. A server that returns fewer than ``n`` choices (some ignore ``n``) is asked again for the
rest.
"""

from __future__ import annotations

import email.utils
import os
import random
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

import httpx

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
        # One pool for the process's lifetime (the backend is cached per engine config): a
        # request reuses a kept-alive connection instead of opening one. Waiting for a free
        # connection has no limit (``pool=None``): ``concurrency`` caps the requests in flight.
        self.client = httpx.Client(
            headers=self.headers,
            limits=httpx.Limits(max_connections=max(1, config.concurrency),
                                max_keepalive_connections=max(1, config.concurrency)),
            timeout=httpx.Timeout(config.timeout_s, pool=None))

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
        for retry in range(config.max_retries + 1):
            try:
                return self._post_once(body, config.timeout_s)
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

    def _post_once(self, body: dict[str, Any], timeout_s: float) -> list[Sample]:
        try:
            resp = self.client.post(self.url, json=body,
                                    timeout=httpx.Timeout(timeout_s, pool=None))
        except (httpx.TimeoutException, httpx.TransportError) as exc:
            # timeouts, refused or dropped connections, a torn reply: the server may recover
            raise _Retryable(f"{type(exc).__name__}: {exc}") from None
        if resp.status_code >= 400:
            detail = resp.text[:300].strip()
            if resp.status_code in _FATAL:
                raise LLMBackendError(
                    f"{self.url} answered {resp.status_code} ({_FATAL[resp.status_code]}) for "
                    f"model {self.model!r}: {detail} -- check generate.llm.model, base_url and "
                    "api_key_env"
                )
            if resp.status_code == 429 or resp.status_code >= 500:
                raise _Retryable(f"HTTP {resp.status_code}: {detail}",
                                 retry_after(resp.headers.get("Retry-After")))
            raise LLMBackendError(f"{self.url} answered HTTP {resp.status_code}: {detail}")
        try:
            payload = resp.json()
        except ValueError as exc:  # a body that is not JSON: a proxy's error page, a torn reply
            raise _Retryable(f"unreadable response: {exc}") from None
        try:
            return [Sample(ch["message"].get("content") or "", ch.get("finish_reason"),
                           None) for ch in payload["choices"]]
        except (KeyError, TypeError, AttributeError) as exc:
            raise _Retryable(f"response without choices/message: {str(payload)[:200]}") from exc


def retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: a number of seconds or an HTTP date
    (RFC 9110 10.2.3); None when absent or unreadable (then the backoff decides)."""
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # an HTTP date is always GMT
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - (now or datetime.now(timezone.utc))).total_seconds())
