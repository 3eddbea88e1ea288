"""Transformation families: what kind of rewrite a rule makes, in the words a reader of the
dataset uses (every rule declares one in ``Rule.family``; ``semforge rules list`` shows it, the
card reports each family's share, ``semforge export`` words its instructions by family).

The structural families are what variants are made of. ``naming`` and ``dead-code`` make
robustness data (NatGen-style noise): a model trained on them learns to write noise, so their
rules are off unless ``generate.robustness`` turns them on, and even then they only join a
chain after a structural rule, never make a variant on their own.
"""

from __future__ import annotations

FAMILIES: dict[str, str] = {
    "loops-builtins": "a loop turned into a comprehension or a builtin (sum, any/all, join, "
                      "map/filter), or the other way round",
    "recursion-iteration": "recursion turned into iteration, or the other way round",
    "spelled-out": "the computation spelled out or folded back: helpers, named functions, "
                   "explicit counters",
    "assignments": "assignments joined, split or reordered",
    "control-flow": "control flow restructured: guard clauses, else/elif, conditional "
                    "expressions, loop forms",
    "api-substitution": "one API or data structure used for another: set or list membership, "
                        "enumerate, f-strings, copies, views, builtins",
    "algorithmic": "the algorithm changed: work moved out of or into loops, results memoized",
    "expression": "an expression rewritten: comparisons, negations, operators",
    "naming": "local variables renamed",
    "dead-code": "statements that do nothing added",
    "model": "a language model's rewrite",
    "other": "a rule that declares no family, or a CUDA template or edit",
}
NOISE_FAMILIES = frozenset({"naming", "dead-code"})


def is_noise(rule) -> bool:
    """A rule that only renames or adds dead code (a rule class or instance)."""
    return getattr(rule, "family", "other") in NOISE_FAMILIES

