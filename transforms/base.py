"""The rule base class: one rewrite family, written like a libcst codemod.

A rule is a class with metadata (``id``, ``description``, ``category``, ``intent``) and a nested
libcst transformer. The transformer declares the metadata providers it needs in
``METADATA_DEPENDENCIES``, reads them with the *original* node, counts every rewritten site in
``self.sites``, and draws any random choice from ``self.rng`` so that a rewrite is a pure function
of (source, seed).

    @register
    class SwapIfElse(Rule):
        \"\"\"``if not c: A else: B`` -> ``if c: B else: A``. Sound: pure re-ordering.\"\"\"
        id = "swap-if-else"
        description = "Negate an if condition and swap its branches."
        category = "control-flow"
        intent = "neutral"

        class Transformer(RuleTransformer):
            def leave_If(self, original_node, updated_node):
                ...
                self.sites += 1
                return updated_node.with_changes(...)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Iterable

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.metadata import MetadataWrapper, ParentNodeProvider

from . import _libcst_speedups
from .context import apply_scheduled

_libcst_speedups.install()

INTENTS = ("faster", "slower", "neutral")

# ``Rewrite.skipped`` of a rule that neither fired nor skipped anything: nothing in the source
# had the rule's shape, so no precondition was even asked.
NO_CANDIDATE = "no candidate"


class RuleTransformer(cst.CSTTransformer):
    """Base of every rule's transformer: carries the site counter and the seeded RNG.

    ``self.protected`` holds names the caller needs to survive the rewrite unchanged (the seed's
    entry point, names a test imports): a rule must not rename, remove or redefine them. Rules
    that only touch locals can ignore it; `Rule.transform` sets it before visiting.

    ``self.context`` (libcst's ``CodemodContext``) is where a rule schedules module-level edits
    that are made after its pass: a new helper function (``context.schedule_helper``), an import
    (``AddImportsVisitor.add_needed_import(self.context, ...)``).
    """

    protected: frozenset[str] = frozenset()
    # The seed's input domain (``semforge.domain.Domain``) when the rule declares
    # ``Rule.uses_domain`` and the caller knows it; None otherwise. ``EvidenceTransformer``
    # turns it into evidence for the entry point's parameters (``analysis.domain_evidence``).
    domain = None

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng
        self.context = CodemodContext()
        self.sites = 0
        self.skips: list[str] = []

    def skip(self, reason: str) -> bool:
        """Record why a candidate site was left alone (like a codemod's ``SkipFile`` reason):
        once a site has the rule's *shape*, a precondition that fails says so here, in a few
        words naming the hazard ("annotation is not evidence", "shadowed builtin sum").
        ``Rule.apply`` returns the reasons (``NO_CANDIDATE`` when there were none and nothing
        was rewritten); must-not-fire fixtures check them.
        Returns False, so a check can read ``return self.skip("...")``."""
        if reason not in self.skips:  # a handful of distinct reasons at most
            self.skips.append(reason)
        return False

    def visit_FormattedStringExpression(self, node: cst.FormattedStringExpression) -> bool:
        # f"{a * a=}" prints the expression's source text as well as its value: rewriting
        # anything inside would change the output, so no rule looks inside such a field.
        # (A rule overriding this method must keep that guarantee.)
        return node.equal is None


class LazyMetadata(Mapping):
    """``transformer.metadata`` that computes a provider's data the first time a rule reads it.

    libcst resolves every declared provider before the first node is visited; scopes alone cost
    several times a parse. Most rules look at metadata only after a node matched structurally,
    and most rules match nothing in most functions, so resolving on demand skips that cost
    where it buys nothing. The data is cached in the wrapper, so rules sharing one wrapper
    still compute each provider at most once.
    """

    def __init__(self, wrapper: MetadataWrapper, providers) -> None:
        self._wrapper = wrapper
        self._providers = frozenset(providers)

    def __getitem__(self, provider):
        if provider not in self._providers:
            raise KeyError(provider)
        if provider is ParentNodeProvider and provider not in self._wrapper._metadata:
            # Same map as libcst's provider, several times faster (see _libcst_speedups).
            self._wrapper._metadata[provider] = _libcst_speedups.parent_map(self._wrapper.module)
        return self._wrapper.resolve(provider)

    def __contains__(self, provider) -> bool:
        return provider in self._providers

    def __iter__(self):
        return iter(self._providers)

    def __len__(self) -> int:
        return len(self._providers)


@dataclass(frozen=True)
class Rewrite:
    """The result of applying one rule to one module."""

    code: str
    sites: int
    # why candidate sites were left alone (RuleTransformer.skip); NO_CANDIDATE when the rule
    # neither fired nor skipped (nothing had its shape)
    skipped: tuple[str, ...] = ()


class Rule:
    """Base class of every rewrite rule. Subclass, set the class attributes, define Transformer."""

    id: ClassVar[str] = ""
    description: ClassVar[str] = ""
    language: ClassVar[str] = "python"
    # renaming, loops, control-flow, comprehension, expression, unpacking, helpers, dead-code,
    # reorder, performance, ... (free text, shown by `semforge rules list`)
    category: ClassVar[str] = ""
    # The transformation family (transforms/families.py: loops-builtins, control-flow,
    # api-substitution, ..., naming, dead-code): how datasets group and word the rewrite.
    family: ClassVar[str] = "other"
    # What the rule is *meant* to do to speed. Never a label: only a measurement is.
    intent: ClassVar[str] = "neutral"
    # The id of the rule that undoes this one, if any (``redundant-list-copy`` and
    # ``remove-redundant-list-copy``). The two read their shared preconditions and constants
    # from one module of ``analysis`` so they cannot drift apart; tests check the pairing.
    inverse: ClassVar[str] = ""
    # Whether the rule takes the seed's input domain as type evidence: its rewrites then hold
    # for the domain's types (``typed`` equivalence) where "unknown type" would block them.
    uses_domain: ClassVar[bool] = False
    Transformer: ClassVar[type[RuleTransformer]]

    def transform(self, module: cst.Module, seed: int = 0, protected: Iterable[str] = (),
                  wrapper: MetadataWrapper | None = None,
                  skips: list[str] | None = None, domain=None) -> tuple[cst.Module, int]:
        """Apply the rule to a parsed module; return the new module and the sites rewritten.

        ``protected`` names reach the transformer as ``self.protected`` (see RuleTransformer).
        ``wrapper``, a ``MetadataWrapper(module)``, lets several rules share one computation of
        the metadata (scopes, positions...) of the same module; it is the costly part of a
        rewrite. Without it a fresh wrapper is made. Metadata is computed only when the rule
        first reads it (`LazyMetadata`). ``skips``, a list, receives the skip reasons.
        ``domain``, the seed's ``semforge.domain.Domain``, reaches a rule that ``uses_domain``.
        """
        transformer = self.Transformer(random.Random(f"{self.id}:{seed}"))
        transformer.protected = frozenset(protected)
        transformer.domain = domain if self.uses_domain else None
        providers = transformer.get_inherited_dependencies()
        if providers:
            if wrapper is None:
                wrapper = MetadataWrapper(module)
            transformer.metadata = LazyMetadata(wrapper, providers)
            visited = wrapper.module
            try:
                new_module = visited.visit(transformer)
            finally:
                transformer.metadata = {}
        else:  # no metadata: visit the module itself, no copy, no wrapper
            visited = module
            new_module = module.visit(transformer)
        if skips is not None:
            skips.extend(transformer.skips)
        if transformer.sites == 0:
            return module, 0
        return apply_scheduled(transformer.context, visited, new_module), transformer.sites

    def apply(self, source: str, seed: int = 0, protected: Iterable[str] = (),
              domain=None) -> Rewrite:
        """Apply the rule to source text. Raises ``libcst.ParserSyntaxError`` on invalid input.
        ``domain``: the entry point's ``semforge.domain.Domain`` (see ``transform``)."""
        module = cst.parse_module(source)
        # A freshly parsed tree holds no node twice, so the wrapper need not copy it.
        wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
        skips: list[str] = []
        new_module, sites = self.transform(module, seed, protected, wrapper, skips, domain)
        if sites == 0:
            return Rewrite(source, 0, tuple(skips) or (NO_CANDIDATE,))
        return Rewrite(new_module.code, sites, tuple(skips))

    @classmethod
    def info(cls) -> dict[str, str]:
        return {
            "id": cls.id,
            "language": cls.language,
            "category": cls.category,
            "family": cls.family,
            "intent": cls.intent,
            "inverse": cls.inverse or None,
            "uses_domain": cls.uses_domain,
            "description": cls.description,
            "module": cls.__module__,
        }
