"""The `semforge` command line. Each sub-command lives in its own module; this file wires them."""

from __future__ import annotations

import atexit
import os
import sys

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


def entry() -> None:
    """The console script. Runs the command, then Python's exit handlers, then leaves without
    tearing down native libraries: Arrow's (and torch's) thread pools can abort a finished
    process at teardown ("terminate called without an active exception", exit -6), which
    would turn a complete run into a failure. Every output is written and closed by then."""
    code: int | str | None = 0
    try:
        main()
    except SystemExit as exc:
        code = exc.code
    if isinstance(code, str):  # sys.exit("message"): print it, exit 1, as Python does
        print(code, file=sys.stderr)
        code = 1
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code or 0)


if __name__ == "__main__":  # pragma: no cover
    entry()
