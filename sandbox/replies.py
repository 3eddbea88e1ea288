"""What a sandboxed child may say back, and how the caller reads it without trusting it.

A reply is one ASCII JSON array with no object and no float anywhere (encoded trees carry floats
as hex strings), rebuilt field by field into an outcome dict; anything else is a
``_ChannelError``, which ends the session as a ``crash``. Nothing here unpickles.
"""

from __future__ import annotations

import json

OUTCOME_KEYS = ("kind", "value", "exc_type", "exc_msg", "stdout", "stderr", "args_after", "time_ns", "reason")
KINDS = ("return", "raise", "timeout", "crash", "load_error")
_TOKEN_BYTES = 16


class _ChannelError(Exception):
    """The child's channel ended or carried something other than a well-formed reply."""


def _outcome(kind: str, reason: str | None = None, **fields) -> dict:
    out = dict.fromkeys(OUTCOME_KEYS)
    out.update(kind=kind, stdout="", stderr="", reason=reason)
    out.update(fields)
    return out


def _no_float(text: str):
    raise ValueError("float in a reply")  # encoded trees carry floats as hex strings


class _ReplyParser:
    """Decodes untrusted replies: one ASCII JSON array, with no object and no float anywhere, so
    what comes back is lists of str, int, bool and None (encoded trees carry floats as hex).
    One per session, so the decoder is built once."""

    def __init__(self) -> None:
        self._decoder = json.JSONDecoder(object_pairs_hook=_no_object, parse_float=_no_float,
                                         parse_constant=_no_float)

    def __call__(self, body: bytes) -> list:
        try:
            text = body.decode("ascii")
            msg, end = self._decoder.raw_decode(text)
        except Exception:  # noqa: BLE001 - RecursionError, ValueError, UnicodeDecodeError...
            raise _ChannelError("reply is not well-formed JSON of encoded trees") from None
        if end != len(text) or type(msg) is not list or len(msg) < 3:
            raise _ChannelError("reply is not one JSON array")
        return msg


def _no_object(pairs):
    raise ValueError("object in a reply")


def _clean(msg: list, kinds: tuple[str, ...]) -> dict:
    """Rebuild an outcome from an untrusted reply ``[seq, i, *REPLY_FIELDS, ...]``, field by field;
    raise _ChannelError if malformed. (_ReplyParser let through only lists, str, int, bool, None.)"""
    if len(msg) < 2 + len(OUTCOME_KEYS) or msg[2] not in kinds:
        raise _ChannelError("reply is not an outcome")
    kind, value, exc_type, exc_msg, stdout, stderr, args_after, time_ns, reason = msg[2:11]
    for name, v, t in (("exc_type", exc_type, str), ("exc_msg", exc_msg, str), ("reason", reason, str),
                       ("time_ns", time_ns, int), ("args_after", args_after, list)):
        if v is not None and type(v) is not t:
            raise _ChannelError(f"outcome field {name} has the wrong type")
    if type(stdout) is not str or type(stderr) is not str:
        raise _ChannelError("outcome output is not text")
    if value is not None and (type(value) is not list or not value or type(value[0]) is not str):
        raise _ChannelError("outcome value is not an encoded tree")
    return {"kind": kind, "value": value, "exc_type": exc_type, "exc_msg": exc_msg, "stdout": stdout,
            "stderr": stderr, "args_after": args_after, "time_ns": time_ns, "reason": reason}
