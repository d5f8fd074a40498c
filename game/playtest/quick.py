"""The quick playtest ``playmat validate --playtest`` hands to the map lint (``game.maps.lint.lint_map``)."""

from __future__ import annotations

from game.rules import Scenario

from .runner import run_batch


def quick_playtest(scenario: Scenario, games: int) -> dict[str, int]:
    """Wins per side in ``games`` AI-vs-AI games at the default level (slow).

    A side is a group of factions not hostile to each other (player and ally, say): they win together.
    """
    summary = run_batch(scenario, games=games, seed=scenario.seed)
    sides: list[set[str]] = []
    for faction in summary.factions:
        side = next((s for s in sides if not any(scenario.hostility.hostile(faction, f) for f in s)), None)
        if side is None:
            sides.append({faction})
        else:
            side.add(faction)
    return {"/".join(sorted(side)): sum(1 for r in summary.records if set(r.winners) & side) for side in sides}
