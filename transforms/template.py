"""A rule to copy: ``cp transforms/template.py transforms/rules/<snake_id>.py``.

This file lives outside ``transforms/rules/`` so the registry never loads it. Its rule is real and
sound (it drops a ``pass`` that shares its block with other statements) and shows the parts every
rule has; replace them with yours and write ``tests/rules/test_<snake_id>.py`` (see
``semforge.transforms.testing``). docs/rules.md walks through writing a rule step by step.

Checklist before registering a rule (each is a fixture in ``UNTOUCHED`` when it applies):

* the docstring says what the rule does and *exactly* when it is sound;
* the rule fires only with evidence: a literal, an annotation, ``range``/``len``... never on a
  guess about operand types (``+`` on str/list, NaN in comparisons, ``__eq__``/``__bool__``);
* evaluation order and count of side effects, short-circuiting, exceptions raised and their types,
  aliasing and iterator consumption are unchanged;
* shadowed builtins (``list = ...``, a parameter named ``len``), ``global``/``nonlocal``,
  ``yield``/``await``, ``exec``/``eval``/``locals()``/``vars()`` (``analysis.uses_dynamic_scope``),
  walrus, ``del``, class bodies, comprehension scopes, ``try``/``finally``, async and decorators;
* module-level names, class attributes and parameters are never renamed or removed, nor any name
  in ``self.protected``; new names come from ``analysis.NameAllocator`` (fresh in the module);
* the rule never crashes on valid Python 3 (match statements, f-strings, lambdas, type hints).
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from semforge.transforms import Rule, RuleTransformer, register


@register
class DropRedundantPass(Rule):
    """Remove ``pass`` statements from blocks that hold other statements.

    Sound: ``pass`` does nothing, and a block that keeps at least one other statement still
    parses. A ``pass`` alone in its block (``def f(): pass``) is kept. Simple statement lines
    holding several statements (``x = 1; pass``) are left alone.
    """

    id = "drop-redundant-pass"          # kebab-case, unique; the module is named drop_redundant_pass.py
    description = "Remove pass statements from blocks that have other statements."
    category = "dead-code"              # free text shown by `semforge rules list`
    intent = "neutral"                  # faster | slower | neutral: what it aims at, never a label

    class Transformer(RuleTransformer):
        # Declare metadata providers here (ScopeProvider, ParentNodeProvider, ...) and read them
        # with the ORIGINAL node: self.get_metadata(ScopeProvider, original_node).
        METADATA_DEPENDENCIES = ()

        def _drop_passes(self, updated_node):
            pass_line = m.SimpleStatementLine(body=[m.Pass()])
            kept = [s for s in updated_node.body if not m.matches(s, pass_line)]
            if not kept or len(kept) == len(updated_node.body):
                return updated_node
            self.sites += len(updated_node.body) - len(kept)  # one site per rewrite
            return updated_node.with_changes(body=kept)      # never mutate: with_changes

        def leave_IndentedBlock(self, original_node, updated_node):
            return self._drop_passes(updated_node)

        def leave_Module(self, original_node, updated_node):
            return self._drop_passes(updated_node)
