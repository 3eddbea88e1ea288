"""`semforge rules ...` and `semforge rewrite` (being written)."""

import click


@click.group()
def rules() -> None:
    """Not written yet."""


@click.command()
def rewrite() -> None:
    """Not written yet."""
    raise click.ClickException("semforge rewrite is not available yet")
