"""The evidence and inertness helpers the performance rules share (transforms/analysis/purity.py, numeric.py)."""

import libcst as cst
import libcst.matchers as m
from libcst.metadata import MetadataWrapper, ParentNodeProvider, ScopeProvider

from semforge.transforms.analysis.numeric import RicherEvidence
from semforge.transforms.analysis.purity import Inert


class _TrustingEvidence(RicherEvidence):
    """Annotations as evidence, to test the typing rules on short signatures (rules never
    trust them: they admit subclasses, see test_annotations_are_not_evidence)."""

    TRUST_ANNOTATIONS = True


def _evidence(source: str, cls=_TrustingEvidence):
    wrapper = MetadataWrapper(cst.parse_module(source))
    metadata = {ScopeProvider: wrapper.resolve(ScopeProvider),
                ParentNodeProvider: wrapper.resolve(ParentNodeProvider)}
    return wrapper.module, cls(wrapper.module, metadata)


def test_annotations_are_not_evidence():
    module, ev = _evidence("def f(a: int, s: str, xs: list[int]):\n    return a, s, xs, len(xs)\n",
                           RicherEvidence)
    (ret,) = _returned(module)
    assert [ev.type_of(el.value) for el in ret.elements][:3] == [None, None, None]
    assert ev.type_of(ret.elements[3].value).kind == "int"  # len() always builds an exact int
    assert ev.notes == {"annotation is not evidence (it admits subclasses)"}


def test_str_results_are_exact_only_from_scalars():
    # '%s' % (o,) is o.__str__()'s result itself when it is the whole output
    module, ev = _evidence(
        "def f(o, n_in):\n    n = int(n_in)\n"
        "    return str(o), repr(o), f'{o}', f'<{o}>', str(n), f'{n}', format(n, 'x'), '%s' % (o,)\n",
        RicherEvidence)
    (ret,) = _returned(module)
    kinds = [ev.type_of(el.value) for el in ret.elements]
    assert [k.kind if k else None for k in kinds] == [
        None, None, None, "str", "str", "str", "str", None]


def _returned(module):
    return [r.value for r in m.findall(module, m.Return())]


def test_richer_evidence_types():
    module, ev = _evidence(
        "def f(xs: list[float], ns: list[int], a: int, b: float, s: str):\n"
        "    lo, hi = min(xs), max(xs)\n"
        "    mean = sum(xs) / len(xs)\n"
        "    return lo, hi - lo, mean, sum(ns), sum(xs), abs(b), -b, a / a, round(b), max(a, b),"
        " a ** 2, b ** 2, max(xs, default=None), min(s)\n")
    (ret,) = _returned(module)
    kinds = [ev.type_of(el.value) for el in ret.elements]
    assert [k.kind if k else None for k in kinds] == [
        "float", "float", "float", "int", "number", "float", "float", "float", "int", "number",
        "int", None, None, "str"]


def test_inert_refuses_user_code():
    module, ev = _evidence(
        "def f(xs: list[int], ys: list, s: str, o, out: list):\n"
        "    return (xs[0] + 1, ys[0] + 1, s.upper(), o.x, len(xs), len(o), sorted(xs),\n"
        "            sorted(ys), s % 3, str(o), xs[0] < 2, ys[0] < 2, not xs, not o,\n"
        "            out.append(1), [x for x in xs])\n")
    (ret,) = _returned(module)
    inert = Inert(ev)
    assert [inert.expr(el.value) for el in ret.elements] == [
        True, False, True, False, True, False, True, False, True, False, True, False, True,
        False, False, False]
