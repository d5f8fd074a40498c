"""Send a batch to a Dask distributed cluster (``pip install 'playmat[cluster]'``).

The scenario, levels and policy factory travel once (scattered to every
worker); each task is one seed, so a cluster of any size balances the games
itself. Workers need Playmat installed; the map file does not have to be on
them. Records come back in completion order and are sorted by seed by the
caller, so the result equals a local run's.
"""

from __future__ import annotations

from .batch import Job, PlaytestError, Progress, Task
from .record import GameRecord

INSTALL_HINT = "pip install 'playmat[cluster]'"


def _play_on_worker(job: Job, task: Task) -> GameRecord:
    return job.play(task)


def run_on_dask(address: str, job: Job, tasks: list[Task], progress: Progress | None) -> list[GameRecord]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise PlaytestError(f"--scheduler needs Dask distributed: {INSTALL_HINT}") from None
    try:
        client = Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        raise PlaytestError(f"--scheduler {address}: cannot connect: {' '.join(str(err).split())}") from None
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
