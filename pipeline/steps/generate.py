"""Generate: every candidate variant of a seed, from the rules and from a language model.

Two steps, both calling the library functions of ``transforms/``:

* ``ModelSamples`` (only with ``generate.llm``) asks the model for the whole shard at once
  (``transforms.llm.sample_variants``: one batched call, the request cache, every discard
  counted) and attaches each seed's samples to its ``SeedWork``. Where the model runs is the
  caller's choice (``place``: ``placement.model_worker.generate`` on a cluster).
* ``Generate`` makes each seed's rule variants and then appends the model's samples that no
  rule already made:

  - Python seeds: seeded chains of the registered rules (``transforms.compose.generate_variants``);
  - PyTorch (KernelBench-format) seeds: chains of the PyTorch rewrites
    (``transforms.pytorch``), then ``ModelNew`` programs built from the CUDA templates
    (``transforms.cuda.generate``) and tree-sitter edits of the first template program where
    each edit has a site (``transforms.cuda.edits``).

Counters (``Generate``): ``seeds``, ``variants``, ``seeds_without_variants``, ``candidates``,
``noise_dropped``, ``noise_dropped_rule:<id>``, ``noise_finding:<code>``,
``seeds_failed_generate``, ``rule_errors``, and ``llm_discarded_duplicate`` for a sample equal
to a rule variant (taken off ``llm_kept``, which ``ModelSamples`` counted). ``ModelSamples``:
``llm_requests``, ``llm_requests_cached``, ``llm_samples``, ``llm_kept``,
``llm_discarded_<reason>``, ``llm_seeds_skipped``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from semforge.transforms import Rule, all_rules
from semforge.domain_infer import seed_domain
from semforge.transforms.compose import GenerateResult, Variant, generate_variants
from semforge.transforms.families import is_noise
from semforge.transforms.naturalness import count_noise
from semforge.transforms.normalize import normal_form

from ..config import GenerateSettings
from .base import SeedWork, Step

# Names a KernelBench program's harness calls: no rewrite may rename or drop them.
PYTORCH_PROTECTED = ["Model", "get_inputs", "get_init_inputs"]


def select_rules(settings: GenerateSettings) -> list[Rule]:
    """Instantiate the configured rules (built-ins, plug-ins and ``rule_modules``); the
    renaming and dead-code rules only with ``generate.robustness``."""
    registry = all_rules(settings.rule_modules)
    wanted = list(registry) if settings.rules == "all" else settings.rules
    unknown = [r for r in [*wanted, *settings.exclude_rules] if r not in registry]
    if unknown:
        raise ValueError(
            f"generate.rules: unknown rule id(s) {', '.join(unknown)}; "
            "`semforge rules list` shows the registered ones"
        )
    noise = [r for r in wanted if is_noise(registry[r])]
    if noise and settings.rules != "all" and not settings.robustness:
        raise ValueError(
            f"generate.rules names {', '.join(noise)}, which only rename or add dead code: "
            "set generate.robustness: true to use them (they then only follow a structural "
            "rewrite)")
    return [registry[r]() for r in wanted if r not in settings.exclude_rules
            and (settings.robustness or not is_noise(registry[r]))]


def pytorch_variants(source: str, settings: GenerateSettings) -> GenerateResult:
    """Rule variants (chains of PyTorch rewrites) plus CUDA template variants of one program."""
    from semforge.transforms.cuda.edits import edit_program
    from semforge.transforms.cuda.generate import FORMS, cuda_variants
    from semforge.transforms.pytorch import pytorch_rules

    result = generate_variants(source, pytorch_rules(), count=settings.variants_per_seed,
                               max_chain=settings.max_chain, seed=settings.seed,
                               protected=PYTORCH_PROTECTED)
    cuda_forms = settings.cuda_forms
    forms = tuple(f for f in FORMS if cuda_forms is None or f.name in cuda_forms)
    variants = list(result.variants)
    templates = cuda_variants(source, forms)
    variants += [Variant(v.code, v.transforms) for v in templates]
    errors = list(result.rule_errors)
    if templates and settings.cuda_edits:
        seen = {v.code for v in variants}
        for name in settings.cuda_edits:
            for template in templates:  # the first template program where the edit has a site
                try:
                    code = edit_program(template.code, name)
                except Exception as exc:  # a bug in an edit is reported, never fatal
                    errors.append(f"cuda-edit:{name}: {type(exc).__name__}: {exc}")
                    break
                if code is not None and code not in seen:
                    seen.add(code)
                    variants.append(Variant(code, [*template.transforms, f"cuda-edit:{name}"]))
                    break
    return GenerateResult(variants=variants, rule_errors=errors)


class ModelSamples(Step):
    """The model's candidates for every seed of the shard, in one batched call."""

    name = "model samples"

    def __init__(self, config, cache: str | None, place=None):
        super().__init__()
        self.config, self.cache, self.place = config, cache, place

    def run(self, data: Iterable[SeedWork], rank: int = 0, world_size: int = 1) -> Iterator[SeedWork]:
        from semforge.transforms.llm import sample_variants
        from semforge.transforms.llm.stage import generate_here

        work = list(data)
        if not work:
            return
        samples = sample_variants([w.seed for w in work], self.config, self.cache,
                                  counters=self.stats.counters, generate=self.place or generate_here)
        for item, drawn in zip(work, samples):
            item.samples = drawn
        yield from work


class Generate(Step):
    """Each seed's rule variants, then the model's samples that no rule made (module docstring)."""

    name = "generate"

    def __init__(self, settings: GenerateSettings, rules: list[Rule] | None = None):
        super().__init__()
        self.settings = settings
        self._rules = rules

    @property
    def rules(self) -> list[Rule]:
        # Instantiated on first use: a worker whose seeds run in child processes never needs them.
        if self._rules is None:
            self._rules = select_rules(self.settings)
        return self._rules

    def variants_of(self, work: SeedWork) -> GenerateResult:
        seed, s = work.seed, self.settings
        if seed.language == "pytorch":
            return pytorch_variants(seed.code, s)
        # The seed's input domain: type evidence for the rules that take it (uses_domain).
        domain = seed_domain(seed.code, seed.entry_point, seed.inputs, seed.domain)
        return generate_variants(seed.code, self.rules, count=s.variants_per_seed,
                                 max_chain=s.max_chain, seed=s.seed, protected=[seed.entry_point],
                                 domain=domain)

    def run(self, data: Iterable[SeedWork], rank: int = 0, world_size: int = 1) -> Iterator[SeedWork]:
        c = self.stats.counters
        for work in data:
            try:
                result = self.variants_of(work)
            except Exception as exc:  # a seed that breaks generation is reported, the shard goes on
                c["seeds_failed_generate"] += 1
                self.stats.error(work.seed, "generate", exc)
                continue
            for message in result.rule_errors:
                c["rule_errors"] += 1
                self.stats.errors.append({"source_id": work.seed.source_id, "stage": "generate",
                                          "reason": message})
            # candidates dropped for adding linter noise, per rule and finding (stats.json)
            count_noise(result.noisy, result.candidates, c)
            c["seeds"] += 1
            work.variants = list(result.variants)
            if work.samples:
                # Rule variants and kept samples were both parsed when they were made.
                seen = {normal_form(v.code) for v in work.variants}
                kept = [v for v in work.samples if normal_form(v.code) not in seen]
                c["llm_kept"] -= len(work.samples) - len(kept)
                c["llm_discarded_duplicate"] += len(work.samples) - len(kept)
                work.variants.extend(kept)
            c["variants"] += len(work.variants)
            if not work.variants:
                c["seeds_without_variants"] += 1
            yield work
