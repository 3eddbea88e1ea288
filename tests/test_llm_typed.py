"""Model answers judged on the seed's domain, end to end: a scripted OpenAI-compatible endpoint
answers the four prompts for seeds of HumanEval+ and the built-in corpus with the model-style
rewrites of ``semforge.verifiers.realistic.typed`` (labels checked in plain Python), and
``semforge run`` (``generate.llm``, backend openai, the default typed policy) must publish every
correct answer as an ``equivalent`` llm row with its ``equivalence`` level, and put every wrong
one in ``rejected`` with a counterexample inside the seed's domain.

A few seeds by default; ``SEMFORGE_TYPED_ALL=1`` runs every case (minutes)."""

from __future__ import annotations

import json
import math
import os
from collections import defaultdict

import pytest
import yaml

from conftest import run_cli
from llm_scripted_server import ScriptedServer
from semforge.domain_infer import infer_domain
from semforge.verifiers.realistic import typed

SOME = {"dedupe", "has_close_elements", "pairs_sum_to_zero", "maximum"}
KIND = {"equivalent": "equivalent", "faster": "faster", "slower": "slower", "explicit": "explicitly"}
PROMPTS = {"equivalent": "equivalent", "faster": "faster", "slower": "slower", "explicit": "explicit"}


def cases():
    everything = os.environ.get("SEMFORGE_TYPED_ALL") == "1"
    return [c for c in typed.CASES if everything or c.entry in SOME]


def fenced(code: str) -> str:
    return f"Here is the rewrite:\n\n```python\n{code}```\n"


def _args(shown: str):
    return eval(shown, {"__builtins__": {}}, {"nan": math.nan, "inf": math.inf, "iter": iter})


def calls_of(counterexample: dict) -> list[list]:
    """The calls a counterexample makes: one argument list, or a behaviour probe's calls."""
    args = _args(counterexample["args"])
    if args and args[0] == "calls":
        return [a for a, kw in args[1] if not kw]
    if args and args[0] in ("lazy", "history"):
        return [args[1]] if args[0] == "lazy" else list(args[1])
    return [args]


@pytest.mark.slow
def test_model_answers_are_judged_on_the_domain(tmp_path):
    chosen = cases()
    by_original = defaultdict(list)
    for c in chosen:
        by_original[c.original].append(c)
    script = defaultdict(list)
    records = []
    for k, (original, group) in enumerate(by_original.items()):
        records.append({"task_id": f"typed/{k}", "entry_point": group[0].entry, "code": original,
                        "base_input": group[0].seeds})
        for c in group:
            script[(original, KIND[c.prompt])].append((fenced(c.variant), "stop"))
    n = max(len(v) for v in script.values())
    corpus = tmp_path / "seeds.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in records))
    with ScriptedServer(dict(script)) as server:
        cfg = tmp_path / "run.yaml"
        cfg.write_text(yaml.safe_dump({
            "corpus": [{"kind": "evalplus", "path": str(corpus)}],
            "generate": {"rules": [], "llm": {
                "backend": "openai", "model": server.model, "base_url": server.url, "n": n,
                "prompts": sorted(PROMPTS.values())}},
            "verify": {"examples": 200, "measure_speed": False},
            "run": {"seeds_per_shard": 4, "workers": 1},
            "curate": {"decontaminate": [], "near_dup": False},
        }))
        out = tmp_path / "out"
        run_cli("run", "--config", str(cfg), "--out", str(out), "--no-progress", timeout=3600)

    from datasets import load_dataset

    kept = {r["variant"]: r for r in load_dataset(str(out), split="train")}
    rejected = {r["variant"]: r for r in load_dataset(str(out), "rejected", split="train",
                                                      streaming=True)}
    problems = []
    for c in chosen:
        variant = c.variant
        if c.equivalent:
            row = kept.get(variant)
            if row is None or row["generator"] != "llm" or row["equivalence"] not in ("typed", "strict"):
                why = rejected.get(variant, {}).get("verification", {}).get("reason")
                problems.append(f"{c.name}: correct answer not an equivalent llm row ({why})")
            continue
        row = rejected.get(variant)
        if row is None or row["verdict"] == "equivalent":
            problems.append(f"{c.name}: wrong answer not rejected")
            continue
        example = json.loads(row["verification"]["counterexample"] or "null")
        domain = infer_domain(c.original, c.entry, c.seeds)
        if not example or not all(domain.contains(a) for a in calls_of(example)):
            problems.append(f"{c.name}: counterexample outside the domain {domain}: {example}")
    assert not problems, "\n".join(problems)
    assert all(r["domain"] for r in kept.values())
