"""Seeds: what every corpus reader funnels its records through.

A seed that reaches the generator is always valid UTF-8 Python that parses, defines its entry
point at top level and carries JSON-ish inputs; anything else becomes a ``Rejection`` with a
one-line reason, and a bad record never stops a corpus.

* ``text``: decoding, parsing and rejection reasons;
* ``inputs``: JSON-value checks and the deterministic input cap;
* ``validate``: ``validate_seed`` and the entry-point checks;
* ``extract``: self-contained function extraction from plain code.
"""

from .extract import IMPURE_BUILTINS, IMPURE_MODULES, extract_functions
from .inputs import MAX_INPUT_JSON_CHARS, cap_inputs, inputs_reason, json_value_reason
from .text import decode_or_reason, parse_or_reason, reason_kind
from .validate import entry_point_reason, validate_seed

__all__ = [
    "IMPURE_BUILTINS",
    "IMPURE_MODULES",
    "MAX_INPUT_JSON_CHARS",
    "cap_inputs",
    "decode_or_reason",
    "entry_point_reason",
    "extract_functions",
    "inputs_reason",
    "json_value_reason",
    "parse_or_reason",
    "reason_kind",
    "validate_seed",
]
