"""The sandboxes the verifier runs programs in: one per hash seed (``config.HASH_SEEDS``), and
one that counts instructions under Valgrind."""

from __future__ import annotations

from ..config import HASH_SEEDS, VerifyConfig


def counting_sandbox(config: VerifyConfig):
    """The sandbox that counts instructions (under callgrind): one fixed hash seed, so that
    two runs count the same work, and per-call limits stretched by Valgrind's slowdown."""
    from semforge.sandbox import Limits, shared_sandbox
    from semforge.sandbox.counting import SLOWDOWN

    return shared_sandbox(Limits(timeout_s=config.timeout_s * SLOWDOWN,
                                 cpu_s=int(30 * SLOWDOWN), memory_mb=config.memory_mb,
                                 hash_seed=0, count_instructions=True))


def hash_seed_sandboxes(config: VerifyConfig) -> list:
    from semforge.sandbox import Limits, shared_sandbox

    return [shared_sandbox(Limits(timeout_s=config.timeout_s, memory_mb=config.memory_mb,
                                  hash_seed=h)) for h in HASH_SEEDS]
