"""The dataset card: valid YAML front matter whose configs point at the shards."""

import yaml

from semforge.cards.render import render_card
from semforge.pipeline.config import parse_config


def stats():
    return {
        "config_digest": "abc123",
        "corpora": ["semforge/builtin@0.1.0"],
        "seeds": {"loaded": 40, "rejected": 1, "with_variants": 39, "without_variants": 1},
        "source_licenses": ["Apache-2.0"],
        "rejected_records": [{"source": "x", "source_id": "bad.py", "reason": "empty file"}],
        "pairs": 10,
        "verdicts": {"equivalent": 7, "different": 2, "error": 0, "timeout": 1, "undecided": 0},
        "perf_labels": {"faster": 2, "slower": 1, "same": 4},
        "rules": {"swap-if-else": {"applied": 5, "equivalent": 4}},
        "rule_errors": 0,
        "errors": [],
        "shards": {"total": 2, "skipped": 0, "failed": []},
        "seconds": 1.0,
    }


def test_card_front_matter_declares_both_configs():
    config = parse_config({"card": {"name": "my-pairs", "license": "apache-2.0"}})
    card = render_card(stats(), config, "my-pairs")
    _, front, body = card.split("---\n", 2)
    meta = yaml.safe_load(front)
    assert meta["license"] == "apache-2.0"
    configs = {c["config_name"]: c for c in meta["configs"]}
    assert configs["default"]["data_files"][0]["path"] == "data/default/train-*.parquet"
    assert configs["rejected"]["data_files"][0]["path"] == "data/rejected/train-*.parquet"
    assert "# my-pairs" in body
    assert "| `swap-if-else` | 5 | 4 |" in body
    assert "| equivalent | 7 |" in body


def test_card_without_rejected_pairs_still_declares_both_configs():
    """Loading code must not change with the data: an empty config is declared all the same."""
    s = stats()
    s["pairs"] = s["verdicts"]["equivalent"] = 7
    s["verdicts"].update(different=0, timeout=0)
    card = render_card(s, parse_config({}), "out")
    meta = yaml.safe_load(card.split("---\n", 2)[1])
    assert [c["config_name"] for c in meta["configs"]] == ["default", "rejected"]
    info = {i["config_name"]: i for i in meta["dataset_info"]}
    assert info["rejected"]["splits"][0]["num_examples"] == 0
    assert info["default"]["splits"][0]["num_examples"] == 7
    assert 'load_dataset("out", "rejected")' in card


def test_card_license_comes_from_the_rows():
    """No `card.license`: the metadata says the rows' licenses, as Hub ids; one the Hub does not
    list makes it `other`, named, with the card's License section listing every license."""
    meta = lambda card: yaml.safe_load(card.split("---\n", 2)[1])  # noqa: E731
    s = stats()
    s["licenses"] = {"Apache-2.0": 5}
    assert meta(render_card(s, parse_config({}), "out"))["license"] == "apache-2.0"
    s["licenses"] = {"Apache-2.0": 5, "MIT": 2}
    card = render_card(s, parse_config({}), "out")
    assert meta(card)["license"] == ["apache-2.0", "mit"]
    assert "`Apache-2.0` (5 rows), `MIT` (2 rows)" in card
    s["licenses"] = {"GPL-3.0-or-later": 1, "unknown": 1}
    assert meta(render_card(s, parse_config({}), "out"))["license"] == ["gpl-3.0", "unknown"]
    s["licenses"] = {"PSF-2.0": 3}
    m = meta(render_card(s, parse_config({}), "out"))
    assert (m["license"], m["license_name"], m["license_link"]) == ("other", "psf-2.0", "README.md#license")
    s["licenses"] = {"PSF-2.0": 3, "MIT": 1}
    assert meta(render_card(s, parse_config({}), "out"))["license_name"] == "several-licenses"
    # Stats of a run from before the row counts: the seeds' licenses.
    assert meta(render_card(stats(), parse_config({}), "out"))["license"] == "apache-2.0"


def test_two_runs_in_folders_of_the_same_name_load_their_own_rows(tmp_path, monkeypatch):
    """`datasets` caches a local folder by its name and card, not by its files: the card's
    dataset_info must change with the data, or the second run loads the first run's rows."""
    import datasets
    import pyarrow.parquet as pq
    from datasets import load_dataset

    from semforge.cards.render import write_dataset_files
    from semforge.pipeline.steps import make_row
    from semforge.record import Seed, rows_to_table
    from semforge.transforms.compose import Variant
    from semforge.verifiers import Verdict, VerifyConfig

    monkeypatch.setattr(datasets.config, "HF_DATASETS_CACHE", str(tmp_path / "hf-cache"))
    loaded = []
    for run, n in (("first", 3), ("second", 5)):
        out = tmp_path / run / "semforge-out"
        (out / "data" / "default").mkdir(parents=True)
        seed = Seed("test", run, "f", "def f(x):\n    return x\n")
        rows = [make_row(seed, Variant(f"def f(x):\n    return x + {i} - {i}\n", ["r"]),
                         Verdict("equivalent", "same", None, 1, 0, "m", "strict", 0.1),
                         VerifyConfig(), "digest") for i in range(n)]
        pq.write_table(rows_to_table(rows), out / "data" / "default" / "train-00000-of-00001.parquet")
        s = stats()
        s["pairs"] = s["verdicts"]["equivalent"] = n
        s["verdicts"].update(different=0, timeout=0)
        write_dataset_files(out, s, parse_config({}))
        loaded.append(sorted(load_dataset(str(out), split="train")["variant"]))
    assert [len(x) for x in loaded] == [3, 5]
    assert loaded[1][4] == "def f(x):\n    return x + 4 - 4\n"


def test_card_rule_counts_are_of_the_rows_kept_after_curation(tmp_path):
    """The run counted rules before curation; the card counts the rows the dataset holds, so its
    rule table adds up to the rows of the configs (every chain here is one rule long)."""
    from make_dataset import pair_rows, stats_for, write_work_shard
    from semforge.pipeline.finalize import finalize

    equivalent = pair_rows(6, start=0)
    for r in equivalent:
        r["transforms"] = ["rule-a"] if int(r["source_id"].split("-")[1]) < 4 else ["rule-b"]
    duplicates = [dict(r) for r in equivalent[:3]]  # exact repeats: curation drops them
    rejected = pair_rows(2, "different", start=100)
    for r in rejected:
        r["transforms"] = ["rule-b"]
    out = tmp_path / "ds"
    write_work_shard(out, 0, equivalent + duplicates, rejected)
    s = stats_for(9, 2)
    s["rules"] = {"rule-a": {"applied": 7, "equivalent": 7}, "rule-b": {"applied": 4, "equivalent": 2}}
    final = finalize(str(out), s, parse_config({"curate": {"decontaminate": []}}),
                     log=lambda _: None)
    assert final["configs"]["default"]["rows"] == 6 and final["configs"]["rejected"]["rows"] == 2
    assert final["rules_kept"] == {"rule-a": {"applied": 4, "equivalent": 4},
                                   "rule-b": {"applied": 4, "equivalent": 2}}
    card = (out / "README.md").read_text()
    assert "| `rule-a` | 4 | 4 |" in card and "| `rule-b` | 4 | 2 |" in card
    assert "| all rows | 8 | 6 |" in card
    assert "| `rule-a` | 7 |" not in card


def test_card_counts_both_equivalence_levels():
    s = stats()
    s["equivalence"] = {"strict": 7, "typed": 3}
    card = render_card(s, parse_config({}), "out")
    assert "| strict | 7 |" in card and "| typed | 3 |" in card
    assert "`equivalence`" in card and "`domain`" in card
