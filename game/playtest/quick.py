"""The quick playtest ``playmat validate --playtest`` hands to the map lint (``game.maps.lint.lint_map``)."""

from __future__ import annotations

from game.rules import Scenario

from .runner import run_batch


def quick_playtest(scenario: Scenario, games: int) -> dict[str, int]:
    """Wins per side in ``games`` AI-vs-AI games at the default level (slow), keyed "player + ally".

    A side is the engine's ``Hostility.sides`` (R3): the factions that win together, as the playtest report
    and the title screen group them.
    """
    summary = run_batch(scenario, games=games, seed=scenario.seed)
    return {" + ".join(side): summary.side_wins(side).successes for side in summary.sides}
