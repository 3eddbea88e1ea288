"""Make variants of one program by applying rules and seeded random chains of rules.

``generate_variants(source, rules, count=8, max_chain=3, seed=0, protected=())`` is what the
pipeline calls for every seed. It is a pure function of ``(source, rules, seed)``. It first
gathers a pool of candidates (up to twice ``count``), then keeps the natural ones and chooses
``count`` that differ from the original and from each other:

1. **Singles.** Every rule is tried once on the original, in an order shuffled by the seed. Each
   structural rule that fires gives a candidate. Rules of the noise families (``naming``,
   ``dead-code``: ``transforms/families.py``) never make a variant on their own: they are used
   only as later steps of chains, and only when the caller passes them in.
2. **Intent stacks.** Every structural rule of one speed intent that fired on the original is
   applied in turn, for ``faster`` and for ``slower``: one variant that stacks all the rewrites
   meant to speed the program up, one that stacks those meant to slow it down. A single rewrite
   rarely moves the run time past the measurement's noise; a stack often does. These are kept
   first. Intent only steers generation: the label is always measured.
3. **Chains.** Starting from a random structural single, 1..``max_chain - 1`` more rules are
   applied, each picked at random among the rules that fired on the original (weighted towards
   rules in few candidates so far, for variety); only rules that fire join the chain (and
   ``transforms``), and never a rule whose inverse is already in it (it could undo that step,
   and ``transforms`` would name a rewrite the code does not have). At most ``3 * count``
   chains are tried.
4. **Natural.** With ``natural`` (the default), every candidate is linted with its original
   (``naturalness.added_noise``: ruff and a few checks of ours, one ruff process for the pool);
   a candidate that adds a noise finding (an unused variable, ``if True:``, a yoda condition...)
   is dropped and reported in ``GenerateResult.noisy``. Candidates made with a noise-family rule
   are exempt: the caller asked for that noise.
5. **Diverse.** ``diversity.choose`` keeps the intent stacks, then picks the candidates that add
   a transformation family not yet chosen, then those farthest in structure (normalized-AST
   distance) from the original and from the variants already chosen.

Candidates are deduplicated by ``normal_form`` (AST equality, docstrings kept) and never equal
the original's normal form. A candidate that differs from the original or from another only by
renaming locals (same ``alpha_form``) is dropped when it is the original renamed, kept once
when it is another candidate renamed.

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

from . import diversity, naturalness
from .analysis import module_level_names
from .base import Rule
from .families import is_noise
from .normalize import alpha_form, normal_form


@dataclass
class Variant:
    code: str
    transforms: list[str]  # rule ids applied, in order
    families: list[str] = field(default_factory=list)  # the rules' families, in order


@dataclass
class GenerateResult:
    variants: list[Variant] = field(default_factory=list)
    # "rule-id: ExceptionType: msg" when a rule crashed (a bug, but never fatal)
    rule_errors: list[str] = field(default_factory=list)
    # candidates dropped for adding noise: (their rule ids, the findings they added)
    noisy: list[tuple[list[str], list[tuple[str, str]]]] = field(default_factory=list)
    candidates: int = 0  # candidates gathered before the noise check and the choice


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
        self.noise = {r.id for r in self.rules if is_noise(r)}
        self.family = {r.id: r.family for r in self.rules}
        self.protected = protected
        self.domain = domain
        source_hash = hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()
        self.rng = random.Random(f"semforge-compose:{seed}:{source_hash}")
        self.result = GenerateResult()
        self.broken: set[str] = set()
        self.seen: set[str] = set()
        self.alpha_classes: Counter[str] = Counter()
        self.pool: list[Variant] = []

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
        uses = Counter(t for v in self.pool for t in v.transforms)
        return self.rng.choices(rules, weights=[1 / (1 + uses[r.id]) for r in rules])[0]

    def pick_state(self, states: list[_State]) -> _State:
        """A random starting single, weighted like ``pick`` by its rule's use so far."""
        uses = Counter(t for v in self.pool for t in v.transforms)
        weights = [1 / (1 + uses[s.transforms[0]]) for s in states]
        return self.rng.choices(states, weights=weights)[0]

    def accept(self, state: _State) -> bool:
        """Add ``state`` to the pool unless it is a duplicate, a third renaming of one alpha
        class, or made by noise rules alone."""
        if all(t in self.noise for t in state.transforms):
            return False
        nf = normal_form(state.code)
        if nf in self.seen:
            return False
        alpha = alpha_form(state.code)
        # a renaming of the original is no variant; of another variant, one is enough
        if alpha == self.original_alpha or self.alpha_classes[alpha] >= 2:
            return False
        self.seen.add(nf)
        self.alpha_classes[alpha] += 1
        self.pool.append(Variant(state.code, state.transforms,
                                 [self.family.get(t, "other") for t in state.transforms]))
        return True

    def intent_stacks(self, original: _State, order: list[Rule],
                      singles: list[_State]) -> list[_State]:
        """Per speed intent, the original with every structural rule of that intent that fired
        applied in turn (a single rule when only one fired)."""
        fired = {s.transforms[0] for s in singles}
        stacks = []
        for intent in ("slower", "faster"):
            state = original
            for rule in order:
                if rule.intent == intent and rule.id in fired and rule.id not in self.noise:
                    state = self.step(rule, state) or state
            if state.transforms:
                stacks.append(state)
        return stacks

    def run(self, source: str, count: int, max_chain: int, natural: bool) -> GenerateResult:
        try:
            module = cst.parse_module(source)
            self.seen.add(normal_form(source))
            self.original_alpha = alpha_form(source)
        except (cst.ParserSyntaxError, SyntaxError, ValueError):
            return self.result  # not Python 3: no variants, and not a rule's fault
        self.required = self.protected & module_level_names(module)
        original = _State(module, source, [], parsed=True)
        pool_size = 2 * count

        order = self.rules[:]
        self.rng.shuffle(order)
        singles: list[_State] = []
        for rule in order:
            state = self.step(rule, original)
            if state is not None:
                singles.append(state)
        structural = [s for s in singles if s.transforms[0] not in self.noise]
        stacked = sum(self.accept(state) for state in self.intent_stacks(original, order, singles))
        for state in structural:
            self.accept(state)

        # Chain steps are drawn from the rules that fired on the original: a rule that found no
        # site there rarely finds one after another rule's small rewrite, and trying it costs a
        # full traversal.
        applicable = [r for r in order if r.id not in self.noise
                      and any(s.transforms[0] == r.id for s in singles)]
        noise_rules = [r for r in order if r.id in self.noise
                       and any(s.transforms[0] == r.id for s in singles)]
        if max_chain > 1 and structural and (len(applicable) > 1 or noise_rules):
            attempts = 3 * count
            while len(self.pool) < pool_size and attempts > 0:
                attempts -= 1
                state = self.pick_state(structural)
                extra = self.rng.randint(1, max_chain - 1)
                for _ in range(extra):
                    for _try in range(2):  # a second pick when the first does not fire
                        rule = self.pick(applicable)
                        # A rule's inverse in the same chain may undo it, and the row would
                        # list a rewrite its code no longer has.
                        if rule.id == state.transforms[-1] or (
                                rule.inverse and rule.inverse in state.transforms):
                            continue
                        new_state = self.step(rule, state)
                        if new_state is not None:
                            state = new_state
                            break
                # A noise rule only ever comes last, on a structural change that still stands
                # (two steps may undo each other: the noise would then be all that differs).
                if noise_rules and self.rng.random() < 0.5 \
                        and alpha_form(state.code) != self.original_alpha:
                    state = self.step(self.pick(noise_rules), state) or state
                if len(state.transforms) > 1:
                    self.accept(state)

        self.result.candidates = len(self.pool)
        pool, first = self.pool, stacked
        if natural and pool:
            screened = [v for v in pool if not any(t in self.noise for t in v.transforms)]
            noise = dict(zip(map(id, screened),
                             naturalness.added_noise(source, [v.code for v in screened])))
            clean = []
            for k, v in enumerate(pool):
                found = noise.get(id(v))
                if found:
                    self.result.noisy.append((list(v.transforms), found))
                    first -= k < stacked
                else:
                    clean.append(v)
            pool = clean
        shapes = {id(v): diversity.structure(v.code) for v in pool}
        self.result.variants = diversity.choose(
            pool, count, diversity.structure(source), shape=lambda v: shapes[id(v)],
            families=lambda v: set(v.families), first=first)
        return self.result


def generate_variants(source: str, rules: Sequence[Rule], *, count: int = 8,
                      max_chain: int = 3, seed: int = 0,
                      protected: Iterable[str] = (), domain=None,
                      natural: bool = True) -> GenerateResult:
    """Up to ``count`` distinct variants of ``source`` made by ``rules`` (see module docstring).

    Deterministic for ``(source, rules, seed, domain)``. ``protected`` names are never renamed
    or removed. ``domain``, the entry point's ``semforge.domain.Domain``, is type evidence for
    the rules that declare ``uses_domain`` (their variants hold on the domain's types). Never
    raises for a rule's bug: crashes are listed in ``rule_errors``. ``natural=False`` skips the
    noise check (no linter run).
    """
    if count <= 0:
        return GenerateResult()
    composer = _Composer(source, rules, seed, frozenset(protected), domain)
    return composer.run(source, count, max(1, max_chain), natural)
