"""The summary's "How it ended" says what defeated a combatant that fell or burned, as a player would: found on
giants_lair, a goblin the GM pushed into the chasm read "defeated in round 1", nothing more, beside "defeated in
round 14 by Goblin 2".

Map (pointy-top, staggerindex odd; worked by hand): a chasm at 9,2 and 6,3, a hazard (3 damage) at 6,5. O at 5,2
pushed east 4 goes 6,2 7,2 8,2 9,2 and falls (R12); G at 7,4 (an even row) has 6,5 to its south-west, so a push
south-west puts it on the hazard, 3 damage of its 3 hp.
"""

from __future__ import annotations

import pytest

from game.rules import Begin, EndTurn, Move, Push, Shove, scenario_from_rows
from tests.test_battle_stats import summary_of, texts_drawn

ROWS = ["." * 10] * 2 + [".........c"] + ["." * 10] * 2 + ["......h..."]
UNITS = [
    {"name": "A", "at": (2, 2), "faction": "player", "initiative": 9, "attack": 5, "damage": "4", "hp": 10},
    {"name": "O", "at": (5, 2), "faction": "enemy", "initiative": 5, "facing": "w", "hp": 6, "defense": 10},
    {"name": "G", "at": (7, 4), "faction": "enemy", "initiative": 1, "facing": "w", "hp": 3, "defense": 8},
]


def fate_of(name: str, actions: list, rows: list[str] = ROWS, units: list = UNITS) -> str:
    scene = summary_of(scenario_from_rows(rows, units), actions)
    return scene.fate(scene.stats[name])[0]


def test_a_gm_push_into_the_chasm_names_the_fall_and_the_gm() -> None:
    fate = fate_of("O", [Begin(), Push("O", "e", 4)])
    assert fate == "defeated in round 1 by a fall into the chasm (pushed by the GM)"


def test_a_gm_push_onto_a_hazard_names_the_hazard_and_the_gm() -> None:
    assert fate_of("G", [Begin(), Push("G", "sw", 1)]) == "defeated in round 1 by the hazard (pushed by the GM)"


def test_a_shove_into_the_chasm_names_the_shover() -> None:
    """A steps to 4,2, west of O; its shove pushes O east onto 5,2's east neighbour 6,2: a chasm there."""
    rows = ["." * 10] * 2 + ["......c..."] + ["." * 10] * 2 + ["......h..."]
    fate = fate_of("O", [Begin(), Move("A", (4, 2)), Shove("A", "O", 15)], rows)
    assert fate == "defeated in round 1 by A's shove into the chasm"


def test_a_hazard_at_the_start_of_a_turn_is_the_hazard_s_doing() -> None:
    """G starts on the hazard: 3 damage at the start of its turn (R25), its 3 hp gone, nobody's blow."""
    units = [dict(u, at=(6, 5)) if u["name"] == "G" else u for u in UNITS]
    assert fate_of("G", [Begin(), EndTurn(), EndTurn()], units=units) == "defeated in round 1 by the hazard"


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_the_longest_cause_reads_whole_in_the_table(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The fall's cause, the longest the column holds, is drawn whole (the round may go first), never cut."""
    scene = summary_of(scenario_from_rows(ROWS, UNITS), [Begin(), Push("O", "e", 4)])
    drawn = texts_drawn(monkeypatch)
    from game.render.pg import pygame

    scene.draw(pygame.Surface(size), 1.0)
    fates = [t for t in drawn if "chasm" in t]
    assert fates and all(t.endswith("(pushed by the GM)") for t in fates), fates


def test_the_map_s_name_for_the_hazard_is_the_cause() -> None:
    """giants_lair's fire pits are tiles named "fire" (4 damage): Grundvald, set to 3 hp by the GM, pushed east 2
    onto one at 18,7, is defeated "by the fire", not "by the hazard"."""
    from pathlib import Path

    from game.maps import load_scenario
    from game.rules import SetHp

    scenario = load_scenario(Path(__file__).resolve().parents[1] / "maps" / "giants_lair.tmx")
    scene = summary_of(scenario, [Begin(), SetHp("Grundvald", 3), Push("Grundvald", "e", 2)])
    assert scene.fate(scene.stats["Grundvald"])[0] == "defeated in round 1 by the fire (pushed by the GM)"
