"""Load a map and replay an optional log: the state every rules command asks about."""

from __future__ import annotations

from game.maps.loader import load_scenario
from game.rules import Encounter, Scenario, read_log, replay


def load_encounter(map_path: str, log_path: str | None, *, allow_outside: bool = False) -> tuple[Scenario, Encounter]:
    """The scenario and the encounter after the log (MapError/LogError on bad input)."""
    scenario = load_scenario(map_path, allow_outside=allow_outside)
    if log_path is None:
        return scenario, Encounter.from_scenario(scenario)
    return scenario, replay(scenario, read_log(log_path, scenario.board.layout))
