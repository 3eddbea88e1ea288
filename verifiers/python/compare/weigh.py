"""What an outcome costs to repeat, and outcomes that are the sandbox's limits rather than the
program's behaviour.

``weigh`` walks an encoded outcome: whether it holds a cut (a part the encoding gave up on,
which never compares equal) and what encoding, decoding and comparing it costs every variant.
The scale climb, the magnitude inputs and the history probes budget by it.
"""

from __future__ import annotations


# What repeating a rung costs beyond the call itself, per node and per character of its reply
# (the result and the arguments after the call): the child encodes it, the caller decodes and
# compares it, for every variant. Measured on HumanEval+ rungs: a list of 4096 floats, about
# 3.7 ms a call; 4096 prefixes of a 4096-character string (8 MB of reply), about 95 ms.
REPLY_NODE_NS = 700
REPLY_CHAR_NS = 10


def weigh(outcome: dict, max_nodes: int | None = 200_000) -> tuple[bool, int]:
    """(whether the encoded value or arguments hold a cut, what encoding and comparing them
    costs in ns), walking at most ``max_nodes`` nodes (None: all). A cut is
    ``["truncated", <nonce>]``: a part the encoding gave up on, as opposed to a digest
    (``sha256:...``) of a long container's tail or of what lies past the depth limit, which
    compares exactly. The latter (``sha256:<hex>:deep:<n>``) counts its ``n`` nodes: the child
    walked them all."""
    stack = [outcome.get("value"), outcome.get("args_after")]
    nodes = chars = digested = 0  # digested: nodes walked by the child, not sent (not walked here)
    cut = False
    while stack and (max_nodes is None or nodes < max_nodes):
        x = stack.pop()
        if type(x) is list:
            nodes += 1
            if len(x) == 2 and x[0] == "truncated" and type(x[1]) is str:
                if not x[1].startswith("sha256:"):
                    cut = True
                elif ":deep:" in x[1] and x[1].rsplit(":", 1)[-1].isdigit():
                    digested += int(x[1].rsplit(":", 1)[-1])
            stack.extend(x)
        elif type(x) is str:
            chars += len(x)
    if stack:  # past the walk's bound: at least that much
        nodes += len(stack)
    return cut, (nodes + digested) * REPLY_NODE_NS + chars * REPLY_CHAR_NS


def out_of_memory(outcome: dict) -> bool:
    """The call raised MemoryError: it hit the sandbox's memory limit (or allocated absurdly)."""
    return outcome.get("kind") == "raise" and outcome.get("exc_type") == "MemoryError"


def raises_memory_error(program: str) -> bool:
    """Whether the program names MemoryError itself: then raising it may be its behaviour, and
    it is compared like any exception. A variant may not introduce the name (static guard)."""
    return "MemoryError" in program
