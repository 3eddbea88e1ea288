"""Shared analysis for rules: what a rule checks before it may fire.

Rules decide *when they may fire* with these helpers, so each one errs on the side of "don't
know" (which makes a rule bail out) rather than "safe". One module per concern:

* ``names``        identifiers, fresh names (``NameAllocator``), names bound / read by a node
* ``scopes``       exec/eval/locals() and frames, yield/await, global/nonlocal, closures,
                   ScopeProvider helpers, ``FrameTracker`` (the function a visitor is in)
* ``syntax``       literals, parentheses and line breaks of moved code, negation, operators
* ``types``        ``T`` (a builtin type as evidence), annotations
* ``evidence``     ``TypeEvidence`` (with ``bindings``) and ``EvidenceTransformer``
* ``domain_evidence``, ``callsite_evidence``  the seed's input domain as evidence for the entry
                   point's parameters, and call sites' types for helpers' and lambdas'
                   (rules that declare ``Rule.uses_domain``)
* ``numeric``      ``RicherEvidence``: float arithmetic and numeric builtins too
* ``purity``       ``Inert``: code that provably runs no user code
* ``immutables``   locals that only ever hold immutable builtin values
* ``loops``        moving code between loops and comprehensions / generators
* ``accumulation`` the shared matchers of the sum/join loop <-> builtin rules
* ``membership``   the shared matcher of the ``in`` rules
* ``minmax``       when ``min(a, b)`` and ``b if b < a else a`` are the same computation

Rules import from here (or from these modules), never from another rule. The names below are
the stable surface for rule authors (see docs/rules.md).
"""

from .names import (BUILTIN_NAMES, WORDS, NameAllocator, all_identifiers, assigned_names,
                    bound_before, builtin_is_shadowed, fresh_name, module_level_names,
                    names_in_order, used_names)
from .scopes import (DYNAMIC_SCOPE_CALLS, FRAME_ATTRIBUTES, Frame, FrameTracker, contains,
                     function_scope, global_nonlocal_names, has_await, has_global_or_nonlocal,
                     has_return, has_yield, iter_functions, local_names, names_in_nested_scopes,
                     references_are_names, uses_dynamic_scope)
from .syntax import (is_literal, is_multiline, is_name, is_pure_expression,
                     keep_lines_together, keep_token_boundaries, replace_expression,
                     source_neighbours)

__all__ = [
    "BUILTIN_NAMES", "DYNAMIC_SCOPE_CALLS", "FRAME_ATTRIBUTES", "WORDS", "Frame", "FrameTracker",
    "NameAllocator", "all_identifiers", "assigned_names", "bound_before", "builtin_is_shadowed",
    "contains", "fresh_name", "function_scope", "global_nonlocal_names", "has_await",
    "has_global_or_nonlocal", "has_return", "has_yield", "is_literal", "is_multiline", "is_name",
    "is_pure_expression", "iter_functions", "keep_lines_together", "keep_token_boundaries",
    "local_names", "module_level_names", "names_in_nested_scopes", "names_in_order",
    "references_are_names", "replace_expression", "source_neighbours", "used_names",
    "uses_dynamic_scope",
]
