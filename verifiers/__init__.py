"""Verifiers judge (original, variant) pairs: sandboxed differential testing and speed labels.

Public API (what the pipeline and users import):

    from semforge.verifiers import VerifyConfig, Verdict, verify_variants, verify_pair

``python/`` is the Python verifier, ``cuda/`` the one for PyTorch/CUDA programs; both answer a
``Verdict`` (``verdict.py``) and label speed with the statistics of ``speed.py``. See
docs/verifier.md for what is checked, the verdicts and their limits.
"""

from .python import Verdict, VerifyConfig, verify_pair, verify_variants

__all__ = ["VerifyConfig", "Verdict", "verify_variants", "verify_pair"]
