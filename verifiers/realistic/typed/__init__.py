"""Model-style rewrites of real seeds whose verdict depends on the seed's input domain.

Each case is what a model answers to one of the four prompts (``equivalent``, ``faster``,
``slower``, ``explicit``) for a seed of HumanEval+ (EvalPlus's canonical solution, docstring
left out) or of the built-in corpus (read from ``pipeline/data``), with the seed's own example
inputs. Two kinds:

* **correct**: the same behaviour on every input of the seed's domain (``semforge.domain``,
  inferred from the seeds), most of them only there: a set for a list of hashable items, int
  bit tricks, a stable sort that only ints cannot tell from another, ``sorted`` where no float
  can be NaN. ``outside`` holds a call outside the domain on which the two differ (checked), so
  such a case shows the rewrite relies on the domain; ``outside`` is None for the few that hold
  for every value.
* **wrong**: a difference inside the domain (``witness``: a call of in-domain arguments on which
  the two differ in plain Python, checked): boundaries, empty input, duplicates, negatives,
  Unicode case and whitespace, float cancellation and NaN, exception types, laziness, argument
  mutation, magnitudes.

``typed_checks.check_case`` checks every label in plain Python before any verifier is asked
(``benchmarks/realistic_rewrites.py --set typed`` runs them all): witnesses and ``outside``
calls, and for correct cases the seeds and a few hundred in-domain draws on which both agree.
"""

from __future__ import annotations

from .correct import CORRECT
from .wrong_builtin import WRONG_BUILTIN
from .wrong_humaneval import WRONG as WRONG_HUMANEVAL

WRONG = WRONG_HUMANEVAL + WRONG_BUILTIN
CASES = CORRECT + WRONG

# The subset the test suite verifies: a few of each kind.
FAST = ["he22-isinstance", "he43-seen-set", "dedupe-fromkeys", "he120-slice-tail",
        "he58-membership-scan", "binary-search-recursive", "he16-casefold", "he35-index-error",
        "he20-sorted-copy", "he43-set-any", "he151-bitand-float", "mean-median-fsum"]
