"""A per-class cache for libcst's batched-visitor method lookup (metadata providers).

Every time libcst computes metadata (scopes, parents, positions) it asks each provider for its
``visit_*``/``leave_*`` methods with ``inspect.getmembers(self)``, which walks every attribute
of the instance: about 40 % of the time of ``ScopeProvider`` on a HumanEval-size function. The
answer depends only on the class, so we compute the method names once per class and bind them
per instance. Only libcst's own metadata providers get the cache (their methods are plain class
methods, never set on instances); any other batchable visitor keeps the original lookup.
"""

from __future__ import annotations

import dataclasses

import libcst as cst
import libcst._batched_visitor as _bv

_original_get_visitors = _bv.BatchableCSTVisitor.get_visitors
_names_by_class: dict[type, tuple[str, ...]] = {}


def _cached_get_visitors(self):
    cls = type(self)
    if not cls.__module__.startswith("libcst.metadata."):
        return _original_get_visitors(self)
    names = _names_by_class.get(cls)
    if names is None:
        names = tuple(_original_get_visitors(self))
        _names_by_class[cls] = names
    return {name: getattr(self, name) for name in names}


def install() -> None:
    """Idempotent; called when ``semforge.transforms`` is imported."""
    _bv.BatchableCSTVisitor.get_visitors = _cached_get_visitors


# ---------------------------------------------------------------------------------------------
# Parent links without a visitor.
#
# ``ParentNodeProvider`` runs a visitor and asks every node for ``node.children``, which runs a
# second visitor per node. A node's children are exactly the CSTNode values of its dataclass
# fields (alone or in a sequence), so reading the fields gives the same map several times faster.
# tests/test_libcst_speedups.py checks it equals ParentNodeProvider's on real code.

_child_fields: dict[type, tuple[str, ...]] = {}


def _fields_of(cls: type) -> tuple[str, ...]:
    names = _child_fields.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls))
        _child_fields[cls] = names
    return names


def parent_map(root: cst.CSTNode) -> dict[cst.CSTNode, cst.CSTNode]:
    """``{child: parent}`` for every node under ``root`` (what ParentNodeProvider computes)."""
    parents: dict[cst.CSTNode, cst.CSTNode] = {}
    stack = [root]
    node_type = cst.CSTNode
    while stack:
        node = stack.pop()
        for name in _fields_of(type(node)):
            value = getattr(node, name)
            if isinstance(value, node_type):
                parents[value] = node
                stack.append(value)
            elif isinstance(value, (list, tuple)):
                for item in value:
                    if isinstance(item, node_type):
                        parents[item] = node
                        stack.append(item)
    return parents
