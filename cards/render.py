"""Finish a dataset directory: stats.json, the README.md dataset card and the report.

The card's metadata is built with huggingface_hub's ``DatasetCardData`` (so the Hub validates
what it expects), its body from ``dataset_card.md.j2``. Its ``configs`` make
``load_dataset(DIR_OR_REPO)`` load the equivalent pairs and ``load_dataset(..., "rejected")`` the
negatives; both configs are always declared, so loading code does not change with the data.
Files are written through fsspec: the directory may be a local folder or a URL.
"""

from __future__ import annotations

import json
from typing import Any

import fsspec
from huggingface_hub import DatasetCard, DatasetCardData
from jinja2 import Environment, PackageLoader, StrictUndefined

from semforge import __version__

from .licenses import card_license
from .report import write_report

# Each config's files. ``train-*``, not ``*``: the run's work shards of rejected pairs
# (data/rejected/shard-*.parquet) share the folder and must never be loaded as data.
CONFIG_FILES = {"default": "data/default/train-*.parquet",
                "rejected": "data/rejected/train-*.parquet"}


def _size_category(n: int) -> str:
    for limit, name in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"),
                        (1_000_000, "100K<n<1M")):
        if n < limit:
            return name
    return "n>1M"


def _config_rows(stats: dict[str, Any]) -> dict[str, int]:
    """Rows per config: the final (curated) counts, or the verdicts of a run without curation."""
    if "configs" in stats:
        return {name: c["rows"] for name, c in stats["configs"].items()}
    equivalent = stats["verdicts"]["equivalent"]
    return {"default": equivalent, "rejected": stats["pairs"] - equivalent}


def _row_licenses(stats: dict[str, Any]) -> dict[str, int]:
    """License -> rows in the dataset (counted by curation); a run's stats from before that
    count give the seeds' licenses."""
    if "licenses" in stats:
        return stats["licenses"]
    return {lic: 0 for lic in stats.get("source_licenses", [])}


def card_data(stats: dict[str, Any], config: Any,
              split_bytes: dict[str, int] | None = None) -> DatasetCardData:
    """The YAML metadata. ``dataset_info`` (rows and Parquet bytes per config) is more than
    documentation: ``datasets`` keys its cache of a local folder on the folder's name and the
    card's metadata, not on the files, so without it a second run written to a folder of the same
    name would load the first run's cached rows. With it, the key changes with the data."""
    rows = _config_rows(stats)
    split_bytes = {"default": 0, "rejected": 0, **(split_bytes or {})}
    license = ({"license": config.card.license} if config.card.license
               else card_license(_row_licenses(stats)))
    return DatasetCardData(
        **license,
        pretty_name=config.card.name,
        task_categories=["text-generation"],
        size_categories=[_size_category(rows["default"])],
        tags=["code", "program-transformation", "semantics-preserving", "semforge"],
        configs=[
            {"config_name": "default", "default": True,
             "data_files": [{"split": "train", "path": CONFIG_FILES["default"]}]},
            {"config_name": "rejected",
             "data_files": [{"split": "train", "path": CONFIG_FILES["rejected"]}]},
        ],
        dataset_info=[
            {"config_name": name,
             "splits": [{"name": "train", "num_examples": rows[name],
                         "num_bytes": stats.get("configs", {}).get(name, {}).get("arrow_bytes", 0)}],
             "download_size": split_bytes[name]}
            for name in ("default", "rejected")
        ],
    )


def render_card(stats: dict[str, Any], config: Any, load_path: str,
                split_bytes: dict[str, int] | None = None, revision: str | None = None) -> str:
    """The card. ``load_path``: what users pass to ``load_dataset`` (a repo id or a relative
    path, never an absolute one); ``revision``: the tag to load, for a published version."""
    env = Environment(loader=PackageLoader("semforge.cards", ""), undefined=StrictUndefined,
                      keep_trailing_newline=True)
    template = env.get_template("dataset_card.md.j2")
    licenses = _row_licenses(stats)
    listed = ", ".join(f"`{lic}`" + (f" ({n} rows)" if n else "")
                       for lic, n in sorted(licenses.items(), key=lambda item: (-item[1], item[0])))
    license_text = (
        f"Released under `{config.card.license}`." if config.card.license else
        "The pairs derive from the seed corpora; each row's `license` column gives its source's "
        "license" + (f": {listed}." if listed else ".")
    )
    rows = _config_rows(stats)
    body = template.render(
        name=config.card.name,
        description=config.card.description or (
            "Pairs of programs that look different and behave the same, built and verified with "
            "semforge: training data for models that learn semantics-preserving rewrites."
        ),
        version=stats.get("semforge_version", __version__),
        stats=stats,
        config=config,
        rows=rows,
        curation=stats.get("curation"),
        license_text=license_text,
        load_path=load_path,
        revision_arg=f', revision="{revision}"' if revision else "",
        n_rejected=rows["rejected"],
    )
    data = card_data(stats, config, split_bytes)
    return str(DatasetCard(f"---\n{data.to_yaml()}\n---\n\n{body}"))


def _split_bytes(fs, root: str) -> dict[str, int]:
    return {name: sum(fs.size(p) for p in fs.glob(f"{root}/{pattern}"))
            for name, pattern in CONFIG_FILES.items()}


def load_name(out: str) -> str:
    """What the card tells users to load: the folder's own name (run from its parent folder)."""
    return str(out).rstrip("/").rsplit("/", 1)[-1]


def write_dataset_files(out: Any, stats: dict[str, Any], config: Any) -> None:
    """Write stats.json, README.md (the card) and report.md with its plots."""
    fs, root = fsspec.core.url_to_fs(str(out))
    root = root.rstrip("/")
    stats = {**stats, "config": config.model_dump(mode="json")}
    with fs.open(f"{root}/stats.json", "w") as fh:
        fh.write(json.dumps(stats, indent=1))
    card = render_card(stats, config, load_name(root), _split_bytes(fs, root))
    with fs.open(f"{root}/README.md", "w") as fh:
        fh.write(card)
    write_report(fs, root, stats)
