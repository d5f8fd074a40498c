"""Load a map and replay an optional log: the state every rules command asks about."""

from __future__ import annotations

from pathlib import Path

from game.maps.loader import load_scenario
from game.rules.actionlog import read_log, replay
from game.rules.encounter import Encounter
from game.rules.errors import RulesError
from game.rules.scenario import Scenario


class InputFileError(RulesError):
    """A file named on the command line cannot be read."""


def load_encounter(map_path: str, log_path: str | None) -> tuple[Scenario, Encounter]:
    scenario = load_scenario(map_path)
    if log_path is None:
        return scenario, Encounter.from_scenario(scenario)
    path = Path(log_path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reason = getattr(err, "strerror", None) or str(err)
        raise InputFileError(f"{path.name}: cannot read log: {reason}") from None
    actions = read_log(text.splitlines(), scenario.board.layout, source=path.name)
    return scenario, replay(scenario, actions, source=path.name)
