"""semforge: datasets of verified semantics-preserving code transformations.

The public surface is small: the record types in ``semforge.record``, the rule base class and
registry in ``semforge.transforms``, the verifier entry points in ``semforge.verifiers`` and the
pipeline in ``semforge.pipeline``. Everything else is internal.
"""

__version__ = "0.1.0"
