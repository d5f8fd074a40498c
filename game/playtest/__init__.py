"""AI-vs-AI playtests of a map: batches of games, statistics, reports and heatmaps.

The public entry point is :func:`run_batch`::

    from game.maps import load_scenario
    from game.playtest import run_batch

    summary = run_batch(load_scenario("maps/ambush.tmx"), games=20, seed=1, levels={"enemy": "hard"}, jobs=2)
    summary.win_rate("enemy").rate   # 0.0 .. 1.0, with .low/.high (95 % Wilson interval)
    summary.to_json()                # the document `playmat playtest --json` prints

Games play through :class:`game.match.Match` with :func:`game.ai.policy_for` policies;
game k uses seed ``seed + k`` for its dice and its AI, so a batch is reproducible
whether it runs here, in ``jobs`` local processes or on a Dask cluster.
"""

from __future__ import annotations

from .behaviour import Behaviour, count_behaviour
from .quick import quick_playtest
from .record import COUNTERS, GameRecord
from .report import RunInfo, markdown_report
from .runner import DEFAULT_LEVEL, LEVELS, PlaytestError, check_fight, local_workers, map_factions, run_batch
from .stats import Proportion, wilson_interval
from .summary import DRAW_ROUNDS, Summary

__all__ = [
    "Behaviour",
    "COUNTERS",
    "DEFAULT_LEVEL",
    "DRAW_ROUNDS",
    "GameRecord",
    "LEVELS",
    "PlaytestError",
    "local_workers",
    "Proportion",
    "RunInfo",
    "Summary",
    "check_fight",
    "count_behaviour",
    "map_factions",
    "markdown_report",
    "quick_playtest",
    "run_batch",
    "wilson_interval",
]
