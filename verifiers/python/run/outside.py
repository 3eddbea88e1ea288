"""The ``typed`` policy's line through the behaviour probes: which probes call as the seeds do,
inside the domain (judged), and which call with other types or by keyword (they only decide
whether a pair is equivalent at the strict level too)."""

from __future__ import annotations

from ..probes import Probe


def split_keyword_calls(probes: list[Probe]) -> list[Probe]:
    """``defaults`` plans cut in two: the calls made positionally, as the seeds make them
    (optional parameters left out, repeatedly: a default that keeps state), and the calls by
    keyword (a renamed parameter, a keyword-only one set), which are the strict level's."""
    out = []
    for p in probes:
        if p.kind == "defaults" and p.plan[0] == "calls":
            positional = [c for c in p.plan[1] if not c[1]]
            keyword = [c for c in p.plan[1] if c[1]]
            if positional and keyword:
                out += [Probe("defaults", ["calls", positional]), Probe("defaults", ["calls", keyword])]
                continue
        out.append(p)
    return out


def inside(p: Probe, domain) -> bool:
    """Every call of the plan is positional with arguments inside ``domain``. ``twins`` (equal
    values of another type) and ``nest`` (an argument wrapped far deeper than any seed's) are
    outside by construction."""
    if p.kind in ("twins", "nest"):
        return False
    kind = p.plan[0]
    if kind == "calls":
        return all(not kw and domain.contains(args) for args, kw in p.plan[1])
    if kind == "lazy":
        return domain.contains(p.plan[1])
    if kind == "history":
        calls = p.plan[1]
        return not isinstance(calls, list) or all(domain.contains(a) for a in calls)
    return False


def split_probes(probes: list[Probe], outcomes: list[dict], domain):
    """(probes inside, their outcomes, probes outside, their outcomes)."""
    ins, ins_out, outs, outs_out = [], [], [], []
    for p, o in zip(probes, outcomes):
        if inside(p, domain):
            ins.append(p)
            ins_out.append(o)
        else:
            outs.append(p)
            outs_out.append(o)
    return ins, ins_out, outs, outs_out
