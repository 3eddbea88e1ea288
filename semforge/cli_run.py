"""`semforge run`: the whole pipeline, from corpora to a dataset directory."""

from __future__ import annotations

import sys

import click
import yaml

EXAMPLE_CONFIG = """\
\b
Example config (YAML; TOML works too, same keys):
\b
  corpus:
    - kind: builtin                       # 63 functions shipped with semforge
    - kind: evalplus                      # EvalPlus records: .jsonl, .jsonl.gz, .parquet
      path: data/HumanEvalPlus.jsonl.gz
    - kind: hf                            # a Hub dataset id or a local dataset folder
      name: evalplus/humanevalplus
      split: test
    - kind: files                         # functions extracted from .py files
      path: src/
  generate:
    variants_per_seed: 8
    max_chain: 3
    rules: all                            # or a list of ids: `semforge rules list`
    rule_modules: [myproject.rules]       # your own @register-ed rules
  verify:
    examples: 200
    policy: strict                        # or: domain
    measure_speed: true
  run:
    seeds_per_shard: 10
  out: semforge-out
\b
`semforge run --print-config` prints every key with its default.
"""


@click.command(epilog=EXAMPLE_CONFIG)
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="YAML or TOML config file. Without it: the built-in corpus and the defaults.")
@click.option("--out", metavar="DIR|URL",
              help="Dataset directory to write (overrides the config's `out`): a local folder or "
                   "any fsspec URL (s3://bucket/path, gs://...; credentials from the environment). "
                   "A rerun with the same config resumes: complete shards are kept, the rest are "
                   "redone.")
@click.option("--scheduler-address", metavar="ADDR",
              help="Run on an existing Dask cluster (e.g. tcp://10.0.0.5:8786) instead of "
                   "starting a local one. Workers need semforge installed.")
@click.option("--workers", type=click.IntRange(min=1),
              help="Worker processes of the local cluster (default: number of cores).")
@click.option("--limit", type=click.IntRange(min=1), metavar="N",
              help="Use only the first N seeds (after duplicates are removed): a quick trial of "
                   "a config on a big corpus.")
@click.option("--force", is_flag=True,
              help="Delete the output directory first and start over (instead of resuming).")
@click.option("-v", "--verbose", is_flag=True, help="Print every skipped corpus record.")
@click.option("-q", "--quiet", is_flag=True, help="Print only errors and the summary.")
@click.option("--progress/--no-progress", default=True, show_default=True,
              help="Show progress: a bar on a terminal; in a redirected log a line after 10 s, "
                   "then every 30 s (phase, shards done of planned, pairs and verdicts, ETA).")
@click.option("--print-config", is_flag=True,
              help="Print the effective config as YAML and exit.")
def run(config_path, out, scheduler_address, workers, limit, force, verbose, quiet, progress,
        print_config) -> None:
    """Build a dataset: seeds -> variants -> verified pairs -> Parquet shards + card.

    With no options it runs on the built-in seed corpus on a local Dask cluster and writes
    ./semforge-out, which `datasets.load_dataset("semforge-out")` loads (equivalent pairs;
    the "rejected" config holds the negatives with their counterexamples).

    \b
    The directory holds:
      data/default/train-*.parquet    pairs judged equivalent, curated (the default config)
      data/rejected/train-*.parquet   everything else, with reasons and counterexamples
      README.md                   the dataset card
      stats.json, report.md       counts per verdict and per rule, rejected records, plots
    """
    from semforge.pipeline.config import ConfigError, load_config

    try:
        config = load_config(config_path)
        if workers:
            config.run.workers = workers
        if limit:
            config.run.limit = limit
        if print_config:
            click.echo(yaml.safe_dump(config.model_dump(mode="json"), sort_keys=False))
            return
        from semforge.pipeline.runner import run as run_pipeline

        summary = run_pipeline(
            config,
            out=out,
            scheduler_address=scheduler_address,
            progress=progress and not quiet,
            log=(lambda msg: None) if quiet else (lambda msg: click.echo(msg, err=True)),
            verbose=verbose,
            force=force,
        )
    except ConfigError as exc:  # NoSeedsError too: a run with nothing to build fails
        raise click.ClickException(str(exc)) from None
    except (ValueError, FileNotFoundError) as exc:  # an unknown rule id, corpus column or path
        raise click.ClickException(str(exc)) from None
    except KeyboardInterrupt:
        # Completed shards are on disk with their markers; nothing else is kept or needed.
        click.echo("\nInterrupted. Every shard that completed is kept: run the same command "
                   "again to resume from there.", err=True)
        sys.exit(130)

    v = summary.verdicts
    click.echo("")
    resumed = (f" ({summary.seconds_total:.1f} s over every invocation)"
               if summary.seconds_total > summary.seconds + 0.05 else "")
    click.echo(f"semforge run finished in {summary.seconds:.1f} s{resumed}")
    click.echo(f"  seeds       {summary.seeds} ({summary.rejected_records} corpus records rejected)")
    click.echo(f"  pairs       {summary.pairs}: " + ", ".join(f"{k} {n}" for k, n in v.items()))
    if any(summary.perf_labels.values()):
        click.echo("  speed       " + ", ".join(f"{k} {n}" for k, n in summary.perf_labels.items()))
    if summary.seeds_over_budget:
        click.echo(f"  budget      {summary.seeds_over_budget} seeds stopped over budget "
                   "(stats.json: budget, errors)")
    click.echo(f"  shards      {summary.shards_total} ({summary.shards_skipped} resumed)")
    click.echo(f"  dataset     {summary.out_dir}  (README.md card, stats.json, report.md)")
    default, rejected = summary.load_lines()
    click.echo(f"  load        from datasets import load_dataset; ds = {default}")
    click.echo(f"              negatives with counterexamples: {rejected}")
    if not summary.ok:
        for line in summary.shards_failed:
            click.echo(f"  FAILED      {line}", err=True)
        click.echo("Rerun the same command to redo the failed shards.", err=True)
        sys.exit(1)
