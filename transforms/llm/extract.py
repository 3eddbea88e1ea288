"""Find the program in a model's answer.

Answers come fenced (```python ... ```), bare, or wrapped in prose ("Here is a faster
version: ... This works because ..."), sometimes with the original repeated before the rewrite,
sometimes cut off by the token limit. ``extract_program`` returns the program or the reason
there is none; the reasons are the stats' discard reasons:

- ``no_code``: nothing in the answer looks like Python;
- ``syntax_error``: there is code, but no candidate parses;
- ``no_entry_point``: code parses, but does not define the entry point at module level;
- ``too_long``: the answer hit the token limit (its end is missing), or the code is longer
  than the configured limit.

Among several fenced blocks the last one that parses and defines the entry point wins: models
that repeat the original show it first.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*([\w+.-]*)[^\n]*\n(.*?)^[ \t]*\1[ \t]*$",
                    re.DOTALL | re.MULTILINE)
_OPEN_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*([\w+.-]*)[^\n]*\n", re.MULTILINE)
_PYTHON_TAGS = {"", "python", "py", "python3", "py3", "pycon"}
_CODE_START = re.compile(r"^(def |async def |class |import |from \S+ import |@\w)")
_STATEMENT = re.compile(r"^(return\b|for .+:$|if .+:$|while .+:$|\w+ = )")
_THINK = re.compile(r"<think>.*?</think>", re.DOTALL)


@dataclass(frozen=True)
class Extracted:
    code: str | None
    reason: str | None  # None when code was found

    @property
    def ok(self) -> bool:
        return self.code is not None


def defines(tree: ast.Module, name: str) -> bool:
    """Whether ``name`` is bound at module level (def, class, assignment or import)."""
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if stmt.name == name:
                return True
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(target)):
                    return True
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            if any((a.asname or a.name).split(".")[0] == name for a in stmt.names):
                return True
    return False


def _parse(code: str) -> ast.Module | None:
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None


def _fenced_blocks(text: str) -> list[str]:
    """Python (or untagged) fenced blocks, in order; an unclosed last fence counts (cut off)."""
    blocks = [m.group(3) for m in _FENCE.finditer(text) if m.group(2).lower() in _PYTHON_TAGS]
    closed_end = max((m.end() for m in _FENCE.finditer(text)), default=0)
    tail = _OPEN_FENCE.search(text, closed_end)
    if tail and tail.group(2).lower() in _PYTHON_TAGS:
        blocks.append(text[tail.end():])
    return blocks


def _bare_candidates(text: str) -> list[str]:
    """Code found without fences: the whole answer, else the longest parsing stretch of lines
    that starts at a line opening a definition or an import and ends before trailing prose."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if _CODE_START.match(line)]
    found = []
    for start in starts[:20]:
        # Ends worth trying: after a line followed by an unindented line or the end of text.
        ends = [j + 1 for j in range(len(lines) - 1, start - 1, -1)
                if j + 1 == len(lines) or (lines[j + 1][:1] not in (" ", "\t", ""))]
        for end in ends[:200]:
            chunk = "\n".join(lines[start:end]).strip("\n")
            if chunk and _parse(chunk) is not None:
                found.append(chunk + "\n")
                break
    return found


def extract_program(text: str, entry_point: str, *, truncated: bool = False,
                    max_chars: int = 20000) -> Extracted:
    """The program in ``text`` that defines ``entry_point``, or the reason there is none.

    ``truncated``: the backend reported that the answer stopped at the token limit.
    """
    if truncated:
        return Extracted(None, "too_long")
    text = _THINK.sub("", text or "").strip()
    if not text:
        return Extracted(None, "no_code")
    blocks = _fenced_blocks(text)
    if not blocks:
        whole = _parse(text)
        if whole is not None and _looks_like_code(whole):
            blocks = [text + "\n"]
        else:
            blocks = _bare_candidates(text)
        if not blocks:
            return Extracted(None, "syntax_error" if _has_code_lines(text) else "no_code")
    parsed_any = False
    for block in reversed(blocks):
        block = block.strip("\n") + "\n"
        tree = _parse(block)
        if tree is None:
            continue
        parsed_any = True
        if defines(tree, entry_point):
            if len(block) > max_chars:
                return Extracted(None, "too_long")
            return Extracted(block, None)
    return Extracted(None, "no_entry_point" if parsed_any else "syntax_error")


def _looks_like_code(tree: ast.Module) -> bool:
    """Prose can parse as Python (``Sure.`` is an expression): code binds or imports something."""
    return any(not isinstance(s, ast.Expr) for s in tree.body)


def _has_code_lines(text: str) -> bool:
    return any(_CODE_START.match(line.lstrip()) or _STATEMENT.match(line.lstrip())
               for line in text.splitlines())
