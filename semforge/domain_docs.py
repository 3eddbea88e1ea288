"""Types a docstring states for parameters, for ``infer_domain``.

Read, per parameter named in the signature:

* Sphinx: ``:type xs: list of int`` and ``:param list[int] xs: ...``;
* Google: ``xs (list of int): ...`` / ``xs (List[int], optional): ...``;
* NumPy: ``xs : list of int`` on a line of its own;
* prose that names the parameter: "a list of integers ``xs``", "given a string s",
  "an array arr of integers", "n is a positive integer".

A type is either Python's notation (``list[int]``, ``Dict[str, int]``) or a phrase: ``list`` /
``array`` / ``tuple`` / ``set`` ``of`` a type, ``int``/``integer(s)``, ``str``/``string(s)``,
``float(s)``/``floating point number(s)``, ``bool``/``boolean(s)``, ``character(s)`` (a str),
``dict``/``dictionary``, with adjectives (positive, non-empty, sorted...) ignored: value
properties are not types. "numbers" alone says nothing (int or float). A phrase that does not
read as a type gives nothing, never a guess.
"""

from __future__ import annotations

import re

from .domain import NEVER, NotationError, Ty, container, parse_type

_SCALAR_WORDS = {
    "int": "int", "ints": "int", "integer": "int", "integers": "int",
    "str": "str", "string": "str", "strings": "str", "character": "str", "characters": "str",
    "char": "str", "chars": "str", "word": "str", "words": "str",
    "float": "float", "floats": "float", "bool": "bool", "boolean": "bool", "booleans": "bool",
    "bools": "bool", "bytes": "bytes",
}
_CONTAINER_WORDS = {"list": "list", "lists": "list", "array": "list", "arrays": "list",
                    "tuple": "tuple", "tuples": "tuple", "set": "set", "sets": "set"}
_DICT_WORDS = {"dict", "dictionary", "dictionaries", "dicts", "mapping"}
_FILLER = {"a", "an", "the", "of", "non-empty", "nonempty", "empty", "positive", "negative",
           "non-negative", "nonnegative", "non-positive", "given", "sorted", "unsorted", "two",
           "whole", "natural", "distinct", "unique", "valid", "some", "single", "python",
           "signed", "unsigned", "nested", "small", "large", "input", "another"}
_PHRASE_WORD = r"[A-Za-z][\w-]*"


def phrase_type(text: str) -> Ty | None:
    """The type a phrase states, in Python's notation or in words; None if it states none."""
    text = text.strip().strip(".,;:`'\"").strip()
    if not text:
        return None
    if "[" in text:
        try:
            t = parse_type(text)
        except NotationError:
            return None
        return None if t.name in ("Any", "Never") else t
    words = [w.lower() for w in re.findall(r"[A-Za-z][\w-]*", text)]
    words = [w for w in words if w not in _FILLER]
    words = [w[:-len("-point")] if w.endswith("-point") else w for w in words]
    if words[:2] in (["floating", "point"], ["floating", "number"], ["floating", "numbers"]) \
            or words[:1] == ["floating"]:
        return Ty("float")
    t = _words_type(words)
    return None if t is None or t.name == "Never" else t


def _words_type(words: list[str]) -> Ty | None:
    if not words:
        return None
    head, rest = words[0], words[1:]
    if head in _SCALAR_WORDS:
        return Ty(_SCALAR_WORDS[head]) if not rest or rest[0] in ("number", "numbers", "value",
                                                                  "values") else None
    if head in _DICT_WORDS:
        return container("dict", NEVER, NEVER)
    if head in _CONTAINER_WORDS:
        kind = _CONTAINER_WORDS[head]
        items = _words_type(rest) if rest else NEVER
        if items is None:
            items = NEVER  # "a list of numbers": a list, items unknown
        return container(kind, items, variadic=True) if kind == "tuple" else container(kind, items)
    return None


def docstring_types(doc: str, names: list[str]) -> dict[str, Ty]:
    """The types ``doc`` states for the parameters ``names`` (see the module docstring)."""
    found: dict[str, Ty] = {}
    if not doc or not names:
        return found
    for name in names:
        n = re.escape(name)
        phrase = r"([^\n:()]{1,60}?)"
        patterns = [
            rf":type\s+{n}\s*:\s*([^\n]+)",                       # Sphinx :type
            rf":param\s+([^\n:]+?)\s+{n}\s*:",                    # Sphinx :param TYPE name:
            rf"^\s*{n}\s*\(([^)\n]+?)(?:,\s*optional)?\)\s*:",    # Google
            rf"^\s*{n}\s+:\s+([^\n]+)$",                          # NumPy
            rf"\b{n}\s+(?:is|are)\s+(?:a|an|the)?\s*{phrase}(?:[.,;]|\s+(?:and|that|which|with|where|of\s+length)\b|$)",
            rf"\b(?:list|array)\s+{n}\s+of\s+({_PHRASE_WORD})",
            rf"\b((?:a|an)\s+{_PHRASE_WORD}(?:\s+{_PHRASE_WORD}){{0,4}})\s+`{{0,2}}{n}`{{0,2}}\b",
        ]
        for k, pattern in enumerate(patterns):
            for match in re.finditer(pattern, doc, re.MULTILINE):
                text = match.group(1)
                if k == 5:  # "array arr of integers": a list of them
                    text = "list of " + text
                t = phrase_type(text) if k != 6 else _prose_before(text)
                if t is not None:
                    found[name] = t
                    break
            if name in found:
                break
    return found


def _prose_before(text: str) -> Ty | None:
    """The longest tail of "a ... TYPE-PHRASE" before a name that reads as a type ("given a
    list of integers" -> list[int])."""
    words = text.split()
    for start in range(len(words)):
        if words[start].lower() not in ("a", "an"):
            continue
        t = phrase_type(" ".join(words[start:]))
        if t is not None:
            return t
    return None
