"""The local Dask cluster `semforge run` starts when no scheduler address is given.

One worker process per core, one thread each (seeds are CPU-bound and run in child processes).
When shards need a GPU (``run.gpu_resources``) and the machine has GPUs, the first workers each
get one GPU of their own: ``CUDA_VISIBLE_DEVICES`` set to it and the Dask resource ``GPU=1``,
so two GPU shards never share a device (a shared device would also blur their timings). The
other workers take the CPU shards. Without a GPU every worker declares ``GPU=1``: GPU shards
then run on the CPU, where pairs that need CUDA are marked ``undecided``.
"""

from __future__ import annotations

import os
import shutil
import subprocess


def local_gpus() -> list[str]:
    """The GPUs this process may use, as ``CUDA_VISIBLE_DEVICES`` entries: that variable's list
    when it is set, else one per device ``nvidia-smi -L`` lists; [] without a GPU or driver."""
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    if visible is not None:
        return [d.strip() for d in visible.split(",") if d.strip() and d.strip() != "-1"]
    smi = shutil.which("nvidia-smi")
    if smi is None:
        return []
    try:
        listed = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return []
    if listed.returncode != 0:
        return []
    return [str(i) for i, line in enumerate(listed.stdout.splitlines()) if line.startswith("GPU ")]


def worker_specs(n: int, resources: dict | None, gpus: list[str]) -> list[dict]:
    """Options of each of the ``n`` workers: resources, and the GPU it alone may see."""
    resources = dict(resources or {})
    if not resources.get("GPU") or not gpus:
        return [{"resources": resources} if resources else {} for _ in range(n)]
    cpu_only = {k: v for k, v in resources.items() if k != "GPU"}
    specs = []
    for i in range(n):
        if i < len(gpus):
            specs.append({"resources": resources, "env": {"CUDA_VISIBLE_DEVICES": gpus[i]}})
        else:
            # No device of its own: hide the GPUs, so a CPU shard cannot touch one.
            specs.append({"env": {"CUDA_VISIBLE_DEVICES": ""},
                          **({"resources": cpu_only} if cpu_only else {})})
    return specs


def start_local_cluster(n: int, resources: dict | None, dashboard: bool, scratch: str | None = None):
    """A cluster of ``n`` one-thread worker processes (see the module docstring), whose scratch
    files (spilled data, worker folders) go under ``scratch`` when given."""
    from distributed import LocalCluster, Nanny, Scheduler, SpecCluster

    specs = worker_specs(n, resources, local_gpus() if resources and resources.get("GPU") else [])
    dashboard_address = ":0" if dashboard else None
    where = {"local_directory": scratch} if scratch else {}
    if not any("env" in spec for spec in specs):  # then every worker has the same options
        return LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                            dashboard_address=dashboard_address, **where, **specs[0])
    workers = {i: {"cls": Nanny, "options": {"nthreads": 1, "host": "127.0.0.1", **where, **spec}}
               for i, spec in enumerate(specs)}
    scheduler = {"cls": Scheduler, "options": {"dashboard_address": dashboard_address,
                                               "host": "127.0.0.1"}}
    return SpecCluster(workers=workers, scheduler=scheduler, name="semforge-local")
