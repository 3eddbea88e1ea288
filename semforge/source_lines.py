"""Moving a def between its module and a text of its own, line by line.

Seeds from real code are defs cut out of their module (``pipeline``'s readers) and put back,
rewritten, for verification (``verifiers``): both sides use these two functions, so what is cut
out and what is put back match.
"""

from __future__ import annotations

import io
import tokenize


def reindent(text: str, old: int, new: int) -> str:
    """``text`` (statements indented by ``old`` columns) indented by ``new`` instead. Lines that
    continue a string literal are left as they are: their leading spaces are the string's."""
    inside = _string_continuation_lines(text)
    out = []
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        if number in inside:
            out.append(line)
            continue
        if not line.strip():
            out.append(line.lstrip(" \t"))
            continue
        body = line[old:] if line[:old].strip() == "" else line.lstrip(" \t")
        out.append(" " * new + body)
    return "".join(out)


_STRING_TOKENS = {tokenize.STRING} | {getattr(tokenize, name) for name in
                                       ("FSTRING_MIDDLE", "FSTRING_END") if hasattr(tokenize, name)}


def _string_continuation_lines(text: str) -> set[int]:
    """Numbers of the lines that start inside a multi-line string token."""
    found: set[int] = set()
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type in _STRING_TOKENS and tok.end[0] > tok.start[0]:
                found.update(range(tok.start[0] + 1, tok.end[0] + 1))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return found


def replace_lines(source: str, first: int, last: int, column: int, text: str) -> str:
    """``source`` with its lines ``first``..``last`` (1-based, inclusive) replaced by ``text``
    indented by ``column``."""
    lines = source.splitlines(keepends=True)
    block = reindent(text, 0, column)
    if block and not block.endswith("\n"):
        block += "\n"
    return "".join(lines[:first - 1]) + block + "".join(lines[last:])
