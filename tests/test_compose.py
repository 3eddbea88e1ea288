"""generate_variants: determinism, dedup, chains, protected names, crashing rules."""

import ast
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import libcst as cst
import pytest

from semforge.transforms import Rule, RuleTransformer, all_rules
from semforge.domain_infer import seed_domain
from semforge.transforms.compose import generate_variants
from semforge.transforms.normalize import alpha_form, normal_form

SOURCE = '''
def below_zero(operations):
    """Detect a negative running balance."""
    balance = 0
    for op in operations:
        balance += op
        if not balance >= 0:
            return True
        else:
            pass
    return False
'''


class Crash(Rule):
    id = "test-crash"
    description = "Raises on every module."

    class Transformer(RuleTransformer):
        def visit_Module(self, node):
            raise RuntimeError("boom")


class DropEntryPoint(Rule):
    """Renames every function to `gone`: breaks the protected entry point."""

    id = "test-drop"
    description = "Renames functions."

    class Transformer(RuleTransformer):
        def leave_FunctionDef(self, original_node, updated_node):
            self.sites += 1
            return updated_node.with_changes(name=cst.Name("gone"))


class AddPass(Rule):
    """Appends `pass` to each function body: a distinct variant every time it is applied."""

    id = "test-add-pass"
    description = "Append a pass statement."

    class Transformer(RuleTransformer):
        def leave_FunctionDef(self, original_node, updated_node):
            self.sites += 1
            body = updated_node.body
            return updated_node.with_changes(
                body=body.with_changes(body=[*body.body, cst.SimpleStatementLine([cst.Pass()])]))


def builtin_rules():
    # only the built-ins: other tests may have registered rules of their own in this process
    return [cls() for cls in all_rules().values()
            if cls.__module__.startswith("semforge.transforms.rules.")]


def test_deterministic_for_source_rules_and_seed():
    rules = builtin_rules()
    a = generate_variants(SOURCE, rules, seed=3, protected={"below_zero"})
    b = generate_variants(SOURCE, rules, seed=3, protected={"below_zero"})
    assert [(v.code, v.transforms) for v in a.variants] == [(v.code, v.transforms) for v in b.variants]
    assert a.variants


def test_variants_are_distinct_valid_and_differ_from_original():
    result = generate_variants(SOURCE, builtin_rules() + [AddPass()], count=20, seed=0,
                               natural=False)
    forms = [normal_form(v.code) for v in result.variants]
    assert len(forms) == len(set(forms))
    assert normal_form(SOURCE) not in forms
    for v in result.variants:
        ast.parse(v.code)
        assert v.transforms and set(v.transforms) <= {r.id for r in builtin_rules()} | {"test-add-pass"}
    assert not result.rule_errors


def test_count_is_a_ceiling_and_chains_appear():
    result = generate_variants(SOURCE, builtin_rules(), count=6, max_chain=3, seed=1)
    assert 0 < len(result.variants) <= 6
    assert any(len(v.transforms) > 1 for v in result.variants)
    single = generate_variants(SOURCE, builtin_rules(), count=6, max_chain=1)
    assert all(len(v.transforms) == 1 for v in single.variants)


def test_every_applicable_rule_shows_up_when_count_allows():
    rules = builtin_rules()
    result = generate_variants(SOURCE, rules, count=100, seed=0)
    outputs = {r.id: r.apply(SOURCE) for r in rules}
    fired = {rid for rid, out in outputs.items() if out.sites}
    singles = {v.transforms[0]: v for v in result.variants if len(v.transforms) == 1}
    # renaming and dead code never make a variant on their own
    assert "rename-locals" in fired and "insert-dead-code" in fired
    assert not {"rename-locals", "insert-dead-code"} & set(singles)
    # every structural rule that fires alone appears alone, unless its output is one that
    # another rule (or a renaming of it) already produced, or it adds noise (reported)
    forms = {normal_form(v.code) for v in singles.values()}
    alphas = {alpha_form(v.code) for v in singles.values()}
    noisy = {t[0] for t, _ in result.noisy if len(t) == 1}
    for rid in fired - {"rename-locals", "insert-dead-code"} - noisy:
        code = outputs[rid].code
        assert rid in singles or normal_form(code) in forms or alpha_form(code) in alphas, rid


INVERSES = '''
def f(xs, ys):
    a = list(map(lambda x: x + 1, xs))
    b = [y * 2 for y in ys]
    return a, b
'''


def test_a_chain_never_holds_a_rule_and_its_inverse():
    """The inverse could undo the first rewrite, and the row would name a rewrite its code no
    longer has."""
    pair = {"map-filter-lambda-to-comprehension", "comprehension-to-map-filter-lambda"}
    rules = [all_rules()[r]() for r in (*sorted(pair), "name-intermediate")]
    domain = seed_domain(INVERSES, "f", [[[1, 2], [3, 4]]], None)  # both typed: lists of ints
    for seed in range(12):
        result = generate_variants(INVERSES, rules, count=8, max_chain=3, seed=seed,
                                   domain=domain, natural=False)
        assert {v.transforms[0] for v in result.variants if len(v.transforms) == 1} >= pair
        for v in result.variants:
            ids = set(v.transforms)
            assert not pair <= ids, (seed, v.transforms)


def test_noise_rules_only_follow_a_structural_rule():
    rename, swap = all_rules()["rename-locals"](), all_rules()["swap-if-else"]()
    assert generate_variants(SOURCE, [rename], count=10, seed=0).variants == []
    result = generate_variants(SOURCE, [rename, swap], count=10, max_chain=3, seed=0)
    assert result.variants
    assert all(v.transforms[0] == "swap-if-else" for v in result.variants)
    assert any("rename-locals" in v.transforms for v in result.variants)
    # a renaming of an accepted variant is kept once per alpha class
    assert len({alpha_form(v.code) for v in result.variants}) == len(result.variants) or \
        len(result.variants) <= 2


def test_candidates_that_add_noise_are_dropped_and_reported():
    """A rewrite that adds what a linter flags as noise (a useless `pass`) never becomes a
    variant; the rule is named with the finding, so it can be fixed."""
    rules = [AddPass(), all_rules()["swap-if-else"]()]
    result = generate_variants(SOURCE, rules, count=10, max_chain=2, seed=0)
    assert result.variants and all("test-add-pass" not in v.transforms for v in result.variants)
    assert ["test-add-pass"] in [t for t, _ in result.noisy]
    assert all(("PIE790", "Unnecessary `pass` statement") in f
               for t, f in result.noisy if "test-add-pass" in t)
    unchecked = generate_variants(SOURCE, rules, count=10, max_chain=2, seed=0, natural=False)
    assert any(v.transforms == ["test-add-pass"] for v in unchecked.variants)


def test_variants_spread_over_families():
    """With more candidates than room, the choice covers more families than the first come."""
    rules = builtin_rules()
    result = generate_variants(SOURCE, rules, count=4, seed=0)
    families = {f for v in result.variants for f in v.families}
    assert len(result.variants) == 4 and len(families) >= 3, families


def test_crashing_rule_is_reported_not_fatal():
    result = generate_variants(SOURCE, [Crash(), *builtin_rules()], seed=0)
    assert result.rule_errors == ["test-crash: RuntimeError: boom"]
    assert result.variants
    assert all("test-crash" not in v.transforms for v in result.variants)


def test_protected_names_survive():
    result = generate_variants(SOURCE, [DropEntryPoint(), *builtin_rules()],
                               protected={"below_zero"}, seed=0)
    assert all("def below_zero(" in v.code for v in result.variants)
    assert any(e.startswith("test-drop: ProtectedNameLost") for e in result.rule_errors)
    # without protection the same rewrite is a valid variant
    free = generate_variants(SOURCE, [DropEntryPoint()], seed=0)
    assert [v.transforms for v in free.variants] == [["test-drop"]]


def test_invalid_source_gives_nothing():
    result = generate_variants("def f(:\n", builtin_rules())
    assert result.variants == [] and result.rule_errors == []


def test_normal_forms():
    assert normal_form("x = (1)  # c\n") == normal_form("x = 1\n")
    assert normal_form('def f():\n    "doc"\n') != normal_form("def f():\n    pass\n")
    a = "def f(x):\n    y = x\n    return y\n"
    b = "def f(x):\n    z = x\n    return z\n"
    c = "def f(z):\n    y = z\n    return y\n"
    assert alpha_form(a) == alpha_form(b)
    assert alpha_form(a) != alpha_form(c)  # parameters are interface


def test_no_rule_rewrites_inside_self_documenting_fstrings():
    """f"{expr=}" prints expr's source text: every built-in rule must leave it as written."""
    source = '''
def f(a, b, xs):
    return [f"{not (a and b)=}", f"{a * a=} {a ** 2=} {a < b < 10=} {not a < b=}",
            f"{len(xs) == 0=} {not xs=} {a in [1, 2, 3]=} {sum(x for x in xs)=}",
            f"{[x * 2 for x in xs]=} {any(x > 1 for x in xs)=} {xs[:]=} {a if a else b=}"]
'''
    namespace: dict = {}
    exec(source, namespace)
    expected = namespace["f"](2, 3, [1, 2])
    for rule in builtin_rules():
        code = rule.apply(source).code
        namespace = {}
        exec(code, namespace)
        assert namespace["f"](2, 3, [1, 2]) == expected, rule.id


@pytest.mark.slow
def test_same_variants_under_any_hash_seed(tmp_path, humaneval_path):
    """Resumed and distributed runs rely on generate_variants being a pure function of its
    inputs: no rule may depend on set/dict iteration order of strings (PYTHONHASHSEED)."""
    script = tmp_path / "gen.py"
    script.write_text(textwrap.dedent('''
        import gzip, json, sys
        from semforge.transforms import all_rules
        from semforge.transforms.compose import generate_variants
        rules = [c() for c in all_rules().values()]
        out = []
        with gzip.open(sys.argv[1], "rt") as fh:
            for n, line in enumerate(fh):
                if n % 8:
                    continue
                r = json.loads(line)
                res = generate_variants(r["prompt"] + r["canonical_solution"], rules, count=8,
                                        seed=1, protected={r["entry_point"]})
                out.append([[v.code, v.transforms] for v in res.variants])
        print(json.dumps(out))
    '''))
    corpus = humaneval_path
    outputs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        proc = subprocess.run([sys.executable, str(script), str(corpus)], env=env,
                              capture_output=True, text=True, timeout=1200)
        assert proc.returncode == 0, proc.stderr
        outputs.append(json.loads(proc.stdout))
    assert outputs[0] == outputs[1]
