"""Mutant benchmark: does the verifier reject subtly wrong variants that the corpus's own tests miss?

From HumanEval+ canonical solutions we build first-order mutants (comparison swaps ``<``/``<=``,
arithmetic swaps ``+``/``-``, off-by-one constants, ``and``/``or``, negated conditions, removed
statements, ...). We keep the *hard* ones: mutants that the task's base inputs do NOT distinguish
from the original but its plus inputs DO (both decided by running them in the sandbox). The
verifier then sees only the base inputs, as it would for a corpus without EvalPlus's extra tests,
and we report the share it rejects (goal: >= 97%).

Timeouts in the ground truth. A mutant counts as different when some plus input gives another
result or exception. A mutant whose only difference is a resource failure on a plus input
(running out of time or crashing where the original returned) is *not known* to be different:
it may return the same answers more slowly (trial division up to ``n`` instead of ``sqrt(n)``
is still a correct primality test), it may have lost a race with a load spike (``tri(10**6)``
near a 1 s limit, original and mutant alike), or it may never terminate. So those inputs are
rerun with ``--confirm`` (10) times the limit: a mutant that then finishes and agrees is
*slower-only* and dropped (a slower equivalent variant is a correct pair: the verifier should
call it equivalent and let the speed label say slower); one that gives another result joins the
score; one that still fails is *timeout-only*: reported apart, with the verifier's verdicts, and
not in the score, because the benchmark cannot tell slow from non-terminating. (A mutant that
fails to load for the plus inputs, having loaded for the base inputs, is loaded once more.)
Earlier versions counted every such difference as a hard mutant, which put equivalent mutants
(a redundant ``if n == 1`` branch deleted or made unreachable, caught "by" a load spike) and a
slower-but-equal one into the score.

    python benchmarks/mutants.py --per-task 25 --timeout 1
    python benchmarks/mutants.py --only 124 --per-task 300   # every mutant of one task
    python benchmarks/mutants.py --tasks 40 --per-task 6
    python benchmarks/mutants.py            # every task (slow)
"""

from __future__ import annotations

import argparse
import ast
import copy
import difflib
import gzip
import json
import random
import sys
import time
from collections import Counter

from _data import humaneval_path

from semforge.domain_infer import infer_domain
from semforge.verifiers import VerifyConfig, verify_variants
from semforge.verifiers.python.compare.diff import Tolerance, diff_outcomes
from semforge.verifiers.python.run.program import run_inputs
from semforge.sandbox import Limits, shared_sandbox

DATA = humaneval_path()

SWAPS = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq, ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult, ast.Mod: ast.FloorDiv, ast.And: ast.Or, ast.Or: ast.And,
    ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}


def mutation_sites(tree: ast.AST) -> list[tuple[int, str]]:
    """(node index in ast.walk order, mutation kind) for every applicable first-order mutation."""
    sites = []
    for idx, node in enumerate(ast.walk(tree)):
        if isinstance(node, (ast.Compare,)):
            sites += [(idx, f"cmp{k}") for k, op in enumerate(node.ops) if type(op) in SWAPS]
        elif isinstance(node, (ast.BinOp, ast.BoolOp, ast.AugAssign)) and type(node.op) in SWAPS:
            sites.append((idx, "op"))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            sites += [(idx, "inc"), (idx, "dec")]
        elif isinstance(node, (ast.If, ast.While, ast.IfExp)):
            sites.append((idx, "negate"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
            sites.append((idx, "drop-unary"))
        if isinstance(node, (ast.FunctionDef, ast.For, ast.While, ast.If)) and len(node.body) > 1:
            sites += [(idx, f"del{k}") for k, stmt in enumerate(node.body)
                      if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))]
    return sites


def apply(tree: ast.AST, site: tuple[int, str]) -> str | None:
    tree = copy.deepcopy(tree)
    idx, kind = site
    nodes = list(ast.walk(tree))
    node = nodes[idx]
    if kind.startswith("cmp"):
        k = int(kind[3:])
        node.ops[k] = SWAPS[type(node.ops[k])]()
    elif kind == "op":
        node.op = SWAPS[type(node.op)]()
    elif kind in ("inc", "dec"):
        node.value += 1 if kind == "inc" else -1
    elif kind == "negate":
        node.test = ast.UnaryOp(ast.Not(), node.test)
    elif kind == "drop-unary":
        parent = next(p for p in nodes for f, v in ast.iter_fields(p)
                      if v is node or (isinstance(v, list) and any(x is node for x in v)))
        for f, v in ast.iter_fields(parent):
            if v is node:
                setattr(parent, f, node.operand)
            elif isinstance(v, list):
                v[:] = [node.operand if x is node else x for x in v]
    elif kind.startswith("del"):
        del node.body[int(kind[3:])]
    try:
        return ast.unparse(ast.fix_missing_locations(tree))
    except Exception:
        return None


def _diff(original: str, mutant: str) -> str:
    """The changed lines (original re-printed by ast.unparse so only the mutation shows)."""
    before = ast.unparse(ast.parse(original)).splitlines()
    return "\n".join(line for line in difflib.unified_diff(before, mutant.splitlines(), lineterm="", n=0)
                     if line[:1] in "+-" and not line.startswith(("+++", "---")))


def behaviour(sandbox, code: str, entry: str, inputs: list[list]) -> list[dict] | None:
    load, outcomes = run_inputs(sandbox, code, entry, inputs)
    return outcomes if load.get("kind") == "return" else None


def differs(a: list[dict], b: list[dict], tol: Tolerance) -> str | None:
    """"behaviour" if some input gives another result, "timeout" if the mutant only runs out of
    time where the original finished (slower, not known to be different), else None."""
    return differences(a, b, tol)[0]


def differences(a: list[dict], b: list[dict], tol: Tolerance) -> tuple[str | None, list[int]]:
    """(as ``differs``, indices: of the first behaviour difference, or of the inputs where only
    the mutant timed out or crashed: a resource failure, which a load spike can cause, is
    confirmed before it counts)."""
    suspect = []
    for i, (x, y) in enumerate(zip(a, b)):
        if x.get("kind") not in ("return", "raise") or diff_outcomes(x, y, tol) is None:
            continue
        if y.get("kind") not in ("timeout", "crash"):
            return "behaviour", [i]
        suspect.append(i)
    return ("timeout" if suspect else None), suspect


def confirm_timeout(long_sandbox, code: str, mutant: str, entry: str, inputs: list[list],
                    tol: Tolerance) -> str:
    """Rerun the inputs where only the mutant timed out or crashed, under the long limit:
    "behaviour" if it now gives another result, "slower" if it finishes and agrees on all of
    them (a load spike, or a slower equivalent), "timeout" if it still fails."""
    a = behaviour(long_sandbox, code, entry, inputs)
    b = behaviour(long_sandbox, mutant, entry, inputs)
    if a is None or b is None:
        return "behaviour" if b is None and a is not None else "timeout"
    how, _ = differences(a, b, tol)
    return how or "slower"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(DATA))
    ap.add_argument("--tasks", type=int, default=0, help="first N tasks (0: all)")
    ap.add_argument("--only", default="", help="comma-separated task numbers, e.g. 31,71")
    ap.add_argument("--per-task", type=int, default=8, help="mutants tried per task (sampled)")
    ap.add_argument("--plus", type=int, default=200, help="plus inputs used to decide hardness")
    ap.add_argument("--examples", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=2.0)
    ap.add_argument("--confirm", type=float, default=10.0,
                    help="a timeout-only difference is rerun with this many times the limit")
    ap.add_argument("--show", type=int, default=10, help="print this many accepted mutants")
    args = ap.parse_args()

    tasks = [json.loads(line) for line in gzip.open(args.data, "rt")]
    if args.tasks:
        tasks = tasks[: args.tasks]
    if args.only:
        wanted = {f"HumanEval/{k.strip()}" for k in args.only.split(",")}
        tasks = [t for t in tasks if t["task_id"] in wanted]
    rng = random.Random(args.seed)
    sandbox = shared_sandbox(Limits(timeout_s=args.timeout))
    long_sandbox = shared_sandbox(Limits(timeout_s=args.timeout * args.confirm))
    config = VerifyConfig(examples=args.examples, seed=args.seed, timeout_s=args.timeout,
                          measure_speed=False)
    counts, verdicts, accepted = Counter(), Counter(), []
    by_kind = {"behaviour": [0, 0], "timeout": [0, 0]}  # [not rejected, rejected]
    # the behaviour mutants some plus input inside the seed's domain shows (semforge.domain,
    # inferred from the base inputs): what the typed policy must reject
    in_domain = [0, 0]
    t0 = time.perf_counter()
    for task in tasks:
        code = task["prompt"] + task["canonical_solution"]
        entry, base = task["entry_point"], task["base_input"]
        plus = task["plus_input"][: args.plus]
        tol = Tolerance(1e-9, float(task.get("atol") or 0.0))
        tree = ast.parse(code)
        sites = mutation_sites(tree)
        rng.shuffle(sites)
        base_out = behaviour(sandbox, code, entry, base)
        plus_out = behaviour(sandbox, code, entry, plus)
        if base_out is None or plus_out is None:
            counts["tasks_unloadable"] += 1
            continue
        hard = []
        domain = infer_domain(code, entry, base)
        for site in sites[: args.per_task]:
            mutant = apply(tree, site)
            counts["mutants"] += 1
            if mutant is None:
                continue
            m_base = behaviour(sandbox, mutant, entry, base)
            if m_base is None or differs(base_out, m_base, tol):
                counts["killed_by_base"] += 1
                continue
            m_plus = behaviour(sandbox, mutant, entry, plus)
            if m_plus is None:  # it loaded for the base inputs: a load spike, try once more
                m_plus = behaviour(sandbox, mutant, entry, plus)
            how, where = ("behaviour", []) if m_plus is None else differences(plus_out, m_plus, tol)
            evidence = "the mutant failed to load" if m_plus is None else ""
            if how == "behaviour" and where:
                i = where[0]
                evidence = (f"on {str(plus[i])[:60]}: {str(plus_out[i])[:120]} vs "
                            f"{str(m_plus[i])[:120]}")
            if how == "timeout":
                timed_out = where
                how = confirm_timeout(long_sandbox, code, mutant, entry,
                                      [plus[i] for i in timed_out[:3]], tol)
            if how is None:
                counts["survive_plus"] += 1  # possibly equivalent mutants: not part of the score
                continue
            if how == "slower":
                counts["slower_only"] += 1  # same results given time: not a wrong variant
                continue
            inside = how == "behaviour" and m_plus is not None and any(
                domain.contains(plus[i]) for i, (x, y) in enumerate(zip(plus_out, m_plus))
                if x.get("kind") in ("return", "raise") and y.get("kind") not in ("timeout", "crash")
                and diff_outcomes(x, y, tol) is not None)
            hard.append((mutant, how, evidence, inside))
        counts["hard"] += len(hard)
        if hard:
            judged = verify_variants(code, entry, [m for m, _, _, _ in hard], base, config,
                                     atol=float(task.get("atol") or 0.0))
            for (mutant, how, evidence, inside), v in zip(hard, judged):
                verdicts[v.verdict] += 1
                by_kind[how][v.verdict in ("different", "timeout")] += 1
                if inside:
                    in_domain[v.verdict in ("different", "timeout")] += 1
                if v.verdict == "equivalent":
                    accepted.append((task["task_id"], _diff(code, mutant),
                                     f"{v.reason}; plus inputs catch it by {how} {evidence}"))
        print(f"{task['task_id']}: {len(hard)} hard mutants; running totals {dict(verdicts)}",
              file=sys.stderr, flush=True)
    hard = counts["hard"]
    rejected = verdicts["different"] + verdicts["timeout"]
    print(json.dumps({"counts": dict(counts), "verdicts": dict(verdicts)}, indent=1))
    kept, rejected_ = by_kind["behaviour"]
    if kept + rejected_:
        print(f"score: of {kept + rejected_} mutants the plus inputs show to compute something "
              f"different, rejected from base inputs only: {rejected_}/{kept + rejected_} = "
              f"{rejected_ / (kept + rejected_):.1%}  (goal >= 97%)")
    kept, rejected_ = in_domain
    if kept + rejected_:
        print(f"of those, shown by a plus input inside the domain the base inputs give: "
              f"rejected {rejected_}/{kept + rejected_} = {rejected_ / (kept + rejected_):.1%}")
    kept, rejected_ = by_kind["timeout"]
    if kept + rejected_:
        print(f"timeout-only mutants (still out of time or crashing at {args.confirm:g}x the "
              f"limit: slower or non-terminating, not in the score): "
              f"rejected {rejected_}/{kept + rejected_}")
    print(f"slower-only mutants (finish and agree at {args.confirm:g}x the limit, dropped): "
          f"{counts['slower_only']}")
    if hard:
        print(f"all hard mutants: rejected (different/timeout) {rejected}/{hard} = {rejected / hard:.1%}")
    print(f"wall time {time.perf_counter() - t0:.0f}s")
    for task_id, diff, reason in accepted[: args.show]:
        print(f"--- accepted mutant of {task_id} ({reason})\n{diff}")


if __name__ == "__main__":
    main()
