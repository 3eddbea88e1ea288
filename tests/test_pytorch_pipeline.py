"""PyTorch seeds through the whole pipeline: `semforge run` on the built-in PyTorch corpus, on a
real local Dask cluster, read back with `datasets`. Without CUDA (CI), plain-PyTorch pairs are
verified on the CPU and CUDA pairs are kept as `undecided` with the reason."""

import json

import pytest

pytest.importorskip("torch")

from semforge.pipeline.config import parse_config  # noqa: E402
from semforge.pipeline.corpora import iter_corpus  # noqa: E402
from semforge.pipeline.steps import Generate, SeedWork  # noqa: E402
from semforge.verifiers.cuda import NO_CUDA_REASON, cuda_available  # noqa: E402

from conftest import run_cli  # noqa: E402


def test_generate_stage_routes_pytorch_seeds():
    config = parse_config({"corpus": [{"kind": "builtin-pytorch"}],
                           "generate": {"variants_per_seed": 3, "cuda_forms": ["fused", "strided"]}})
    seeds = {s.source_id: s for s in iter_corpus(config.corpus[0])}
    generate = Generate(config.generate)
    relu, matmul = generate.run([SeedWork(seeds["linear_relu"]), SeedWork(seeds["matmul"])])
    relu_variants, matmul_variants = relu.variants, matmul.variants
    stats = generate.stats
    kinds = [v.transforms[0].split(":")[0] for v in relu_variants]
    assert "torch-relu-as-clamp" in kinds and "cuda-template" in kinds
    assert any(t.startswith("cuda-edit:") for v in relu_variants for t in v.transforms)
    assert matmul_variants == [] and stats.counters["seeds_without_variants"] == 1


@pytest.mark.slow
def test_semforge_run_on_builtin_pytorch(tmp_path):
    import datasets

    cfg = tmp_path / "cfg.yaml"
    cfg.write_text("""
corpus:
  - kind: builtin-pytorch
    limit: 3
generate:
  variants_per_seed: 2
  max_chain: 1
  cuda_forms: [fused, strided]
  cuda_edits: [block-size-512]
verify:
  measure_speed: false
  pytorch:
    cases_per_shape: 3
run:
  workers: 2
  seeds_per_shard: 2
  gpu_resources: true   # shards submitted with resources={"GPU": 1}; local workers each hold one
""")
    out = tmp_path / "out"
    run_cli("run", "--config", str(cfg), "--out", str(out), timeout=1200)
    stats = json.loads((out / "stats.json").read_text())
    assert stats["seeds"]["loaded"] == 3 and stats["pairs"] > 0
    good = datasets.load_dataset(str(out), split="train")
    rejected = datasets.load_dataset(str(out), "rejected", split="train")
    assert len(good) >= 1 and all(r["language"] == "pytorch" for r in good)
    # the rule variant (conv_relu: relu -> clamp) is verified on the CPU
    assert any(r["transforms"] == ["torch-relu-as-clamp"] for r in good)
    assert all(r["verification"]["method"] == "torch-diff" for r in good)
    cuda_rows = [r for r in [*good, *rejected] if r["transforms"][0].startswith("cuda-template")]
    assert cuda_rows
    if not cuda_available():
        assert all(r["verdict"] == "undecided" and r["verification"]["reason"] == NO_CUDA_REASON
                   for r in cuda_rows)


def test_semforge_verify_judges_pytorch_pairs(tmp_path):
    from pathlib import Path

    from click.testing import CliRunner

    from semforge.cli import main
    from semforge.transforms.cuda.generate import cuda_variants

    relu = (Path(__file__).resolve().parents[1] / "pipeline" / "data" / "pytorch" / "relu.py").read_text()
    clamp = relu.replace("return torch.relu(x)", "return x.clamp(min=0)")
    lines = [{"id": "rule", "language": "pytorch", "original": relu, "variant": clamp, "entry_point": "Model"},
             {"id": "cuda", "language": "pytorch", "original": relu, "variant": cuda_variants(relu)[0].code,
              "entry_point": "Model"},
             {"id": "bad", "language": "pytorch", "original": relu, "variant": "x = 1\n", "entry_point": "Model"}]
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(main, ["verify", str(pairs), "-o", str(out), "--no-speed", "--workers", "2"])
    assert result.exit_code == 0, result.output
    rows = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert list(rows) == ["rule", "cuda", "bad"]
    assert rows["rule"]["verdict"] == "equivalent" and rows["rule"]["examples"] >= 5
    assert rows["bad"]["verdict"] == "error" and "not a KernelBench program" in rows["bad"]["reason"]
    if not cuda_available():
        assert rows["cuda"]["verdict"] == "undecided" and rows["cuda"]["reason"] == NO_CUDA_REASON


def test_every_verify_pytorch_key_reaches_the_torch_verifier():
    from semforge.pipeline.config import TorchSettings, VerifySettings
    from semforge.pipeline.steps.verify import torch_config

    changed = {"cases_per_shape": 3, "shapes": 1, "device": "cpu", "compile_timeout_s": 9.0,
               "run_timeout_s": 8.0, "speed_band": 0.2, "sanitize": False, "cache_dir": "/tmp/x",
               "parallel": 7, "engine": "processes", "cuda_arch": "sm_90"}
    assert set(changed) == set(TorchSettings.model_fields), "new verify.pytorch key: add it here"
    config = torch_config(VerifySettings(pytorch=TorchSettings(**changed), seed=5, measure_speed=False))
    for key, value in changed.items():
        assert getattr(config, key) == value, key
    assert config.seed == 5 and config.measure_speed is False


def test_kernelbench_seeds_get_their_own_prompts_and_keep_full_programs():
    """A PyTorch seed is asked with the kernelbench- prompts (Python seeds with the plain ones);
    an answer that is a whole KernelBench program with a ModelNew is kept, one without the
    original Model is discarded."""
    from pathlib import Path

    from semforge.record import Seed
    from semforge.transforms.llm.backends.base import Sample
    from semforge.transforms.llm.config import LLMConfig
    from semforge.transforms.llm.stage import sample_variants

    relu = (Path(__file__).resolve().parents[1] / "pipeline" / "data" / "pytorch" / "relu.py").read_text()
    torch_seed = Seed(source="t", source_id="relu", entry_point="Model", code=relu, language="pytorch")
    py_seed = Seed(source="t", source_id="f", entry_point="f", code="def f(x):\n    return x + 1\n")
    answer = relu + "\n\nclass ModelNew(Model):\n    def forward(self, x):\n        return x.clamp(min=0)\n"
    asked = []

    def scripted(config, requests, on_done):
        for j, request in enumerate(requests):
            asked.append((request.prompt_id, request.messages[0]["content"]))
            text = "```python\n" + (answer if "KernelBench" in request.messages[0]["content"]
                                    else "def f(x):\n    return 1 + x\n") + "```"
            on_done(j, [Sample(text), Sample("```python\nclass ModelNew:\n    pass\n```")])

    config = LLMConfig(model="scripted", prompts=["faster", "explicit"], n=2)
    out = sample_variants([torch_seed, py_seed], config, None, generate=scripted)
    assert sorted(p for p, _ in asked) == ["explicit@1", "faster@1", "kernelbench-explicit@1",
                                           "kernelbench-faster@1"]
    assert [v.transforms for v in out[0]] == [["llm:kernelbench-faster@1"]]
    assert "class ModelNew(Model)" in out[0][0].code and out[1]
