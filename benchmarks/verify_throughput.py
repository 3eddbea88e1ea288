"""Verifier throughput: pairs per second on one core with ``verify_variants``, against baselines.

Pairs: for each of the first N HumanEval+ tasks, K variants of the canonical solution: with
``--pairs rules`` (default) the variants the registered rules generate (``generate_variants``),
with ``--pairs mutants`` the solution re-printed by ``ast.unparse`` plus first-order mutants from
``mutants.py``. Every pair is judged on 200 inputs (and the scale ladders and behaviour probes).

Two baselines, measured in the same run on the same pairs:

* **fresh process**: one ``python`` process per pair doing the same work as far as it can:
  generate the inputs (the same generator, seeds and budget), load both programs, run both once
  per input, compare ``repr`` of results and exception types;
* **Hypothesis worker** (the fair one): one persistent process running a plain Hypothesis test
  per pair, ``@given`` a strategy built from the seeds' types (``st.integers()``, ``st.text()``,
  ``st.lists(...)``, or one of the seeds), ``max_examples`` = the same budget, both programs
  loaded in-process, results compared with ``==`` and exception types. This is what a user would
  write without semforge.

Both do less than the verifier (no sandbox, no second hash seed, no argument/stdout comparison,
no probes), so the ratios understate the gap at equal work.

    python benchmarks/verify_throughput.py --tasks 20 --variants 8 --hypothesis-pairs 40

``--against TREE`` compares with another version of semforge instead (a checkout with its own
``.venv``, e.g. a worktree of an older commit): the same pairs (made once, by this tree's rules)
are judged with each version's defaults in fresh processes, alternating ``--rounds`` times (this
tree, the other, this tree, ...), and the ratio of the medians is printed, per wall second and per
CPU-second (the verifier's process plus its sandbox's). Alternating in one run is what makes the
ratio mean something on a shared machine.

    python benchmarks/verify_throughput.py --against ../base --rounds 3
"""

from __future__ import annotations

import argparse
import ast
import gzip
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutants import DATA, apply, mutation_sites  # noqa: E402

from semforge.verifiers import VerifyConfig, verify_variants  # noqa: E402

BASELINE_CHILD = r"""
import copy, json, sys
from semforge.verifiers.python.inputs import generate_inputs
job = json.loads(sys.stdin.read())
inputs = generate_inputs(job["original"], job["entry"], job["seeds"], job["examples"], job["seed"])
def load(code):
    ns = {"__name__": "__main__"}
    exec(compile(code, "<prog>", "exec"), ns)
    return ns[job["entry"]]
def run(fn, args):
    try:
        return ("ok", repr(fn(*copy.deepcopy(args))))
    except Exception as e:
        return ("raise", type(e).__name__)
try:
    f, g = load(job["original"]), load(job["variant"])
    same = all(run(f, a) == run(g, a) for a in inputs)
except Exception:
    same = False
print("equivalent" if same else "different")
"""


HYPOTHESIS_WORKER = r"""
import copy, json, signal, sys
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

def like(v, depth=0):
    t = type(v)
    if t is bool: return st.booleans()
    if t is int: return st.integers()
    if t is float: return st.floats()
    if t is str: return st.text()
    if v is None: return st.none()
    if t in (list, tuple, set) and depth < 3:
        elem = like(next(iter(v)), depth + 1) if v else st.integers()
        lists = st.lists(elem, max_size=20)
        return lists if t is list else lists.map(t)
    if t is dict and depth < 3:
        if v:
            k, x = next(iter(v.items()))
            return st.dictionaries(like(k, depth + 1), like(x, depth + 1), max_size=10)
        return st.dictionaries(st.text(), st.integers(), max_size=10)
    return st.just(v)

class Alarm(Exception):
    pass

def alarm(*_):
    raise Alarm

signal.signal(signal.SIGALRM, alarm)

def outcome(fn, args):
    signal.setitimer(signal.ITIMER_REAL, 2.0)
    try:
        return ("ok", fn(*copy.deepcopy(args)))
    except Alarm:
        return ("timeout", None)
    except Exception as e:
        return ("raise", type(e).__name__)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)

def load(code, entry):
    ns = {"__name__": "__main__"}
    exec(compile(code, "<prog>", "exec"), ns)
    return ns[entry]

for line in sys.stdin:
    job = json.loads(line)
    seeds = [list(s) for s in job["seeds"]]
    arity = max((len(s) for s in seeds), default=0)
    per_arg = [st.one_of([like(s[i]) for s in seeds if len(s) == arity]) for i in range(arity)]
    args_st = st.one_of(st.sampled_from(seeds), st.tuples(*per_arg).map(list)) if seeds else st.just([])
    verdict = "equivalent"
    try:
        f, g = load(job["original"], job["entry"]), load(job["variant"], job["entry"])

        @settings(max_examples=job["examples"], database=None, deadline=None,
                  suppress_health_check=list(HealthCheck), phases=[Phase.generate], derandomize=True)
        @given(args_st)
        def test(args):
            a, b = outcome(f, args), outcome(g, args)
            if a[0] == "timeout":
                return
            assert a == b

        test()
    except AssertionError:
        verdict = "different"
    except Exception:
        verdict = "error"
    print(verdict, flush=True)
"""


def rule_pairs(n_tasks: int, k: int, seed: int) -> list[tuple[dict, list[str]]]:
    """The registered rules' variants of the first ``n_tasks`` HumanEval+ solutions."""
    from semforge.transforms import all_rules
    from semforge.transforms.compose import generate_variants

    rules = [cls() for cls in all_rules().values()]
    tasks = [json.loads(line) for line in gzip.open(DATA, "rt")][:n_tasks]
    out = []
    for task in tasks:
        code = task["prompt"] + task["canonical_solution"]
        gen = generate_variants(code, rules, count=k, max_chain=3, seed=seed,
                                protected={task["entry_point"]})
        variants = [v.code for v in gen.variants]
        if variants:
            out.append((task, variants))
    return out


def run_hypothesis_worker(pairs, examples: int, limit: int) -> tuple[int, float, dict]:
    jobs = []
    for task, variants in pairs:
        code = task["prompt"] + task["canonical_solution"]
        jobs += [{"original": code, "variant": v, "entry": task["entry_point"],
                  "seeds": task["base_input"], "examples": examples} for v in variants]
    jobs = jobs[:limit]
    proc = subprocess.Popen([sys.executable, "-c", HYPOTHESIS_WORKER], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    counts: dict[str, int] = {}
    t0 = time.perf_counter()
    for job in jobs:  # one at a time: a pair's time includes its own test only
        proc.stdin.write(json.dumps(job) + "\n")
        proc.stdin.flush()
        verdict = proc.stdout.readline().strip() or "crashed"
        counts[verdict] = counts.get(verdict, 0) + 1
        if verdict == "crashed":
            proc = subprocess.Popen([sys.executable, "-c", HYPOTHESIS_WORKER],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    secs = time.perf_counter() - t0
    proc.stdin.close()
    proc.wait(timeout=60)
    return len(jobs), secs, counts


def make_pairs(n_tasks: int, k: int, seed: int) -> list[tuple[dict, list[str]]]:
    rng = random.Random(seed)
    tasks = [json.loads(line) for line in gzip.open(DATA, "rt")][:n_tasks]
    out = []
    for task in tasks:
        code = task["prompt"] + task["canonical_solution"]
        tree = ast.parse(code)
        variants = [ast.unparse(tree)]
        sites = mutation_sites(tree)
        rng.shuffle(sites)
        for site in sites:
            if len(variants) >= k:
                break
            mutant = apply(tree, site)
            if mutant and mutant not in variants:
                variants.append(mutant)
        out.append((task, variants))
    return out


def run_verifier(pairs, examples: int, seed: int, measure_speed: bool) -> tuple[int, float, dict]:
    config = VerifyConfig(examples=examples, seed=seed, measure_speed=measure_speed)
    counts: dict[str, int] = {}
    n = 0
    t0 = time.perf_counter()
    for task, variants in pairs:
        code = task["prompt"] + task["canonical_solution"]
        for v in verify_variants(code, task["entry_point"], variants, task["base_input"], config,
                                 atol=float(task.get("atol") or 0.0)):
            counts[v.verdict] = counts.get(v.verdict, 0) + 1
            n += 1
    return n, time.perf_counter() - t0, counts


def cpu_seconds() -> tuple[float, float]:
    """(this process's CPU seconds, its reaped children's): the sandbox's zygotes and their
    children count once the zygotes are stopped (``stop_sandboxes``)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


def stop_sandboxes() -> None:
    from semforge.sandbox import client

    client.close_shared_sandboxes()  # what runs at exit: this process's shared sandboxes


def run_baseline(pairs, examples: int, seed: int, limit: int) -> tuple[int, float]:
    jobs = []
    for task, variants in pairs:
        code = task["prompt"] + task["canonical_solution"]
        jobs += [{"original": code, "variant": v, "entry": task["entry_point"],
                  "seeds": task["base_input"], "examples": examples, "seed": seed}
                 for v in variants]
    jobs = jobs[:limit]
    t0 = time.perf_counter()
    for job in jobs:
        try:
            subprocess.run([sys.executable, "-c", BASELINE_CHILD], input=json.dumps(job),
                           capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired:
            pass
    return len(jobs), time.perf_counter() - t0


# Judges the pairs of a JSON file with whatever semforge the running interpreter imports (run
# from outside any checkout, so that the interpreter's own install is the one imported).
VERSION_CHILD = r"""
import json, resource, sys, time
from semforge.verifiers import VerifyConfig, verify_variants
from semforge.sandbox import client
pairs, examples, seed = json.load(open(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3])
def judge(pairs, examples):
    counts, n = {}, 0
    for task, variants in pairs:
        code = task["prompt"] + task["canonical_solution"]
        for v in verify_variants(code, task["entry_point"], variants, task["base_input"],
                                 VerifyConfig(examples=examples, seed=seed, measure_speed=False),
                                 atol=float(task.get("atol") or 0.0)):
            counts[v.verdict] = counts.get(v.verdict, 0) + 1
            n += 1
    return n, counts
def cpu():
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
judge(pairs[:1], 5)  # warm-up: imports and sandboxes outside the measured window
client.close_shared_sandboxes()
judge(pairs[:1], 5)
c0, t0 = cpu(), time.perf_counter()
n, counts = judge(pairs, examples)
secs = time.perf_counter() - t0
client.close_shared_sandboxes()
print(json.dumps({"n": n, "secs": secs, "cpu": cpu() - c0, "counts": counts}))
"""


def run_version(python: str, pairs_file: Path, examples: int, seed: int) -> dict:
    """One timed judging of the pairs by the semforge that ``python`` imports."""
    done = subprocess.run([python, "-c", VERSION_CHILD, str(pairs_file), str(examples), str(seed)],
                          capture_output=True, text=True, cwd="/", check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def compare_versions(pairs, other: Path, rounds: int, examples: int, seed: int) -> None:
    import statistics
    import tempfile

    python = other / ".venv" / "bin" / "python"
    if not python.exists():
        raise SystemExit(f"--against {other}: no {python}; make one there with "
                         "`python3 -m venv .venv && .venv/bin/pip install -e .`")
    with tempfile.TemporaryDirectory() as tmp:
        pairs_file = Path(tmp) / "pairs.json"
        pairs_file.write_text(json.dumps(pairs))
        runs: dict[str, list[dict]] = {"this tree": [], str(other): []}
        for k in range(rounds):
            for name, exe in (("this tree", sys.executable), (str(other), str(python))):
                r = run_version(exe, pairs_file, examples, seed)
                runs[name].append(r)
                print(f"round {k + 1} {name}: {r['n']} pairs in {r['secs']:.1f}s = "
                      f"{r['n'] / r['secs']:.1f} pairs/s, {r['n'] / r['cpu']:.1f} per CPU-second, "
                      f"verdicts {r['counts']}", flush=True)
    med = {name: (statistics.median(r["n"] / r["secs"] for r in rs),
                  statistics.median(r["n"] / r["cpu"] for r in rs)) for name, rs in runs.items()}
    (ours, ours_cpu), (theirs, theirs_cpu) = med["this tree"], med[str(other)]
    print(f"median over {rounds} alternated rounds: this tree {ours:.1f} pairs/s "
          f"({ours_cpu:.1f}/CPU-s), {other} {theirs:.1f} pairs/s ({theirs_cpu:.1f}/CPU-s); "
          f"ratio {ours / theirs:.2f}x per wall second, {ours_cpu / theirs_cpu:.2f}x per CPU-second")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tasks", type=int, default=20)
    ap.add_argument("--variants", type=int, default=8,
                    help="variants asked of the rules per original (8: run.yaml's variants_per_seed default)")
    ap.add_argument("--examples", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--baseline-pairs", type=int, default=40, help="pairs timed for the baseline")
    ap.add_argument("--hypothesis-pairs", type=int, default=10**9,
                    help="pairs timed for the Hypothesis-worker baseline (default: all)")
    ap.add_argument("--pairs", choices=["rules", "mutants"], default="rules",
                    help="variants: the registered rules' (default) or ast.unparse + mutants")
    ap.add_argument("--speed", action="store_true", help="also time equivalent pairs (speed labels)")
    ap.add_argument("--against", type=Path, metavar="TREE",
                    help="compare with the semforge of another checkout (its .venv), same pairs")
    ap.add_argument("--rounds", type=int, default=3, help="alternated rounds with --against")
    args = ap.parse_args()

    pairs = (rule_pairs if args.pairs == "rules" else make_pairs)(args.tasks, args.variants, args.seed)
    if args.against:
        compare_versions(pairs, args.against.resolve(), args.rounds, args.examples, args.seed)
        return
    # Warm-up: start the sandboxes outside the measured window (a one-off per process).
    run_verifier(pairs[:1], 5, args.seed, False)
    stop_sandboxes()  # the warm-up's zygotes reaped: their CPU time stays out of the count
    cpu0 = cpu_seconds()
    run_verifier(pairs[:1], 5, args.seed, False)  # fresh zygotes, outside the timed window
    n, secs, counts = run_verifier(pairs, args.examples, args.seed, args.speed)
    stop_sandboxes()  # reaps the zygotes: their CPU time and their children's now counts
    (me0, kids0), (me1, kids1) = cpu0, cpu_seconds()
    cpu = (me1 - me0) + (kids1 - kids0)
    ours = n / secs
    # Each line as soon as it is measured: the Hypothesis baseline can take many minutes.
    print(f"verifier: {n} {args.pairs} pairs in {secs:.1f}s = {ours:.1f} pairs/s on one worker "
          f"(examples={args.examples}, speed={'on' if args.speed else 'off'}) verdicts {counts}",
          flush=True)
    print(f"  CPU: {me1 - me0:.1f}s in this process + {kids1 - kids0:.1f}s in the sandbox's "
          f"processes (a warm-up pair included) = {n / cpu:.1f} pairs per CPU-second", flush=True)
    bn, bsecs = run_baseline(pairs, args.examples, args.seed, args.baseline_pairs)
    base = bn / bsecs
    print(f"baseline (fresh python process per pair): {bn} pairs in {bsecs:.1f}s = {base:.1f} pairs/s",
          flush=True)
    hn, hsecs, hcounts = run_hypothesis_worker(pairs, args.examples, args.hypothesis_pairs)
    hyp = hn / hsecs
    print(f"baseline (persistent Hypothesis worker, plain @given tests): {hn} pairs in {hsecs:.1f}s "
          f"= {hyp:.1f} pairs/s, verdicts {hcounts}")
    print(f"ratio verifier/fresh-process: {ours / base:.1f}x; verifier/Hypothesis-worker: "
          f"{ours / hyp:.2f}x  (goal: >= 20 pairs/s/core)")


if __name__ == "__main__":
    main()
