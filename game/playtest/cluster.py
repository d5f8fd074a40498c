"""Send a batch to a Dask distributed cluster (``pip install 'playmat[cluster]'``).

The scenario, levels and policy factory travel once (scattered to every
worker); each task is one seed, so a cluster of any size balances the games
itself. Workers need Playmat installed; the map file does not have to be on
them. Records come back in completion order and are sorted by seed by the
caller, so the result equals a local run's.
"""

from __future__ import annotations

import gc
import socket
import sys

from .batch import Job, PlaytestError, Progress, Task
from .record import GameRecord

INSTALL_HINT = "pip install 'playmat[cluster]'"
CONNECT_TIMEOUT_S = 3.0


def _collect_quietly() -> None:
    """Dask's half-made Client closes itself when collected and, when that close times out, prints an
    "Exception ignored" traceback at exit: collect it now, with nothing printed."""
    hook = sys.unraisablehook
    sys.unraisablehook = lambda _: None
    try:
        gc.collect()
    finally:
        sys.unraisablehook = hook


def _check_reachable(address: str) -> None:
    """PlaytestError (one line, within seconds) for an address Dask cannot parse, or a TCP scheduler that
    does not answer; Dask's Client would give the same answer only after its own timeouts."""
    from distributed.comm import parse_address
    from distributed.comm.addressing import parse_host_port

    def bad(why: str) -> PlaytestError:
        return PlaytestError(f"--scheduler {address}: {why} (give tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786)")

    try:
        scheme, location = parse_address(address)
        if scheme not in ("tcp", "tls", "ws", "wss"):
            return  # ucx, inproc...: Dask knows best
        host, port = parse_host_port(location)
    except (ValueError, TypeError) as err:
        raise bad(" ".join(str(err).split())) from None
    if not host or any(ch.isspace() for ch in host) or not 0 < int(port) < 65536:
        raise bad("not a scheduler address")
    try:
        socket.create_connection((host, int(port)), timeout=CONNECT_TIMEOUT_S).close()
    except OSError as err:
        raise PlaytestError(f"--scheduler {address}: cannot connect: {err.strerror or err}") from None


def _play_on_worker(job: Job, task: Task) -> GameRecord:
    return job.play(task)


def run_on_dask(address: str, job: Job, tasks: list[Task], progress: Progress | None) -> list[GameRecord]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise PlaytestError(f"--scheduler needs Dask distributed: {INSTALL_HINT}") from None
    _check_reachable(address)  # before any Client exists: a failed one stalls the exit for 20 s
    failure = None
    try:
        client = Client(address, timeout=f"{CONNECT_TIMEOUT_S * 2:g}s", set_as_default=False)
    except Exception as err:  # whatever answers at the address: one line, never Dask's traceback
        failure = f"--scheduler {address}: cannot connect: {' '.join(str(err).split())[:200]}"
    if failure is not None:
        _collect_quietly()
        raise PlaytestError(failure)
    try:
        shared = client.scatter(job, broadcast=True, hash=False)
        # pure=False: every game is its own task even if the cluster saw the same seed before.
        futures = client.map(_play_on_worker, [shared] * len(tasks), tasks, pure=False)
        out: list[GameRecord] = []
        for fut in as_completed(futures, loop=client.loop):
            out.append(fut.result())
            if progress:
                progress(len(out), len(tasks))
        return out
    finally:
        client.close()
