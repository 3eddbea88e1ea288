"""The level a pair is equivalent at, under the ``typed`` policy: ``strict`` when the variant also
agrees on everything the strict level adds to the domain's inputs (the inputs outside the
domain, the probes that call with other types or by keyword, the keyword interface: the
signature), else ``typed``. Judged only once the pair has passed inside the domain; what is
found here never changes the verdict, only the level and the reason."""

from __future__ import annotations

from ..compare.describe import short
from ..compare.diff import Tolerance, diff_outcomes
from ..inputs import show
from ..program.static_guard import signature_difference
from ..run.reference import OriginalRun


def outside_difference(run: OriginalRun, original: str, variant: str, entry_point: str,
                       got: list[dict], probes_got: list[dict], tol: Tolerance) -> str | None:
    """What differs outside the domain (one line), or None when nothing does. ``got`` and
    ``probes_got``: the variant's outcomes on ``run.outside`` and ``run.outside_probes``, run
    after the domain's inputs and probes in the same sessions (``variant.py``, ``probes.py``)."""
    changed = signature_difference(original, variant, entry_point)
    if changed:
        return f"the signature differs: {changed}"
    for args, want, g in zip(run.outside, run.outside_outcomes, got):
        if g.get("kind") == "timeout":
            return f"timed out on {short(show(args), 60)}"
        found = diff_outcomes(want, g, tol)
        if found:
            return f"on {short(show(args), 60)}: {found}"
    if len(got) < len(run.outside):
        return "timed out on an input outside the domain"
    for p, want, g in zip(run.outside_probes, run.outside_probe_outcomes, probes_got):
        if g.get("kind") == "timeout":
            return f"timed out on a {p.kind} probe"
        found = diff_outcomes(want, g, tol)
        if found:
            return f"{p.kind} probe: {found}"
    if len(probes_got) < len(run.outside_probes):
        return "timed out on a behaviour probe"
    return None
