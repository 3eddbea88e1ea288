"""`semforge run` (being written)."""

import click


@click.command()
def run() -> None:
    """Not written yet."""
    raise click.ClickException("semforge run is not available yet")
