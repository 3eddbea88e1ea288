"""Make variants of one program by applying rules and seeded random chains of rules.

``generate_variants(source, rules, count=8, max_chain=3, seed=0, protected=())`` is what the
pipeline calls for every seed. It is a pure function of ``(source, rules, seed)``:

1. **Singles.** Every rule is tried once on the original, in an order shuffled by the seed. Each
   rule that fires gives a candidate variant, so every applicable rule shows up when ``count``
   allows. Up to ``count - count // 4`` singles are kept when chains are enabled, leaving room for
   chains.
2. **Intent stacks.** Every rule of one speed intent that fired on the original is applied in
   turn, for ``faster`` and for ``slower``: one variant that stacks all the rewrites meant to
   speed the program up, one that stacks those meant to slow it down. A single rewrite rarely
   moves the run time past the measurement's noise; a stack often does. These are kept first.
   Intent only steers generation: the label is always measured.
3. **Chains.** Starting from a random single, 1..``max_chain - 1`` more rules are applied, each
   picked at random among the rules that fired on the original (weighted towards rules in few
   accepted variants so far, for variety); only rules that fire join the chain (and
   ``transforms``). At most ``3 * count`` chains are tried.
4. **Fill.** If chains could not fill ``count``, the singles left over in step 1 fill it.

Variants are deduplicated by ``normal_form`` (AST equality, docstrings kept) and never equal the
original's normal form. A variant that differs from the original or from an accepted variant only
by renaming locals (same ``alpha_form``) is kept once per alpha class: one renamed copy is a
useful variant, ten are noise.

``protected`` names (the entry point, anything a harness calls by name) reach every rule as
``RuleTransformer.protected``; as a safety net, a rewrite after which a protected module-level
name is no longer defined is dropped and reported in ``rule_errors``. A rule that raises is
reported once as ``"rule-id: ExceptionType: message"`` and not used again for this source:
a crash is a bug in the rule, never fatal to the pipeline.
"""

from __future__ import annotations

import ast
import hashlib
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

import libcst as cst
from libcst.metadata import MetadataWrapper

from .analysis import module_level_names
from .base import Rule
from .normalize import alpha_form, normal_form


@dataclass
class Variant:
    code: str
    transforms: list[str]  # rule ids applied, in order


@dataclass
class GenerateResult:
    variants: list[Variant] = field(default_factory=list)
    # "rule-id: ExceptionType: msg" when a rule crashed (a bug, but never fatal)
    rule_errors: list[str] = field(default_factory=list)


@dataclass
class _State:
    """A program on the way: its tree, its text and the rules that made it."""

    module: cst.Module
    code: str
    transforms: list[str]
    parsed: bool = False  # the tree came straight from the parser
    _wrapper: MetadataWrapper | None = None

    @property
    def wrapper(self) -> MetadataWrapper:
        # One wrapper per program: every rule tried on it shares the metadata (scopes...).
        # A rewritten tree may hold one node object in two places (a rule reusing a node),
        # which would mix up metadata keyed by node, so only a parsed tree skips the copy.
        if self._wrapper is None:
            self._wrapper = MetadataWrapper(self.module, unsafe_skip_copy=self.parsed)
        return self._wrapper


class _Composer:
    def __init__(self, source: str, rules: Sequence[Rule], seed: int,
                 protected: frozenset[str], domain=None) -> None:
        self.rules = list(rules)
        self.protected = protected
        self.domain = domain
        source_hash = hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()
        self.rng = random.Random(f"semforge-compose:{seed}:{source_hash}")
        self.result = GenerateResult()
        self.broken: set[str] = set()
        self.seen: set[str] = set()
        self.alpha_classes: Counter[str] = Counter()

    def error(self, rule: Rule, kind: str, message: str) -> None:
        self.broken.add(rule.id)
        line = f"{rule.id}: {kind}: {message}".splitlines()[0][:500]
        self.result.rule_errors.append(line)

    def step(self, rule: Rule, state: _State) -> _State | None:
        """Apply one rule; None when it does not fire, crashes or breaks an invariant."""
        if rule.id in self.broken:
            return None
        step_seed = self.rng.randrange(2**31)
        try:
            new_module, sites = rule.transform(state.module, seed=step_seed,
                                               protected=self.protected, wrapper=state.wrapper,
                                               domain=self.domain)
            if sites == 0:
                return None
            code = new_module.code
            ast.parse(code)
        except SyntaxError as exc:
            self.error(rule, "SyntaxError", f"rewrite does not parse: {exc}")
            return None
        except Exception as exc:  # noqa: BLE001 - a crashing rule is reported, never fatal
            self.error(rule, type(exc).__name__, str(exc))
            return None
        lost = self.required - module_level_names(new_module)
        if lost:
            self.error(rule, "ProtectedNameLost", f"rewrite removed {sorted(lost)}")
            return None
        return _State(new_module, code, [*state.transforms, rule.id])

    def pick(self, rules: list[Rule]) -> Rule:
        """A random rule, favouring those in few accepted variants so far: a rule that fires
        everywhere would otherwise join most chains and crowd out the rest."""
        uses = Counter(t for v in self.result.variants for t in v.transforms)
        return self.rng.choices(rules, weights=[1 / (1 + uses[r.id]) for r in rules])[0]

    def pick_state(self, states: list[_State]) -> _State:
        """A random starting single, weighted like ``pick`` by its rule's use so far."""
        uses = Counter(t for v in self.result.variants for t in v.transforms)
        weights = [1 / (1 + uses[s.transforms[0]]) for s in states]
        return self.rng.choices(states, weights=weights)[0]

    def accept(self, state: _State) -> bool:
        nf = normal_form(state.code)
        if nf in self.seen:
            return False
        alpha = alpha_form(state.code)
        if self.alpha_classes[alpha] >= 2:
            return False
        self.seen.add(nf)
        self.alpha_classes[alpha] += 1
        self.result.variants.append(Variant(state.code, state.transforms))
        return True

    def intent_stacks(self, original: _State, order: list[Rule],
                      singles: list[_State]) -> list[_State]:
        """Per speed intent, the original with every rule of that intent that fired applied in
        turn (a single rule when only one fired)."""
        fired = {s.transforms[0] for s in singles}
        stacks = []
        for intent in ("slower", "faster"):
            state = original
            for rule in order:
                if rule.intent == intent and rule.id in fired:
                    state = self.step(rule, state) or state
            if state.transforms:
                stacks.append(state)
        return stacks

    def run(self, source: str, count: int, max_chain: int) -> GenerateResult:
        try:
            module = cst.parse_module(source)
            self.seen.add(normal_form(source))
            self.alpha_classes[alpha_form(source)] += 1
        except (cst.ParserSyntaxError, SyntaxError, ValueError):
            return self.result  # not Python 3: no variants, and not a rule's fault
        self.required = self.protected & module_level_names(module)
        original = _State(module, source, [], parsed=True)

        order = self.rules[:]
        self.rng.shuffle(order)
        singles: list[_State] = []
        for rule in order:
            state = self.step(rule, original)
            if state is not None:
                singles.append(state)
        quota = count - count // 4 if max_chain > 1 else count
        for state in self.intent_stacks(original, order, singles):
            if len(self.result.variants) < quota:
                self.accept(state)
        leftover = []
        for state in singles:
            if len(self.result.variants) >= quota or not self.accept(state):
                leftover.append(state)

        # Chain steps are drawn from the rules that fired on the original: a rule that found no
        # site there rarely finds one after another rule's small rewrite, and trying it costs a
        # full traversal.
        applicable = [r for r in order if any(s.transforms[0] == r.id for s in singles)]
        if max_chain > 1 and len(applicable) > 1:
            attempts = 3 * count
            while len(self.result.variants) < count and attempts > 0:
                attempts -= 1
                state = self.pick_state(singles)
                extra = self.rng.randint(1, max_chain - 1)
                for _ in range(extra):
                    for _try in range(2):  # a second pick when the first does not fire
                        rule = self.pick(applicable)
                        if rule.id == state.transforms[-1]:
                            continue
                        new_state = self.step(rule, state)
                        if new_state is not None:
                            state = new_state
                            break
                if len(state.transforms) > 1:
                    self.accept(state)

        for state in leftover:
            if len(self.result.variants) >= count:
                break
            self.accept(state)
        return self.result


def generate_variants(source: str, rules: Sequence[Rule], *, count: int = 8,
                      max_chain: int = 3, seed: int = 0,
                      protected: Iterable[str] = (), domain=None) -> GenerateResult:
    """Up to ``count`` distinct variants of ``source`` made by ``rules`` (see module docstring).

    Deterministic for ``(source, rules, seed, domain)``. ``protected`` names are never renamed
    or removed. ``domain``, the entry point's ``semforge.domain.Domain``, is type evidence for
    the rules that declare ``uses_domain`` (their variants hold on the domain's types). Never
    raises for a rule's bug: crashes are listed in ``rule_errors``.
    """
    if count <= 0:
        return GenerateResult()
    composer = _Composer(source, rules, seed, frozenset(protected), domain)
    return composer.run(source, count, max(1, max_chain))
