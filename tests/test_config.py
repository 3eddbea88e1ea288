"""Config loading and the error messages users see."""

import pytest

from semforge.pipeline.config import Config, ConfigError, load_config, parse_config


def test_defaults_use_builtin_corpus():
    config = load_config(None)
    assert [c.kind for c in config.corpus] == ["builtin"]
    assert config.verify.policy == "typed"
    assert config.verify.default_level == {"rules": "typed", "llm": "typed"}


def test_unknown_key_names_path_and_suggests(tmp_path):
    with pytest.raises(ConfigError) as err:
        parse_config({"generate": {"variants": 3}}, "run.yaml")
    msg = str(err.value)
    assert "run.yaml" in msg
    assert "generate.variants" in msg
    assert "did you mean 'variants_per_seed'" in msg


def test_bad_value_names_key_and_value():
    with pytest.raises(ConfigError) as err:
        parse_config({"verify": {"examples": 0, "policy": "lenient"}})
    msg = str(err.value)
    assert "verify.examples" in msg and "got 0" in msg
    assert "verify.policy" in msg and "lenient" in msg


def test_unknown_top_level_section():
    with pytest.raises(ConfigError) as err:
        parse_config({"verfy": {}})
    assert "verfy" in str(err.value) and "did you mean 'verify'" in str(err.value)


def test_corpus_entry_error_is_indexed():
    with pytest.raises(ConfigError) as err:
        parse_config({"corpus": [{"kind": "builtin"}, {"kind": "evalplus", "pth": "x"}]})
    assert "corpus[1]" in str(err.value)


def test_yaml_and_toml_give_the_same_config(tmp_path):
    (tmp_path / "c.yaml").write_text(
        "generate:\n  variants_per_seed: 3\nverify:\n  examples: 50\n  measure_speed: false\n"
    )
    (tmp_path / "c.toml").write_text(
        "[generate]\nvariants_per_seed = 3\n[verify]\nexamples = 50\nmeasure_speed = false\n"
    )
    assert load_config(tmp_path / "c.yaml") == load_config(tmp_path / "c.toml")


def test_unparseable_file_and_wrong_suffix(tmp_path):
    bad = tmp_path / "c.yaml"
    bad.write_text("generate: [unclosed\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_config(bad)
    other = tmp_path / "c.json"
    other.write_text("{}")
    with pytest.raises(ConfigError, match=r"\.yaml, \.yml or \.toml"):
        load_config(other)
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(tmp_path / "missing.yaml")


def test_digest_ignores_placement_but_not_content():
    base = Config()
    labels = ["semforge/builtin@x"]
    moved = parse_config({"run": {"workers": 7}, "out": "elsewhere"})
    changed = parse_config({"verify": {"examples": 10}})
    assert base.content_digest(labels) == moved.content_digest(labels)
    assert base.content_digest(labels) != changed.content_digest(labels)
    assert base.content_digest(labels) != base.content_digest(["other@y"])


def test_every_verify_key_reaches_the_verifier():
    """A key users can set in `verify:` must change what the verifier does, not be dropped on
    the way (each VerifySettings field set to a non-default value arrives in VerifyConfig)."""
    import dataclasses

    from semforge.pipeline.config import VerifySettings
    from semforge.pipeline.steps.verify import verifier_config

    changed = {"examples": 7, "seed": 3, "timeout_s": 1.5, "memory_mb": 300, "policy": "domain",
               "rtol": 1e-6, "atol": 1e-3, "measure_speed": False, "speed_band": 0.1,
               "speed_rounds": 5, "timing": "instructions", "crosshair": True,
               "crosshair_budget_s": 9.0}
    # verify.pytorch goes to the PyTorch verifier (tests/test_pytorch_pipeline.py checks its keys),
    # verify.default_level to the shard's write step (test_default_level_routes_pairs)
    assert set(changed) | {"pytorch", "default_level"} == set(VerifySettings.model_fields), \
        "new verify key: add it here"
    config = verifier_config(VerifySettings(**changed))
    fields = {f.name for f in dataclasses.fields(config)}
    for key, value in changed.items():
        assert key in fields, f"verify.{key} has no VerifyConfig field"
        assert getattr(config, key) == value, f"verify.{key} is not passed to the verifier"


def test_default_level_routes_pairs():
    """verify.default_level: per generator, the level a pair must reach to land in default;
    the rest of the equivalent pairs go to rejected, as they are (level and reason kept)."""
    from semforge.pipeline.steps.write import WriteShard

    config = parse_config({"verify": {"default_level": {"llm": "strict"}}})
    assert config.verify.default_level == {"llm": "strict"}
    step = WriteShard(None, 0, dict(config.verify.default_level))
    row = {"verdict": "equivalent", "generator": "llm", "equivalence": "typed"}
    assert not step.lands_in_default(row)
    assert step.lands_in_default({**row, "equivalence": "strict"})
    assert step.lands_in_default({**row, "generator": "rules"})  # rules: typed by default
    assert not step.lands_in_default({**row, "verdict": "different", "equivalence": None})
    with pytest.raises(ConfigError):
        parse_config({"verify": {"default_level": {"llm": "loose"}}})
