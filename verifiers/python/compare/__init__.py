"""Behaviour comparison: pure functions over the sandbox's outcome dicts.

``diff``: whether two outcomes count as the same behaviour (``diff_outcomes``, under a float
``Tolerance``); ``describe``: outcomes in words, for reasons and counterexamples; ``weigh``: what
an outcome costs every variant to repeat, and outcomes that are the sandbox's limits.
"""
