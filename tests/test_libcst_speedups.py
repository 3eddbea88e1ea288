"""The metadata shortcuts in transforms/_libcst_speedups.py and LazyMetadata give exactly what
libcst gives, and metadata is computed only when a rule reads it."""

from __future__ import annotations

import gzip
import json

import libcst as cst
import libcst._batched_visitor as bv
from libcst.metadata import (ExpressionContextProvider, MetadataWrapper, ParentNodeProvider,
                             PositionProvider, ScopeProvider)

from semforge.transforms import Rule, RuleTransformer
from semforge.transforms import _libcst_speedups as speed

TRICKY = '''
@dec(1)
class C(Base, metaclass=M):
    x: int = 1
    def f(self, a, /, b=2, *c, d, **e) -> "C":
        global g
        with open(a) as (p, q), lock:
            pass
        try:
            yield from [i async for i in b if i]
        except* (ValueError, TypeError) as err:
            raise
        finally:
            del a[1:2, ::3]
        match b:
            case {"k": [1, *rest]} | Point(x=0) if rest:
                return lambda *, k=1: f"{k!r:>{b}} {k=}"
        return not a < b <= c, (yield), await d
'''


def _programs(path):
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    return [TRICKY] + [r["prompt"] + r["canonical_solution"] for r in records]


def test_parent_map_equals_libcst_parent_provider(humaneval_path):
    for code in _programs(humaneval_path):
        module = cst.parse_module(code)
        expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(ParentNodeProvider)
        got = speed.parent_map(module)
        assert set(got) == set(expected)
        assert all(got[node] is expected[node] for node in expected)


def test_cached_visitor_lookup_matches_libcst():
    module = cst.parse_module(TRICKY)
    for provider in (ScopeProvider, ParentNodeProvider, PositionProvider,
                     ExpressionContextProvider):
        instance = provider()
        cached = bv.BatchableCSTVisitor.get_visitors(instance)
        original = speed._original_get_visitors(instance)
        assert cached.keys() == original.keys()
        assert all(cached[k] == original[k] for k in original)  # bound to this instance
    assert bv.BatchableCSTVisitor.get_visitors is speed._cached_get_visitors
    # and the providers still compute metadata
    scopes = MetadataWrapper(module).resolve(ScopeProvider)
    assert any(s is not None for s in scopes.values())


class _NamesOnlyWhenAsked(Rule):
    """Reads ScopeProvider only for a call of ``probe``: a test rule, not registered."""

    id = "test-lazy-metadata"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider)

        def visit_Call(self, node: cst.Call) -> None:
            if isinstance(node.func, cst.Name) and node.func.value == "probe":
                self.get_metadata(ScopeProvider, node)
                self.sites += 1


def test_metadata_is_computed_only_when_a_rule_reads_it():
    rule = _NamesOnlyWhenAsked()
    quiet = cst.parse_module("def f(x):\n    return g(x)\n")
    wrapper = MetadataWrapper(quiet, unsafe_skip_copy=True)
    assert rule.transform(quiet, wrapper=wrapper) == (quiet, 0)
    assert not wrapper._metadata  # nothing was resolved

    busy = cst.parse_module("def f(x):\n    return probe(x)\n")
    wrapper = MetadataWrapper(busy, unsafe_skip_copy=True)
    _, sites = rule.transform(busy, wrapper=wrapper)
    assert sites == 1
    assert ScopeProvider in wrapper._metadata and ParentNodeProvider not in wrapper._metadata
