"""What the verifier reads in a program's source with ``ast``, never running it.

``signature``: the entry point's parameters, type hints and literal defaults; ``facts``: its
constants (and those a variant brings that its original lacks); ``tables``: its int tables;
``state``: whether a call can leave state behind for the next; ``static_guard``: escape hatches,
sources of nondeterminism, whether it can hash strings, signature differences; ``in_module``: the
program a side of a real-code pair runs (its def swapped into its module). Nothing here imports
the rest of the verifier.
"""
