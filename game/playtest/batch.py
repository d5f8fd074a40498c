"""One batch of AI-vs-AI games as the workers see it: what every game shares, and one game's task.

Where the games run (here, local processes, a Dask cluster) is the runner's and the cluster's
business; both hand a :class:`Job` and its :data:`Task` values to whoever plays them.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from game.rules import Scenario

from .play import PolicyFactory, play_game
from .record import GameRecord

Progress = Callable[[int, int], None]  # (games done, games in the batch)
Task = tuple[int, bool]  # (seed, keep its action log)


class PlaytestError(ValueError):
    """Bad batch arguments (a faction the map does not have, an unknown level, no games); one line."""


class Job:
    """What every game of a batch shares; pickled once per worker."""

    def __init__(self, scenario: Scenario, levels: dict[str, str], policy_for: PolicyFactory, max_rounds: int) -> None:
        self.scenario = scenario
        self.levels = levels
        self.policy_for = policy_for
        self.max_rounds = max_rounds

    def play(self, task: Task) -> GameRecord:
        seed, keep_log = task
        if not keep_log:
            return play_game(self.scenario, seed, self.levels, self.policy_for, max_rounds=self.max_rounds)
        # The match writes its log where the game runs (maybe another machine): carry the text back.
        with tempfile.TemporaryDirectory(prefix="playmat-playtest-") as tmp:
            path = Path(tmp) / f"game-{seed}.jsonl"
            record = play_game(self.scenario, seed, self.levels, self.policy_for, max_rounds=self.max_rounds,
                               log_path=path)
            return replace(record, log=path.read_text(encoding="utf-8"))
