"""Finish a dataset directory: stats.json, the README.md dataset card and the report.

The card's YAML ``configs`` make ``datasets.load_dataset(out_dir)`` load the equivalent pairs and
``load_dataset(out_dir, "rejected")`` the negatives.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined

from semforge import __version__

from .report import write_report


def _size_category(n: int) -> str:
    for limit, name in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"),
                        (1_000_000, "100K<n<1M")):
        if n < limit:
            return name
    return "n>1M"


def render_card(stats: dict[str, Any], config: Any, load_path: str,
                split_bytes: dict[str, int] | None = None) -> str:
    """The card. ``split_bytes``: Parquet bytes per split folder, for ``dataset_info``.

    ``dataset_info`` (each config's Parquet size) is more than documentation: ``datasets``
    (5.x) keys its cache of a local folder on the folder's name and the card's configs and
    infos, not on the files, so without it a second run written to a folder of the same name
    loads the first run's cached rows. With it, the key changes with the data.
    """
    env = Environment(loader=PackageLoader("semforge.cards", ""), undefined=StrictUndefined,
                      keep_trailing_newline=True)
    template = env.get_template("dataset_card.md.j2")
    license_id = config.card.license or "other"
    licenses = sorted({r for r in stats.get("source_licenses", []) if r})
    license_text = (
        f"Released under `{license_id}`." if config.card.license else
        "The pairs derive from the seed corpora; each row's `license` column gives its source's "
        "license" + (f" ({', '.join(licenses)})." if licenses else ".")
    )
    return template.render(
        name=config.card.name,
        description=config.card.description or (
            "Pairs of programs that look different and behave the same, built and verified with "
            "semforge: training data for models that learn semantics-preserving rewrites."
        ),
        version=__version__,
        stats=stats,
        config=config,
        license=license_id,
        license_text=license_text,
        load_path=load_path,
        size_category=_size_category(stats["verdicts"]["equivalent"]),
        n_rejected=stats["pairs"] - stats["verdicts"]["equivalent"],
        split_bytes={"equivalent": 0, "rejected": 0, **(split_bytes or {})},
    )


def _split_bytes(out_dir: Path) -> dict[str, int]:
    return {split: sum(f.stat().st_size for f in (out_dir / "data" / split).glob("*.parquet"))
            for split in ("equivalent", "rejected")}


def write_dataset_files(out_dir: Path, stats: dict[str, Any], config: Any) -> None:
    """Write stats.json, README.md (the card) and report.md with its plots."""
    out_dir = Path(out_dir)
    (out_dir / "stats.json").write_text(json.dumps(stats, indent=1))
    (out_dir / "README.md").write_text(render_card(stats, config, str(out_dir),
                                                   _split_bytes(out_dir)))
    write_report(out_dir, stats)
