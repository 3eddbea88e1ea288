"""Source text: UTF-8 decoding, parsing, and one-line rejection reasons."""

from __future__ import annotations

import ast
import re

def decode_or_reason(data: bytes) -> tuple[str | None, str | None]:
    """``(text, None)`` for valid UTF-8 (a leading BOM dropped), else ``(None, reason)``."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        return None, f"not UTF-8: byte 0x{data[err.start]:02x} at offset {err.start}"
    return text.removeprefix("\ufeff"), None


def _utf8_reason(code: str) -> str | None:
    """A str may still hold lone surrogates (from ``surrogateescape`` decoding): not UTF-8."""
    try:
        code.encode("utf-8")
    except UnicodeEncodeError as err:
        return f"not UTF-8: lone surrogate {ord(code[err.start]):#06x} at offset {err.start}"
    return None


def parse_or_reason(code: str) -> tuple[ast.Module | None, str | None]:
    """``(module, None)`` when ``code`` parses, else ``(None, one-line reason)``."""
    try:
        return ast.parse(code), None
    except SyntaxError as err:
        msg = (err.msg or "invalid syntax").splitlines()[0]
        if err.lineno is None:  # e.g. null bytes: not a located syntax error
            return None, f"invalid source: {msg}"
        return None, f"syntax error at line {err.lineno}: {msg}"
    except ValueError as err:  # e.g. "source code string cannot contain null bytes"
        return None, f"invalid source: {str(err).splitlines()[0]}"
    except (RecursionError, MemoryError):
        return None, "invalid source: too deeply nested to parse"


def reason_kind(reason: str) -> str:
    """A Rejection reason with its particulars (names, numbers, details) taken out, for counting
    rejections by kind: ``"syntax error at line 3: invalid syntax"`` -> ``"syntax error at line
    N"``; ``"not self-contained: uses module 'os' (I/O, ...)"`` -> ``"not self-contained: uses
    module '…'"``; ``"duplicate of a.py::f"`` -> ``"duplicate"``."""
    if reason.startswith("duplicate of "):
        return "duplicate"
    # numbers standing alone (line 3, 12 bytes) vary; those inside words (UTF-8) do not
    text = re.sub(r"(?<![\w-])\d+(?![\w-])", "N", re.sub(r"'[^']*'", "'…'", reason)).split(" (")[0]
    head, _, rest = text.partition(": ")
    return f"{head}: {rest}" if head in ("not self-contained", "hazard") else head
