"""What the verifier reads in a program's source with ``ast``, never running it.

``signature``: the entry point's parameters, type hints and literal defaults; ``facts``: its
constants (and those a variant brings that its original lacks); ``tables``: its int tables;
``state``: whether a call can leave state behind for the next; ``static_guard``: escape hatches,
sources of nondeterminism, whether it can hash strings, signature differences. Nothing here
imports the rest of the verifier.
"""
