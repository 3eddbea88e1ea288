"""What the pairs of a default run teach, against a baseline commit measured in the same run.

Runs ``semforge run`` with the defaults on HumanEval+ twice (two identical runs, new output
folders) with this tree's semforge and twice with the baseline's (a worktree of the baseline
commit with its own ``.venv``), then reads every run's rows with *this* tree's code:

  * pairs that are only renames and/or dead code (every rule of the chain in the ``naming`` or
    ``dead-code`` family);
  * variants adding a noise finding (``transforms/naturalness``: ruff and the ast checks; the
    variant has a finding its original does not), over every rule pair, equivalent or not;
  * equivalent pairs with a speed label (faster, slower or same);
  * labels agreeing between the two identical runs: over the pairs (same id) equivalent in both
    runs that either run labelled, the share with the same label in both (no label in one run
    counts as disagreeing); and the same over pairs either run called faster or slower;
  * distinct transformation families per seed (over the seeds with an equivalent pair; and over
    every loaded seed, where a seed without pairs counts 0);
  * faster-labelled pairs as a share of the equivalent pairs;
  * seeds with both a measured-faster and a measured-slower rule variant, over the loaded seeds
    (a model learns which way a rewrite moves the time from seeds that show both);
  * ``different`` verdicts among rule variants (must be 0);
  * the mean normalized-AST distance between two variants of one seed (``transforms/diversity``);
  * each run's wall time, and the linter's cost (one ruff run per seed, over its pairs).

    python benchmarks/data_quality.py --baseline REF_OR_DIR [--limit N] [--workers 2]
                                      [--runs-dir DIR] [--json OUT.json]
                                      [--runs-only "this tree"|baseline]
                                      [--baseline-runs DIR DIR] [--tree-runs DIR DIR]

``--baseline`` is what "today's code" is: a git ref of this repository (its tree is exported
with ``git archive`` into the runs folder and installed there in a virtual environment of its
own, once), or a folder that holds a checkout with its own ``.venv`` (``.venv/bin/semforge``).
Each run's folder is named for the code that made it (the baseline's commit, this tree's commit,
``-dirty`` when it has uncommitted changes), and a run already complete there is reused: a killed
benchmark resumes (``semforge run`` itself resumes a half-done run), and a change of code makes
new runs. Delete a ``-dirty`` run after editing the tree, or it is read again.
``--baseline-runs`` / ``--tree-runs`` read two complete runs made earlier instead (their folder
names say which code made them; the table is computed with this tree's code either way).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import pyarrow.parquet as pq
import yaml

from _data import humaneval_path

HERE = Path(__file__).resolve().parent.parent
TARGETS = {  # figure: (comparison, threshold) from the issue
    "only renames/dead code": ("<=", 0.02),
    "variants adding noise": ("<=", 0.05),
    "equivalent pairs with a speed label": (">=", 0.80),
    "labels agreeing between two runs": (">=", 0.95),
    "families per seed (seeds with pairs)": (">=", 3.0),
    "seeds with a faster and a slower variant": (">=", 0.50),
    "different among rule variants": ("==", 0),
}


def _git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=str(cwd), capture_output=True, text=True,
                          check=True).stdout.strip()


def code_tag(tree: Path) -> str:
    """The commit a checkout is at (12 digits), ``-dirty`` when it has uncommitted changes;
    the folder's name when it is no git checkout. An exported baseline names its commit in
    ``BASELINE_COMMIT``."""
    if (tree / "BASELINE_COMMIT").exists():
        return (tree / "BASELINE_COMMIT").read_text().strip()[:12]
    try:
        commit = _git("rev-parse", "HEAD", cwd=tree)[:12]
        dirty = _git("status", "--porcelain", "--untracked-files=no", cwd=tree)
    except (subprocess.CalledProcessError, FileNotFoundError):
        return tree.name
    return commit + ("-dirty" if dirty else "")


def baseline_tree(spec: str, runs_dir: Path) -> Path:
    """The baseline's checkout with its own ``.venv``: ``spec`` itself when it is such a folder,
    else a git ref of this repository, exported and installed under ``runs_dir`` (once)."""
    folder = Path(spec).expanduser()
    if folder.is_dir():
        if not (folder / ".venv" / "bin" / "semforge").exists():
            sys.exit(f"{folder} has no .venv/bin/semforge: install it there "
                     f"(python -m venv {folder}/.venv && {folder}/.venv/bin/pip install -e {folder})")
        return folder.resolve()
    try:
        commit = _git("rev-parse", "--verify", f"{spec}^{{commit}}", cwd=HERE)
    except subprocess.CalledProcessError:
        sys.exit(f"--baseline {spec!r} is neither a folder nor a commit of {HERE}")
    tree = runs_dir / f"baseline-{commit[:12]}"
    if (tree / ".venv" / "bin" / "semforge").exists():
        return tree
    print(f"installing the baseline {commit[:12]} in {tree}", flush=True)
    tree.mkdir(parents=True, exist_ok=True)
    archive = subprocess.Popen(["git", "archive", commit], cwd=str(HERE), stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", str(tree)], stdin=archive.stdout, check=True)
    if archive.wait() != 0:
        sys.exit(f"git archive {commit} failed")
    (tree / "BASELINE_COMMIT").write_text(commit + "\n")
    subprocess.run([sys.executable, "-m", "venv", str(tree / ".venv")], check=True)
    subprocess.run([str(tree / ".venv" / "bin" / "pip"), "install", "-q", "-e", str(tree)],
                   check=True)
    return tree


def completed_seconds(out: Path) -> float | None:
    """The wall time of a complete run in ``out`` (its stats.json), None when it is not one."""
    stats = out / "stats.json"
    if not stats.exists() or not json.loads(stats.read_text()).get("complete"):
        return None
    return json.loads(stats.read_text()).get("seconds_total", 0.0)


def run_semforge(tree: Path, out: Path, corpus: Path, limit: int | None, workers: int) -> float:
    """One default run of ``tree``'s semforge into ``out``; its wall time (the recorded one
    when a complete run is reused)."""
    done = completed_seconds(out)
    if done is not None:
        return done
    out.parent.mkdir(parents=True, exist_ok=True)
    config = out.parent / f"{out.name}.yaml"
    spec = {"kind": "evalplus", "path": str(corpus)}
    if limit:
        spec["limit"] = limit
    config.write_text(yaml.safe_dump({
        "corpus": [spec],
        "run": {"workers": workers},
        # The seeds are HumanEval tasks: decontaminating against HumanEval would drop them all.
        "curate": {"decontaminate": []},
    }))
    t0 = time.perf_counter()
    proc = subprocess.run([str(tree / ".venv" / "bin" / "semforge"), "run", "--config",
                           str(config), "--out", str(out), "--no-progress"],
                          cwd=str(out.parent), capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"semforge run in {tree} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")
    return time.perf_counter() - t0


def rows_of(out: Path) -> list[dict]:
    rows = []
    for config in ("default", "rejected"):
        for path in sorted((out / "data" / config).glob("train-*.parquet")):
            rows.extend(pq.read_table(path).to_pylist())
    return rows


def figures(rows: list[dict], loaded: int, lint_cost: list) -> dict:
    from semforge.transforms import diversity, naturalness
    from semforge.transforms.catalog import families_of
    from semforge.transforms.families import NOISE_FAMILIES

    rule_rows = [r for r in rows if r["generator"] == "rules" and r["language"] == "python"]
    equivalent = [r for r in rule_rows if r["verdict"] == "equivalent"]
    fams = {r["id"]: families_of(r["transforms"] or ()) for r in rule_rows}
    only_noise = sum(1 for r in rule_rows if set(fams[r["id"]]) <= NOISE_FAMILIES)

    by_seed: dict[tuple, list[dict]] = defaultdict(list)
    for r in rule_rows:
        by_seed[(r["source"], r["source_id"])].append(r)
    noisy, findings = 0, Counter()
    for group in by_seed.values():
        t0 = time.perf_counter()
        added = naturalness.added_noise(group[0]["original"], [r["variant"] for r in group])
        lint_cost.append((time.perf_counter() - t0, len(group)))
        for found in added:
            noisy += bool(found)
            findings.update({code for code, _ in found})

    seed_fams: dict[tuple, set] = defaultdict(set)
    spreads = []
    for key, group in by_seed.items():
        eq = [r for r in group if r["verdict"] == "equivalent"]
        for r in eq:
            seed_fams[key] |= set(fams[r["id"]])
        if len(eq) > 1:
            spreads.append(diversity.spread([diversity.structure(r["variant"]) for r in eq]))
    labelled = sum(1 for r in equivalent if r["perf_label"])
    faster = sum(1 for r in equivalent if r["perf_label"] == "faster")
    directions: dict[tuple, set] = defaultdict(set)
    for r in equivalent:
        directions[(r["source"], r["source_id"])].add(r["perf_label"])
    both = sum(1 for d in directions.values() if {"faster", "slower"} <= d)
    return {
        "seeds loaded": loaded,
        "rule pairs": len(rule_rows),
        "equivalent pairs": len(equivalent),
        "pairs per seed": round(len(equivalent) / loaded, 2) if loaded else None,
        "only renames/dead code": _share(only_noise, len(rule_rows)),
        "variants adding noise": _share(noisy, len(rule_rows)),
        "noise findings (variants)": dict(findings.most_common(12)),
        "equivalent pairs with a speed label": _share(labelled, len(equivalent)),
        "faster-labelled share": _share(faster, len(equivalent)),
        "labels": dict(Counter(r["perf_label"] or "none" for r in equivalent)),
        "seeds with a faster and a slower variant": _share(both, loaded),
        "families per seed (seeds with pairs)": _mean(
            sum(len(f) for f in seed_fams.values()), len(seed_fams), "seeds"),
        "families per seed (all seeds)": _mean(
            sum(len(f) for f in seed_fams.values()), loaded, "seeds"),
        "mean structural distance between a seed's variants":
            round(statistics.mean(spreads), 3) if spreads else None,
        "different among rule variants": sum(r["verdict"] == "different" for r in rule_rows),
    }


def agreement(first: list[dict], second: list[dict]) -> dict:
    a = {r["id"]: r["perf_label"] for r in first if r["verdict"] == "equivalent"}
    b = {r["id"]: r["perf_label"] for r in second if r["verdict"] == "equivalent"}
    both = set(a) & set(b)
    either = [i for i in both if a[i] or b[i]]
    directed = [i for i in both if {a[i], b[i]} & {"faster", "slower"}]
    return {
        "pairs in both runs": len(both),
        "labels agreeing between two runs": _share(sum(a[i] == b[i] for i in either), len(either)),
        "faster/slower agreeing between two runs":
            _share(sum(a[i] == b[i] for i in directed), len(directed)),
    }


def _share(n: int, total: int) -> dict:
    return {"n": n, "of": total, "share": round(n / total, 4) if total else None}


def _mean(total: int, count: int, unit: str) -> dict:
    """A mean shown with what it is over (``unit``: what ``count`` counts)."""
    return {"mean": round(total / count, 2) if count else None, "over": count, "unit": unit}


def _value(v):
    if isinstance(v, dict) and "mean" in v:
        return v["mean"]
    return v["share"] if isinstance(v, dict) and "share" in v else v


def _show(v) -> str:
    if isinstance(v, dict) and "share" in v:
        return f"{v['share']:.1%} ({v['n']}/{v['of']})" if v["share"] is not None else "-"
    if isinstance(v, dict) and "mean" in v:
        return f"{v['mean']} ({v['over']} {v['unit']})" if v["mean"] is not None else "-"
    if isinstance(v, dict):
        return ", ".join(f"{k} {n}" for k, n in v.items()) or "-"
    return str(v)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="first N seeds (default: all)")
    parser.add_argument("--baseline", default=None,
                        help="today's code: a git ref, or a checkout with its own .venv")
    parser.add_argument("--baseline-runs", type=Path, nargs=2, default=None, metavar="DIR",
                        help="two complete runs of the baseline to read instead of making them")
    parser.add_argument("--tree-runs", type=Path, nargs=2, default=None, metavar="DIR",
                        help="two complete runs of this tree's code (e.g. made from an earlier "
                             "commit of it) to read instead of making them")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs-dir", type=Path,
                        default=Path(tempfile.gettempdir()) / "semforge-data-quality")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--runs-only", choices=["baseline", "this tree"], default=None,
                        help="only make that tree's two runs (to start the baseline early)")
    args = parser.parse_args()

    if args.baseline is None and args.baseline_runs is None:
        parser.error("give --baseline (or --baseline-runs)")
    corpus = humaneval_path()
    trees = {"baseline": None, "this tree": HERE}
    given = {"baseline": args.baseline_runs, "this tree": args.tree_runs}
    tag = f"limit{args.limit}" if args.limit else "all"
    results, seconds = {}, {}
    for name, tree in trees.items():
        if args.runs_only and name != args.runs_only:
            continue
        runs = []
        if given[name]:
            for k, out in enumerate(given[name], 1):
                seconds[name, k] = completed_seconds(out)
                if seconds[name, k] is None:
                    sys.exit(f"{out} is not a complete semforge run (no complete stats.json)")
                print(f"{name} run {k}: {out} ({seconds[name, k]:.0f} s, given)", flush=True)
                runs.append(out)
        else:
            tree = tree or baseline_tree(args.baseline, args.runs_dir)
            if not (tree / ".venv" / "bin" / "semforge").exists():
                sys.exit(f"{tree} has no .venv/bin/semforge: see the docstring")
            for k in (1, 2):
                out = args.runs_dir / f"{tag}-{name.replace(' ', '-')}-{code_tag(tree)}-run{k}"
                seconds[name, k] = run_semforge(tree, out, corpus, args.limit, args.workers)
                print(f"{name} run {k}: {out} ({seconds[name, k]:.0f} s)", flush=True)
                runs.append(out)
        if args.runs_only:
            continue
        stats = json.loads((runs[0] / "stats.json").read_text())
        first, second = rows_of(runs[0]), rows_of(runs[1])
        lint_cost: list = []
        results[name] = {**figures(first, stats["seeds"]["loaded"], lint_cost),
                         **agreement(first, second),
                         "run wall time (s)": f"{seconds[name, 1]:.0f} and {seconds[name, 2]:.0f}",
                         "ruff + checks per seed (ms)": round(
                             1000 * statistics.mean(t for t, _ in lint_cost), 1) if lint_cost else None}
        if name == "this tree":
            nat = stats.get("naturalness") or {}
            results[name]["candidates dropped for noise in generation"] = \
                f"{nat.get('dropped', 0)} of {nat.get('candidates', 0)}"

    if args.runs_only:
        return
    keys = list(results["this tree"])
    width = max(len(k) for k in keys) + 2
    print(f"\n{'figure':<{width}} {'baseline':>26} {'this tree':>26}  target")
    for key in keys:
        target = TARGETS.get(key)
        mark = ""
        if target is not None and _value(results["this tree"].get(key)) is not None:
            op, bound = target
            v = _value(results["this tree"][key])
            ok = v <= bound if op == "<=" else v >= bound if op == ">=" else v == bound
            mark = f"{op} {bound}  {'met' if ok else 'NOT met'}"
        print(f"{key:<{width}} {_show(results['baseline'].get(key, '-')):>26} "
              f"{_show(results['this tree'][key]):>26}  {mark}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
