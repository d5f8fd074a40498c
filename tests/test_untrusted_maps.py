"""Maps, tilesets, images and logs from strangers (issue 21, findings 1-6 and 9): each refused in one
line that names the limit (docs/limits.md), in bounded memory, without a crash, a hang or a traceback.

Inputs that crashed, hung or ate gigabytes before are run in a child process under a memory cap and a
time limit (``tests.hostile.run_cli``), so such a regression fails the test instead of the test run.
"""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from game.maps.errors import MapError
from game.maps.loader import load_scenario, validate_map
from game.maps.tmxdoc import Typed
from game.maps.tmxwrite import write_map
from game.render import RenderError
from game.render.tilemap import load_map_art
from game.rules import LogError, limits, read_log, replay
from game.rules.limits import InputLimitError, whole_number
from game.ui.camera import ZOOMS
from game.ui.framing import GRID, Disc, hidden_counts
from tests.hostile import (
    UNITS,
    big_layers,
    bomb_png,
    combatant_map,
    external,
    plain_map,
    png_header,
    refused_by_cli,
    run_cli,
    swap,
    with_image_layer,
)

JOIN = '{"action": "join", "unit": {"name": "Cora", "faction": "ally", %s}, "at": [0, 0]}\n'


def refused_once(lines: list[str], *words: str) -> str:
    """validate's answer holds exactly one problem line, with every word in it."""
    assert len(lines) == 1, lines
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


# --- 1: a deeply nested tileset -------------------------------------------------------------------------
def test_a_tileset_nested_200000_deep_is_refused_without_a_crash(tmp_path: Path) -> None:
    # copy.deepcopy recursed in C through the .tsx and the process died with SIGSEGV.
    tmx, tsx = external(tmp_path)
    depth = 200_000
    swap(tsx, "</tileset>", '<tile id="7">' + "<a>" * depth + "</a>" * depth + "</tile></tileset>")
    refused_by_cli(["validate", str(tmx)], "m.tmx:", "m_tiles.tsx", f"nest more than {limits.MAX_XML_DEPTH} deep")


def test_the_depth_limit_is_exact(tmp_path: Path) -> None:
    tmx, tsx = external(tmp_path)
    inside = limits.MAX_XML_DEPTH - 2  # <tileset> and <tile> are two of the levels
    swap(tsx, "</tileset>", '<tile id="7">' + "<a>" * inside + "</a>" * inside + "</tile></tileset>")
    assert validate_map(tmx) == []
    swap(tsx, "<a></a>", "<a><a></a></a>")
    refused_once(validate_map(tmx), "nest more than")


def test_a_map_of_more_elements_than_the_limit_is_refused(tmp_path: Path) -> None:
    tmx = plain_map(tmp_path)
    swap(tmx, "</map>", "<x/>" * (limits.MAX_XML_ELEMENTS + 1) + "</map>")
    refused_once(validate_map(tmx), f"more than {limits.MAX_XML_ELEMENTS:,} XML elements")


@pytest.mark.parametrize("where", ["map", "tileset"])
def test_too_many_elements_are_refused_before_their_tree_is_built(tmp_path: Path, where: str) -> None:
    # The fuzzer's largest refusals (tools/fuzz_inputs.py, seed 2021, cases 53, 195, 289): 7-30 MB of small
    # elements took 160-172 MB each to be refused, the tree of the first 500,000 built before the count
    # passed the limit. Counted first, with no tree, the refusal costs what reading the file costs.
    tmx, tsx = external(tmp_path)
    hostile = tmx if where == "map" else tsx
    closing = "</map>" if where == "map" else "</tileset>"
    piece = '<property name="p" value="v"/>'  # 30 bytes: the 600,000 make a 17 MB file, within the file limit
    swap(hostile, closing, "<properties>" + piece * 600_000 + "</properties>" + closing)
    size = hostile.stat().st_size
    (tmp_path / "warm").mkdir()
    assert validate_map(plain_map(tmp_path / "warm")) == []  # what validate imports is not counted below
    tracemalloc.start()
    try:
        problems = validate_map(tmx)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    name = "" if where == "map" else 'tileset "m_tiles.tsx"'
    refused_once(problems, name, f"holds more than {limits.MAX_XML_ELEMENTS:,} XML elements, the limit")
    # The file, one copy of it as text (the attribute pre-check) and a little: not 500,000 elements' tree.
    assert peak < 2 * size + 20 * 2**20, f"{peak / 2**20:.0f} MB to refuse a {size / 2**20:.0f} MB file"


def test_an_element_of_millions_of_attributes_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    # A <map> of 2.5 million attributes (29 MB, within the file limit): every command took 14-27 s and
    # 640 MB, all of it the XML parser taking the element's attributes in.
    tmx = plain_map(tmp_path)
    swap(tmx, "<map ", "<map " + " ".join(f'a{i}=""' for i in range(2_500_000)) + " ")
    for argv in (["validate", str(tmx)], ["state", str(tmx)]):
        refused_by_cli(argv, "m.tmx: has an element of more than 1,000 attributes (line 2), the limit",
                       cap_mb=400, timeout=10)


@pytest.mark.parametrize("value", ['""', '">"', "'=\"'"])
def test_the_attribute_limit_is_exact_and_counts_inside_any_value(tmp_path: Path, value: str) -> None:
    tmx, tsx = external(tmp_path)
    many = " ".join(f"a{i}={value}" for i in range(limits.MAX_XML_ATTRIBUTES - 7))  # <tileset> has 7
    swap(tsx, "<tileset ", f"<tileset {many} ")
    assert validate_map(tmx) == []
    swap(tsx, "<tileset ", f"<tileset more={value} ")
    refused_once(validate_map(tmx), 'tileset "m_tiles.tsx"', "more than 1,000 attributes (line 2)")


def test_long_tile_data_and_values_are_not_counted_as_attributes(tmp_path: Path) -> None:
    tmx = plain_map(tmp_path, units=[{**UNITS[0], "note": ' a="b"' * 2000}, UNITS[1]])
    assert validate_map(tmx) == []


# --- 2: CSV tile data in linear time ----------------------------------------------------------------------
def test_csv_that_backtracked_quadratically_is_refused(tmp_path: Path) -> None:
    # _CSV_WELL_FORMED backtracked over " , , , ...x": 100 KB took 91 s, and this 1.8 MB layer hours.
    # Fewer commas than cells, so no count check stops it first; tiles of 2 px keep the picture small.
    tmx = write_map(tmp_path / "wide.tmx", ["." * 1000] * 1000, units=UNITS, tile_width=4, tile_height=4,
                    side_length=2)
    text = tmx.read_text()
    start = text.index('<data encoding="csv">') + len('<data encoding="csv">')
    tmx.write_text(text[:start] + " ," * 900_000 + "x" + text[text.index("</data>", start):])
    refused_by_cli(["validate", str(tmx)], 'layer "Terrain"', "not a tile gid", timeout=30)


@pytest.mark.parametrize(("data", "words"), [
    ("1 2,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1", '"1 2", which is not a tile gid'),
    ("1,1,1,99999999999,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1", "larger than 32 bits"),
    ("1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1" + ",1" * 100, "more than 20 tiles"),
    ("1,\n1 ,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,\n1,", None),
    ("1,1,1,1,1\n1,1,1,1,1\r\n1,1,1,1,1 \n 1,1,1,1,1", None),  # line ends separate rows too
])
def test_csv_layers_are_read_or_refused_by_their_content(tmp_path: Path, data: str, words: str | None) -> None:
    tmx = plain_map(tmp_path)
    text = tmx.read_text()
    start = text.index('<data encoding="csv">') + len('<data encoding="csv">')
    tmx.write_text(text[:start] + data + text[text.index("</data>", start):])
    if words is None:
        assert validate_map(tmx) == []
    else:
        refused_once(validate_map(tmx), 'layer "Terrain"', words)


# --- 3: image bombs -------------------------------------------------------------------------------------
def test_an_8000_square_png_is_refused_by_validate_and_render_before_decoding(tmp_path: Path) -> None:
    # 7.8 KB on disk, 2 GB once render decoded it; validate only checked that the file existed.
    (tmp_path / "bomb.png").write_bytes(bomb_png(8000, 8000))
    tmx = with_image_layer(tmp_path, "bomb.png")
    refused_once(validate_map(tmx), 'layer "bomb"', 'image "bomb.png" is 8000x8000 pixels',
                 f"limit of {limits.MAX_IMAGE_PIXELS:,}")
    load_map_art(plain_map(tmp_path / "warm" if (tmp_path / "warm").mkdir() is None else tmp_path))  # imports
    tracemalloc.start()
    try:
        with pytest.raises(RenderError, match="8000x8000 pixels"):
            load_map_art(tmx)
        assert tracemalloc.get_traced_memory()[1] < 50 * 1024 * 1024
    finally:
        tracemalloc.stop()


def test_a_30000_square_rgba_tileset_is_refused_by_render_and_play(tmp_path: Path) -> None:
    # pygame.image.load segfaulted on it (3.5 MB on disk); 16000 x 16000 gave a MemoryError traceback.
    tmx = plain_map(tmp_path)
    (tmp_path / "m_tiles.png").write_bytes(png_header(30000, 4000))
    refused_once(validate_map(tmx), 'tileset "terrain"', "30000x4000 pixels")
    refused_by_cli(["render", str(tmx), "-o", str(tmp_path / "o.png")], "30000x4000 pixels")
    refused_by_cli(["play", str(tmx), "--headless", "--frames", "2", "--log", str(tmp_path / "s.jsonl")],
                   "30000x4000 pixels")


@pytest.mark.parametrize(("content", "words"), [
    (b"not an image at all", "is not a PNG, JPEG, GIF, BMP or WebP image"),
    (bomb_png(64, 64)[:-30], "PNG is cut short"),
    (bomb_png(64, 64).replace(b"IDAT", b"IDAT\x00", 1)[:-1], "damaged"),
    (bomb_png(64, 0), "an empty image"),
])
def test_validate_refuses_images_render_would_refuse(tmp_path: Path, content: bytes, words: str) -> None:
    (tmp_path / "pic.png").write_bytes(content)
    tmx = with_image_layer(tmp_path, "pic.png")
    refused_once(validate_map(tmx), 'layer "bomb"', 'image "pic.png"', words)
    with pytest.raises(RenderError):
        load_map_art(tmx)


def test_a_png_whose_pixels_decompress_beyond_its_header_is_refused(tmp_path: Path) -> None:
    big, small = bomb_png(64, 64), bomb_png(8, 8)
    # small's header, big's pixel data: a decoder would stop, a bomb would not
    (tmp_path / "pic.png").write_bytes(small[:33] + big[33:])
    tmx = with_image_layer(tmp_path, "pic.png")
    refused_once(validate_map(tmx), 'image "pic.png"', "larger than its size")


def test_the_renderer_leaves_png_pixels_to_its_decoder_and_the_commands_still_refuse(tmp_path: Path) -> None:
    # The renderer's own read (load_map_art) checks a PNG's header and lets the decoder it calls next
    # check the pixels, instead of inflating them a second time: the render and play commands have
    # already checked every PNG whole through their map loader (validate's check). So load_map_art
    # alone either draws this image (libpng stops at the size the header promised) or refuses it as
    # a RenderError, and the render command still refuses it in one line, as validate does.
    big, small = bomb_png(64, 64), bomb_png(8, 8)
    (tmp_path / "pic.png").write_bytes(small[:33] + big[33:])
    tmx = with_image_layer(tmp_path, "pic.png")
    refused_once(validate_map(tmx), 'image "pic.png"', "larger than its size")
    try:
        art = load_map_art(tmx)
    except RenderError:
        pass
    else:
        assert art.surface().get_size()[0] > 0
    refused_by_cli(["render", str(tmx), "-o", str(tmp_path / "o.png")], 'image "pic.png"', "larger than its size")


# --- 4: numbers of thousands of digits -----------------------------------------------------------------
@pytest.mark.parametrize("field", ['"hp": "%s"', '"damage": "1d%s"', '"skills": "blades:%s"', '"hp": %s',
                                   '"ranged": "2-%s"'])
def test_a_5000_digit_number_in_a_join_line_is_refused_naming_the_limit(tmp_path: Path, field: str) -> None:
    # ValueError: Exceeds the limit (4300 digits) escaped as a traceback; a bare JSON integer was
    # refused as "too deeply nested".
    tmx = plain_map(tmp_path)
    log = tmp_path / "s.jsonl"
    log.write_text('{"action": "begin"}\n' + JOIN % (field % ("9" * 5000)))
    with pytest.raises(LogError) as err:
        read_log(log, load_scenario(tmx).board.layout)
    message = str(err.value)
    assert message.startswith("s.jsonl:2: ") and "nested" not in message, message
    assert "more than" in message and "10" in message and len(message) < 200, message


def test_a_5000_digit_property_in_a_map_is_refused_naming_the_limit(tmp_path: Path) -> None:
    tmx = plain_map(tmp_path, units=[{"name": "Hero", "at": (1, 1), "faction": "player", "hp": "9" * 5000},
                                     {"name": "Orc", "at": (3, 2), "faction": "enemy",
                                      "initiative": Typed("int", "9" * 5000)}])
    lines = validate_map(tmx)
    assert len(lines) == 2, lines
    assert all("more than 10 digits" in line and "sys.set_int_max_str_digits" not in line for line in lines), lines


def test_whole_numbers_stop_at_the_digit_limit() -> None:
    assert whole_number(" -1000000000 ", "x") == -10**9
    assert whole_number("0" * 5000 + "7", "x") == 7  # leading zeros do not count
    with pytest.raises(InputLimitError, match="more than 10 digits"):
        whole_number("12345678901", "hp")


# --- 5: files that are not regular files -----------------------------------------------------------------
def test_a_fifo_as_map_tileset_or_log_is_refused_at_once(tmp_path: Path) -> None:
    # Each one blocked forever in open().
    fifo = tmp_path / "pipe.tmx"
    os.mkfifo(fifo)
    refused_by_cli(["validate", str(fifo)], "pipe.tmx", "named pipe, not a regular file", timeout=20)
    tmx, tsx = external(tmp_path)
    tsx.unlink()
    os.mkfifo(tsx)
    refused_by_cli(["validate", str(tmx)], 'tileset "m_tiles.tsx"', "named pipe", timeout=20)
    plain = plain_map(tmp_path / "plain" if (tmp_path / "plain").mkdir() is None else tmp_path)
    os.mkfifo(tmp_path / "pipe.jsonl")
    refused_by_cli(["state", str(plain), "--log", str(tmp_path / "pipe.jsonl")], "pipe.jsonl", "named pipe",
                   timeout=20)


def test_devices_and_links_to_them_are_refused_without_reading(tmp_path: Path) -> None:
    # /dev/zero was read until MemoryError after 3.7 GB; --log /dev/zero gave a traceback.
    link = tmp_path / "zero.tmx"
    link.symlink_to("/dev/zero")
    refused_by_cli(["validate", str(link)], "zero.tmx", "device, not a regular file", cap_mb=512, timeout=20)
    refused_by_cli(["state", str(plain_map(tmp_path)), "--log", "/dev/urandom"], "device", cap_mb=512, timeout=20)


def test_a_missing_or_unreadable_log_is_one_line(tmp_path: Path) -> None:
    tmx = plain_map(tmp_path)
    layout = load_scenario(tmx).board.layout
    with pytest.raises(LogError, match=r"^nothere\.jsonl: cannot read the log: no such file$"):
        read_log(tmp_path / "nothere.jsonl", layout)
    (tmp_path / "bad.jsonl").write_bytes(b'{"action": "begin"}\n\xff\xfe\n')
    with pytest.raises(LogError, match=r"^bad\.jsonl:2: not UTF-8"):
        read_log(tmp_path / "bad.jsonl", layout)


# --- 6: memory --------------------------------------------------------------------------------------------
def test_a_stack_of_layers_beyond_the_cell_limit_is_refused(tmp_path: Path) -> None:
    # 1000 layers of 1000 x 1000 in a 5.3 MB file took more than 4 GB.
    layers = limits.MAX_LAYER_CELLS // 1_000_000 + 1
    # Tiles of 4 px: the picture is within its own limit (which now refuses 64 px tiles before any layer is read).
    tmx = big_layers(tmp_path, layers, 1000, tile=(4, 4, 2))
    refused_by_cli(["validate", str(tmx)], "layers.tmx", f"more than {limits.MAX_LAYER_CELLS:,} cells", cap_mb=1024)


def test_a_map_whose_picture_is_beyond_the_limit_is_refused(tmp_path: Path) -> None:
    tmx = write_map(tmp_path / "huge.tmx", ["." * 200] * 200, units=UNITS, tile_width=64, tile_height=74)
    refused_once(validate_map(tmx), "huge.tmx: map: the map's picture is", f"{limits.MAX_PICTURE_PIXELS:,}")


def test_lint_of_a_100_square_map_stays_small(tmp_path: Path) -> None:
    # The lint's first reach check (_could_fight) allocated cells x cells: a traceback after 3.1 GB. Two
    # factions walled apart make every combatant's check cover its whole half of the board.
    rows = ["." * 100] * 100
    rows = [r[:50] + "#" + r[51:] for r in rows]
    units = [{"name": "West", "at": (10, 10), "faction": "player"}, {"name": "East", "at": (90, 90),
                                                                      "faction": "enemy"}]
    tmx = write_map(tmp_path / "walled.tmx", rows, units=units, tile_width=16, tile_height=18, side_length=9)
    r = run_cli(["validate", "--lint", str(tmx)], cap_mb=768, timeout=120)
    assert r.rc == 0 and "Traceback" not in r.stderr, r.stderr[-2000:]
    assert r.stdout.count("can never reach a hostile") == 2, r.stdout


def test_more_combatants_than_the_limit_are_refused(tmp_path: Path) -> None:
    # 1,000 combatants: playtest --games 1 did not end in 120 s; 10,000: a traceback in the window's framing.
    tmx = combatant_map(tmp_path, limits.MAX_COMBATANTS + 1, 60)
    refused_once(validate_map(tmx), f"has {limits.MAX_COMBATANTS + 1} combatants",
                 f"more than the limit of {limits.MAX_COMBATANTS}")


def test_joining_beyond_the_combatant_limit_is_refused(tmp_path: Path) -> None:
    from game.rules import Encounter, IllegalActionError, Join

    tmx = combatant_map(tmp_path, limits.MAX_COMBATANTS, 60)
    enc = Encounter(load_scenario(tmx))
    with pytest.raises(IllegalActionError, match=f"already has {limits.MAX_COMBATANTS} combatants"):
        enc.apply(Join.of({"name": "One more", "faction": "ally"}, (59, 59)))


def test_the_opening_view_never_allocates_candidates_times_combatants() -> None:
    from game.ui.camera import Camera

    cam = Camera(1280, 720, 20000, 20000)
    discs = [Disc(float(i % 200) * 100, float(i // 200) * 100, 30.0, i % 2 == 0) for i in range(2000)]
    xs = np.linspace(0, 20000, GRID)
    gx, gy = (a.ravel() for a in np.meshgrid(xs, xs))
    tracemalloc.start()
    try:
        party, others = hidden_counts(cam, ZOOMS.index(1.0), gx, gy, discs, [])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert party.shape == others.shape == (GRID * GRID,)
    assert int(party.max()) + int(others.max()) == len(discs)  # somewhere every token is off screen
    assert peak < 40 * 1024 * 1024, f"{peak / 2**20:.0f} MB"  # GRID^2 x 2000 x 8 bytes would be 147 MB an array


def test_a_log_of_more_lines_than_the_limit_is_refused_before_parsing(tmp_path: Path) -> None:
    # A million-line log replayed in 108 s at 2.9 GB.
    tmx = plain_map(tmp_path)
    log = tmp_path / "long.jsonl"
    log.write_text('{"action": "begin"}\n' + "\n" * limits.MAX_LOG_LINES)
    with pytest.raises(LogError, match=f"more than {limits.MAX_LOG_LINES:,} lines"):
        read_log(log, load_scenario(tmx).board.layout)
    log.write_text('{"action": "begin", "note": "' + "x" * limits.MAX_LOG_LINE_CHARS + '"}\n')
    with pytest.raises(LogError, match=r"^long\.jsonl:1: the line is longer than"):
        read_log(log, load_scenario(tmx).board.layout)


def test_a_long_log_refused_at_an_early_line_costs_little_memory_to_refuse(tmp_path: Path) -> None:
    # tools/fuzz_inputs.py, seed 2022, case 948: 83,000 lines refused at line 7 took 70 MB more to say so,
    # the another-map hint's list of every line's JSON, though the hint stops at the refused line's own name.
    tmx = plain_map(tmp_path)
    log = tmp_path / "a.jsonl"
    log.write_text('{"action": "begin"}\n{"action": "move", "unit": "Orc", "to": [2, 3], "path": [[2, 3]]}\n'
                   + '{"action": "face", "unit": "Hero", "dir": "ne"}\n' * 60_000)
    scenario = load_scenario(tmx)
    actions = read_log(log, scenario.board.layout, scenario=scenario)  # 60,002 lines, what reading them costs
    tracemalloc.start()
    try:
        with pytest.raises(LogError) as refused:
            replay(scenario, actions)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(refused.value) == 'a.jsonl:2: move: it is "Hero"\'s turn, not "Orc"\'s (R16)'
    assert peak < 5 * 2**20, f"{peak / 2**20:.0f} MB to refuse line 2"


# --- 9: DTDs, and files outside the map's folder ------------------------------------------------------
def test_a_map_with_a_dtd_or_entities_is_refused(tmp_path: Path) -> None:
    # Internal entities expanded a 15 MB map to a 1 GB property.
    tmx = plain_map(tmp_path)
    text = tmx.read_text()
    ents = '<!DOCTYPE map [<!ENTITY a "' + "A" * 1000 + '"><!ENTITY b "' + "&a;" * 1000 + '">]>'
    tmx.write_text(text.replace("?>", "?>\n" + ents, 1).replace('name="title" value="', 'name="title" value="&b;', 1)
                   if 'name="title"' in text else text.replace("?>", "?>\n" + ents, 1))
    refused_once(validate_map(tmx), "m.tmx: has a DOCTYPE (line 2)", "no DTD or entity declarations")
    tmx.write_text(text.replace("?>", '?>\n<!DOCTYPE map SYSTEM "file:///etc/passwd">', 1))
    refused_once(validate_map(tmx), "has a DOCTYPE")


def test_images_and_tilesets_outside_the_maps_folder_are_refused_unless_allowed(tmp_path: Path) -> None:
    # validate said ok for /etc/passwd as an image, and told whether any path existed.
    (tmp_path / "maps").mkdir()
    outside = tmp_path / "secret.png"
    outside.write_bytes(bomb_png(8, 8))
    answers = []
    for src in ("../secret.png", "../nothing-here.png", str(outside), "/etc/passwd"):
        tmx = with_image_layer(tmp_path / "maps", src)
        line = refused_once(validate_map(tmx), f'image "{src}" is outside the map\'s folder', "--allow-outside")
        answers.append(line.replace(src, "SRC"))
        with pytest.raises(MapError, match="outside the map's folder"):
            load_scenario(tmx)
        with pytest.raises(RenderError, match="outside the map's folder"):
            load_map_art(tmx)
    assert len(set(answers)) == 1, answers  # the same words whether the file exists or not
    tmx = with_image_layer(tmp_path / "maps", "../secret.png")
    assert validate_map(tmx, allow_outside=True) == []
    load_map_art(tmx, allow_outside=True)
    (tmp_path / "maps" / "link.png").symlink_to(outside)  # a link inside that leads outside
    refused_once(validate_map(with_image_layer(tmp_path / "maps", "link.png")), "outside the map's folder")


def test_a_tileset_outside_the_maps_folder_is_refused(tmp_path: Path) -> None:
    tmx, tsx = external(tmp_path / "a" if (tmp_path / "a").mkdir() is None else tmp_path)
    (tmp_path / "b").mkdir()
    moved = tmp_path / "b" / tsx.name
    tsx.rename(moved)
    (tmp_path / "b" / "m_tiles.png").write_bytes((tmp_path / "a" / "m_tiles.png").read_bytes())
    swap(tmx, f'source="{tsx.name}"', f'source="../b/{tsx.name}"')
    refused_once(validate_map(tmx), 'tileset "../b/m_tiles.tsx" is outside the map\'s folder')
    assert validate_map(tmx, allow_outside=True) == []
    refused_by_cli(["state", str(tmx)], "outside the map's folder")
    r = run_cli(["state", str(tmx), "--allow-outside"])
    assert r.rc == 0, r.stderr


def test_the_shipped_tilesets_stay_readable_from_any_folder(tmp_path: Path) -> None:
    # Shipped maps name ../assets/terrain.tsx: Playmat's own tilesets are always allowed.
    from game.maps import default_map

    text = default_map().read_text()
    assets = default_map().parent.parent / "assets"
    copy = tmp_path / "copy.tmx"
    copy.write_text(text.replace('source="../assets/', f'source="{assets}/'))
    assert validate_map(copy) == []


def test_docs_limits_lists_every_limit_with_its_value() -> None:
    text = (Path(__file__).resolve().parents[1] / "docs" / "limits.md").read_text(encoding="utf-8")
    rows = {line.split("`")[1]: line for line in text.splitlines() if line.startswith("| `MAX_")}
    names = sorted(n for n in dir(limits) if n.startswith("MAX_"))
    assert sorted(rows) == names
    for name in names:
        assert f"{getattr(limits, name):,}" in rows[name], (name, rows[name])
