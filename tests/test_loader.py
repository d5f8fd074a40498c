"""Loading TMX hex maps into scenarios (docs/map-format.md); expected values worked out by hand."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.maps.loader import load_scenario, validate_map
from game.maps.tmxwrite import write_map
from game.rules.combatant import Size
from game.rules.terrain import MovementType, Terrain

GROUND, FLYING, SWIMMING = MovementType.GROUND, MovementType.FLYING, MovementType.SWIMMING

# Hand-worked cell centres (Tiled's staggered renderer, default tile boxes of tmxwrite):
# pointy 64x74 side 37: colW 32, rowH 18 + 37 = 55, shifted rows move right by 32, centre +(32, 37).
# flat 74x64 side 37: colW 18 + 37 = 55, rowH 32, shifted columns move down by 32, centre +(37, 32).
CENTRES = {
    ("y", "odd"): {(2, 1): (192, 92), (3, 2): (224, 147), (0, 0): (32, 37)},
    ("y", "even"): {(2, 1): (160, 92), (3, 2): (256, 147), (0, 0): (64, 37)},
    ("x", "odd"): {(2, 1): (147, 96), (1, 2): (92, 192), (0, 0): (37, 32)},
    ("x", "even"): {(2, 1): (147, 128), (1, 2): (92, 160), (0, 0): (37, 64)},
}
LAYOUTS = sorted(CENTRES)
FIVE_BY_FOUR = ["....."] * 4


def _load(tmp_path: Path, terrain, **kw):
    path = write_map(tmp_path / "m.tmx", terrain, **kw)
    assert validate_map(path) == []
    return load_scenario(path)


@pytest.mark.parametrize("style", ["point", "rect", "tile"])
@pytest.mark.parametrize("axis,index", LAYOUTS)
def test_objects_land_in_the_cell_holding_their_anchor(tmp_path: Path, axis: str, index: str, style: str) -> None:
    units = []
    for i, (x, y) in enumerate(CENTRES[axis, index].values()):
        units.append({"name": f"c{i}", "px": (x, y), "faction": "player"})
        # Off-centre but well inside the same hexagon (about a third of the way to an edge).
        units.append({"name": f"o{i}", "px": (x + 9, y - 8), "faction": "enemy", "layer": "Other"})
    # Two combatants may not share a hex: load centred and off-centre ones from two maps.
    centred = [u for u in units if u["name"].startswith("c")]
    shifted = [u for u in units if u["name"].startswith("o")]
    for group in (centred, shifted):
        s = _load(tmp_path, FIVE_BY_FOUR, stagger_axis=axis, stagger_index=index, object_style=style, units=group)
        assert [c.cell for c in s.combatants] == list(CENTRES[axis, index])


def test_tile_object_with_inherited_class_and_properties(tmp_path: Path) -> None:
    # Tiled: a tile object inherits its tile's class and custom properties; its own ones win.
    s = _load(
        tmp_path,
        FIVE_BY_FOUR,
        tile_properties={"G": {"faction": "enemy", "hp": 30, "move": 3}},
        object_style="tile",
        units=[{"name": "Goblin", "at": (1, 1), "tile": "G", "move": 4}],
    )
    (gob,) = s.combatants
    assert (gob.faction, gob.hp, gob.move) == ("enemy", 30, 4)


@pytest.mark.parametrize("class_attr", ["type", "class"])
def test_class_or_type_marks_combatants_others_ignored(tmp_path: Path, class_attr: str) -> None:
    s = _load(
        tmp_path,
        FIVE_BY_FOUR,
        class_attr=class_attr,
        units=[
            {"name": "A", "at": (1, 1), "faction": "player"},
            {"name": "Note", "at": (1, 1), "kind": "marker"},
            {"name": "Plain", "at": (2, 2), "kind": None},
            {"name": "B", "at": (3, 2), "faction": "enemy"},
        ],
    )
    assert [c.name for c in s.combatants] == ["A", "B"]


@pytest.mark.parametrize("tileset", ["embedded", "external"])
@pytest.mark.parametrize("encoding", ["csv", "base64", "base64-zlib"])
def test_tileset_kinds_and_layer_encodings_read_the_same(tmp_path: Path, tileset: str, encoding: str) -> None:
    s = _load(tmp_path, [".dw", "ch#", "x_."], tileset=tileset, encoding=encoding)
    n, d, w, c, h, b = (int(t) for t in Terrain)
    assert s.board.terrain.tolist() == [[n, d, w], [c, h, b], [n, -1, n]]
    assert s.board.exit.tolist() == [[False] * 3, [False] * 3, [True, False, False]]


def test_default_costs_follow_r5(tmp_path: Path) -> None:
    s = _load(tmp_path, [".dwch#"])
    cost = s.board.cost
    assert cost[GROUND].tolist() == [[1, 2, -1, -1, -1, -1]]
    assert cost[FLYING].tolist() == [[1, 1, 1, 1, -1, -1]]
    assert cost[SWIMMING].tolist() == [[1, 1, 1, -1, -1, -1]]
    assert s.board.hazard_damage[0, 4] == 3


def test_topmost_carrying_layer_decides_everything(tmp_path: Path) -> None:
    # Cells (col): 0 water layer over normal; 1 decoration over water over normal -> water;
    # 2 a cost-only tile over difficult -> normal with cost_ground 3 (nothing merged from below);
    # 3 hidden blocked layer over normal -> normal; 4 only decoration -> normal;
    # 5 only a hidden layer's tile -> off-map.
    s = _load(
        tmp_path,
        ["..d.__"],
        tile_properties={"z": {"cost_ground": 3}},
        layers=[
            {"name": "Water", "rows": ["ww____"]},
            {"name": "Cost", "rows": ["__z___"]},
            {"name": "Decor", "rows": ["_o__o_"]},
            {"name": "Hidden", "rows": ["___#_#"], "visible": False},
        ],
    )
    n, _, w = int(Terrain.NORMAL), int(Terrain.DIFFICULT), int(Terrain.WATER)
    assert s.board.terrain.tolist() == [[w, w, n, n, n, -1]]
    assert s.board.cost[GROUND].tolist() == [[-1, -1, 3, 1, 1, -1]]
    assert s.board.cost[FLYING].tolist() == [[1, 1, 1, 1, 1, -1]]


def test_a_layer_below_the_terrain_is_overridden(tmp_path: Path) -> None:
    s = _load(tmp_path, ["._"], layers=[{"name": "Under", "rows": ["ww"], "below": True}])
    assert s.board.terrain.tolist() == [[int(Terrain.NORMAL), int(Terrain.WATER)]]


def test_off_map_cells(tmp_path: Path) -> None:
    s = _load(tmp_path, ["_..", "..."])
    b = s.board
    assert b.terrain[0, 0] == -1 and not b.on_map[0, 0]
    assert b.cost[:, 0, 0].tolist() == [-1, -1, -1]
    assert not b.exit[0, 0]
    assert b.is_on_map((1, 0)) and not b.is_on_map((0, 0))


def test_cost_overrides_per_movement_type(tmp_path: Path) -> None:
    s = _load(
        tmp_path,
        ["wcdh"],
        tile_properties={
            "w": {"cost_swimming": 2},
            "c": {"cost_ground": 4},
            "d": {"cost_flying": -5},  # any negative value: may not enter
            "h": {"hazard_damage": 7, "cost_flying": 2},
        },
    )
    cost = s.board.cost
    assert cost[GROUND].tolist() == [[-1, 4, 2, -1]]
    assert cost[FLYING].tolist() == [[1, 1, -1, 2]]
    assert cost[SWIMMING].tolist() == [[2, -1, 1, -1]]
    assert s.board.hazard_damage[0, 3] == 7


def test_untyped_string_properties_are_read(tmp_path: Path) -> None:
    # Older maps write every property untyped: "3", "true" must work as well as typed values.
    s = _load(
        tmp_path,
        ["z.", ".."],
        tile_properties={"z": {"cost_ground": "3", "exit": "true"}},
        units=[{"name": "A", "at": (1, 1), "faction": "ally", "move": "4", "threatening": "false", "hp": "12"}],
        map_properties={"seed": "42"},
    )
    assert s.board.cost[GROUND, 0, 0] == 3 and s.board.exit[0, 0]
    (a,) = s.combatants
    assert (a.move, a.threatening, a.hp) == (4, False, 12)
    assert s.seed == 42


@pytest.mark.parametrize("axis,facing_name,facing_index", [("y", "e", 0), ("x", "n", 1)])
def test_combatant_defaults(tmp_path: Path, axis: str, facing_name: str, facing_index: int) -> None:
    s = _load(tmp_path, FIVE_BY_FOUR, stagger_axis=axis, units=[{"name": "A", "at": (2, 1), "faction": "neutral"}])
    (a,) = s.combatants
    assert a.movement_type == GROUND
    assert (a.move, a.initiative, a.threatening) == (6, 0, True)
    assert (a.reach, a.reach_min, a.size) == (1, 1, Size.STANDARD)
    assert a.facing == facing_index  # R2: e on pointy maps, n on flat ones
    assert (a.hp, a.attack, a.defense, a.damage, a.skills) == (10, 0, 10, "1d6", ())
    assert a.object_id == 1


def test_combatant_properties_all_set(tmp_path: Path) -> None:
    s = _load(
        tmp_path,
        ["....."] * 5,
        units=[
            {
                "name": "Wyrm",
                "at": (2, 2),
                "faction": "enemy",
                "movement_type": "flying",
                "move": 8,
                "initiative": 5,
                "threatening": False,
                "reach": 3,
                "size": "large",
                "facing": "sw",
                "hp": 40,
                "attack": 6,
                "defense": 15,
                "damage": "2d6+1",
                "skills": "claws:4, bite:2",
            },
            {"name": "Pike", "at": (0, 0), "faction": "player", "reach": 2, "reach_min": 1},
        ],
    )
    wyrm, pike = s.combatants
    assert wyrm.movement_type == FLYING and wyrm.move == 8 and wyrm.initiative == 5
    assert not wyrm.threatening
    assert (wyrm.reach, wyrm.reach_min) == (3, 3)  # reach_min defaults to reach when reach > 1
    assert wyrm.size == Size.LARGE and wyrm.facing == 4  # sw: index 4 of e ne nw w sw se
    assert (wyrm.hp, wyrm.attack, wyrm.defense, wyrm.damage) == (40, 6, 15, "2d6+1")
    assert wyrm.skills == (("claws", 4), ("bite", 2))
    assert (pike.reach, pike.reach_min) == (2, 1)


def test_exits_default_to_the_outer_ring(tmp_path: Path) -> None:
    # R24: no exit tile anywhere, so every on-map hex of the outermost rows and columns is one.
    s = _load(tmp_path, ["_...", "....", "....", "..._"])
    assert s.board.exit.astype(int).tolist() == [[0, 1, 1, 1], [1, 0, 0, 1], [1, 0, 0, 1], [1, 1, 1, 0]]


def test_marked_exits_replace_the_default(tmp_path: Path) -> None:
    s = _load(tmp_path, ["....", ".x..", "....", "...."])
    assert s.board.exit.astype(int).tolist() == [[0, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]


def test_exit_false_keeps_a_ring_hex_closed(tmp_path: Path) -> None:
    s = _load(tmp_path, ["n...", "....", "...."], tile_properties={"n": {"terrain": "normal", "exit": False}})
    assert s.board.exit.astype(int).tolist() == [[0, 1, 1, 1], [1, 0, 0, 1], [1, 1, 1, 1]]


def test_map_property_defaults(tmp_path: Path) -> None:
    s = _load(tmp_path, FIVE_BY_FOUR)
    assert s.title == "m.tmx" and s.source == "m.tmx"
    assert s.hostility.hostile("enemy", "player") and s.hostility.hostile("ally", "enemy")
    assert not s.hostility.hostile("neutral", "enemy") and not s.hostility.hostile("player", "ally")
    assert (s.seed, s.flank_penalty, s.rear_penalty) == (0, 2, 4)


def test_map_property_overrides(tmp_path: Path) -> None:
    s = _load(
        tmp_path,
        FIVE_BY_FOUR,
        title="Ambush at the ford",
        map_properties={"hostile": "player/neutral", "seed": 42, "flank_penalty": 1, "rear_penalty": 3},
    )
    assert s.title == "Ambush at the ford"
    assert s.hostility.hostile("neutral", "player") and not s.hostility.hostile("enemy", "player")
    assert (s.seed, s.flank_penalty, s.rear_penalty) == (42, 1, 3)


def test_combatants_sorted_by_object_id_across_layers(tmp_path: Path) -> None:
    s = _load(
        tmp_path,
        FIVE_BY_FOUR,
        units=[
            {"name": "E", "at": (0, 0), "faction": "enemy", "id": 5},
            {"name": "B", "at": (1, 1), "faction": "player", "id": 2, "layer": "Heroes"},
            {"name": "I", "at": (2, 2), "faction": "ally", "id": 9},
            {"name": "C", "at": (3, 3), "faction": "ally", "id": 3, "layer": "Heroes"},
        ],
    )
    assert [(c.name, c.object_id) for c in s.combatants] == [("B", 2), ("C", 3), ("E", 5), ("I", 9)]


def test_large_and_giant_footprints_that_fit(tmp_path: Path) -> None:
    # Giant at the centre of a 5x5 pointy odd map: radius 2 reaches every row and, in row 2, cols 0..4.
    s = _load(
        tmp_path,
        ["....."] * 5,
        units=[{"name": "G", "at": (2, 2), "faction": "enemy", "size": "giant"}],
    )
    assert s.combatants[0].size == Size.GIANT


def test_flying_combatant_may_start_over_a_chasm_and_swimmer_in_water(tmp_path: Path) -> None:
    s = _load(
        tmp_path,
        ["c.w"],
        units=[
            {"name": "Bat", "at": (0, 0), "faction": "enemy", "movement_type": "flying"},
            {"name": "Eel", "at": (2, 0), "faction": "enemy", "movement_type": "swimming"},
        ],
    )
    assert [c.cell for c in s.combatants] == [(0, 0), (2, 0)]


# --- maps as Tiled itself writes them (tests/maps/loader) -----------------------------------------
FIXTURES = Path(__file__).parent / "maps" / "loader"


def test_tiled_1_10_map_with_external_tileset() -> None:
    # ambush.tmx: pointy odd 6x5; a hidden image layer and a hidden "GM overlay" layer; decoration
    # tile (no properties) over (0,1) and alone on (5,3); water painted over normal at (5,0).
    s = load_scenario(FIXTURES / "ambush.tmx")
    assert validate_map(FIXTURES / "ambush.tmx") == []
    n, d, w, c, h, b = (int(t) for t in Terrain)
    assert s.board.terrain.tolist() == [
        [n, n, n, d, d, w],
        [n, n, w, w, n, n],
        [n, n, n, n, n, h],
        [n, b, n, n, n, n],
        [n, n, c, n, n, -1],
    ]
    assert s.board.exit.astype(int).tolist()[2] == [1, 0, 0, 0, 0, 0]  # the one marked exit tile
    assert int(s.board.exit.sum()) == 1
    assert s.board.hazard_damage[2, 5] == 5
    assert (s.title, s.seed, s.flank_penalty, s.rear_penalty) == ("Ambush at the Old Mill", 1234, 3, 4)
    assert s.hostility.hostile("neutral", "enemy") and not s.hostility.hostile("neutral", "player")
    # Sorted by object id although "Crow" (6) precedes "Troll" (5) in the file and "Orc 1" (3) is in
    # another layer. Anchors: Aldric point (100,150) near (1,2)'s centre (96,147); Osric's rectangle
    # centre (96,37) = (1,0); Orc's tile object bottom-left (288,129) -> centre (320,92) = (4,1);
    # Troll's ellipse centre (256,202) = (3,3); Crow's rectangle rotated 90 degrees about its top-left
    # (170,237) -> centre (160,257) = (2,4), a chasm a flyer may start over.
    got = [(x.name, x.object_id, x.cell) for x in s.combatants]
    assert got == [
        ("Aldric", 1, (1, 2)),
        ("Brother Osric", 2, (1, 0)),
        ("Orc 1", 3, (4, 1)),
        ("Troll", 5, (3, 3)),
        ("Crow", 6, (2, 4)),
    ]
    aldric, osric, orc, troll, crow = s.combatants
    assert (aldric.move, aldric.initiative, aldric.attack, aldric.defense, aldric.hp) == (5, 3, 4, 14, 18)
    assert aldric.facing == 1 and aldric.damage == "1d8+1"
    assert aldric.skills == (("blades", 3), ("shields", 2))
    assert not osric.threatening
    assert (orc.reach, orc.reach_min) == (2, 1)
    assert troll.size == Size.LARGE and troll.hp == 40
    assert crow.movement_type == FLYING


def test_tiled_1_9_map_with_groups_collection_tileset_and_offsets() -> None:
    # ford.tmx: flat even 5x4, class= attributes, base64-zlib layer inside a group, a hidden group,
    # an image-collection tileset whose exit marker is also flipped, an animated tile, a tile with a
    # collision shape, and an object layer offset by (10, -6.5).
    s = load_scenario(FIXTURES / "ford.tmx")
    n, d, w, _, h, _ = (int(t) for t in Terrain)
    assert s.board.terrain.tolist() == [[n, n, d, w, n], [n, d, w, w, n], [n, n, h, n, n], [n, n, n, n, n]]
    assert s.board.exit.astype(int).tolist() == [[0, 0, 0, 0, 1], [0] * 5, [0] * 5, [1, 0, 0, 0, 1]]
    assert s.board.cost[GROUND].tolist()[0] == [1, 1, 3, -1, 1]
    assert s.board.cost[SWIMMING].tolist()[1] == [1, 1, 2, 2, 1]
    assert s.board.cost[FLYING, 2, 2] == 2 and s.board.hazard_damage[2, 2] == 6
    assert (s.title, s.seed, s.flank_penalty, s.rear_penalty) == ("ford.tmx", 0, 2, 5)
    # Flat even centres: (c*55 + 37, r*64 + 32 + (32 if c is even)); objects written minus the offset.
    got = [(x.name, x.cell, x.movement_type) for x in s.combatants]
    assert got == [("Scout", (0, 1), GROUND), ("Kelpie", (2, 1), SWIMMING), ("Hawk", (2, 2), FLYING),
                   ("Pike", (3, 3), GROUND)]
    assert s.combatants[0].facing == 4  # "s" on a flat map: ne n nw sw s se
    assert s.combatants[3].reach_min == 2


def test_old_tiled_map_with_untyped_properties_and_tileset_in_a_folder() -> None:
    # old_style.tmx: Tiled 1.4, pointy even, every property untyped, tiles/old.tsx points at
    # ../terrain.png, and tiles carry the old Wang "terrain" attribute (not a property).
    s = load_scenario(FIXTURES / "old_style.tmx")
    n, w = int(Terrain.NORMAL), int(Terrain.WATER)
    assert s.board.terrain.tolist() == [[n, n, n], [n, n, w], [n, n, n]]
    assert s.board.exit.astype(int).tolist() == [[1, 1, 1], [1, 0, 1], [1, 1, 1]]  # R24 default ring
    assert s.seed == 7 and s.hostility.hostile("neutral", "player")
    goblin, ranger = s.combatants
    assert (goblin.cell, goblin.move, goblin.threatening, goblin.reach, goblin.reach_min) == ((0, 2), 4, False, 2, 2)
    assert (ranger.cell, ranger.faction, ranger.facing) == ((1, 0), "ally", 2)


@pytest.mark.parametrize("alignment,x,y", [("center", 192, 92), ("bottom", 192, 129), ("topleft", 160, 55)])
def test_tile_object_alignment_of_the_tileset(tmp_path: Path, alignment: str, x: int, y: int) -> None:
    # Tiled's tileset objectalignment says which point of the 64x74 image the object's x, y names;
    # cell (2,1) of a pointy odd map has its centre at (192, 92).
    path = write_map(tmp_path / "m.tmx", FIVE_BY_FOUR, object_style="tile",
                     units=[{"name": "A", "px": (500, 500), "faction": "player"}])
    text = path.read_text().replace('name="terrain"', f'name="terrain" objectalignment="{alignment}"')
    text = text.replace('x="468" y="537"', f'x="{x}" y="{y}"')
    path.write_text(text)
    assert load_scenario(path).combatants[0].cell == (2, 1)


def test_hidden_object_layers_and_capitalised_class_still_count(tmp_path: Path) -> None:
    # Decision: "any object layer" includes hidden ones (a GM may hide tokens while editing), and
    # the class is matched without regard to case ("Combatant" works).
    path = write_map(tmp_path / "m.tmx", FIVE_BY_FOUR, units=[
        {"name": "A", "at": (1, 1), "faction": "player", "kind": "Combatant"},
        {"name": "B", "at": (2, 2), "faction": "enemy", "layer": "Hidden"},
    ])
    path.write_text(path.read_text().replace('name="Hidden"', 'name="Hidden" visible="0"'))
    assert [c.name for c in load_scenario(path).combatants] == ["A", "B"]


def test_loading_a_map_does_not_import_pygame() -> None:
    code = (
        "import sys; from game.maps.loader import load_scenario, validate_map; "
        f"load_scenario({str(FIXTURES / 'ambush.tmx')!r}); validate_map({str(FIXTURES / 'ford.tmx')!r}); "
        "sys.exit(3 if 'pygame' in sys.modules else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).parent.parent, timeout=60)
    assert done.returncode == 0
