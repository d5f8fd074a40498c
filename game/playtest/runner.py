"""Run a batch of AI-vs-AI games: in this process, in local worker processes, or on a Dask cluster.

Each game is a pure function of (map, levels, seed), so the batch's results do
not depend on where or in what order the games ran: records are put back in
seed order before they are summed.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Iterable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from game.ai import DEFAULT_LEVEL, LEVELS
from game.ai import policy_for as ai_policy
from game.match import Policy
from game.rules import FACTIONS, Scenario, did_you_mean

from .batch import Job, PlaytestError, Progress, Task
from .cluster import run_on_dask
from .play import PolicyFactory
from .record import GameRecord
from .summary import DRAW_ROUNDS, Summary

MAX_GAMES = 100_000  # a batch keeps every game's record in memory until its summary is made


def map_factions(scenario: Scenario) -> tuple[str, ...]:
    """The factions that have combatants on the map, in FACTIONS order."""
    present = {c.faction for c in scenario.combatants}
    return tuple(f for f in FACTIONS if f in present)


def resolve_levels(scenario: Scenario, levels: Mapping[str, str] | None, known: Iterable[str]) -> dict[str, str]:
    """Every faction on the map -> its AI level: ``levels`` where given, else normal."""
    factions = map_factions(scenario)
    known = tuple(known)
    out = {f: DEFAULT_LEVEL for f in factions}
    for faction, level in (levels or {}).items():
        if faction not in factions:
            have = ", ".join(factions) or "none"
            raise PlaytestError(f"{scenario.source}: no {faction!r} faction on this map (it has: {have})")
        if level not in known:
            hint = did_you_mean(level, known, cutoff=0.6)  # "hrad": the looser likeness short words need, as --level
            raise PlaytestError(f"unknown AI level {level!r} for {faction}{hint} (one of: {', '.join(known)})")
        out[faction] = level
    return out


def check_fight(scenario: Scenario) -> None:
    """PlaytestError when the map holds no fight: no combatants, or no two factions hostile to each other.

    Every game would end before its first turn, and a batch of them reads as "player wins 100 %" in round 1,
    which tells a designer nothing; the line says what the map lacks instead (R3: who is hostile to whom).
    """
    factions = map_factions(scenario)
    if not factions:
        raise PlaytestError(f"{scenario.source}: nothing to play: the map has no combatants (objects of class "
                            "combatant)")
    if not any(scenario.hostility.hostile(a, b) for a in factions for b in factions):
        raise PlaytestError(f"{scenario.source}: nothing to play: no two factions on the map are hostile to each "
                            f"other (it has: {', '.join(factions)}); add a combatant of a hostile faction, or name "
                            "the pair in the map's hostile property (R3)")


def default_policy_for(level: str) -> Policy:
    return ai_policy(level)


def ai_policy_factory() -> PolicyFactory:
    """game.ai's ``policy_for`` (tests put scripted policies in its place)."""
    return default_policy_for


def local_workers(jobs: int, games: int) -> int:
    """How many local processes ``--jobs`` starts: at most one per game and one per core (more only
    queue for the same cores, each costing a Python and the AI's memory)."""
    return max(1, min(jobs, games, os.cpu_count() or 1))


def run_batch(
    scenario: Scenario,
    games: int,
    seed: int | None = None,
    levels: Mapping[str, str] | None = None,
    jobs: int = 1,
    *,
    scheduler: str | None = None,
    map_label: str | None = None,
    keep_logs: int = 0,
    policy_for: PolicyFactory | None = None,
    level_names: Iterable[str] | None = None,
    progress: Progress | None = None,
    max_rounds: int = DRAW_ROUNDS,
) -> Summary:
    """Play ``games`` AI-vs-AI games of the map's setup; game k uses seed ``seed + k``.

    ``levels`` maps factions to AI levels (default normal for every faction on the map);
    ``jobs`` > 1 plays in that many local processes; ``scheduler`` (a Dask scheduler address)
    sends the games to a Dask cluster instead. The first ``keep_logs`` games keep their action
    logs (``GameRecord.log``) for replay. Results are identical however the games are spread.

    Worker processes start with ``spawn`` (the same on every platform, safe next to threads):
    a script calling this with ``jobs`` > 1 needs the usual ``if __name__ == "__main__":`` guard.
    """
    if games < 1:
        raise PlaytestError(f"--games must be at least 1, got {games}")
    if games > MAX_GAMES:
        raise PlaytestError(f"--games must be at most {MAX_GAMES:,} (a batch's records stay in memory), "
                            f"got {games:,}")
    if jobs < 1:
        raise PlaytestError(f"--jobs must be at least 1, got {jobs}")
    check_fight(scenario)
    lv = resolve_levels(scenario, levels, level_names if level_names is not None else LEVELS)
    if policy_for is None:
        policy_for = ai_policy_factory()
    base = scenario.seed if seed is None else seed
    tasks: list[Task] = [(base + k, k < keep_logs) for k in range(games)]
    job = Job(scenario, lv, policy_for, max_rounds)
    if scheduler is not None:
        records = run_on_dask(scheduler, job, tasks, progress)
    elif local_workers(jobs, games) == 1:
        records = []
        for i, t in enumerate(tasks):
            records.append(job.play(t))
            if progress:
                progress(i + 1, games)
    else:
        records = _run_local_processes(job, tasks, local_workers(jobs, games), progress)
    records = sorted(records, key=lambda r: r.seed)
    return Summary(
        map=map_label if map_label is not None else str(scenario.source),
        title=scenario.title,
        seed=base,
        levels=lv,
        factions=map_factions(scenario),
        combatants=tuple((c.name, c.faction) for c in scenario.combatants),
        records=tuple(records),
        sides=tuple(scenario.hostility.sides(map_factions(scenario))),
    )


_WORKER_JOB: Job | None = None


def _init_worker(job: Job) -> None:
    global _WORKER_JOB
    _WORKER_JOB = job
    # Ctrl-C reaches the whole process group: the parent cancels the batch; workers just finish
    # their game instead of each printing a KeyboardInterrupt traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_worker(task: Task) -> GameRecord:
    assert _WORKER_JOB is not None, "worker not initialised"
    return _WORKER_JOB.play(task)


def _run_local_processes(job: Job, tasks: list[Task], jobs: int, progress: Progress | None) -> list[GameRecord]:
    # spawn, not fork: a parent that has pygame or threads loaded forks badly, and spawn behaves
    # the same on Linux, macOS and Windows.
    ctx = multiprocessing.get_context("spawn")
    out: list[GameRecord] = []
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_init_worker, initargs=(job,))
    # Keep only a couple of games per worker in flight: Ctrl-C or a failed game then stops the batch
    # after those few, instead of after every queued game has been played out.
    queue = iter(tasks)
    pending: set[Future[GameRecord]] = set()
    try:
        while True:
            while len(pending) < 2 * jobs and (task := next(queue, None)) is not None:
                pending.add(pool.submit(_play_in_worker, task))
            if not pending:
                break
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                out.append(fut.result())
            if progress:
                progress(len(out), len(tasks))
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return out
