"""Source edits on CUDA kernels, located with tree-sitter and applied as byte-range edits.

The ``tree-sitter-cuda`` grammar parses ``__global__`` functions and ``<<<...>>>`` launches
(the C++ grammar does not). Each edit finds its sites in the syntax tree, checks its
precondition there, replaces byte ranges (from the end, so earlier offsets stay valid), and
re-parses the result: an edit whose output has a syntax error is dropped. ``tests`` compile the
results with nvcc; the verifier runs them.

Edits (each returns the new source, or None when its precondition holds nowhere):

* ``block_size(src, new)``: every launch whose block size is one integer literal ``B``, in a
  host function that uses ``B`` only for that purpose (grid arithmetic and the launch), gets
  ``new`` instead. Sound for kernels that read their block size from ``blockDim`` and need a
  multiple of 32 up to 1024 threads (``new`` must be one), which is what the templates assume.
* ``unroll(src, factor)``: ``#pragma unroll F`` before every ``for`` loop of a kernel that has
  none. Sound: a hint, never a change of meaning.
* ``drop_restrict(src)``: remove ``__restrict__`` from kernel parameters. Sound: it only removes
  a promise of no aliasing. (Adding it is not: a caller may pass aliasing pointers.)
* ``grid_stride(src)``: ``const long long i = <global index>; if (i < n) { S }`` becomes a
  grid-stride loop over ``i``. Sound: every ``i`` below ``n`` the launch covered is still
  visited once, and a launch that covers all of them runs each thread's body once.
* ``commute_index(src)``: ``(long long)blockIdx.x * blockDim.x + threadIdx.x`` becomes
  ``threadIdx.x + (long long)blockDim.x * blockIdx.x``. Sound: integer + and * commute, and the
  cast still widens the product.
"""

from __future__ import annotations

from functools import lru_cache

EDITS = ("block-size-128", "block-size-512", "unroll-4", "drop-restrict", "grid-stride", "commute-index")


@lru_cache(maxsize=1)
def _parser():
    import tree_sitter_cuda
    from tree_sitter import Language, Parser

    return Parser(Language(tree_sitter_cuda.language()))


def parse(src: str):
    return _parser().parse(src.encode())


def has_errors(src: str) -> bool:
    return parse(src).root_node.has_error


def _walk(node):
    yield node
    for child in node.children:
        yield from _walk(child)


def _text(node, data: bytes) -> str:
    return data[node.start_byte:node.end_byte].decode()


def _apply(src: str, edits: list[tuple[int, int, str]]) -> str | None:
    if not edits:
        return None
    data = src.encode()
    for start, end, text in sorted(edits, reverse=True):
        data = data[:start] + text.encode() + data[end:]
    out = data.decode()
    return None if has_errors(out) else out


def _is_kernel(fn, data: bytes) -> bool:
    return any(c.type == "__global__" for c in fn.children)


def _functions(tree):
    """Top-level functions, also inside ``extern "C" { ... }`` / ``extern "C" <function>``."""
    out = []
    for n in tree.root_node.children:
        if n.type == "function_definition":
            out.append(n)
        elif n.type == "linkage_specification":
            out += [c for c in _walk(n) if c.type == "function_definition"]
    return out


def block_size(src: str, new: int) -> str | None:
    if new % 32 or not 32 <= new <= 1024:
        raise ValueError("block size must be a multiple of 32 between 32 and 1024")
    data = src.encode()
    tree = parse(src)
    edits = []
    for fn in _functions(tree):
        if _is_kernel(fn, data):
            continue
        launches = [n for n in _walk(fn) if n.type == "kernel_call_syntax"]
        if not launches:
            continue
        blocks = set()
        for launch in launches:
            args = [c for c in launch.children if c.type not in ("<<<", ">>>", ",")]
            if len(args) < 2 or args[1].type != "number_literal":
                blocks = set()
                break
            blocks.add(_text(args[1], data))
        if len(blocks) != 1:
            continue
        old = blocks.pop()
        if old == str(new):
            continue
        # every use of the literal in this function must be launch or grid arithmetic
        uses = [n for n in _walk(fn) if n.type == "number_literal" and _text(n, data) == old]
        if not all(_launch_or_grid(lit, data) for lit in uses):
            continue
        edits += [(lit.start_byte, lit.end_byte, str(new)) for lit in uses]
    return _apply(src, edits)


def _launch_or_grid(lit, data: bytes) -> bool:
    """The literal is a launch argument, a divisor (``x / B``) or the ``+ B - 1`` of a rounding up
    that is itself divided by B."""
    node = lit.parent
    while node is not None and node.type not in ("expression_statement", "declaration", "compound_statement"):
        if node.type == "kernel_call_syntax":
            return True
        node = node.parent
    parent = lit.parent
    if parent is not None and parent.type == "binary_expression":
        op = parent.child_by_field_name("operator")
        if op is not None and _text(op, data) == "/" and parent.child_by_field_name("right") == lit:
            return True
        # (n + B - 1) / B: climb the +/- chain to the parenthesised dividend
        node = parent
        while node is not None and node.type in ("binary_expression", "parenthesized_expression"):
            up = node.parent
            if up is not None and up.type == "binary_expression":
                uop = up.child_by_field_name("operator")
                right = up.child_by_field_name("right")
                if uop is not None and _text(uop, data) == "/" and right is not None \
                        and right.type == "number_literal" and _text(right, data) == _text(lit, data):
                    return True
            node = up
    return False


def unroll(src: str, factor: int = 4) -> str | None:
    data = src.encode()
    edits = []
    for fn in _functions(parse(src)):
        if not _is_kernel(fn, data):
            continue
        for loop in (n for n in _walk(fn) if n.type == "for_statement"):
            before = data[:loop.start_byte].decode().rstrip().splitlines()
            if before and before[-1].strip().startswith("#pragma unroll"):
                continue
            indent = data[:loop.start_byte].decode().rsplit("\n", 1)[-1]
            if indent.strip():
                continue  # a loop sharing its line with other code: no room for a pragma line
            edits.append((loop.start_byte, loop.start_byte, f"#pragma unroll {factor}\n{indent}"))
    return _apply(src, edits)


def drop_restrict(src: str) -> str | None:
    data = src.encode()
    edits = []
    for fn in _functions(parse(src)):
        if not _is_kernel(fn, data):
            continue
        for q in (n for n in _walk(fn) if n.type == "type_qualifier" and _text(n, data) == "__restrict__"):
            end = q.end_byte
            while end < len(data) and data[end:end + 1] == b" ":
                end += 1
            edits.append((q.start_byte, end, ""))
    return _apply(src, edits)


_INDEX = ("(long long)blockIdx.x * blockDim.x + threadIdx.x",)


def grid_stride(src: str) -> str | None:
    data = src.encode()
    edits = []
    for fn in _functions(parse(src)):
        if not _is_kernel(fn, data):
            continue
        body = next(c for c in fn.children if c.type == "compound_statement")
        stmts = [c for c in body.children if c.type not in ("{", "}", "comment")]
        for first, second in zip(stmts, stmts[1:]):
            if first.type != "declaration" or second.type != "if_statement":
                continue
            decl = _text(first, data)
            if not decl.startswith("const long long ") or "=" not in decl:
                continue
            var, init = (p.strip() for p in decl[len("const long long "):].rstrip(";").split("=", 1))
            if init not in _INDEX or any(c.type == "else_clause" for c in second.children):
                continue
            cond = next(c for c in second.children if c.type == "condition_clause")
            cond_text = _text(cond, data).strip()[1:-1].strip()
            parts = cond_text.split("<")
            if len(parts) != 2 or parts[0].strip() != var or "=" in parts[1]:
                continue
            bound = parts[1].strip()
            block = second.children[-1]
            if block.type != "compound_statement":
                continue
            # the body must not assign the index
            if any(n.type in ("assignment_expression", "update_expression")
                   and _text(n, data).lstrip("+-").startswith(var) for n in _walk(block)):
                continue
            loop = (f"for (long long {var} = {init}; {var} < {bound}; "
                    f"{var} += (long long)blockDim.x * gridDim.x) {_text(block, data)}")
            edits.append((first.start_byte, second.end_byte, loop))
    return _apply(src, edits)


def commute_index(src: str) -> str | None:
    data = src.encode()
    edits = []
    for node in _walk(parse(src).root_node):
        if node.type == "binary_expression" and _text(node, data) == _INDEX[0]:
            edits.append((node.start_byte, node.end_byte,
                          "threadIdx.x + (long long)blockDim.x * blockIdx.x"))
    return _apply(src, edits)


def apply_edit(name: str, src: str) -> str | None:
    if name.startswith("block-size-"):
        return block_size(src, int(name.rsplit("-", 1)[1]))
    if name.startswith("unroll-"):
        return unroll(src, int(name.rsplit("-", 1)[1]))
    return {"drop-restrict": drop_restrict, "grid-stride": grid_stride,
            "commute-index": commute_index}[name](src)


def edit_program(program: str, name: str) -> str | None:
    """Apply an edit to the ``_cuda_source`` string of a generated ModelNew program. A block
    size edit changes the program's ``BLOCK`` (its launches are in Python, and every template
    kernel reads its block size from ``blockDim``) or, in a program that launches from C++,
    the literal of its launches."""
    from .nvcc import cuda_source

    if name.startswith("block-size-") and "\nBLOCK = 256\n" in program:
        new = int(name.rsplit("-", 1)[1])
        if new % 32 or not 32 <= new <= 1024:
            raise ValueError("block size must be a multiple of 32 between 32 and 1024")
        return program.replace("\nBLOCK = 256\n", f"\nBLOCK = {new}\n", 1)
    src = cuda_source(program)
    if src is None:
        return None
    new = apply_edit(name, src)
    if new is None or new == src:
        return None
    return program.replace(src, new, 1)
