"""The Python verifier: sandboxed differential testing of (original, variant) pairs, and speed
labels from measurement. ``verify.py`` walks through the steps; docs/verifier.md says what is
checked, the verdicts and their limits.

    from semforge.verifiers.python import VerifyConfig, verify_variants, verify_pair

Imports go one way, down this list (tests/test_imports.py checks it, type-only imports too):

``program/``   what is read from the source with ``ast``: signature, constants, tables, state,
               the static guard; never runs the program
``inputs/``    the inputs: one door (``inputs/__init__``: ``generate_inputs``) and a registry
               of input classes with their budget shares
``compare/``   outcomes compared, described and weighed (pure functions over outcome dicts)
``probes/``    behaviour probe plans and the harness that runs them in the sandbox
``config.py``  ``VerifyConfig`` and the hash seeds; ``verdicts.py``: how verdicts are made
``run/``       the original run in the sandbox, once per original: inputs, scale climb, hash
               seeds, probes -> ``OriginalRun``
``measure/``   the input a pair's speed is measured on, wall-clock timing, instruction counts
``judge/``     one variant judged against the ``OriginalRun``; CrossHair's second opinion
``verify.py``  ``verify_variants`` / ``verify_pair``
"""

from ..verdict import Verdict
from .config import VerifyConfig
from .verify import verify_pair, verify_variants

__all__ = ["VerifyConfig", "Verdict", "verify_pair", "verify_variants"]
