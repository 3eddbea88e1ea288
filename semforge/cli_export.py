"""`semforge export`: training records from a dataset directory."""

from __future__ import annotations

import click


@click.command()
@click.argument("directory", metavar="DIR")
@click.option("--format", "fmt", type=click.Choice(["chat", "completion"]), default="chat",
              show_default=True, help="chat: a `messages` list (user: instruction + original, "
              "assistant: variant); completion: `prompt` and `completion` strings.")
@click.option("-o", "--out", required=True, metavar="OUT",
              help="Output file; its suffix picks the format: .jsonl, .jsonl.gz or .parquet.")
@click.option("--validation", default=0.05, show_default=True, type=click.FloatRange(0, 1),
              help="Share of seeds whose pairs go to the validation split.")
@click.option("--split-seed", default=0, show_default=True, type=int,
              help="Seed of the train/validation assignment of seeds.")
def export(directory, fmt, out, validation, split_seed) -> None:
    """Write the equivalent pairs of DIR as training records to OUT.

    \b
    Each record: instruction, original, variant, label (faster/slower/same where
    the measured interval supports one, else null), speedup, and the formatted `messages` (chat) or
    `prompt`/`completion`. The instruction asks for a faster or slower program only
    when the measurement says so. Every record has `split` (train or validation),
    assigned by seed, never by row: all pairs of one seed land on the same side.

    \b
      semforge export semforge-out --format chat -o train.jsonl
      semforge export semforge-out --format completion -o train.parquet
    """
    from semforge.pipeline.export import export as run_export

    try:
        counts = run_export(directory, out, fmt, split_seed, validation,
                            warn=lambda msg: click.echo(msg, err=True))
    except (ValueError, FileNotFoundError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {sum(counts.values())} {fmt} records to {out}: "
               f"train {counts['train']}, validation {counts['validation']}")
