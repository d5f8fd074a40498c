"""Saving a setup as a TMX (game.maps.setup_writer): Playmat loads it back as the same encounter, pytmx (as Tiled)
reads it, and everything the GM did not touch is the designer's file as it was."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
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
    # Saved into another folder, the tileset it names is the shipped art, copied in beside it.
    src = next(after.iter("tileset")).get("source")
    shipped = path.parent / next(before.iter("tileset")).get("source")
    assert (tmp_path / src).read_bytes() == shipped.read_bytes() and (tmp_path / src).resolve().is_relative_to(tmp_path)


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


def test_a_shipped_map_s_setup_stands_alone_wherever_its_folder_goes(tmp_path: Path) -> None:
    """The setup of a shipped map goes to the user's maps folder; its tilesets used to be named by a path back into
    the install ("../../../../work/.../assets/terrain.tsx"), which Playmat refuses once installed elsewhere (a file
    outside the map's folder) and the title screen listed as broken. The tilesets and their images are copied in
    beside it (once: a second save reuses them), so the folder moved anywhere still loads and draws the same."""
    import shutil

    from game.maps.loader import validate_map
    from game.render.pg import pygame
    from game.render.tilemap import load_map_art

    path = next(p for p in SHIPPED if p.name == "default.tmx")
    enc = Encounter(load_scenario(path))
    enc.apply(Place("Mira", (6, 4)))
    mine = tmp_path / "share" / "playmat" / "maps"
    mine.mkdir(parents=True)
    first = save_setup(path, enc, mine / "a.tmx")
    save_setup(path, enc, mine / "b.tmx")
    assert sorted(p.name for p in mine.iterdir()) == ["a.tmx", "assets", "b.tmx"]
    names = [t.get("source") for t in ET.parse(first).getroot().iter("tileset")]
    assert names == ["assets/terrain.tsx", "assets/decor.tsx"]
    moved = tmp_path / "elsewhere" / "deeper"
    shutil.copytree(mine, moved)
    assert validate_map(moved / "a.tmx") == []
    same_scenario(load_scenario(moved / "a.tmx"), load_scenario(first))
    pygame.display.init()
    a, b = load_map_art(path).surface(), load_map_art(moved / "a.tmx").surface()
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")  # the same tiles, drawn the same


TILED = shutil.which("tiled") and shutil.which("tmxrasterizer")


@pytest.mark.skipif(not TILED, reason="Tiled is not installed (CI installs it: .ci/run)")
def test_tiled_opens_a_saved_setup_and_draws_the_same_tiles(tmp_path: Path) -> None:
    """Tiled itself (1.8, Debian's) reads the setup a GM saved of a shipped map into the user's maps folder: its
    rasterizer draws the same tiles as the original, pixel for pixel (the combatants' layer hidden: one moved),
    and its JSON export has the moved combatant's object where Playmat put it."""
    path = next(p for p in SHIPPED if p.name == "default.tmx")
    enc = Encounter(load_scenario(path))
    enc.apply(Place("Aldric", (7, 7)))
    out = save_setup(path, enc, tmp_path / "share" / "maps" / "setup.tmx")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(tmp_path)}
    for tmx, png in ((path, tmp_path / "a.png"), (out, tmp_path / "b.png")):
        subprocess.run(["tmxrasterizer", "--hide-layer", "combatants", str(tmx), str(png)], env=env, check=True,
                       capture_output=True, timeout=120)
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()
    subprocess.run(["tiled", "--export-map", "json", str(out), str(tmp_path / "m.json")], env=env, check=True,
                   capture_output=True, timeout=120)
    doc = json.loads((tmp_path / "m.json").read_text())
    assert [Path(t["source"]).name for t in doc["tilesets"]] == ["terrain.tsx", "decor.tsx"]
    aldric = next(o for layer in doc["layers"] for o in layer.get("objects", []) if o["name"] == "Aldric")
    original = next(o for o in ET.parse(path).getroot().iter("object") if o.get("name") == "Aldric")
    from game.maps.pixels import TiledPixels

    px = TiledPixels(enc.layout)
    (x0, y0), (x1, y1) = px.cell_center((4, 6)), px.cell_center((7, 7))
    assert (aldric["x"], aldric["y"]) == (float(original.get("x")) + x1 - x0, float(original.get("y")) + y1 - y0)


def test_a_map_changed_on_disk_to_declare_entities_is_refused_when_the_setup_is_saved(tmp_path: Path) -> None:
    """Saving a setup reads the map again from disk, where it may have changed since it was loaded: a map
    that now declares entities (a "billion laughs") is refused in one line, as loading it is, and no setup
    is written. The writer parsed it with plain ElementTree, which expands internal entities."""
    from game.maps.tmxwrite import write_map

    path = write_map(tmp_path / "m.tmx", ["....."] * 4, title="Ford",
                     units=[{"name": "Cora", "at": (1, 1), "faction": "player"}])
    enc = Encounter(load_scenario(path))
    enc.apply(Place("Cora", (2, 2)))
    text = path.read_text(encoding="utf-8")
    head, rest = text.split("\n", 1)
    laughs = '<!DOCTYPE map [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    rest = rest.replace("<properties>", '<properties><property name="x" value="&b;"/>', 1)
    path.write_text(f"{head}\n{laughs}\n{rest}", encoding="utf-8")
    out = tmp_path / "m-setup.tmx"
    with pytest.raises(OSError) as refused:  # the window's status line says it, as it does a full disk
        save_setup(path, enc, out)
    assert str(refused.value).startswith("the map m.tmx cannot be read again: has a DOCTYPE (line 2)")
    assert "\n" not in str(refused.value)
    assert not out.exists()
