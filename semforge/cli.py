"""The `semforge` command line. Each sub-command lives in its own module; this file wires them."""

from __future__ import annotations

import click

from . import __version__


@click.group(
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, prog_name="semforge")
def main() -> None:
    """semforge builds datasets of semantics-preserving code transformations.

    \b
    The flow:  corpora -> seeds -> variants (rules, LLM) -> verify (sandboxed) -> measure speed
               -> Parquet shards + dataset card
    A pair is `equivalent` only after differential testing; speed labels come from measurement.

    \b
    Start here:
      semforge run                      the whole pipeline on the built-in corpus
      semforge run --config run.yaml    the same on your corpora (see `semforge run --help`)
      semforge rules list               every registered rewrite rule
      semforge rewrite SRC --rule ID -o OUT   try one rule on your own code base
      semforge verify pairs.jsonl -o results.jsonl   judge pairs you made elsewhere
      semforge publish OUT --repo ORG/NAME --version 1.0.0   a tagged version on the Hub
      semforge export OUT --format chat -o train.jsonl      training records, split by seed
    """


def _register_commands() -> None:
    from .cli_rules import rewrite, rules
    from .cli_run import run
    from .cli_verify import verify
    from .cli_publish import publish
    from .cli_export import export

    for command in (run, verify, rules, rewrite, publish, export):
        main.add_command(command)


_register_commands()

if __name__ == "__main__":  # pragma: no cover
    main()
