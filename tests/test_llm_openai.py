"""The openai backend against a real HTTP server on loopback that answers from a script, with a
real HumanEval+ seed: what reaches the dataset is known exactly, and the verifier judges it."""

from __future__ import annotations

import email.utils
import json
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from conftest import run_cli
from llm_scripted_server import ScriptedServer
from semforge.pipeline.config import VerifySettings
from semforge.pipeline.corpora import CorpusSpec, iter_corpus
from semforge.pipeline.steps import Verify
from semforge.transforms.llm import LLMBackendError, LLMConfig, sample_variants
from semforge.transforms.llm.backends import get_backend
from semforge.transforms.llm.backends.openai_http import retry_after

EP = "greatest_common_divisor"
# Equivalent on every input, ill-typed ones included (None: the same TypeError; NaN: the same
# RecursionError): the seed's recursion, written differently.
STEP_HELPER = (f"def {EP}(a: int, b: int) -> int:\n    def step(x, y):\n        if y == 0:\n"
         "            return x\n        return step(y, x % y)\n    return step(a, b)\n")
RECURSIVE = f"def {EP}(a, b):\n    if b == 0:\n        return a\n    return {EP}(b, a % b)\n"
# Subtly wrong: math.gcd is never negative; the seed's Euclid keeps the sign of b.
MATH_GCD = f"import math\n\n\ndef {EP}(a: int, b: int) -> int:\n    return math.gcd(a, b)\n"
# Subtly wrong: stops at once for a negative b.
POSITIVE_B = f"def {EP}(a: int, b: int) -> int:\n    while b > 0:\n        a, b = b, a % b\n    return a\n"


def script_for(seed_code: str) -> dict:
    return {
        (EP, "equivalent"): [
            (f"```python\n{STEP_HELPER}```", "stop"),
            (f"Here is a recursive version without the helper:\n\n{RECURSIVE}\n"
             "It is equivalent because Euclid's algorithm is unchanged.", "stop"),
            (f"Use the standard library:\n```python\n{MATH_GCD}```\nThis is faster.", "stop"),
            (f"```python\ndef {EP}(a: int, b: int) -> int:\n    def step(x, y):\n        if", "length"),
            ("I am sorry, but I cannot rewrite this function.", "stop"),
        ],
        (EP, "faster"): [
            (f"```python\n{POSITIVE_B}```", "stop"),
            (f"```python\ndef {EP}(a, b)\n    return a\n```", "stop"),
            ("```python\ndef gcd(a, b):\n    return a\n```", "stop"),
            (f"No change is needed:\n```python\n{seed_code}```", "stop"),
            # STEP_HELPER again, written differently: same AST
            (f"```python\ndef {EP}(a: int, b: int) -> int:\n    def step(x, y):\n"
             "        if y == 0:\n            return x  # done\n        return step(y, (x % y))\n"
             "    return step(a, b)\n```", "stop"),
        ],
    }


EXPECTED_KEPT = [(STEP_HELPER, "llm:equivalent@1"), (RECURSIVE, "llm:equivalent@1"),
                 (MATH_GCD, "llm:equivalent@1"), (POSITIVE_B, "llm:faster@1")]
EXPECTED_DISCARDS = {"too_long": 1, "no_code": 1, "syntax_error": 1, "no_entry_point": 1,
                     "unchanged": 1, "duplicate": 1}


@pytest.fixture(scope="module")
def gcd_seed(humaneval_path_module):
    seeds = [s for s in iter_corpus(CorpusSpec(kind="evalplus", path=str(humaneval_path_module),
                                               limit=20)) if s.source_id == "HumanEval/13"]
    assert len(seeds) == 1
    return seeds[0]


@pytest.fixture(scope="module")
def humaneval_path_module():
    from conftest import shared_data

    return shared_data("HumanEvalPlus.jsonl.gz")


@pytest.fixture
def server(gcd_seed):
    with ScriptedServer(script_for(gcd_seed.code)) as srv:
        yield srv


def config(server, **kw) -> LLMConfig:
    args = dict(backend="openai", model=server.model, base_url=server.url, n=5,
                prompts=["equivalent", "faster"], max_retries=3, timeout_s=10)
    args.update(kw)
    return LLMConfig(**args)


def discards(counters: Counter) -> dict[str, int]:
    return {k[len("llm_discarded_"):]: v for k, v in counters.items()
            if k.startswith("llm_discarded_") and v}


def test_scripted_answers_reach_the_dataset_exactly(server, gcd_seed, tmp_path):
    cfg = config(server)
    counters = Counter()
    [variants] = sample_variants([gcd_seed], cfg, tmp_path / "cache", counters=counters)

    assert [(v.code, v.transforms[0]) for v in variants] == EXPECTED_KEPT
    assert discards(counters) == EXPECTED_DISCARDS
    assert counters["llm_samples"] == 10 and counters["llm_kept"] == 4
    assert len(server.requests) == 2
    body = server.requests[0]
    assert {k: body[k] for k in ("model", "n", "temperature", "top_p", "max_tokens")} == \
        {"model": "scripted-model", "n": 5, "temperature": 0.8, "top_p": 0.95, "max_tokens": 1024}
    assert isinstance(body["seed"], int) and gcd_seed.code.strip() in body["messages"][0]["content"]

    # The same verification as rule variants: the good ones equivalent, the wrong ones rejected
    # with a counterexample.
    verify = Verify(VerifySettings(examples=200, measure_speed=False), "test-digest")
    rows = verify.rows(gcd_seed, variants)
    stats = verify.stats
    by_variant = {r["variant"]: r for r in rows}
    for code in (STEP_HELPER, RECURSIVE):
        assert by_variant[code]["verdict"] == "equivalent", by_variant[code]["verification"]
    for code in (MATH_GCD, POSITIVE_B):
        row = by_variant[code]
        assert row["verdict"] == "different", row["verification"]
        assert row["verification"]["counterexample"]
    for row in rows:
        assert row["generator"] == "llm"
        assert row["model"] == cfg.model_label and row["model"].startswith("scripted-model#")
    assert stats.rules_applied == {"llm:equivalent@1": 3, "llm:faster@1": 1}


def test_rerun_sends_no_request_it_already_answered(server, gcd_seed, tmp_path):
    cache = tmp_path / "cache"
    first = sample_variants([gcd_seed], config(server), cache)
    assert len(server.requests) == 2
    entries = sorted(cache.rglob("*.json"))
    assert len(entries) == 2 and not list(cache.rglob("*.tmp"))
    counters = Counter()
    again = sample_variants([gcd_seed], config(server), cache, counters=counters)
    assert len(server.requests) == 2  # nothing sent
    assert counters["llm_requests_cached"] == 2
    assert [v.code for v in again[0]] == [v.code for v in first[0]]
    # Other sampling parameters are other requests; placement settings are not.
    sample_variants([gcd_seed], config(server, concurrency=2), cache)
    assert len(server.requests) == 2
    sample_variants([gcd_seed], config(server, temperature=0.3), cache)
    assert len(server.requests) == 4


def test_answers_before_a_fatal_error_are_kept_for_the_rerun(server, gcd_seed, tmp_path):
    cache = tmp_path / "cache"
    cfg = config(server, concurrency=1)
    server.fail_next = ["ok", 404]
    with pytest.raises(LLMBackendError, match="404"):
        sample_variants([gcd_seed], cfg, cache)
    assert len(server.requests) == 1 and len(list(cache.rglob("*.json"))) == 1
    [variants] = sample_variants([gcd_seed], cfg, cache)
    assert len(server.requests) == 2  # only the request that had failed is sent again
    assert [(v.code, v.transforms[0]) for v in variants] == EXPECTED_KEPT


def test_overload_and_timeouts_are_retried(server, gcd_seed):
    cfg = config(server, timeout_s=0.5, max_retries=4, prompts=["equivalent"])
    get_backend(cfg).backoff_s = 0.01
    server.fail_next = [429, 503, "sleep", 500]
    [variants] = sample_variants([gcd_seed], cfg, None)
    assert [v.code for v in variants] == [STEP_HELPER, RECURSIVE, MATH_GCD]
    assert len(server.requests) == 1 and server.fail_next == []


def test_one_pooled_connection_serves_every_request(gcd_seed):
    """Requests reuse a kept-alive connection (a new one per request was the old behaviour),
    and a 429 whose Retry-After is an HTTP date (already past) is retried, not misread."""
    past = email.utils.format_datetime(datetime.now(timezone.utc) - timedelta(seconds=30),
                                       usegmt=True)
    with ScriptedServer(script_for(gcd_seed.code)) as srv:
        cfg = config(srv, concurrency=1, n=8, prompts=["equivalent", "faster"])
        srv.fail_next = [(429, {"Retry-After": past})]
        [variants] = sample_variants([gcd_seed], cfg, None)
        # 5 scripted answers per prompt for n=8: each prompt asks once more for the rest
        assert len(srv.requests) == 4 and srv.fail_next == []
        assert srv.connections == 1
        assert [v.code for v in variants] == [c for c, _ in EXPECTED_KEPT]


def test_retry_after_reads_seconds_and_http_dates():
    now = datetime(2025, 1, 1, 12, 0, 0, tzinfo=timezone.utc)
    assert retry_after("7", now) == 7.0 and retry_after(" 1.5 ", now) == 1.5
    assert retry_after("Wed, 01 Jan 2025 12:00:30 GMT", now) == 30.0
    assert retry_after("Wed, 01 Jan 2025 11:59:00 GMT", now) == 0.0  # already past
    assert retry_after("-3", now) == 0.0
    assert retry_after(None, now) is None and retry_after("soon", now) is None


def test_retries_run_out_with_an_error_naming_the_endpoint(server, gcd_seed):
    cfg = config(server, max_retries=1, prompts=["equivalent"])
    get_backend(cfg).backoff_s = 0.01
    server.fail_next = [502, 502]
    with pytest.raises(LLMBackendError, match=r"still failing after 2 attempts: HTTP 502"):
        sample_variants([gcd_seed], cfg, None)


def test_wrong_model_or_key_fails_at_once_naming_model_and_url(gcd_seed, monkeypatch):
    with ScriptedServer(script_for(gcd_seed.code), api_key="right-key") as srv:
        monkeypatch.setenv("SEMFORGE_TEST_KEY", "wrong-key")
        cfg = config(srv, api_key_env="SEMFORGE_TEST_KEY")
        with pytest.raises(LLMBackendError) as err:
            sample_variants([gcd_seed], cfg, None)
        assert "401" in str(err.value) and srv.url in str(err.value) and "scripted-model" in str(err.value)

        monkeypatch.setenv("SEMFORGE_TEST_KEY2", "right-key")
        cfg = config(srv, api_key_env="SEMFORGE_TEST_KEY2", model="no-such-model")
        with pytest.raises(LLMBackendError, match=r"404 \(not found\) for model 'no-such-model'"):
            sample_variants([gcd_seed], cfg, None)

        monkeypatch.delenv("SEMFORGE_TEST_KEY3", raising=False)
        with pytest.raises(LLMBackendError, match="SEMFORGE_TEST_KEY3, which is not set"):
            sample_variants([gcd_seed], config(srv, api_key_env="SEMFORGE_TEST_KEY3"), None)


@pytest.mark.slow
def test_semforge_run_mixes_rule_and_model_variants(server, gcd_seed, humaneval_path_module,
                                                   tmp_path):
    """`semforge run` on a real local Dask cluster: rule and model rows side by side."""
    from datasets import load_dataset

    corpus = tmp_path / "gcd.jsonl"
    import gzip

    with gzip.open(humaneval_path_module, "rt") as fh:
        record = next(json.loads(line) for line in fh if '"HumanEval/13"' in line)
    corpus.write_text(json.dumps(record) + "\n")
    cfg_path = tmp_path / "run.yaml"
    cfg_path.write_text(yaml.safe_dump({
        "corpus": [{"kind": "evalplus", "path": str(corpus)}],
        "generate": {"variants_per_seed": 3, "max_chain": 2, "llm": {
            "backend": "openai", "model": server.model, "base_url": server.url, "n": 5,
            "prompts": ["equivalent", "faster"]}},
        "verify": {"examples": 200, "measure_speed": False},
        "run": {"seeds_per_shard": 1, "workers": 1},
        # The seed is a HumanEval task in a file of its own: decontamination would drop every pair.
        "curate": {"decontaminate": []},
    }))
    out = tmp_path / "out"
    run_cli("run", "--config", str(cfg_path), "--out", str(out), "--no-progress")

    rows = list(load_dataset(str(out), split="train"))
    rejected = list(load_dataset(str(out), "rejected", split="train"))
    llm_rows = [r for r in rows + rejected if r["generator"] == "llm"]
    rule_rows = [r for r in rows + rejected if r["generator"] == "rules"]
    assert rule_rows, "rule variants are still made beside the model's"
    from semforge.transforms.normalize import normal_form

    rule_forms = {normal_form(r["variant"]) for r in rule_rows}
    expected = {code: t for code, t in EXPECTED_KEPT if normal_form(code) not in rule_forms}
    assert {r["variant"]: r["transforms"] for r in llm_rows} == \
        {code: [t] for code, t in expected.items()}
    verdicts = {r["variant"]: r["verdict"] for r in llm_rows}
    assert {verdicts.get(STEP_HELPER, "equivalent"), verdicts.get(RECURSIVE, "equivalent")} == {"equivalent"}
    assert {verdicts.get(MATH_GCD, "different"), verdicts.get(POSITIVE_B, "different")} == {"different"}
    assert all(r["model"].startswith("scripted-model#sampling-") for r in llm_rows)
    assert all(r["model"] is None for r in rule_rows)

    stats = json.loads((out / "stats.json").read_text())
    assert stats["llm"]["requests"] == 2 and stats["llm"]["samples"] == 10
    assert stats["llm"]["kept"] == len(expected)
    assert sum(stats["llm"]["discarded"].values()) == 10 - len(expected)
    assert stats["llm"]["discarded"]["too_long"] == 1 and stats["llm"]["discarded"]["no_code"] == 1
    assert len(list((out / "_llm_cache").rglob("*.json"))) == 2
    assert len(server.requests) == 2


# A model sample on which every call spins: the verifier's per-call limit is set far above the
# seed's budget, so only the budget can stop it.
SPINS = f"def {EP}(a: int, b: int) -> int:\n    while True:\n        a += 1\n"


@pytest.mark.slow
def test_model_samples_are_verified_under_the_seeds_budget(gcd_seed, tmp_path):
    """The worker draws the shard's samples; the seed's child verifies them and is killed at
    the seed's budget like any other seed: the shard still completes."""
    from semforge.pipeline import shards
    from semforge.pipeline.config import parse_config

    with ScriptedServer({(EP, "equivalent"): [(f"```python\n{SPINS}```", "stop")]}) as srv:
        cfg = parse_config({
            "generate": {"variants_per_seed": 1, "max_chain": 1, "llm": {
                "backend": "openai", "model": srv.model, "base_url": srv.url, "n": 1,
                "prompts": ["equivalent"]}},
            "verify": {"examples": 10, "measure_speed": False, "timeout_s": 300},
            "run": {"seeds_per_shard": 1, "seed_budget_s": 15}})
        task = shards.ShardTask(0, [gcd_seed], cfg.model_dump(mode="json"), "digest", str(tmp_path))
        stats = shards.process_shard(task)
        assert len(srv.requests) == 1
    c = stats["counters"]
    assert c["llm_requests"] == 1 and c["llm_kept"] == 1
    assert c["seeds_over_time_budget"] == 1
    [err] = [e for e in stats["errors"] if e["stage"] == "budget"]
    assert err["source_id"] == gcd_seed.source_id and "15 s budget" in err["reason"]
    assert shards.is_complete(tmp_path, 0, "digest")
