"""The linter's word on a variant: findings it adds to its original (ruff and our ast checks)."""

from __future__ import annotations

from importlib.metadata import requires

from semforge.transforms import diversity, naturalness

ORIGINAL = '''def f(l, a, b):
    if a > b:
        return 1
    total = 0
    for x in l:
        total += x
    return total
'''


def codes(found):
    return sorted(code for code, _ in found)


def test_noise_a_rewrite_adds_is_found_and_what_the_original_has_is_not():
    variants = [
        ORIGINAL.replace("    total = 0\n", "    total = 0\n    unused = None\n"),   # F841
        ORIGINAL.replace("        total += x\n", "        total += x\n        pass\n"),  # PIE790
        ORIGINAL.replace("if a > b:", "if not a <= b:"),                          # ours
        ORIGINAL.replace("if a > b:", "if True:\n        pass\n    if a > b:"),     # ours
        ORIGINAL.replace("return 1", "return 1\n        x = 2"),                    # unreachable
        ORIGINAL.replace("if a > b:", "if 0 < a:"),                                # SIM300
        ORIGINAL + "\n\ndef _expr(a, b):\n    return a + b\n",                     # placeholder
        # a helper taking the author's own `l` is no new ambiguous name (E741 by name)
        ORIGINAL.replace("for x in l:", "for x in _items(l):") +
        "\n\ndef _items(l):\n    return list(l)\n",
        ORIGINAL.replace("total = 0", "total = int()"),                            # natural
    ]
    found = naturalness.added_noise(ORIGINAL, variants)
    assert codes(found[0]) == ["F841"]
    assert codes(found[1]) == ["PIE790"]
    assert codes(found[2]) == ["negated-comparison"]
    assert "constant-condition" in codes(found[3])
    assert codes(found[4]) == ["unreachable"]
    assert codes(found[5]) == ["SIM300"]
    assert codes(found[6]) == ["placeholder-helper"]
    assert found[7] == [] and found[8] == []
    # the original's own findings are not counted against a variant
    assert naturalness.added_noise(variants[0], [variants[0]]) == [[]]


def test_an_unused_loop_variable_is_noise():
    # `for i, row in enumerate(m)` where only `row` is read: `for row in m` is what one writes
    variants = [ORIGINAL.replace("for x in l:", "for i, x in enumerate(l):"),       # B007
                ORIGINAL.replace("for x in l:", "for _, x in enumerate(l):")]       # natural
    found = naturalness.added_noise(ORIGINAL, variants)
    assert codes(found[0]) == ["B007"]
    assert found[1] == []


def test_while_true_and_chained_negation_are_idioms():
    assert naturalness.ast_findings("while True:\n    break\n") == []
    assert naturalness.ast_findings("def f(i, n):\n    return not (0 <= i < n)\n") == []
    assert codes(naturalness.ast_findings("while False:\n    pass\n")) == ["constant-condition"]


def test_ruff_and_httpx_are_dependencies_of_the_package():
    """Generation lints with ruff and the openai backend speaks through httpx: a fresh install
    must bring both (a hand-installed copy would hide a missing one)."""
    names = {r.split(";")[0].split("[")[0].split(">")[0].split("<")[0].split("=")[0].strip()
             for r in requires("semforge") or ()}
    assert {"ruff", "httpx"} <= names


def test_structure_ignores_renaming_and_measures_rewrites():
    renamed = ORIGINAL.replace("total", "acc")
    looped = ORIGINAL.replace("    total = 0\n    for x in l:\n        total += x\n    return total",
                              "    return sum(l)")
    base = diversity.structure(ORIGINAL)
    assert diversity.distance(base, diversity.structure(renamed)) == 0.0
    assert 0.2 < diversity.distance(base, diversity.structure(looped)) < 1.0
    assert diversity.spread([base, diversity.structure(looped)]) == \
        diversity.distance(base, diversity.structure(looped))
