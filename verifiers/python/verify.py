"""Differential verification of Python (original, variant) pairs: ``verify_variants``.

It is the hot path: the inputs are generated once per original, the original is run once per
hash seed, and those outcomes are reused for every variant. The steps:

0. an original that uses ``random``/``time``/``id()``... is ``undecided`` without running it
   (``program/static_guard.py``);
1. inputs: seeds, boundary cases, Unicode / coordinated / neighbouring-type edges, Hypothesis
   mutants (``inputs/``), half of them generated after a first run of the original, from the
   inputs whose outcomes were rarest; then the scale ladders (``inputs/scale.py``), climbed on
   the original as far as its time budget allows (``run/climb.py``);
2. the original runs in two sessions with different ``PYTHONHASHSEED``s; any disagreement means
   its behaviour is not a function of its inputs -> every variant ``undecided``;
3. inputs where the original times out or crashes are dropped (no behaviour to compare); under
   the ``domain`` policy so are inputs where it raises;
4. each variant runs on the kept inputs (and, if it can make seed-dependent hashes, on a prefix
   under the second hash seed); outcomes are compared with ``compare/diff.py`` (types exact,
   floats within tolerance, signed zero, mutation of arguments, stdout); then on the behaviour
   probes (``probes/``: aliasing, state across calls, defaults and keywords, laziness, nesting,
   long histories), planned and run on the original once;
5. inputs built from the constants the variant has and the original lacks
   (``inputs/variant_constants.py``: ``if n == 7919``, ``len(xs) > 20000``), run on both;
   then, with ``crosshair`` on, CrossHair proposes inputs for a variant that passed, in its own
   confined process (``judge/crosshair.py``); they are re-run concretely, and only that run can
   make the pair ``different``;
6. a variant that passes but adds escape hatches (``inspect``, ``gc``, ``globals()``, ...) the
   original does not use is ``undecided``; otherwise ``equivalent``, then timed
   (``measure/timing.py``) on a scaled input where the original takes about a millisecond per
   call (which the variant must also agree on; ``measure/speed_input.py``).

Steps 1-3 are ``run/`` (once per original, giving an ``OriginalRun``); 4-6 are ``judge/`` (once
per variant); settings are ``config.py``, verdicts ``verdicts.py``.

Nothing here raises for a bad program: every failure is a Verdict with a one-line reason.
"""

from __future__ import annotations

import gc
import time
from contextlib import contextmanager
from dataclasses import replace

from semforge.domain import Domain, NotationError
from semforge.domain_infer import infer_domain
from semforge.record import ModuleContext

from ..verdict import Verdict
from .compare.describe import short
from .config import POLICIES, VerifyConfig
from .judge.variant import judge_variant
from .program.in_module import analysed_text, needs_program, program_text
from .program.state import may_keep_state
from .program.static_guard import nondeterminism_sources
from .run.original import prepare_original
from .run.sandboxes import hash_seed_sandboxes
from .verdicts import new_verdict, tolerance_of


def verify_variants(original: str, entry_point: str, variants: list[str], seed_inputs: list[list],
                    config: VerifyConfig = VerifyConfig(), atol: float = 0.0,
                    domain=None, context: ModuleContext | None = None) -> list[Verdict]:
    """One Verdict per variant, in order. Never raises for a bad program.

    ``domain``: the seed's input domain, a ``semforge.domain.Domain`` or its notation
    (``"(xs: list[int])"``); None: inferred from the original and the seed inputs
    (``semforge.domain_infer``). ``context``: the original is a def of real code
    (``ModuleContext``) and runs in its module, each variant in a separate load of the module
    with the variant in its place (``program/in_module.py``); its domain is then read from the
    def as it is called there (a method's instance stands for the constructor's arguments) and
    the seed inputs."""
    t0 = time.perf_counter()
    if isinstance(domain, str):
        try:
            domain = Domain.parse(domain, entry_point)
        except NotationError as exc:
            return [new_verdict("error", f"bad domain: {exc}", config, t0) for _ in variants]
    if domain is None:
        domain = infer_domain(_called_text(original, entry_point, context), entry_point,
                              seed_inputs or [])
    with _older_objects_frozen():
        if needs_program(context):
            verdicts = _verify_in_module(original, entry_point, variants, seed_inputs, config,
                                         atol, context, domain)
        else:
            verdicts = _verify_variants(original, entry_point, variants, seed_inputs, config,
                                        atol, domain)
    for v in verdicts:
        v.domain = str(domain)
    return verdicts


def _called_text(original: str, entry_point: str, context: ModuleContext | None) -> str:
    """The def whose signature the inputs call: a def of real code as its entry point calls it
    (``analysed_text``), so that a seed without inputs (no tests carved any) still has the
    domain its annotations, defaults and docstring give, not an empty one."""
    if not needs_program(context):
        return original
    try:
        return analysed_text(context, original, entry_point)
    except (ValueError, SyntaxError):
        return ""


def _verify_in_module(original: str, entry_point: str, variants: list[str],
                      seed_inputs: list[list], config: VerifyConfig, atol: float,
                      context: ModuleContext, domain) -> list[Verdict]:
    """``_verify_variants`` on the sides as they run in their module (``ProgramText``): a
    variant that has no def to put in the original's place is ``different`` (the module would
    lose the function)."""
    t0 = time.perf_counter()
    try:
        program = program_text(context, original, entry_point)
    except (ValueError, SyntaxError) as exc:
        reason = f"the original cannot be run in its module: {short(str(exc), 120)}"
        return [new_verdict("error", reason, config, t0) for _ in variants]
    sides: list = []
    for variant in variants:
        try:
            sides.append(program_text(context, variant, entry_point))
        except (ValueError, SyntaxError) as exc:
            sides.append(new_verdict("different", "the variant cannot take the original's place "
                                     f"in its module: {short(str(exc), 100)}", config, t0))
    texts = [s for s in sides if isinstance(s, str)]
    judged = iter(_verify_variants(program, entry_point, texts, seed_inputs, config, atol, domain)
                  if texts else [])
    return [next(judged) if isinstance(s, str) else s for s in sides]


@contextmanager
def _older_objects_frozen():
    """Keep the objects that exist before the call (imported modules, the caller's data) out of
    the cyclic collector's full passes while it runs. Decoding the sandbox's replies allocates
    containers fast enough to start a full collection every few hundred milliseconds, and each
    one walked the whole process (libcst, Hypothesis, Dask): 10% of the verifier's time on
    HumanEval+, spikes of 50 ms per call. ``unfreeze`` hands them back afterwards, so nothing is
    kept alive that would otherwise be freed."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _verify_variants(original: str, entry_point: str, variants: list[str],
                     seed_inputs: list[list] | None, config: VerifyConfig,
                     atol: float, domain) -> list[Verdict]:
    t0 = time.perf_counter()
    if config.policy not in POLICIES:
        bad = new_verdict("error", f"unknown policy {config.policy!r}: use one of "
                          f"{', '.join(POLICIES)}", config, t0)
        return [bad for _ in variants]
    if config.measure_speed and config.timing not in ("wall", "instructions"):
        bad = new_verdict("error", f"unknown timing {config.timing!r}: use 'wall' or 'instructions'",
                          config, t0)
        return [bad for _ in variants]
    if config.measure_speed and config.timing == "instructions":
        from semforge.sandbox.counting import UNAVAILABLE, valgrind

        if valgrind() is None:
            return [new_verdict("error", UNAVAILABLE, config, t0) for _ in variants]
    tol = tolerance_of(config, atol)
    sources = nondeterminism_sources(original)
    if sources:  # decided statically: two sandbox runs would agree (random is seeded alike)
        reason = (f"original is nondeterministic: it uses {', '.join(sorted(sources))}, so its "
                  f"behaviour is not a function of its inputs")
        return [new_verdict("undecided", reason, config, t0) for _ in variants]
    try:
        sandboxes = hash_seed_sandboxes(config)
        # The history probes cost the original a few milliseconds under each hash seed: only
        # where some call can leave state behind (judge_variant decides per variant).
        history = may_keep_state(original) or any(may_keep_state(v) for v in variants)
        run = prepare_original(original, entry_point, seed_inputs or [], config, sandboxes, t0,
                               history, domain)
    except Exception as exc:  # infrastructure failure: say so on every variant
        reason = f"verifier failed on the original: {type(exc).__name__}: {short(str(exc), 120)}"
        return [new_verdict("error", reason, config, t0) for _ in variants]
    if run.failure is not None:
        return [replace(run.failure, tolerance=tol.describe()) for _ in variants]

    verdicts = []
    for variant in variants:
        tv = time.perf_counter()
        try:
            verdicts.append(judge_variant(run, original, variant, entry_point, config, sandboxes, tol, tv))
        except Exception as exc:
            verdicts.append(new_verdict(
                "error", f"verifier failed on the variant: {type(exc).__name__}: {short(str(exc), 120)}",
                config, tv))
    for v in verdicts:
        v.tolerance = tol.describe()
    return verdicts


def verify_pair(original: str, variant: str, entry_point: str, seed_inputs: list[list],
                config: VerifyConfig = VerifyConfig(), domain=None) -> Verdict:
    """Judge one pair (use ``verify_variants`` for several variants of one original)."""
    return verify_variants(original, entry_point, [variant], seed_inputs, config,
                           domain=domain)[0]
