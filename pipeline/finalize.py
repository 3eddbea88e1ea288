"""Finish a run: curate the work shards into the Hub-layout dataset, with stats, card and report.

``semforge run`` calls ``finalize`` at its end. It reads only the run's work shards (through
``work_shards``) and rewrites everything it produces, so it is idempotent: a rerun, or a run
with other ``curate`` settings, redoes it from the work shards. Everything goes through fsspec,
so the output may be a local folder or a URL.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from typing import Any, Callable

import fsspec
import pyarrow.parquet as pq
from tqdm.auto import tqdm

from semforge.cards.mix import PairMix

from .curate import build_curator
from .hub_layout import CONFIGS, ConfigWriter, remove_staging

# Where the run's resumable per-shard output lives, and which dataset config each part feeds.
WORK_SHARD_GLOBS = {
    "default": "data/equivalent/shard-*.parquet",
    "rejected": "data/rejected/shard-*.parquet",
}
_INDEX = re.compile(r"shard-(\d+)\.parquet$")


def work_shards(fs, root: str) -> dict[str, list[str]]:
    """Complete work shards per config, in shard order.

    Only shards with a completion marker count: a file without one belongs to a shard that was
    killed between its data and its marker, and will be rewritten by the next run.
    """
    root = root.rstrip("/")
    done = {int(m.group(1)) for p in fs.glob(f"{root}/_shards/shard-*.done")
            if (m := re.search(r"shard-(\d+)\.done$", p))}
    result = {}
    for config, pattern in WORK_SHARD_GLOBS.items():
        paths = [p for p in fs.glob(f"{root}/{pattern}")
                 if (m := _INDEX.search(p)) and int(m.group(1)) in done]
        result[config] = sorted(paths, key=lambda p: int(_INDEX.search(p).group(1)))
    return result


def finalize(out: str, stats: dict[str, Any], config: Any,
             log: Callable[[str], None] = print) -> dict[str, Any]:
    """Curate, write ``data/<config>/train-*.parquet``, ``stats.json``, the card and the report.

    ``stats`` is the run's summary of its work shards; the returned (and written) stats add
    ``curation`` (rows dropped per reason), ``configs`` (final files and rows) and ``complete``.
    """
    from semforge.cards.render import write_dataset_files

    started = time.monotonic()
    fs, root = fsspec.core.url_to_fs(str(out))
    root = root.rstrip("/")
    remove_staging(fs, root)
    settings = config.curate
    curator = build_curator(settings, stats.get("corpora", []), log)
    shards = work_shards(fs, root)
    # A progress bar on a terminal only (disable=None): curation of millions of rows takes minutes.
    bar = tqdm(total=sum(len(v) for v in shards.values()), unit="shard", desc="curate",
               disable=None, dynamic_ncols=True)
    configs: dict[str, Any] = {}
    models: Counter = Counter()
    licenses: Counter = Counter()  # the card's license metadata comes from the rows
    # Per rule, the rows kept (both configs) and the equivalent ones among them: the card's rule
    # table counts what the dataset holds, not what the run made before curation (stats["rules"]).
    rules_kept: Counter = Counter()
    rules_equivalent: Counter = Counter()
    mix = PairMix()  # families, families per seed, labelled pairs: the card and report read it
    for name in CONFIGS:
        writer = ConfigWriter(fs, root, name, int(settings.shard_max_mb * 1e6),
                              int(settings.row_group_mb * 1e6))
        for path in shards[name]:
            with fs.open(path, "rb") as fh:
                rows = pq.read_table(fh).to_pylist()
            kept = curator.keep(name, rows)
            mix.add(kept)
            models.update(r["model"] for r in kept if r.get("model"))
            licenses.update(r.get("license") or "unknown" for r in kept)
            for r in kept:
                rules_kept.update(r.get("transforms") or ())
                if r.get("verdict") == "equivalent":
                    rules_equivalent.update(r.get("transforms") or ())
            writer.write(kept)
            bar.update(1)
        files = writer.close()
        configs[name] = {"rows": sum(f["rows"] for f in files), "files": files,
                         "arrow_bytes": writer.arrow_bytes}
    bar.close()
    final = dict(stats)
    final["curation"] = curator.counts.to_json()
    final["configs"] = configs
    final["models"] = dict(sorted(models.items()))
    final["licenses"] = dict(sorted(licenses.items()))
    final["rules_kept"] = {rule: {"applied": n, "equivalent": rules_equivalent[rule]}
                           for rule, n in sorted(rules_kept.items())}
    final["mix"] = mix.to_json()
    final["complete"] = not stats.get("shards", {}).get("failed")
    final["curation_seconds"] = round(time.monotonic() - started, 2)
    write_dataset_files(out, final, config)
    c = final["curation"]
    dropped = sum(final["curation"]["input"].values()) - sum(final["curation"]["output"].values())
    if dropped:
        parts = [f"{reason} {sum(c[reason].values())}" for reason in ("exact_duplicates", "near_duplicates")
                 if sum(c[reason].values())]
        parts += [f"contaminated ({b}) {n}" for b, n in c["contaminated"].items() if n]
        if sum(c["previous_version"]["dropped"].values()):
            parts.append(f"in the previous version {sum(c['previous_version']['dropped'].values())}")
        log(f"curation dropped {dropped} pairs: " + ", ".join(parts))
    log("final dataset: " + ", ".join(
        f"{name} {c['rows']} pairs in {len(c['files'])} file(s)" for name, c in configs.items()))
    return final

