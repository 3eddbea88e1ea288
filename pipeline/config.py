"""The run configuration: one validated object, loaded from YAML or TOML.

Every section rejects unknown keys, and a bad value is reported with its full key path and the
reason (``verify.examples: must be >= 1, got 0``), so a typo never silently falls back to a
default.
"""

from __future__ import annotations

import difflib
import json
import tomllib
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from semforge import __version__
from semforge.record import digest
from semforge.transforms.llm.config import PLACEMENT_KEYS as LLM_PLACEMENT_KEYS, LLMConfig

from .corpora import CorpusSpec
from .curate.settings import CurateSettings


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GenerateSettings(_Section):
    """How variants are made from each seed."""

    rules: list[str] | Literal["all"] = Field("all", description="rule ids to use, or 'all'")
    exclude_rules: list[str] = Field(default_factory=list, description="rule ids never to use")
    variants_per_seed: int = Field(8, ge=1, le=1000, description="distinct variants kept per seed")
    max_chain: int = Field(3, ge=1, le=20, description="longest chain of rules in one variant")
    robustness: bool = Field(
        False, description="also use the renaming and dead-code rules (robustness data, "
        "NatGen-style); even then they only follow a structural rewrite in a chain, never make "
        "a variant on their own")
    seed: int = Field(0, description="seed of the rule chains (the run is a pure function of it)")
    rule_modules: list[str] = Field(
        default_factory=list, description="importable modules holding your own @register-ed rules"
    )
    cuda_forms: list[Literal["fused", "plain", "strided", "separate"]] = Field(
        ["fused", "plain", "strided", "separate"],
        description="CUDA template forms made for PyTorch seeds (fast: fused/plain; slow: strided/separate)")
    cuda_edits: list[Literal["block-size-128", "block-size-512", "unroll-4", "drop-restrict",
                             "grid-stride", "commute-index"]] = Field(
        ["block-size-512", "grid-stride", "drop-restrict"],
        description="tree-sitter edits applied to the first CUDA template program of each seed")
    llm: LLMConfig | None = Field(
        None, description="also sample variants from a language model (see docs/llm.md); "
        "`rules: []` for model variants only"
    )


class TorchSettings(_Section):
    """How PyTorch / CUDA pairs (language: pytorch) are judged and timed."""

    cases_per_shape: int = Field(6, ge=1, le=100, description="input cases on the program's own shapes")
    shapes: int = Field(2, ge=1, le=2, description="2: also odd, smaller shapes where get_inputs allows")
    device: Literal["auto", "cuda", "cpu"] = Field("auto", description="auto: CUDA when available")
    compile_timeout_s: float = Field(600.0, gt=0, description="loading a variant (compiling its kernels)")
    run_timeout_s: float = Field(120.0, gt=0, description="running every case after loading")
    speed_band: float = Field(0.08, ge=0, lt=1, description=(
        "speedup interval wholly inside 1 ± band: 'same'; wholly outside: 'faster'/'slower'; "
        "across an edge: no label"))
    sanitize: bool = Field(True, description="compute-sanitizer initcheck on passing CUDA variants")
    cache_dir: str | None = Field(None, description="compiled-kernel cache shared by workers")
    parallel: int = Field(4, ge=1, description="variants of one seed checked at once")
    engine: Literal["auto", "worker", "processes"] = Field(
        "auto", description="worker: one long-lived process per GPU judges every pair (CUDA "
        "contexts reused, outputs compared on the device); processes: one process per program "
        "(compute-sanitizer runs here); auto: worker on CUDA, processes on the CPU")
    cuda_arch: str | None = Field(
        None, description="compute capability kernels are compiled for ahead of the GPU (sm_90); "
        "default: the first GPU nvidia-smi lists on the machine compiling")


class VerifySettings(_Section):
    """How every pair is judged (see docs/verifier.md)."""

    examples: int = Field(200, ge=1, le=100_000, description="inputs run per pair")
    seed: int = Field(0, description="Hypothesis seed (derandomized), recorded per row")
    timeout_s: float = Field(2.0, gt=0, le=600, description="wall-clock limit per call")
    memory_mb: int = Field(512, ge=64, description="memory limit of a sandboxed program")
    policy: Literal["typed", "strict", "domain"] = Field(
        "typed", description="typed: every input of the seed's domain (its inferred input types), "
        "exception types matched, and the level each pair reaches recorded (equivalence: strict "
        "when inputs of any type pass too, else typed); strict: inputs of any type; domain: only "
        "the domain's inputs the original accepts"
    )
    default_level: dict[Literal["rules", "llm"], Literal["strict", "typed"]] = Field(
        default_factory=lambda: {"rules": "typed", "llm": "typed"},
        description="per generator, the equivalence level a pair must reach to land in the "
        "default config (strict: pairs equivalent only on the domain's types go to rejected)")
    rtol: float = Field(1e-9, ge=0, description="relative tolerance for floats")
    atol: float = Field(0.0, ge=0, description="absolute tolerance for floats (max-ed with the corpus's)")
    measure_speed: bool = Field(True, description="measure speedup of equivalent pairs")
    speed_band: float = Field(0.05, ge=0, lt=1, description=(
        "speedup interval wholly inside 1 ± band: 'same'; wholly outside: 'faster'/'slower'; "
        "across an edge: no label"))
    speed_rounds: int = Field(15, ge=3, le=1000, description=(
        "interleaved timing rounds per pair, in 5 blocks; up to 3x while undecided"))
    timing: Literal["auto", "wall", "instructions"] = Field(
        "auto", description="instructions: instructions counted under Valgrind (callgrind), "
        "labels that repeat between runs (needs valgrind on every worker; slower to measure); "
        "wall: interleaved wall-clock rounds, which a busy machine moves; auto: instructions "
        "where valgrind is installed, else wall (each row's `timing` says which)")
    crosshair: bool = Field(
        False, description="ask CrossHair (sandboxed) for inputs on which a passing pair differs; "
        "annotated entry points only; off by default: it multiplies verification time"
    )
    crosshair_budget_s: float = Field(
        5.0, ge=0.5, le=600, description="wall clock per pair for CrossHair, start-up included"
    )
    pytorch: TorchSettings = Field(default_factory=TorchSettings)


class RunSettings(_Section):
    """Placement and sharding. Placement never changes the rows, so it is not part of the digest."""

    seeds_per_shard: int = Field(10, ge=1, description="seeds per shard (one Dask task, one Parquet file)")
    workers: int | None = Field(None, ge=1, description="local cluster worker processes (default: cores)")
    max_retries: int = Field(1, ge=0, description="Dask retries of a shard whose worker died")
    gpu_resources: bool = Field(
        False, description="submit shards holding PyTorch seeds with Dask resources {'GPU': 1}: "
        "only workers started with `--resources GPU=1` take them (local cluster: every worker)")
    limit: int | None = Field(None, ge=1, description="use only the first N seeds (after dedup)")
    sample_every: int | None = Field(
        None, ge=1, description="process only every N-th shard (a trial spread over the whole "
        "corpus; the others are planned but not run)")
    seed_budget_s: float = Field(
        300.0, gt=0, description="wall clock per seed for generate + verify (input generation and "
        "timing included), enforced by killing the seed's process; over it, a stats reason")
    seed_memory_mb: int = Field(4096, ge=256, description="memory of a seed's process; over it, "
                                "the seed is stopped and counted like a timeout")
    shard_budget_s: float | None = Field(
        None, gt=0, description="wall clock per shard; seeds left when it runs out are counted "
        "as over budget (default: only the per-seed budget)")
    isolate_seeds: bool = Field(True, description="run seeds in a killable child process (off: "
                                "in the worker itself, no budgets; for debugging)")
    recycle_after_seeds: int = Field(
        200, ge=1, description="seeds per child process before a fresh one takes over, so memory "
        "kept by libraries never accumulates")
    window: int | None = Field(None, ge=1, description="shard tasks in flight at once "
                               "(default: 2 per worker)")
    resources: dict[str, float] = Field(
        default_factory=dict, description="Dask worker resources each shard task needs, e.g. "
        "{GPU: 1} to place shards only on workers started with --resources GPU=1")


# Keys that decide where and how fast work runs, never which rows come out (a seed stopped by a
# budget gives no rows, which a rerun with a larger budget may fill in: see `--force`).
PLACEMENT_KEYS = ("workers", "max_retries", "seed_budget_s", "seed_memory_mb", "shard_budget_s",
                  "isolate_seeds", "recycle_after_seeds", "window", "resources", "gpu_resources")


class CardSettings(_Section):
    """What the dataset card says."""

    name: str = Field("semforge-pairs", description="dataset name shown in the card")
    description: str | None = Field(None, description="a paragraph of your own for the card")
    license: str | None = Field(
        None, description="license of the published dataset (a Hub license id); unset: the rows' "
        "licenses (one: that one; several: their list; one the Hub does not list: other)")


class Config(_Section):
    corpus: list[CorpusSpec] = Field(default_factory=lambda: [CorpusSpec(kind="builtin")])
    generate: GenerateSettings = Field(default_factory=GenerateSettings)
    verify: VerifySettings = Field(default_factory=VerifySettings)
    run: RunSettings = Field(default_factory=RunSettings)
    card: CardSettings = Field(default_factory=CardSettings)
    curate: CurateSettings = Field(default_factory=CurateSettings)
    out: str = Field("semforge-out", description="output dataset directory")

    def content_digest(self, corpus_labels: list[str]) -> str:
        """Digest of everything that decides the rows: not placement, not the output path."""
        return digest(self.digest_payload(corpus_labels))

    def digest_payload(self, corpus_labels: list[str]) -> dict[str, Any]:
        """What ``content_digest`` digests (``differences`` names what two of them disagree on)."""
        data = self.model_dump(mode="json", exclude={"run": set(PLACEMENT_KEYS), "out": True,
                                                  "curate": True})
        for key in ("limit", "sample_every"):  # unset: digests of configs from before the keys
            if data["run"].get(key) is None:
                data["run"].pop(key, None)
        if data["verify"].get("timing") == "wall":  # likewise: the default before the key
            del data["verify"]["timing"]
        for key in LLM_PLACEMENT_KEYS if data["generate"].get("llm") else ():
            del data["generate"]["llm"][key]  # where the model runs is placement too
        return {"config": data, "corpora": corpus_labels, "semforge": __version__}


def differences(before: Any, after: Any, path: str = "", limit: int = 8) -> list[str]:
    """``key: old -> new`` for each leaf where two digest payloads (or any JSON values) differ,
    in key order, at most ``limit`` (then a count of the rest)."""
    found: list[str] = []

    def walk(a: Any, b: Any, where: str) -> None:
        if isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(set(a) | set(b), key=str):
                walk(a.get(key, "(unset)"), b.get(key, "(unset)"), f"{where}.{key}" if where else str(key))
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b)):
                walk(x, y, f"{where}[{i}]")
        elif a != b:
            found.append(f"{where}: {json.dumps(a, default=str)} -> {json.dumps(b, default=str)}")

    walk(before, after, path)
    if len(found) > limit:
        found = found[:limit] + [f"... and {len(found) - limit} more"]
    return found


class ConfigError(ValueError):
    """A config file that cannot be used; the message names the key and the fix."""


def _key_path(loc: tuple[Any, ...]) -> str:
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        elif part in ("function-after", "function-before", "literal['all']", "list[str]"):
            continue  # pydantic's internal branch names are noise to a user
        else:
            path += ("." if path else "") + str(part)
    return path or "(top level)"


def _known_keys(loc: tuple[Any, ...]) -> list[str]:
    model: Any = Config
    for part in loc[:-1]:
        if isinstance(part, int):
            continue
        field = getattr(model, "model_fields", {}).get(part)
        if field is None:
            return []
        ann = field.annotation
        args = getattr(ann, "__args__", ()) or (ann,)
        model = next((a for a in args if isinstance(a, type) and issubclass(a, BaseModel)), None)
        if model is None:
            return []
    return list(getattr(model, "model_fields", {}))


def explain(exc: ValidationError, origin: str) -> ConfigError:
    """Turn pydantic's errors into one message a user can act on."""
    lines = []
    seen = set()
    for err in exc.errors():
        path = _key_path(err["loc"])
        if err["type"] == "extra_forbidden":
            known = _known_keys(err["loc"])
            close = difflib.get_close_matches(str(err["loc"][-1]), known, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            msg = f"unknown key{hint}; allowed here: {', '.join(known)}" if known else "unknown key"
        else:
            got = err.get("input")
            text = err["msg"].removeprefix("Value error, ")  # pydantic's prefix for our validators
            msg = f"{text} (got {got!r})" if not isinstance(got, (dict, list)) else text
        if (path, msg) not in seen:
            seen.add((path, msg))
            lines.append(f"  {path}: {msg}")
    return ConfigError(f"invalid config {origin}:\n" + "\n".join(lines))


def parse_config(data: dict[str, Any] | None, origin: str = "(inline)") -> Config:
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"invalid config {origin}: the top level must be a mapping of sections")
    try:
        return Config.model_validate(data)
    except ValidationError as exc:
        raise explain(exc, origin) from None


def load_config(path: str | Path | None) -> Config:
    """Load a YAML (.yaml/.yml) or TOML (.toml) config; ``None`` gives the defaults."""
    if path is None:
        return Config()
    p = Path(path)
    if not p.is_file():
        raise ConfigError(f"config file {p} does not exist")
    text = p.read_text(encoding="utf-8")
    try:
        if p.suffix == ".toml":
            data = tomllib.loads(text)
        elif p.suffix in (".yaml", ".yml"):
            data = yaml.safe_load(text)
        else:
            raise ConfigError(f"config file {p}: use a .yaml, .yml or .toml file")
    except (yaml.YAMLError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"config file {p} is not valid {p.suffix[1:].upper()}: {exc}") from None
    return parse_config(data, origin=str(p))
