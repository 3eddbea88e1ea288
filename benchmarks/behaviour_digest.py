"""Digest of everything semforge produces on HumanEval+ and the built-in corpus.

A refactoring that claims to keep behaviour byte for byte prints the same digests before and
after. Three parts, each a SHA-256 over canonical JSON:

- ``variants``: every variant (code and rule chain) of every seed, default generate settings;
- ``verdicts``: every pair's verdict, reason, counterexample and inputs run (speed off, so no
  clock reading enters the digest);
- ``rows``: the dataset rows of ``semforge run`` on the built-in corpus and HumanEval+ (speed
  off, decontamination off), read back from its Parquet shards and sorted by id.

    python benchmarks/behaviour_digest.py [--humaneval PATH] [--json OUT] [--skip-run]

``--json OUT`` also writes one digest per seed, so two files can be diffed to find the seed
whose output changed.

The scale ladders are climbed as far as the original's *time* budget allows, so on a busy
machine the same code can keep a different number of scale inputs (seen: 248 inputs one run,
221 the next, for one seed). ``--no-scale`` turns the climb off for the variants/verdicts part
(the verifier's ``VerifyConfig.scale``), which makes that part reproducible; the ``rows`` part
runs ``semforge run`` as users do, climb included, and is comparable only between quiet runs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from _data import humaneval_path



def _sha(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()


def _seeds(humaneval: Path | None):
    from semforge.pipeline.config import parse_config
    from semforge.pipeline.runner import load_seeds

    corpus = [{"kind": "builtin"}]
    if humaneval is not None:
        corpus.append({"kind": "evalplus", "path": str(humaneval)})
    config = parse_config({"corpus": corpus, "verify": {"measure_speed": False}})
    seeds, _, _ = load_seeds(config)
    return config, seeds


def no_scale() -> None:
    """Make ``VerifyConfig.scale`` default to False in this process (works on any version that
    has the field: the pipeline builds its VerifyConfig without naming it)."""
    import dataclasses

    from semforge.verifiers import VerifyConfig

    names = [f.name for f in dataclasses.fields(VerifyConfig) if f.init]
    defaults = list(VerifyConfig.__init__.__defaults__)
    defaults[names.index("scale") - (len(names) - len(defaults))] = False
    VerifyConfig.__init__.__defaults__ = tuple(defaults)
    assert VerifyConfig().scale is False


def variants_and_verdicts(humaneval: Path | None) -> tuple[dict, dict]:
    from semforge.pipeline.steps import Generate, SeedWork, Verify

    config, seeds = _seeds(humaneval)
    generate, verify = Generate(config.generate), Verify(config.verify, "digest")
    per_seed_variants, per_seed_verdicts = {}, {}
    for seed in seeds:
        work = list(generate.run([SeedWork(seed)]))
        key = f"{seed.source}:{seed.source_id}"
        per_seed_variants[key] = _sha([[v.code, v.transforms] for w in work for v in w.variants])
        rows = list(verify.run(work))
        per_seed_verdicts[key] = _sha([
            [r["variant"], r["verdict"], r["verification"]] for r in rows
        ])
        print(".", end="", flush=True, file=sys.stderr)
    print(file=sys.stderr)
    return per_seed_variants, per_seed_verdicts


def dataset_rows(humaneval: Path) -> str:
    import pyarrow.parquet as pq

    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "config.yaml"
        # decontamination off: HumanEval+ seeds are the point here, not rows to drop
        cfg.write_text(json.dumps({
            "corpus": [{"kind": "builtin"}, {"kind": "evalplus", "path": str(humaneval)}],
            "verify": {"measure_speed": False}, "run": {"workers": 2},
            "curate": {"decontaminate": []}}))
        out = Path(tmp) / "out"
        subprocess.run([sys.executable, "-m", "semforge.cli", "run", "--config", str(cfg),
                        "--out", str(out)], check=True, stdout=subprocess.DEVNULL,
                       env={**os.environ, "PYTHONUNBUFFERED": "1"})
        rows = []
        for path in sorted(out.rglob("*.parquet")):
            if "/." in str(path.relative_to(out)) or path.name.startswith("."):
                continue
            rows.extend(pq.read_table(path).to_pylist())
        rows.sort(key=lambda r: r["id"])
        return _sha(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--humaneval", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None, help="write per-seed digests here")
    parser.add_argument("--skip-run", action="store_true", help="skip the semforge run part")
    parser.add_argument("--no-scale", action="store_true",
                        help="no scale climb in the variants/verdicts part (reproducible)")
    args = parser.parse_args()
    if args.no_scale:
        no_scale()
    humaneval = args.humaneval or humaneval_path()
    if not humaneval.exists():
        sys.exit(f"{humaneval} not found: pass --humaneval PATH (or set SEMFORGE_SHARED)")
    variants, verdicts = variants_and_verdicts(humaneval)
    result = {"seeds": len(variants), "variants": _sha(variants), "verdicts": _sha(verdicts)}
    if args.no_scale:
        result["scale"] = "off (variants/verdicts)"
    if not args.skip_run:
        result["rows"] = dataset_rows(humaneval)
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps({**result, "per_seed_variants": variants,
                                         "per_seed_verdicts": verdicts}, indent=1))


if __name__ == "__main__":
    main()
