"""A combatant that starts the fight wounded: ``hp`` is where it begins, ``hp_max`` its hit points unhurt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli.main import main
from game.maps import load_scenario
from game.maps.setup_writer import save_setup
from game.maps.tmxwrite import write_map
from game.rules import Encounter, SetHp

OPEN = ["......", "......", "......"]


def duel(tmp_path: Path, **hero: object) -> Path:
    units = [{"name": "Hero", "at": (1, 1), "faction": "player", **hero},
             {"name": "Orc", "at": (4, 1), "faction": "enemy"}]
    return write_map(tmp_path / "m.tmx", OPEN, units=units)


def state(path: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(["state", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_wounded_start_shows_its_hit_points_out_of_its_unhurt_ones(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # The knight the designer wrote as "6 of 14 hit points": the state says 6 now, 14 unhurt.
    units = state(duel(tmp_path, hp=6, hp_max=14), capsys)["units"]
    assert (units["Hero"]["hp"], units["Hero"]["hp_max"]) == (6, 14)
    assert (units["Orc"]["hp"], units["Orc"]["hp_max"]) == (10, 10)  # no hp_max: unhurt, as before


def test_hp_above_hp_max_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = duel(tmp_path, hp=16, hp_max=14)
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        'm.tmx: object 1 "Hero": hp 16 is more than hp_max 14 (hp is the hit points it starts with, '
        "hp_max those it has unhurt: raise hp_max or lower hp)",
    ]


def test_a_wound_dealt_in_setup_is_still_a_wound_in_the_saved_map(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # The GM wounds the hero (10 hit points) to 4 and saves the setup as a map: it reopens at 4 of 10,
    # not as a hero of 4 hit points unhurt.
    path = duel(tmp_path)
    enc = Encounter(load_scenario(path))
    enc.apply(SetHp("Hero", 4))
    out = save_setup(path, enc, tmp_path / "setup.tmx")
    hero = state(out, capsys)["units"]["Hero"]
    assert (hero["hp"], hero["hp_max"]) == (4, 10)


def test_a_bad_hp_beside_hp_max_is_told_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # hp "lots" is the one slip; the default 10 it falls back to is not then said to exceed hp_max 6.
    path = duel(tmp_path, hp="lots", hp_max=6)
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == ['m.tmx: object 1 "Hero": hp is not an integer: "lots"']
