"""`semforge rules list|check` and `semforge rewrite`: the rule author's tools.

* ``rules list`` shows every registered rule (built-in, plug-in entry points, ``--rule-module``).
* ``rules check ID --corpus PATH`` applies one rule to every seed of a corpus and differentially
  verifies each application; an unsound one is printed with its counterexample (exit 1).
* ``rewrite PATH --rule ID -o OUT`` rewrites a whole source tree, so the author can run that
  project's own test suite against the result.

The CLI sits above ``transforms`` and ``verifiers`` and is the one place that uses both.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Iterable, Iterator

import click

RULE_MODULE_HELP = ("Also load rules from this importable module (repeatable); the same as the "
                    "config key generate.rule_modules.")


def _rule_modules(rule_modules: tuple[str, ...], config: str | None) -> list[str]:
    modules = list(rule_modules)
    if config:
        from semforge.pipeline.config import load_config

        modules += [m for m in load_config(config).generate.rule_modules if m not in modules]
    return modules


def _load_rules(rule_ids: Iterable[str], modules: list[str]):
    from semforge.transforms import RuleError, get_rule

    try:
        return [get_rule(rule_id, modules) for rule_id in rule_ids]
    except RuleError as exc:
        raise click.ClickException(str(exc)) from exc


# --------------------------------------------------------------------------------------- list


@click.group()
def rules() -> None:
    """List rewrite rules and check them against a corpus.

    \b
      semforge rules list [--json]
      semforge rules check ID --corpus HumanEvalPlus.jsonl.gz
    """


@rules.command("list")
@click.option("--json", "as_json", is_flag=True, help="One JSON array of rule descriptions.")
@click.option("--rule-module", "-m", multiple=True, help=RULE_MODULE_HELP)
@click.option("--config", type=click.Path(exists=True, dir_okay=False),
              help="Read generate.rule_modules from this run config.")
@click.option("--language", type=click.Choice(["all", "python", "pytorch"]), default="all",
              show_default=True, help="Python rules (functions), PyTorch rules (KernelBench-format "
              "programs; their CUDA forms are set by generate.cuda_forms), or both.")
def list_rules(as_json: bool, rule_module: tuple[str, ...], config: str | None,
               language: str) -> None:
    """Every registered rule: id, language, family, category, intent and description."""
    from semforge.transforms import RuleError, all_rules
    from semforge.transforms.pytorch import pytorch_rule_classes

    try:
        infos = []
        if language in ("all", "python"):
            infos += [cls.info() for cls in all_rules(_rule_modules(rule_module, config)).values()]
        if language in ("all", "pytorch"):
            infos += [cls.info() for cls in pytorch_rule_classes().values()]
    except RuleError as exc:
        raise click.ClickException(str(exc)) from exc
    if as_json:
        click.echo(json.dumps(infos, indent=2))
        return
    for info in infos:  # whether the rule takes the seed's input domain as type evidence
        info["domain"] = "yes" if info.get("uses_domain") else ""
    columns = ("id", "language", "family", "category", "intent", "domain")
    widths = {c: max([len(c)] + [len(i[c]) for i in infos]) for c in columns}
    header = "  ".join(c.upper().ljust(widths[c]) for c in columns) + "  DESCRIPTION"
    click.echo(header)
    for info in infos:
        click.echo("  ".join(info[c].ljust(widths[c]) for c in columns) + "  " + info["description"])
    counts = ", ".join(f"{n} {lang}" for lang, n in Counter(i["language"] for i in infos).items())
    click.echo(f"\n{len(infos)} rules ({counts}). Intent is what a rule aims at; only measurement "
               "labels speed. Families naming and dead-code are off unless generate.robustness "
               "is on. DOMAIN: the rule takes the seed's input domain as type evidence (its "
               "variants may hold only on the domain's types: equivalence typed).")


# --------------------------------------------------------------------------------------- check


def corpus_spec(path: Path):
    """The ``corpus:`` entry ``semforge run`` would use for PATH, so both commands read the same
    seeds from it: EvalPlus records (.jsonl, .jsonl.gz, .parquet) or a .py file / folder."""
    from semforge.pipeline.corpora import EVALPLUS_SUFFIXES, CorpusSpec

    if path.is_file() and path.name.lower().endswith(EVALPLUS_SUFFIXES):
        return CorpusSpec(kind="evalplus", path=str(path))
    if path.is_dir() or path.suffix == ".py":
        return CorpusSpec(kind="files", path=str(path))
    raise click.ClickException(
        f"{path}: a corpus is EvalPlus records ({', '.join(EVALPLUS_SUFFIXES)}), a .py file or a "
        "folder of .py files")


def corpus_seeds(path: Path, limit: int | None = None) -> Iterator:
    """Seeds of a corpus, read exactly as ``semforge run`` reads it (pipeline.corpora);
    rejected records are skipped."""
    from semforge.pipeline.corpora import iter_corpus
    from semforge.record import Seed

    n = 0
    for seed in iter_corpus(corpus_spec(path)):
        if isinstance(seed, Seed):
            yield seed
            n += 1
            if limit is not None and n >= limit:
                return


@rules.command("check")
@click.argument("rule_id")
@click.option("--corpus", required=True, type=click.Path(exists=True, path_type=Path),
              help="EvalPlus records (.jsonl, .jsonl.gz, .parquet; code = prompt + "
                   "canonical_solution, inputs = base_input then plus_input), a .py file, or a "
                   "folder of .py files, read as `semforge run` reads its corpora.")
@click.option("--limit", type=int, default=None, help="Check only the first N seeds.")
@click.option("--examples", type=int, default=100, show_default=True,
              help="Inputs run per application (seed inputs first, then generated ones).")
@click.option("--seed", type=int, default=0, show_default=True, help="Rule and input seed.")
@click.option("--rule-module", "-m", multiple=True, help=RULE_MODULE_HELP)
@click.option("--config", type=click.Path(exists=True, dir_okay=False),
              help="Read generate.rule_modules from this run config.")
def check(rule_id: str, corpus: Path, limit: int | None, examples: int, seed: int,
          rule_module: tuple[str, ...], config: str | None) -> None:
    """Apply rule ID to every seed of a corpus and differentially test each application.

    Prints every unsound application (verdict `different`) with its counterexample and exits
    with status 1 if there is any, or if the rule crashed; applications the verifier could not
    decide (error, timeout, undecided) are counted but do not fail the check, unless none at all
    could be decided (status 2).
    """
    from semforge.domain_infer import seed_domain
    from semforge.verifiers import VerifyConfig, verify_pair

    (rule,) = _load_rules([rule_id], _rule_modules(rule_module, config))
    counts = {"seeds": 0, "fired": 0, "sites": 0, "crashed": 0}
    verdicts: dict[str, int] = {}
    unsound = 0
    for s in corpus_seeds(corpus, limit):
        counts["seeds"] += 1
        domain = seed_domain(s.code, s.entry_point, s.inputs, s.domain)
        try:
            rewrite = rule.apply(s.code, seed=seed, protected={s.entry_point}, domain=domain)
        except Exception as exc:  # noqa: BLE001 - a rule bug is reported with the seed
            counts["crashed"] += 1
            click.echo(f"CRASH {s.source_id}: {type(exc).__name__}: {exc}")
            continue
        if not rewrite.sites:
            continue
        counts["fired"] += 1
        counts["sites"] += rewrite.sites
        verdict = verify_pair(s.code, rewrite.code, s.entry_point, s.inputs,
                              VerifyConfig(examples=examples, seed=seed, atol=s.atol or 0.0,
                                           measure_speed=False), domain=domain)
        verdicts[verdict.verdict] = verdicts.get(verdict.verdict, 0) + 1
        if verdict.verdict == "different":
            unsound += 1
            click.echo(f"UNSOUND {s.source_id}: {verdict.reason}")
            click.echo(f"  counterexample: {verdict.counterexample}")
            click.echo("  variant:\n" + "\n".join("    " + ln for ln in rewrite.code.splitlines()))
        elif verdict.verdict != "equivalent":
            click.echo(f"{verdict.verdict.upper()} {s.source_id}: {verdict.reason}")
    summary = ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())) or "nothing verified"
    click.echo(f"{rule.id}: {counts['seeds']} seeds, fired on {counts['fired']} "
               f"({counts['sites']} sites), crashed on {counts['crashed']}; verdicts: {summary}")
    if counts["fired"] == 0:
        click.echo("The rule never fired: check its preconditions against this corpus.")
    if unsound or counts["crashed"]:
        raise SystemExit(1)
    decided = verdicts.get("equivalent", 0) + verdicts.get("different", 0)
    if counts["fired"] and not decided:
        click.echo("No application could be verified (see the reasons above): the check proved "
                   "nothing.")
        raise SystemExit(2)


# --------------------------------------------------------------------------------------- rewrite


def rewrite_source(code: str, rules_, seed: int,
                   protected: frozenset[str]) -> tuple[str, dict[str, int]]:
    """Apply ``rules_`` in order; return (new code, sites per rule). Raises
    ``libcst.ParserSyntaxError`` if ``code`` does not parse, anything else on a rule's bug."""
    import ast

    import libcst as cst

    module = cst.parse_module(code)
    sites: dict[str, int] = {}
    for rule in rules_:
        module, n = rule.transform(module, seed=seed, protected=protected)
        sites[rule.id] = n
    if not any(sites.values()):
        return code, sites
    new_code = module.code
    ast.parse(new_code)  # a rewrite that does not parse is a rule bug; let it raise
    return new_code, sites


@click.command()
@click.argument("path", type=click.Path(exists=True, path_type=Path))
@click.option("--rule", "rule_ids", multiple=True, required=True,
              help="Rule id; repeat to chain several rules, applied in the order given.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the rules' choices.")
@click.option("-o", "--out", "out_dir", required=True, type=click.Path(path_type=Path),
              help="Where the rewritten tree is written (must not exist, or be empty).")
@click.option("--protect", multiple=True, help="A name no rule may rename or remove (repeatable).")
@click.option("--report", type=click.Path(path_type=Path), default=None,
              help="Also write the per-file report as JSON here.")
@click.option("--rule-module", "-m", multiple=True, help=RULE_MODULE_HELP)
def rewrite(path: Path, rule_ids: tuple[str, ...], seed: int, out_dir: Path,
            protect: tuple[str, ...], report: Path | None, rule_module: tuple[str, ...]) -> None:
    """Apply rules at every site where their preconditions hold in every .py file under PATH.

    The whole tree is written to OUT_DIR (other files copied as they are; .git and __pycache__
    left out) and the number of sites rewritten is reported per file. A file that does not parse
    is copied unchanged and reported; so is a file on which a rule crashed (exit status 1), since
    a crash is a bug in the rule. Then run the project's own tests in OUT_DIR.
    """
    rules_ = _load_rules(rule_ids, list(rule_module))
    if out_dir.exists() and any(out_dir.iterdir()):
        raise click.ClickException(f"{out_dir} exists and is not empty; choose a new folder")
    if path.is_dir() and out_dir.resolve().is_relative_to(path.resolve()):
        raise click.ClickException(f"{out_dir} is inside {path}; write the rewritten tree elsewhere")
    ignore = shutil.ignore_patterns(".git", "__pycache__")
    if path.is_dir():
        shutil.copytree(path, out_dir, symlinks=True, ignore=ignore, dirs_exist_ok=True)
        files = sorted(p for p in out_dir.rglob("*.py") if p.is_file() and not p.is_symlink())
    else:
        out_dir.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, out_dir / path.name)
        files = [out_dir / path.name]

    import libcst as cst

    protected = frozenset(protect)
    per_file: dict[str, dict[str, int]] = {}
    totals = {r.id: 0 for r in rules_}
    unparsed: list[str] = []
    crashed: list[str] = []
    for file in files:
        rel = str(file.relative_to(out_dir))
        try:
            with open(file, encoding="utf-8", newline="") as fh:
                code = fh.read()
            new_code, sites = rewrite_source(code, rules_, seed, protected)
        except (UnicodeDecodeError, cst.ParserSyntaxError) as exc:
            unparsed.append(rel)
            click.echo(f"{rel}: not parsed, copied unchanged ({type(exc).__name__})")
            continue
        except Exception as exc:  # noqa: BLE001 - report which file made the rule crash
            crashed.append(f"{rel}: {type(exc).__name__}: {exc}")
            click.echo(f"{rel}: RULE CRASHED, copied unchanged: {type(exc).__name__}: {exc}")
            continue
        if sum(sites.values()):
            with open(file, "w", encoding="utf-8", newline="") as fh:
                fh.write(new_code)
            per_file[rel] = sites
            detail = ", ".join(f"{k} {v}" for k, v in sites.items() if v)
            click.echo(f"{rel}: {sum(sites.values())} sites ({detail})")
        for rule_id, n in sites.items():
            totals[rule_id] += n
    total = ", ".join(f"{k} {v}" for k, v in totals.items())
    click.echo(f"{len(files)} files, {len(per_file)} rewritten, {len(unparsed)} not parsed, "
               f"{len(crashed)} crashed; sites: {total}")
    if report is not None:
        report.write_text(json.dumps({"files": per_file, "totals": totals, "unparsed": unparsed,
                                      "crashed": crashed, "seed": seed}, indent=2))
    if crashed:
        raise SystemExit(1)
