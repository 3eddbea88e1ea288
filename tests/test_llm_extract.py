"""Finding the program in a model's answer, prompts and the generate.llm config (no model)."""

import pytest

from semforge.pipeline.config import ConfigError, parse_config
from semforge.transforms.llm import LLMConfig, available_prompts, extract_program, resolve_prompt

GOOD = "def f(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total\n"


@pytest.mark.parametrize("answer", [
    f"```python\n{GOOD}```",
    f"Sure! Here is a faster version:\n\n```py\n{GOOD}```\n\nIt avoids the temporary list.",
    f"```\n{GOOD}```",
    GOOD,
    f"Here is the rewritten function:\n\n{GOOD}\nThis version is equivalent because it sums.",
    f"<think>let me see</think>\n```python\n{GOOD}```",
    f"~~~python\n{GOOD}~~~",
])
def test_code_found_in_fenced_bare_and_prose_wrapped_answers(answer):
    found = extract_program(answer, "f")
    assert found.reason is None
    assert found.code == GOOD


def test_last_block_defining_the_entry_point_wins():
    original = "def f(xs):\n    return sum(xs)\n"
    answer = (f"The original:\n```python\n{original}```\nRewritten:\n```python\n{GOOD}```\n"
              "Usage:\n```python\nprint(f([1, 2]))\n```\n")
    assert extract_program(answer, "f").code == GOOD


def test_helpers_and_imports_are_kept():
    code = "import math\n\ndef _h(x):\n    return math.sqrt(x)\n\ndef f(x):\n    return _h(x)\n"
    assert extract_program(f"```python\n{code}```", "f").code == code


@pytest.mark.parametrize("answer,reason", [
    ("", "no_code"),
    ("I cannot help with that request.", "no_code"),
    ("Sure.", "no_code"),
    ("```python\ndef f(xs)\n    return xs\n```", "syntax_error"),
    ("def f(xs):\nreturn xs", "syntax_error"),
    ("```python\ndef g(xs):\n    return xs\n```", "no_entry_point"),
    ("```python\nclass A:\n    def f(self):\n        return 1\n```", "no_entry_point"),
    ("```javascript\nfunction f(xs) { return xs; }\n```", "no_code"),
])
def test_answers_without_a_usable_program_name_the_reason(answer, reason):
    found = extract_program(answer, "f")
    assert (found.code, found.reason) == (None, reason)


def test_truncated_answers_and_oversized_code_are_too_long():
    assert extract_program(f"```python\n{GOOD}```", "f", truncated=True).reason == "too_long"
    big = GOOD + "".join(f"X{i} = {i}\n" for i in range(3000))
    assert extract_program(big, "f", max_chars=20000).reason == "too_long"
    # an unclosed fence (the answer was cut) still yields what parses
    assert extract_program(f"Here:\n```python\n{GOOD}", "f").code == GOOD


def test_entry_point_bound_by_assignment_or_import_counts():
    assert extract_program("f = lambda xs: sum(xs)\n", "f").ok
    assert extract_program("from operator import add as f\n", "f").ok


def test_prompts_are_versioned_package_files():
    assert {"equivalent@1", "faster@1", "slower@1", "explicit@1"} <= set(available_prompts())
    p = resolve_prompt("faster")
    assert p.id == "faster@1"
    messages = p.render("def f(d):\n    return {k: 1 for k in d}\n", "f")
    assert messages[0]["role"] == "user"
    assert "{k: 1 for k in d}" in messages[0]["content"]  # braces of the program survive
    assert "`f`" in messages[0]["content"] and "{code}" not in messages[0]["content"]
    with pytest.raises(KeyError):
        resolve_prompt("faster@99")


def test_llm_config_validates_and_labels_rows():
    cfg = LLMConfig(model="m", prompts=["faster", "slower@1"])
    assert cfg.prompts == ["faster@1", "slower@1"]
    assert cfg.model_label.startswith("m#sampling-")
    assert LLMConfig(model="m", temperature=0.2).model_label != cfg.model_label
    assert LLMConfig(model="m", concurrency=3).model_label == cfg.model_label


def test_run_config_errors_name_the_key():
    with pytest.raises(ConfigError, match=r"generate.llm.prompts: .*unknown prompt 'fastest'"):
        parse_config({"generate": {"llm": {"model": "m", "prompts": ["fastest"]}}})
    with pytest.raises(ConfigError, match=r"generate.llm: .*needs base_url"):
        parse_config({"generate": {"llm": {"model": "m", "backend": "openai"}}})
    with pytest.raises(ConfigError, match=r"did you mean 'temperature'"):
        parse_config({"generate": {"llm": {"model": "m", "temprature": 1}}})
    cfg = parse_config({"generate": {"rules": [], "llm": {"model": "m", "n": 2}}})
    assert cfg.generate.llm.n == 2 and cfg.generate.rules == []
    assert parse_config({}).generate.llm is None


def test_where_the_model_runs_is_not_part_of_the_run_digest():
    def digest_of(**llm):
        return parse_config({"generate": {"llm": {"model": "m", **llm}}}).content_digest(["c"])

    base = digest_of()
    assert digest_of(backend="vllm", concurrency=3, resource=None, timeout_s=5) == base
    assert digest_of(temperature=0.1) != base
    assert digest_of(model="other") != base
    assert parse_config({}).content_digest(["c"]) != base
