"""Saving a setup as a TMX (game.maps.setup_writer): Playmat loads it back as the same encounter, pytmx (as Tiled)
reads it, and everything the GM did not touch is the designer's file as it was."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

import numpy as np
import pytest
import pytmx  # an independent reader of the files the writer makes (the test extra)

from game.maps import load_scenario, shipped_maps
from game.maps.setup_writer import default_setup_path, save_setup, user_maps_folder
from game.rules import Edit, Encounter, Join, Place, Remove, SetHp, SetThreatening

SHIPPED = [m.path for m in shipped_maps()]


def same_scenario(a, b) -> None:
    assert a.title == b.title and a.seed == b.seed and a.hostility == b.hostility
    assert np.array_equal(a.board.terrain, b.board.terrain) and np.array_equal(a.board.exit, b.board.exit)
    assert [c.object_id for c in a.combatants] == [c.object_id for c in b.combatants]
    assert a.combatants == b.combatants  # every field of every combatant, in map order


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_load_save_load_gives_the_same_scenario(path: Path, tmp_path: Path) -> None:
    first = load_scenario(path)
    out = save_setup(path, Encounter(first), tmp_path / "again.tmx")  # another folder: paths rewritten
    same_scenario(load_scenario(out), first)
    pytmx.TiledMap(str(out), allow_duplicate_names=True)  # Tiled's format, as another reader (pytmx) reads it


def test_a_gm_s_setup_comes_back_exactly(tmp_path: Path) -> None:
    path = next(p for p in SHIPPED if p.name == "default.tmx")
    enc = Encounter(load_scenario(path))
    for action in (
        Place("Mira", (6, 4), "ne"),
        Edit.of("Troll", {"hp": 24, "initiative": 20}),
        Edit.of("Orc 1", {"ranged": "2-6", "ranged_damage": "1d6"}),
        SetThreatening("Orc 2", False),
        SetHp("Aldric", 12),
        Remove("Goblin", "fled"),
        Join.of({"name": "Wolf", "faction": "enemy", "move": 8, "hp": 6, "facing": "w"}, (7, 4)),
        Join.of({"name": "Hunter", "faction": "ally", "ranged": "2-10", "initiative": 20}, (2, 4)),
    ):
        enc.apply(action)
    out = save_setup(path, enc, tmp_path / "ambush-setup.tmx")
    again = Encounter(load_scenario(out))
    # The encounter the GM set up, combatant for combatant: places, facings, hp, threat, order (R14 ties:
    # the Hunter joined after the Troll's initiative 20 and stays after it), the bow and its default attack.
    expected = enc.state_json()
    del expected["units"]["Goblin"]  # removed in setup: not on the saved map
    assert again.state_json() == expected
    assert again.order()[:2] == ["Troll", "Hunter"]


def test_only_what_the_gm_changed_is_rewritten(tmp_path: Path) -> None:
    path = next(p for p in SHIPPED if p.name == "default.tmx")
    enc = Encounter(load_scenario(path))
    enc.apply(Place("Mira", (6, 4)))
    enc.apply(Edit.of("Wren", {"skills": None}))
    out = save_setup(path, enc, tmp_path / "m.tmx")
    before, after = ET.parse(path).getroot(), ET.parse(out).getroot()
    objects = {o.get("name"): o for o in after.iter("object")}
    old = {o.get("name"): o for o in before.iter("object")}
    for name in ("Aldric", "Troll", "Orc 1"):  # untouched: the same attributes and properties
        assert objects[name].attrib == old[name].attrib
        assert [p.attrib for p in objects[name].iter("property")] == [p.attrib for p in old[name].iter("property")]
    assert objects["Mira"].get("x") != old["Mira"].get("x")
    assert "skills" not in {p.get("name") for p in objects["Wren"].iter("property")}
    assert [d.text for d in after.iter("data")] == [d.text for d in before.iter("data")]  # tiles as they were
    # Saved into another folder, the tileset still points at the shipped art.
    src = next(after.iter("tileset")).get("source")
    assert (tmp_path / src).resolve() == (path.parent / next(before.iter("tileset")).get("source")).resolve()


def test_a_setup_of_a_shipped_map_goes_to_the_user_maps_folder(tmp_path: Path) -> None:
    shipped = next(p for p in SHIPPED if p.name == "default.tmx")
    assert default_setup_path(shipped, 0).parent == user_maps_folder()
    assert default_setup_path(shipped, 0).name.startswith("default-setup-")
    mine = tmp_path / "mine.tmx"
    mine.write_text("")
    assert default_setup_path(mine).parent == tmp_path  # a designer's own map: beside it


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_an_untouched_setup_saved_beside_its_map_is_the_same_file(path: Path, tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "assets").symlink_to(path.parent.parent / "assets")  # the map's ../assets/ tilesets
    copy = tmp_path / "maps" / path.name
    copy.write_bytes(path.read_bytes())
    out = save_setup(copy, Encounter(load_scenario(copy)), tmp_path / "maps" / "same.tmx")
    assert out.read_bytes() == path.read_bytes()
