"""The Dask client of a run: started (a local cluster, or a connection to one by address),
checked (every worker reaches the output) and shut down without noise.

This and ``local_cluster.py`` are the only modules of the pipeline that know about Dask.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import signal
import uuid
from contextlib import ExitStack, contextmanager

from ..config import ConfigError
from ..storage import Output

# Loggers whose messages at shutdown are the cluster's own bookkeeping (a worker's heartbeat to
# a scheduler that already stopped, a comm closed under a pending read), never the user's concern.
_NOISY = ("distributed", "tornado", "asyncio")


def _quiet(level: int = logging.CRITICAL) -> dict[str, int]:
    """Set the noisy loggers to ``level``; returns their levels before."""
    before = {}
    for name in _NOISY:
        before[name] = logging.getLogger(name).level
        logging.getLogger(name).setLevel(level)
    return before


@contextmanager
def _sigint_ignored():
    """Worker processes started meanwhile ignore SIGINT (a disposition they inherit): Ctrl-C on
    the terminal reaches the whole process group, and only the driver should act on it, by
    closing the cluster; a worker interrupted on its own prints its own traceback."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not ours to set
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def start_client(stack: ExitStack, scheduler_address: str | None, workers: int | None, log,
                 resources: dict | None = None, scratch: str | None = None):
    """A client on the given scheduler, or on a local cluster of ``workers`` processes whose
    scratch files go under ``scratch`` (the run's temporary folder). Closed, quietly, when
    ``stack`` closes. Returns (client, number of workers)."""
    import dask
    from distributed import Client

    from .local_cluster import start_local_cluster

    # distributed logs every worker start and stop at INFO: a user wants the progress instead.
    _quiet(logging.ERROR)
    if scratch is not None:
        stack.enter_context(dask.config.set({"temporary-directory": scratch}))
    if scheduler_address:
        client = Client(scheduler_address, timeout="30s")
        stack.callback(_close_quietly, client)
        n = len(client.scheduler_info()["workers"])
        log(f"Connected to Dask scheduler {scheduler_address} ({n} workers), "
            f"dashboard {client.dashboard_link}")
        return client, n
    n = workers or os.cpu_count() or 1
    has_dashboard = importlib.util.find_spec("bokeh") is not None
    with _sigint_ignored():
        cluster = start_local_cluster(n, resources, has_dashboard, scratch)
        client = Client(cluster)
    stack.callback(_close_quietly, client, cluster)
    where = f", dashboard {client.dashboard_link}" if has_dashboard else ""
    log(f"Started a local Dask cluster: {n} worker processes{where}")
    return client, n


def _close_quietly(client, cluster=None) -> None:
    """Close the client (and the local cluster) with the cluster's shutdown chatter silenced:
    in the driver, and on the workers, which would otherwise log a traceback for every
    heartbeat that finds the scheduler gone."""
    before = _quiet()
    try:
        if cluster is not None:
            client.run(_quiet, on_error="ignore")
    except Exception:  # noqa: BLE001 - a worker already gone needs no silencing
        pass
    try:
        client.close(timeout=10)
    except Exception:  # noqa: BLE001 - closing is best effort; the processes go with the cluster
        pass
    if cluster is not None:
        try:
            cluster.close(timeout=20)
        except Exception:  # noqa: BLE001
            pass
    for name, level in before.items():
        logging.getLogger(name).setLevel(level)


def _probe(url: str, rel: str, token: str) -> str:
    """On a worker: read the driver's probe file, write one back; returns the name written."""
    out = Output(url)
    if out.read_text(rel) != token:
        raise RuntimeError("read a different probe file")
    reply = f"{rel}.{uuid.uuid4().hex}"
    out.put_text(reply, token)
    return reply


def check_workers_reach(client, out: Output) -> None:
    """Refuse to start when a worker cannot read and write the output the driver sees: shards
    written where the driver never looks would be lost."""
    token = uuid.uuid4().hex
    rel = f"_probe/{token}"
    out.put_text(rel, token)
    try:
        replies = client.run(_probe, out.url, rel, token, on_error="return")
        problems = []
        for worker, reply in sorted(replies.items()):
            if isinstance(reply, BaseException):
                problems.append(f"{worker} cannot read it ({type(reply).__name__}: {reply})")
            elif not out.exists(reply):
                problems.append(f"{worker} wrote {reply}, which the driver cannot see")
    finally:
        out.remove_tree("_probe")
    if problems:
        hint = ("give a folder that the driver and every worker share (NFS, a cluster "
                "filesystem) or an object store URL such as s3://bucket/path"
                if out.is_local else "give the workers the same credentials and endpoint "
                "environment as the driver")
        raise ConfigError(f"the workers cannot reach the output {out.url}: "
                          + "; ".join(problems) + f". Nothing was run: {hint}.")
