"""Code tokens: the unit that duplicate and contamination checks compare.

Python is cut with the standard tokenizer (comments, blank lines and indentation dropped, so
re-indented or re-commented copies still match); anything else, or Python that does not tokenize,
with a regular expression over identifiers, numbers and single punctuation characters.
"""

from __future__ import annotations

import io
import re
import tokenize

_FALLBACK = re.compile(r"[A-Za-z_]\w*|\d+(?:\.\d+)?|\S")
_SKIP = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
         tokenize.ENCODING, tokenize.ENDMARKER}


def code_tokens(code: str, language: str = "python") -> list[str]:
    if language in ("python", "pytorch"):
        try:
            return [t.string for t in tokenize.generate_tokens(io.StringIO(code).readline)
                    if t.type not in _SKIP]
        except (tokenize.TokenError, SyntaxError, IndentationError, ValueError):
            pass
    return _FALLBACK.findall(code)


def ngrams(tokens: list[str], n: int) -> set[str]:
    """The token n-grams of a token list (the whole list when shorter than n, if not empty)."""
    if len(tokens) < n:
        return {" ".join(tokens)} if tokens else set()
    return {" ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1)}
