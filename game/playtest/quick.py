"""The quick playtest ``playmat validate --playtest`` hands to the map lint (``game.maps.lint.lint_map``)."""

from __future__ import annotations

from typing import TextIO

from game.rules import Scenario

from .batch import PlaytestError
from .progress import ProgressBar
from .runner import check_fight, run_batch


def quick_playtest(scenario: Scenario, games: int, *, bar: TextIO | None = None) -> dict[str, int]:
    """Wins per side in ``games`` AI-vs-AI games at the default level (slow), keyed "player + ally".

    A side is the engine's ``Hostility.sides`` (R3): the factions that win together, as the playtest report
    and the title screen group them. ``bar``: a terminal to draw a progress bar on while the games run (the
    CLI passes stderr when it is one and ``--json`` is off), so half a minute of lint is not silent.
    """
    try:
        check_fight(scenario)
    except PlaytestError:
        return {}  # no fight, so nothing lopsided: the lint's own lines say what the map lacks
    with ProgressBar(games, bar is not None, stream=bar, desc=f"quick playtest of {scenario.title}") as progress:
        summary = run_batch(scenario, games=games, seed=scenario.seed, progress=progress.update)
    return {" + ".join(side): summary.side_wins(side).successes for side in summary.sides}
