"""`semforge publish`: a finished dataset directory as an immutable, tagged version."""

from __future__ import annotations

import click


@click.command()
@click.argument("directory", metavar="DIR")
@click.option("--version", "version", required=True, metavar="X.Y.Z",
              help="Semantic version; the Hub tag (and local folder) is vX.Y.Z. Never reused.")
@click.option("--repo", metavar="ORG/NAME", help="Hub dataset repo to publish to (created if "
              "missing).")
@click.option("--to", "to", metavar="PATH", help="Publish to this folder (or fsspec URL) instead "
              "of the Hub: PATH/vX.Y.Z/, no account needed.")
@click.option("--endpoint", metavar="URL", help="Hub endpoint (default: HF_ENDPOINT, or the "
              "public Hub). Loading from another endpoint needs HF_ENDPOINT set to it.")
@click.option("--private", is_flag=True, help="Create the repo as private (when it is created).")
def publish(directory, version, repo, to, endpoint, private) -> None:
    """Publish DIR (written by `semforge run`) as version X.Y.Z.

    \b
    To the Hub: one atomic commit holding the whole version (large files are
    uploaded first), then the tag vX.Y.Z on it. An existing tag is never moved, a
    run that did not finish is refused, and a publish interrupted part-way leaves
    the versions already published as they were: rerun the same command.
    The token comes from HF_TOKEN or `hf auth login`; it is never printed.

    \b
      semforge publish semforge-out --repo my-org/pairs --version 1.0.0
      semforge publish semforge-out --to releases/ --version 1.0.0

    \b
    Then:  load_dataset("my-org/pairs", revision="v1.0.0")
    """
    from semforge.pipeline.publish import PublishError, publish_hub, publish_local

    if bool(repo) == bool(to):
        raise click.UsageError("give exactly one of --repo ORG/NAME (the Hub) or --to PATH")
    log = lambda msg: click.echo(msg, err=True)  # noqa: E731
    try:
        if to:
            result = publish_local(directory, to, version, log=log)
        else:
            result = publish_hub(directory, repo, version, endpoint=endpoint, private=private,
                                 log=log)
    except PublishError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"published {result.revision}: {result.url}")
    click.echo("load it with:")
    click.echo("  from datasets import load_dataset")
    click.echo(f"  {result.load_line}")
