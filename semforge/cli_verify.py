"""`semforge verify` (being written)."""

import click


@click.command()
def verify() -> None:
    """Not written yet."""
    raise click.ClickException("semforge verify is not available yet")
