"""`semforge export`: training records from a dataset directory."""

from __future__ import annotations

import click


@click.command()
@click.argument("directory", metavar="DIR")
@click.option("--format", "fmt", type=click.Choice(["chat", "completion"]), default="chat",
              show_default=True, help="chat: a `messages` list (user: instruction + original, "
              "assistant: variant); completion: `prompt` and `completion` strings.")
@click.option("-o", "--out", required=True, metavar="OUT",
              help="A directory: one file per split in the Hub's naming "
              "(data/train-00000-of-00001.jsonl, data/validation-...); or a file whose suffix "
              "picks the format (.jsonl, .jsonl.gz, .parquet) holding every record.")
@click.option("--label", "labels", multiple=True,
              type=click.Choice(["faster", "slower", "same", "none"]),
              help="Keep only records with this label (repeatable; none: unlabelled). A "
              "reversed slower pair is a faster record.")
@click.option("--equivalence", multiple=True, metavar="LEVEL",
              help="Keep only pairs that passed this equivalence level (repeatable: strict, "
              "typed); pairs without the column are left out.")
@click.option("--forward-only", is_flag=True,
              help="Do not add measured pairs read backwards.")
@click.option("--file-format", type=click.Choice(["jsonl", "parquet"]), default="jsonl",
              show_default=True, help="The files' format when OUT is a directory.")
@click.option("--validation", default=0.05, show_default=True, type=click.FloatRange(0, 1),
              help="Share of seeds whose pairs go to the validation split.")
@click.option("--split-seed", default=0, show_default=True, type=int,
              help="Seed of the train/validation assignment of seeds.")
def export(directory, fmt, out, labels, equivalence, forward_only, file_format, validation,
           split_seed) -> None:
    """Write the equivalent pairs of DIR as training records to OUT.

    \b
    Each record: instruction, original, variant, label (faster/slower/same where
    the measured interval supports one, else null), speedup, direction, families, and the
    formatted `messages` (chat) or `prompt`/`completion`. The instruction names the kind of
    rewrite (its transformation families) and asks for a faster, slower or as fast program
    only when the measurement says so. Every measured pair also appears read backwards
    (direction: reversed; a slower variant is a faster example). Every record has `split`
    (train or validation), assigned by seed, never by row: all pairs of one seed land on
    the same side.

    \b
      semforge export semforge-out -o sft/                 # sft/data/train-..., validation-...
      semforge export semforge-out --label faster -o faster/
      semforge export semforge-out --format completion -o train.parquet
    """
    from semforge.pipeline.export import export as run_export

    try:
        counts = run_export(directory, out, fmt, split_seed, validation,
                            warn=lambda msg: click.echo(msg, err=True), labels=labels or None,
                            equivalence=equivalence or None, both_directions=not forward_only,
                            file_format=file_format)
    except (ValueError, FileNotFoundError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {sum(counts.values())} {fmt} records to {out}: "
               f"train {counts['train']}, validation {counts['validation']}")
