"""A hex layout left wrong in Tiled (Stagger Axis, Stagger Index, tile size, a tileset drawn for the other
layout) draws a lint warning naming the setting to change, even when the map is refused for what follows.

Each map is the hand-built river ford (tests/data/river_ford.tmx: flat-top, stagger even, Playmat's
``_flat`` tilesets) with one setting changed, as a designer changes it in Map > Map Properties.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.main import main
from game.maps.lint import lint_map
from game.maps.shipped import assets_folder
from game.maps.tmxwrite import write_map

ROOT = Path(__file__).resolve().parents[1]
FORD = (ROOT / "tests" / "data" / "river_ford.tmx").read_text(encoding="utf-8")
HEAD = 'tilewidth="72" tileheight="62" infinite="0" hexsidelength="36" staggeraxis="x" staggerindex="even"'


def ford(tmp_path: Path, *swaps: tuple[str, str]) -> Path:
    text = FORD.replace("../../assets/", assets_folder().as_posix() + "/")
    for old, new in swaps:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "ford.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_ford_as_built_draws_no_layout_warning(tmp_path: Path) -> None:
    assert lint_map(ford(tmp_path)) == []


def test_a_stagger_index_changed_after_placing_the_objects_is_named_once_not_per_object(tmp_path: Path) -> None:
    path = ford(tmp_path, ('staggerindex="even"', 'staggerindex="odd"'))
    warnings = lint_map(path)
    assert warnings == ["ford.tmx: map: its combatant objects sit on the hex centres of Stagger Index Even, not on "
                        "this map's (Stagger Index Odd): if that was changed after they were placed, set Map > Map "
                        "Properties back to Stagger Index Even; else move every object onto its hex"]


def test_a_flat_top_map_saved_as_pointy_top_names_the_stagger_axis_beside_its_refusal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The combatants land on water and off the map: before, that was all the designer was told.
    path = ford(tmp_path, ('staggeraxis="x"', 'staggeraxis="y"'))
    assert main(["validate", "--lint", str(path)]) == 2
    out, err = capsys.readouterr()
    assert "off the map" in err
    warnings = out.splitlines()
    assert warnings == ["warning: ford.tmx: map: Stagger Axis Y (pointy-top), but its tile size and side are those "
                        'of flat-top tileset "terrain_flat" (terrain_flat.tsx), so the hexes are drawn and counted '
                        "the wrong way round; set Map > Map Properties > Stagger Axis to X"]


def test_a_pointy_top_tileset_on_a_flat_top_map_names_its_flat_twin(tmp_path: Path) -> None:
    path = ford(tmp_path, ("terrain_flat.tsx", "terrain.tsx"))
    assert lint_map(path) == [
        'ford.tmx: tileset "terrain_pointy" (terrain.tsx) is drawn for pointy-top maps, but this map has Stagger '
        "Axis X (flat-top): its tiles overlap and leave gaps; use terrain_flat.tsx instead, or make the map "
        "pointy-top in Map > Map Properties (Stagger Axis Y, Tile Width 64, Tile Height 74, Hex Side Length 37)"]


def test_tile_size_and_side_length_not_those_of_the_tileset_are_named(tmp_path: Path) -> None:
    path = ford(tmp_path, (HEAD, HEAD.replace('hexsidelength="36"', 'hexsidelength="30"')))
    assert ('ford.tmx: map: tileset "terrain_flat" (terrain_flat.tsx) is drawn for 72x62 px tiles of side 36, but '
            "the map's are 72x62 px of side 30: the hexes overlap or leave gaps; set Map > Map Properties > Tile "
            "Width 72, Tile Height 62, Hex Side Length 36") in lint_map(path)


def test_terrain_tiles_of_a_designers_own_tileset_the_other_way_round_are_named(tmp_path: Path) -> None:
    # An embedded tileset of tall (pointy-top) terrain tiles on the flat-top map's wide cells: Playmat's own
    # pointy-top art, not known by its file name here, is known by its drawn corners.
    own = ('<tileset firstgid="1" name="my terrain" tilewidth="64" tileheight="74" spacing="2" margin="2" '
           'tilecount="12" columns="4">\n'
           f' <image source="{(assets_folder() / "tiles" / "terrain_pointy.png").as_posix()}" width="266" '
           'height="230"/>\n'
           + "".join(f' <tile id="{i}"><properties><property name="terrain" value="{t}"/></properties></tile>\n'
                     for i, t in enumerate(["normal"] * 5 + ["difficult", "water"] + ["normal"] * 5))
           + "</tileset>")
    path = ford(tmp_path, (f'<tileset firstgid="1" source="{assets_folder().as_posix()}/terrain_flat.tsx"/>', own))
    warnings = [w for w in lint_map(path, allow_outside=True) if "its terrain tiles" in w]
    assert warnings == ['ford.tmx: tileset "my terrain": its terrain tiles are drawn as pointy-top hexes (straight '
                        "sides upright at the left and right, about 40 px long), but this map has Stagger Axis X "
                        "(flat-top): the hexes overlap and leave gaps; set Map > Map Properties > Stagger Axis to Y "
                        "and Hex Side Length to the side the tiles were drawn for (about 40), or use a tileset drawn "
                        "flat-top"]


def test_tiles_whose_pixels_cannot_tell_their_hex_are_judged_by_their_proportions(tmp_path: Path) -> None:
    # The same tall tiles as one opaque picture (no transparent corners): only their proportions speak.
    own = ('<tileset firstgid="1" name="my terrain" tilewidth="64" tileheight="74" tilecount="12" columns="4">\n'
           ' <image source="solid.png" width="256" height="222"/>\n'
           + "".join(f' <tile id="{i}"><properties><property name="terrain" value="{t}"/></properties></tile>\n'
                     for i, t in enumerate(["normal"] * 5 + ["difficult", "water"] + ["normal"] * 5))
           + "</tileset>")
    _hex_atlas(tmp_path / "solid.png", (64, 74), [(0, 0), (63, 0), (63, 73), (0, 73)], alpha=False)
    path = ford(tmp_path, (f'<tileset firstgid="1" source="{assets_folder().as_posix()}/terrain_flat.tsx"/>', own))
    warnings = [w for w in lint_map(path) if "its terrain tiles" in w]
    assert warnings == ['ford.tmx: tileset "my terrain": its terrain tiles are 64x74 px, taller than wide, but the '
                        "map's are 72x62 px, wider than tall (flat-top, Stagger Axis X): tiles drawn for the "
                        "other layout overlap and leave gaps; use a tileset drawn for this layout, or set Map > Map "
                        "Properties > Stagger Axis, Tile Width, Tile Height and Hex Side Length to the ones the "
                        "tileset was drawn for"]


def test_tiled_s_own_squat_pointy_top_sample_draws_no_layout_warning() -> None:
    # Tiled's hexagonal-mini: 14x12 cells, wider than tall, yet pointy-top art; no terrain properties.
    for name in ("hexagonal-mini-odd-y.tmx", "hexagonal-mini-even-x.tmx"):
        claims = [w for w in lint_map(ROOT / "tests" / "maps" / "public" / name) if "Stagger" in w]
        assert not [w for w in claims if "nothing in it shows" not in w]  # no layout named wrong


def test_a_map_with_no_combatants_whose_tiles_join_alike_says_its_stagger_index_cannot_be_known(
        tmp_path: Path) -> None:
    # Nothing to judge by: no combatant objects, and a plain field joins alike under Odd and Even. The
    # designer is told so, rather than left to think the lint checked it.
    path = write_map(tmp_path / "road.tmx", ["." * 10] * 16, stagger_index="even")  # a field, no road yet
    assert [w for w in lint_map(path) if "Stagger" in w] == [
        "road.tmx: map: nothing in it shows whether Stagger Index Even is the one it was drawn with: it has no "
        "combatant objects (they sit on the hex centres of the index they were placed on) and its tiles join "
        "alike under Even and Odd; if rivers or walls look broken in Tiled, try the other Stagger Index in Map > "
        "Map Properties"]
    # The road painted on Odd tells, on an Odd map, that Odd is right: nothing to say then.
    assert [w for w in lint_map(_road_map(tmp_path, "odd", 0)) if "Stagger" in w] == []


def test_plain_validate_ends_a_refusal_with_the_misspelt_property_that_caused_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The ferryman is a swimmer in the river; "movment_type" is ignored, so he stands there as a ground mover.
    path = ford(tmp_path, ('name="movement_type" value="swimming"', 'name="movment_type" value="swimming"'))
    assert main(["validate", str(path)]) == 2
    out, err = capsys.readouterr()
    assert err.splitlines() == [
        'ford.tmx: object 4 "Ferryman Ody": cell 6,4 is water, which a ground combatant may not enter: move the '
        'object, or give it movement_type flying or swimming (its property "movment_type" is not one Playmat '
        'reads: did you mean "movement_type"?)']
    assert main(["play", str(path)]) == 2  # every command that refuses the map says it too
    assert '(its property "movment_type" is not one Playmat reads' in capsys.readouterr().err


def test_a_misspelt_tileset_path_names_the_nearest_tsx_as_the_map_would_name_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = ford(tmp_path, ("terrain_flat.tsx", "terrian_flat.tsx"))
    assert main(["validate", str(path)]) == 2
    assets = assets_folder().as_posix()
    assert capsys.readouterr().err.splitlines() == [
        f'ford.tmx: tileset "{assets}/terrian_flat.tsx": file not found: "terrian_flat.tsx" '
        f'(did you mean "{assets}/terrain_flat.tsx"?)']
    # Named from the map's folder by mistake: Playmat's own tileset, by the path the map must give it.
    (tmp_path / "maps").mkdir()
    text = (ROOT / "tests" / "data" / "river_ford.tmx").read_text(encoding="utf-8")
    (tmp_path / "maps" / "ford.tmx").write_text(text.replace("../../assets/terrain_flat.tsx", "terain_flat.tsx"))
    (tmp_path / "maps" / "my_terrain.tsx").write_text("<tileset/>")
    assert main(["validate", str(tmp_path / "maps" / "ford.tmx")]) == 2
    err = capsys.readouterr().err
    assert err.startswith('ford.tmx: tileset "terain_flat.tsx": file not found: "terain_flat.tsx" (did you mean "')
    assert err.rstrip().endswith('/assets/terrain_flat.tsx"?)')


def test_a_misspelt_tileset_path_never_names_a_file_the_map_may_not_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "hidden_lair.tsx").write_text("<tileset/>")  # beside the map's folder, not in it
    (tmp_path / "maps").mkdir()
    text = (ROOT / "tests" / "data" / "river_ford.tmx").read_text(encoding="utf-8")
    (tmp_path / "maps" / "ford.tmx").write_text(text.replace("../../assets/terrain_flat.tsx", "hidden_lai.tsx"))
    assert main(["validate", str(tmp_path / "maps" / "ford.tmx")]) == 2
    assert capsys.readouterr().err.splitlines() == [
        'ford.tmx: tileset "hidden_lai.tsx": file not found: "hidden_lai.tsx"']


def _hex_atlas(path: Path, box: tuple[int, int], corners: list[tuple[int, int]], *, alpha: bool = True) -> None:
    """An atlas of 12 copies of one hex, each ``box`` px, drawn with pygame as a designer's paint program would."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    w, h = box
    sheet = pygame.Surface((4 * w, 3 * h), pygame.SRCALPHA if alpha else 0)
    sheet.fill((0, 0, 0, 0) if alpha else (40, 40, 40))
    for i in range(12):
        x, y = (i % 4) * w, (i // 4) * h
        pygame.draw.polygon(sheet, (60, 140, 60, 255), [(x + cx, y + cy) for cx, cy in corners])
    pygame.image.save(sheet, str(path))


def _own_tileset(tmp_path: Path, box: tuple[int, int], corners: list[tuple[int, int]], *, alpha: bool = True,
                 head: str = HEAD) -> Path:
    _hex_atlas(tmp_path / "hexes.png", box, corners, alpha=alpha)
    w, h = box
    own = (f'<tileset firstgid="1" name="my terrain" tilewidth="{w}" tileheight="{h}" tilecount="12" columns="4">\n'
           f' <image source="hexes.png" width="{4 * w}" height="{3 * h}"/>\n'
           + "".join(f' <tile id="{i}"><properties><property name="terrain" value="{t}"/></properties></tile>\n'
                     for i, t in enumerate(["normal"] * 5 + ["difficult", "water"] + ["normal"] * 5))
           + "</tileset>")
    return ford(tmp_path, (f'<tileset firstgid="1" source="{assets_folder().as_posix()}/terrain_flat.tsx"/>', own),
                (HEAD, head))


# A squat pointy-top hex in the flat-top ford's own 72x62 box: wider than tall, like the map's flat-top
# tiles, so only its corners say it is pointy-top (upright sides 30 px at left and right, points at top
# and bottom).
SQUAT_POINTY = [(36, 0), (71, 16), (71, 45), (36, 61), (0, 45), (0, 16)]
FLAT_72x62 = [(18, 0), (53, 0), (71, 31), (53, 61), (18, 61), (0, 31)]  # flat-top, side 36 as the map's


def test_a_squat_pointy_top_tileset_on_a_flat_top_map_is_named_though_its_tiles_are_wider_than_tall(
        tmp_path: Path) -> None:
    path = _own_tileset(tmp_path, (72, 62), SQUAT_POINTY)
    warnings = [w for w in lint_map(path) if "my terrain\": its" in w]
    assert warnings == ['ford.tmx: tileset "my terrain": its terrain tiles are drawn as pointy-top hexes (straight '
                        "sides upright at the left and right, about 30 px long), but this map has Stagger Axis X "
                        "(flat-top): the hexes overlap and leave gaps; set Map > Map Properties > Stagger Axis to Y "
                        "and Hex Side Length to the side the tiles were drawn for (about 30), or use a tileset drawn "
                        "flat-top"]


def test_a_flat_top_tileset_drawn_for_the_map_draws_no_warning(tmp_path: Path) -> None:
    assert [w for w in lint_map(_own_tileset(tmp_path, (72, 62), FLAT_72x62)) if "my terrain\": its" in w] == []


def test_a_tileset_whose_hex_sides_are_not_the_maps_hex_side_length_is_named(tmp_path: Path) -> None:
    # Flat-top hexes of side 36 on a map whose Hex Side Length says 20: the columns overlap.
    path = _own_tileset(tmp_path, (72, 62), FLAT_72x62, head=HEAD.replace('hexsidelength="36"', 'hexsidelength="20"'))
    warnings = [w for w in lint_map(path) if "my terrain\": its" in w]
    assert warnings == ['ford.tmx: tileset "my terrain": its terrain tiles are flat-top hexes with straight sides of '
                        "about 36 px, but this map's Hex Side Length is 20: the rows of hexes overlap or leave gaps; "
                        "set Map > Map Properties > Hex Side Length to the side the tiles were drawn for (about 36)"]


def test_tiles_without_transparent_corners_fall_back_on_their_proportions(tmp_path: Path) -> None:
    # Opaque rectangles cannot show a hex: a squat tile on a map of squat tiles is taken as right.
    path = _own_tileset(tmp_path, (72, 62), SQUAT_POINTY, alpha=False)
    assert [w for w in lint_map(path) if "my terrain\": its" in w] == []


def _road_map(tmp_path: Path, index: str, units: int, axis: str = "y") -> Path:
    """A field with a road painted as a chain of neighbours under Stagger Index Odd, straight across the
    staggered lines: from an even line it steps one back, from an odd line one on (on Odd, where odd lines
    are shifted on, both are a neighbour; on Even neither is). Axis Y: lines are rows; X: columns."""
    cells = []
    at = 6
    for line in range(16):
        cells.append((at, line))
        at = at - 1 if line % 2 == 0 else at + 1
    grid = [["."] * 10 for _ in range(16)]
    for a, line in cells:
        grid[line][a] = "r"
    rows = ["".join(r) for r in grid] if axis == "y" else ["".join(grid[c][r] for c in range(16)) for r in range(10)]
    people = [{"name": "Scout", "at": (1, 1), "faction": "player"},
              {"name": "Orc", "at": (8, 9), "faction": "enemy"}][:units]
    return write_map(tmp_path / "road.tmx", rows, stagger_axis=axis, stagger_index=index, units=people,
                     tile_properties={"r": {"terrain": "normal", "note": "road"}})


def test_a_road_painted_on_a_flat_top_map_tells_its_stagger_index_too(tmp_path: Path) -> None:
    assert [w for w in lint_map(_road_map(tmp_path, "odd", 1, "x")) if "Stagger" in w] == []
    assert [w for w in lint_map(_road_map(tmp_path, "even", 1, "x")) if "Stagger" in w] == [
        "road.tmx: map: its tiles join up as painted with Stagger Index Odd, not with this map's (Even): 30 pairs "
        "of matching tiles meet only under Odd, 0 only under Even; if the Stagger Index was changed after the tiles "
        "were painted, set Map > Map Properties > Stagger Index back to Odd"]


@pytest.mark.parametrize("units", [0, 1])
def test_a_stagger_index_changed_after_painting_is_named_from_the_tiles_with_fewer_than_two_combatants(
        tmp_path: Path, units: int) -> None:
    # No two combatant objects to judge by: the road's tiles meet only on the index they were painted with.
    assert [w for w in lint_map(_road_map(tmp_path, "odd", units)) if "Stagger" in w] == []
    assert [w for w in lint_map(_road_map(tmp_path, "even", units)) if "Stagger" in w] == [
        "road.tmx: map: its tiles join up as painted with Stagger Index Odd, not with this map's (Even): 30 pairs "
        "of matching tiles meet only under Odd, 0 only under Even; if the Stagger Index was changed after the tiles "
        "were painted, set Map > Map Properties > Stagger Index back to Odd"]


def test_tileds_hexmini_copied_with_another_stagger_index_is_named_and_the_original_is_not() -> None:
    # cocos2d-x's copy of Tiled's sample as Stagger Index Even: its coasts no longer join (see the goldens).
    public = ROOT / "tests" / "maps" / "public"
    assert [w for w in lint_map(public / "hexagonal-mini-odd-y.tmx") if "Stagger Index" in w] == []
    assert [w for w in lint_map(public / "hexagonal-mini-even-y.tmx") if "Stagger Index" in w] == [
        "hexagonal-mini-even-y.tmx: map: its tiles join up as painted with Stagger Index Odd, not with this map's "
        "(Even): 116 pairs of matching tiles meet only under Odd, 47 only under Even; if the Stagger Index was "
        "changed after the tiles were painted, set Map > Map Properties > Stagger Index back to Odd"]


def test_no_shipped_map_is_taken_for_one_painted_with_the_other_stagger_index() -> None:
    for path in sorted((ROOT / "maps").glob("*.tmx")):
        assert [w for w in lint_map(path) if "Stagger Index" in w] == [], path.name


def test_the_pointy_top_gorge_with_its_stagger_index_changed_is_named_once(tmp_path: Path) -> None:
    text = (ROOT / "tests" / "data" / "split_gorge.tmx").read_text(encoding="utf-8")
    text = text.replace("../../assets/", assets_folder().as_posix() + "/").replace(
        'staggerindex="odd"', 'staggerindex="even"')
    path = tmp_path / "gorge.tmx"
    path.write_text(text, encoding="utf-8")
    assert [w for w in lint_map(path) if "Stagger" in w] == [
        "gorge.tmx: map: its combatant objects sit on the hex centres of Stagger Index Odd, not on this map's "
        "(Stagger Index Even): if that was changed after they were placed, set Map > Map Properties back to "
        "Stagger Index Odd; else move every object onto its hex"]


@pytest.mark.parametrize(("layout", "flagged"), [("odd-y", False), ("even-x", True)])
def test_tileds_squat_pointy_top_art_given_terrain_is_known_by_its_corners(
        tmp_path: Path, layout: str, flagged: bool) -> None:
    # Tiled's hexmini: 18x18 tiles (neither taller nor wider) painted as pointy-top hexes, on a 14x12 (squat)
    # map. cocos2d-x's flat-top copy puts the same art on Stagger Axis X; once its tiles carry terrain the
    # lint reads their corners and names the axis, where proportions could tell nothing.
    public = ROOT / "tests" / "maps" / "public"
    (tmp_path / "hexmini.png").write_bytes((public / "hexmini.png").read_bytes())
    image = '<image source="hexmini.png" width="106" height="72"/>\n'
    terrain = "".join(f' <tile id="{i}"><properties><property name="terrain" value="normal"/></properties></tile>\n'
                      for i in range(20))
    text = (public / f"hexagonal-mini-{layout}.tmx").read_text(encoding="utf-8").replace(image, image + terrain)
    (tmp_path / "mini.tmx").write_text(text, encoding="utf-8")
    warnings = [w for w in lint_map(tmp_path / "mini.tmx") if "its terrain tiles" in w]
    assert warnings == ([
        'mini.tmx: tileset "hex mini": its terrain tiles are drawn as pointy-top hexes (straight sides upright at '
        "the left and right, about 7 px long), but this map has Stagger Axis X (flat-top): the hexes overlap and "
        "leave gaps; set Map > Map Properties > Stagger Axis to Y and Hex Side Length to the side the tiles were "
        "drawn for (about 7), or use a tileset drawn flat-top"] if flagged else [])


def test_a_lone_combatant_off_centre_by_a_changed_stagger_index_says_which_index_it_was_placed_on(
        tmp_path: Path) -> None:
    # One object cannot show a layout (one off centre is usually the mouse), but it can say that it sits on
    # a centre of the other Stagger Index, so the designer sees both ways out.
    text = (ROOT / "tests" / "data" / "split_gorge.tmx").read_text(encoding="utf-8")
    text = text.replace("../../assets/", assets_folder().as_posix() + "/").replace(
        'staggerindex="odd"', 'staggerindex="even"')
    text = text[: text.index('  <object id="2"')] + text[text.index(" </objectgroup>"):]  # Sir Hale alone
    path = tmp_path / "gorge.tmx"
    path.write_text(text, encoding="utf-8")
    assert [w for w in lint_map(path) if "Sir Hale" in w] == [
        'gorge.tmx: object 1 "Sir Hale": placed 32 px from the centre of its cell 2,5 (more than a quarter hex, '
        "16 px); snap it to the centre, or, if Stagger Index was Odd when it was placed (it sits on a hex centre "
        "of that layout), set Map > Map Properties > Stagger Index back to Odd"]


def test_a_tileset_drawn_at_twice_the_maps_tile_size_names_the_tile_size_and_side_to_set(tmp_path: Path) -> None:
    # High-resolution art (flat-top hexes 144x124, side 72) on the ford's 72x62 cells of side 36: a side
    # of 72 alone would not fit a 62 px tile, so the line names all three settings.
    big = [(36, 0), (107, 0), (143, 61), (107, 123), (36, 123), (0, 61)]  # FLAT_72x62 at twice the size
    path = _own_tileset(tmp_path, (144, 124), big)
    warnings = [w for w in lint_map(path) if 'my terrain": its' in w]
    assert warnings == ['ford.tmx: tileset "my terrain": its terrain tiles are flat-top hexes drawn about 144x124 px '
                        "with sides of about 72 px, but this map's tiles are 72x62 px with Hex Side Length 36: the "
                        "hexes overlap or leave gaps; set Map > Map Properties > Tile Width 144, Tile Height 124 "
                        "and Hex Side Length to the side the tiles were drawn for (about 72)"]


def test_the_pictures_a_map_has_decoded_for_their_shapes_are_bounded(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # 256 tilesets of large atlases must not keep validate --lint busy for minutes: past the map's budget
    # the tiles are judged by proportions (here: the squat pointy tiles pass unnoticed, as before).
    import game.maps.layout_lint as layout_lint

    path = _own_tileset(tmp_path, (72, 62), SQUAT_POINTY)
    assert [w for w in lint_map(path) if 'my terrain": its' in w] != []
    monkeypatch.setattr(layout_lint, "MAP_PIXELS_READ", 288 * 186 - 1)  # one pixel short of the atlas
    assert [w for w in lint_map(path) if 'my terrain": its' in w] == []
