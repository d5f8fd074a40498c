"""Cover told by what the player sees on the map (R31): a tile that names itself (its ``tile`` property,
docs/map-format.md) is named so, "a low wall at 5,3", in the window's shoot preview, ``playmat targets`` and
``playmat sight`` (words and ``--json``); a cover tile without a name is "cover at 5,3".

Every map here is a real TMX written by ``game.maps.tmxwrite`` and read by the loader: pointy-top, odd rows
shifted right, 10 x 7. The Archer at 1,3 shoots along row 3 at the Goblin at 6,3, five hexes east, facing it
(front arc, R19); on one row the line between two centres crosses every hex in between, 2,3 3,3 4,3 5,3 (R30),
so the only line crosses the tile ``W`` at 5,3 and the Goblin is in cover (R31: +2, the default bonus).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.cli.main import main  # noqa: E402
from game.maps.loader import load_scenario  # noqa: E402
from game.maps.tmxwrite import write_map  # noqa: E402
from game.rules import Begin, Encounter  # noqa: E402
from game.ui.overlays.wording import sight_phrase  # noqa: E402

ROWS = ["." * 10] * 3 + [".....W...."] + ["." * 10] * 3  # the cover tile W at 5,3
ARCHER = {"name": "Archer", "at": (1, 3), "faction": "player", "initiative": 9, "ranged": "2-8",
          "ranged_attack": 0}
GOBLIN = {"name": "Goblin", "at": (6, 3), "faction": "enemy", "defense": 12, "facing": "w"}
ILSE = {"name": "Ilse", "at": (3, 3), "faction": "player", "initiative": 1}  # on the line, before the wall
SHIPPED = Path(__file__).resolve().parent.parent / "maps"


def wall(name: str | None) -> dict[str, Mapping[str, object]]:
    """W: normal ground that gives cover, named ``name`` (no ``tile`` property when None)."""
    props: dict[str, object] = {"terrain": "normal", "cover": True}
    if name is not None:
        props["tile"] = name
    return {"W": props}


def map_file(tmp_path: Path, name: str | None, *extra: dict[str, Any], **kw: Any) -> Path:
    return write_map(tmp_path / "wall.tmx", ROWS, units=[ARCHER, GOBLIN, *extra], tile_properties=wall(name), **kw)


def begun(path: Path) -> Encounter:
    enc = Encounter(load_scenario(path))
    enc.apply(Begin())
    return enc


def cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    return code, out.getvalue()


def test_the_shoot_preview_names_the_wall_as_the_map_does(tmp_path: Path) -> None:
    p = begun(map_file(tmp_path, "low_wall")).preview_shoot("Archer", "Goblin")
    assert p.cover and [(g.cell, g.combatant, g.terrain) for g in p.cover_by] == [((5, 3), None, "low wall")]
    assert sight_phrase(p).text == "Sight: through cover (a low wall at 5,3), defence +2 (R31)"


def test_a_friend_and_a_wall_in_the_line_are_named_in_the_order_the_line_crosses_them(tmp_path: Path) -> None:
    p = begun(map_file(tmp_path, "low_wall", ILSE)).preview_shoot("Archer", "Goblin")
    assert sight_phrase(p).text == "Sight: through cover (Ilse at 3,3 and a low wall at 5,3), defence +2 (R31)"


@pytest.mark.parametrize(("name", "said"), [
    ("Low Wall", "a low wall"),  # capitals as a designer types them: lower-case in a sentence
    ("old_hedge", "an old hedge"),  # a vowel: "an"
    ("The_Old_Well", "the old well"),  # brings its own article
    ("some barrels", "some barrels"),  # a plural says "some" itself, not "a barrels"
    ("  crate  ", "a crate"),  # white space around a name is not part of it
])
def test_the_name_reads_as_a_sentence_says_it(tmp_path: Path, name: str, said: str) -> None:
    p = begun(map_file(tmp_path, name)).preview_shoot("Archer", "Goblin")
    assert sight_phrase(p).text == f"Sight: through cover ({said} at 5,3), defence +2 (R31)"


def test_a_very_long_name_is_cut(tmp_path: Path) -> None:
    # 40 characters at most: 39 of the name, then "…" (a stranger's map may name a tile with a paragraph).
    p = begun(map_file(tmp_path, "stone " * 50)).preview_shoot("Archer", "Goblin")
    assert p.cover_by[0].terrain == ("stone " * 7)[:39] + "…"


def test_a_cover_tile_without_a_name_is_cover(tmp_path: Path) -> None:
    for name in (None, "", "   "):  # no property, or a blank one: nothing to name it by
        p = begun(map_file(tmp_path, name, ILSE)).preview_shoot("Archer", "Goblin")
        assert [g.terrain for g in p.cover_by] == [None, None], name
        assert sight_phrase(p).text == "Sight: through cover (Ilse at 3,3 and cover at 5,3), defence +2 (R31)"


def test_a_decoration_on_top_does_not_rename_the_wall(tmp_path: Path) -> None:
    # A banner tile (no terrain property: decoration) drawn over 5,3: the wall below still decides the hex
    # (docs/map-format.md "Terrain"), and its name is the one told.
    banner = {"name": "Banners", "rows": ["_" * 10] * 3 + [".....o...."] + ["_" * 10] * 3}
    tiles = {**wall("low_wall"), "o": {"tile": "banner"}}
    path = write_map(tmp_path / "deco.tmx", ROWS, units=[ARCHER, GOBLIN], tile_properties=tiles, layers=[banner])
    p = begun(path).preview_shoot("Archer", "Goblin")
    assert sight_phrase(p).text == "Sight: through cover (a low wall at 5,3), defence +2 (R31)"


def test_targets_names_the_wall_in_words_and_json(tmp_path: Path) -> None:
    path = str(map_file(tmp_path, "low_wall"))
    code, out = cli("targets", path, "--unit", "Archer", "--json")
    # Defence 12 + cover 2 - ranged attack 0: the d20 must show 14 (R29, R31).
    assert code == 0 and json.loads(out)["shoot"] == [
        {"target": "Goblin", "needed": 14, "cover": True, "arc": "front",
         "cover_by": [{"at": [5, 3], "combatant": None, "terrain": "low wall"}]}]
    code, out = cli("targets", path, "--unit", "Archer")
    assert code == 0
    assert "  Goblin: needs 14 on the d20 (35 %), front arc, through cover (a low wall at 5,3)" in out.splitlines()


def test_sight_names_the_wall_in_words_and_json(tmp_path: Path) -> None:
    path = str(map_file(tmp_path, "low_wall", ILSE))
    code, out = cli("sight", path, "--from", "1,3", "--to", "6,3", "--json")
    # Of the crossed hexes 2,3 .. 5,3, Ilse's and the wall's give cover (the Goblin's 6,3 is the end, not crossed).
    assert code == 0 and json.loads(out)["cover_by"] == [
        {"at": [3, 3], "combatant": "Ilse", "terrain": None},
        {"at": [5, 3], "combatant": None, "terrain": "low wall"}]
    code, out = cli("sight", path, "--from", "1,3", "--to", "6,3")
    assert code == 0 and "  through cover: 3,3 (Ilse) 5,3 (low wall)" in out.splitlines()


def test_an_unnamed_cover_tile_on_the_command_line(tmp_path: Path) -> None:
    path = str(map_file(tmp_path, None))
    code, out = cli("targets", path, "--unit", "Archer", "--json")
    assert code == 0 and json.loads(out)["shoot"][0]["cover_by"] == [{"at": [5, 3], "combatant": None,
                                                                       "terrain": None}]
    assert "through cover (cover at 5,3)" in cli("targets", path, "--unit", "Archer")[1]
    assert "  through cover: 5,3 (cover)" in cli("sight", path, "--from", "1,3", "--to", "6,3")[1].splitlines()


def test_someone_standing_on_the_wall_is_named_and_the_json_keeps_the_wall(tmp_path: Path) -> None:
    # Ilse on 5,3 itself: she is what the player sees there (named, as before); the JSON still says the tile
    # under her gives cover and what it is.
    path = str(map_file(tmp_path, "low_wall", {**ILSE, "at": (5, 3)}))
    code, out = cli("targets", path, "--unit", "Archer", "--json")
    assert json.loads(out)["shoot"][0]["cover_by"] == [{"at": [5, 3], "combatant": "Ilse", "terrain": "low wall"}]
    assert "through cover (Ilse at 5,3)" in cli("targets", path, "--unit", "Archer")[1]


@pytest.mark.parametrize(("tmx", "names"), [
    # Read off the shipped tilesets' ``tile`` properties (assets/structures*.tsx, assets/decor*.tsx): the only
    # cover tiles placed on shipped maps are the fortress's parapets and the ambush's thick trees.
    ("fortress_assault.tmx", {"parapet"}),
    ("ambush.tmx", {"thick tree"}),
    ("default.tmx", set()),
    ("giants_lair.tmx", set()),
    ("ship_boarding.tmx", set()),
])
def test_every_cover_hex_of_a_shipped_map_has_a_name(tmx: str, names: set[str]) -> None:
    board = load_scenario(SHIPPED / tmx).board
    rows, cols = board.cover.nonzero()
    assert {board.tile_name((int(c), int(r))) for r, c in zip(rows, cols, strict=True)} == names
