"""Numbers, names and echoed text from strangers' maps and logs (the second review of issue 21).

Each case is what a user sees: exit status 2 and one short line naming the file, the line or object
and what is wrong; never a traceback, never a value of thousands of characters repeated back.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.main import main
from game.maps.tmxdoc import Typed
from game.maps.tmxwrite import write_map
from tests.hostile import plain_map, swap

ARABIC_NINES = "\u0669" * 5000  # Arabic-Indic digit nine: Python's int() takes it, Tiled never writes it
JOIN = '{"action": "join", "unit": {"name": "Cora", "faction": "ally", %s}, "at": [0, 0]}\n'


@pytest.fixture
def tmx(tmp_path: Path) -> Path:
    return plain_map(tmp_path)


def refused(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    """The one line on stderr (no traceback, nothing on stdout), short, holding every word."""
    out, err = capsys.readouterr()
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err[-2000:]
    assert not out, out[:200]
    for w in words:
        assert w in lines[0], (w, lines[0])
    assert len(lines[0]) < 300, lines[0][:400]
    return lines[0]


# --- numbers: ASCII digits only, a bounded length ------------------------------------------------------
@pytest.mark.parametrize(("field", "value", "said"), [
    ("hp", ARABIC_NINES, 'hp is not an integer: "\u0669\u0669'),
    ("hp", "\u0669" * 4000, 'hp is not an integer: "'),
    ("damage", "1d" + ARABIC_NINES, 'damage "1d\u0669'),
    ("skills", "blades:" + ARABIC_NINES, 'skill "blades" is not an integer'),
    ("ranged", "1-" + ARABIC_NINES, 'ranged "1-\u0669'),
    ("hp", "\uff15", 'hp is not an integer: "\uff15"'),  # a fullwidth 5 was read as 5
])
def test_a_log_number_in_other_digits_is_refused_in_one_line(tmx: Path, tmp_path: Path, field: str, value: str,
                                                            said: str, capsys: pytest.CaptureFixture[str]) -> None:
    # 5000 Arabic-Indic digits: a traceback (ValueError: Exceeds the limit (4300 digits)); 4000: the number,
    # converted, in a 4,000-character message.
    log = tmp_path / "s.jsonl"
    log.write_text(JOIN % f'"{field}": "{value}"', encoding="utf-8")
    assert main(["state", str(tmx), "--log", str(log)]) == 2
    line = refused(capsys, 's.jsonl:1: join: unit "Cora": ', said, "digits 0-9")
    assert "9999" not in line


def test_a_number_with_thousands_of_leading_zeros_is_still_that_number(tmx: Path, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # The digit check skips leading zeros, but int() does not: a traceback (4300 digits).
    log = tmp_path / "s.jsonl"
    log.write_text(JOIN % f'"hp": "{"0" * 5000}7"')
    assert main(["state", str(tmx), "--log", str(log), "--json"]) == 0
    assert '"Cora": {"at": [0, 0]' in capsys.readouterr().out


@pytest.mark.parametrize(("where", "said"), [
    ('width="5"', 'm.tmx: map: width "\u0669\u0669'),
    ('tilewidth="', "m.tmx: map: tilewidth \""),
])
def test_a_map_attribute_in_other_digits_is_refused_in_one_line(tmx: Path, where: str, said: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    # "cannot read the map (ValueError: Exceeds the limit (4300 digits) ... sys.set_int_max_str_digits()"
    swap(tmx, where, where.replace('"5"', f'"{ARABIC_NINES}"') if '"5"' in where else where + ARABIC_NINES)
    assert main(["validate", str(tmx)]) == 2
    refused(capsys, said, "is not an integer (numbers are written with the digits 0-9)")


def test_an_int_property_in_other_digits_is_refused_without_echoing_it(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # 4000 digits were converted and the 4,000-digit hp repeated in the message; 5000 gave "cannot read the map
    # (ValueError: ...)"
    for digits in (4000, 5000):
        tmx = plain_map(tmp_path, units=[{"name": "Hero", "at": (1, 1), "faction": "player",
                                          "hp": Typed("int", "\u0669" * digits)}])
        assert main(["validate", str(tmx)]) == 2
        refused(capsys, 'm.tmx: object 1 "Hero": property "hp" is not an integer: "\u0669', '..."', "digits 0-9")


def test_a_fullwidth_map_width_is_not_read_as_a_number(tmx: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # width="５" (fullwidth) was read as 5.
    swap(tmx, 'width="5"', 'width="\uff15"')
    assert main(["validate", str(tmx)]) == 2
    refused(capsys, 'm.tmx: map: width "\uff15" is not an integer')


def test_object_coordinates_in_other_digits_are_not_numbers(tmx: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # float() takes Arabic-Indic digits too: x="١٢٨" stood at 128.
    text = tmx.read_text()
    start = text.index(' x="', text.index('name="Hero"')) + 4
    end = text.index('"', start)
    tmx.write_text(text[:start] + "\u0661" * 3 + text[end:])
    assert main(["validate", str(tmx)]) == 2
    refused(capsys, 'm.tmx: object 1 "Hero": x "\u0661\u0661\u0661" is not a number (numbers are written with')


# --- CSV layer data: the work bounded by the layer's cells -----------------------------------------------
CSV_ROWS = "1,1,1,1,1,\n1,1,1,1,1,\n1,1,1,1,1,\n1,1,1,1,1\n"


@pytest.mark.parametrize(("side", "entries", "said"), [
    # 30 MB of "10\n" on a 5x4 map: no comma, so the comma count let it through to a findall of 10 million
    # strings: 953 MB, and under a 1 GB cap "cannot read the map (MemoryError)".
    (None, 10_000_000, 'm.tmx: layer "Terrain": has more than 20 tiles, the map needs 20'),
    # Within four separators a cell, a 1000x1000 layer holding four times its cells: listed before counted.
    (1000, 4_000_000, 'm.tmx: layer "Terrain": has 4000000 tiles, the map needs 1000000 (1000x1000)'),
])
def test_csv_entries_separated_by_line_ends_are_counted_before_they_are_listed(
        tmp_path: Path, side: int | None, entries: int, said: str) -> None:
    from tests.hostile import refused_by_cli

    if side is None:
        tmx = plain_map(tmp_path)
        swap(tmx, CSV_ROWS, "10\n" * entries)
    else:  # tiles of 4 px keep the picture within its own limit
        tmx = write_map(tmp_path / "m.tmx", ["." * side] * side, tile_width=4, tile_height=4, side_length=2)
        text = tmx.read_text()
        start = text.index('<data encoding="csv">') + len('<data encoding="csv">')
        tmx.write_text(text[:start] + "10\n" * entries + text[text.index("</data>"):])
    refused_by_cli(["validate", str(tmx)], said, cap_mb=350)


# --- paths: a loop of symbolic links -------------------------------------------------------------------
@pytest.mark.parametrize("allow_outside", [False, True])
def test_an_image_that_is_a_loop_of_links_is_named_in_one_line(tmx: Path, allow_outside: bool,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    # "cannot read the map (RuntimeError: Symlink loop from '/abs/path/a.png')": the exception's words, and the
    # absolute path, where every other path refusal names the file as the map wrote it.
    (tmx.parent / "a.png").symlink_to("b.png")
    (tmx.parent / "b.png").symlink_to("a.png")
    swap(tmx, 'source="m_tiles.png"', 'source="a.png"')
    assert main(["validate", str(tmx), *(["--allow-outside"] if allow_outside else [])]) == 2
    line = refused(capsys, 'm.tmx: tileset "terrain": image "a.png": cannot read the image: a loop of symbolic links')
    assert str(tmx.parent) not in line
    assert main(["state", str(tmx)]) == 2
    refused(capsys, 'playmat: m.tmx: tileset "terrain": image "a.png": cannot read the image: a loop of symbolic')


def test_a_tileset_that_is_a_loop_of_links_is_named_in_one_line(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from tests.hostile import external

    tmx, tsx = external(tmp_path)
    tsx.unlink()
    tsx.symlink_to("other.tsx")
    (tmp_path / "other.tsx").symlink_to(tsx.name)
    assert main(["validate", str(tmx)]) == 2
    refused(capsys, 'm.tmx: tileset "m_tiles.tsx": cannot read the tileset: a loop of symbolic links')


# --- numbers out of range are said to be, not printed ---------------------------------------------------
def longest_number(line: str) -> int:
    import re

    return max((len(m) for m in re.findall("[0-9]+", line)), default=0)


def test_a_combatant_far_off_the_map_is_out_of_range_not_a_300_digit_cell(
        tmx: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # x="1e300": "stands on cell 15625000000000000820386878987569066386007321579814986795560220554871913406...,1"
    text = tmx.read_text()
    start = text.index(' x="', text.index('name="Hero"')) + 4
    tmx.write_text(text[:start] + "1e300" + text[text.index('"', start):])
    assert main(["validate", str(tmx)]) == 2
    line = refused(capsys, 'm.tmx: object 1 "Hero": x "1e300" is out of range')  # every pixel number is bounded
    assert longest_number(line) < 10


def test_render_scale_far_too_large_is_out_of_range_not_a_300_digit_size(
        tmx: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", str(tmx), "-o", str(tmp_path / "o.png"), "--scale", "1e300"]) == 2
    line = refused(capsys, "playmat: --scale 1e+300 is out of range; the most is 16384 px a side")
    assert longest_number(line) < 10
    assert main(["render", str(tmx), "-o", str(tmp_path / "o.png"), "--scale", "50"]) == 2  # a size it can say
    refused(capsys, "--scale 50 makes the picture 17600x11900 px; the most is")


def test_a_joiners_hp_of_1e308_is_out_of_range_not_309_digits(tmx: Path, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text(JOIN % '"hp": 1e308')
    assert main(["state", str(tmx), "--log", str(log)]) == 2
    line = refused(capsys, 's.jsonl:1: join: unit "Cora": hp 1e+308 is out of range')
    assert longest_number(line) < 10


def test_a_tile_offset_of_1e300_is_refused_in_one_line(tmx: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # validate said ok, and render ended in a traceback (TypeError: invalid destination position for blit).
    swap(tmx, '<image source="m_tiles.png"', '<tileoffset x="1e300" y="0"/>\n  <image source="m_tiles.png"')
    assert main(["render", str(tmx), "-o", str(tmp_path / "o.png")]) == 2
    refused(capsys, 'playmat: m.tmx: tileset "terrain": tileoffset x "1e300" is out of range')


# --- external tilesets: each file read once, a bounded number and size -----------------------------------
def many_references(tmp_path: Path, count: int, pad_mb: float = 0, files: int = 1) -> Path:
    """A map naming its .tsx ``count`` times (``files`` distinct copies in turn), each padded to ``pad_mb`` MB."""
    from tests.hostile import external

    tmx, tsx = external(tmp_path)
    pad = "x" * int(pad_mb * 1_000_000)
    text = tsx.read_text().replace("<image", f'<properties><property name="note" value="{pad}"/></properties>\n'
                                   " <image", 1)
    for i in range(files):
        (tmp_path / f"t{i}.tsx").write_text(text)
    refs = "".join(f' <tileset firstgid="{1 + 8 * i}" source="t{i % files}.tsx"/>\n' for i in range(count))
    return swap(tmx, ' <tileset firstgid="1" source="m_tiles.tsx"/>\n', refs)


def test_a_tsx_named_200_times_is_read_once(tmp_path: Path) -> None:
    # 100 references to one .tsx of 30 MB took validate 38 s and 1.46 GB: the file was parsed for each.
    from tests.hostile import run_cli

    tmx = many_references(tmp_path, 200, pad_mb=30)
    r = run_cli(["validate", str(tmx)], cap_mb=1024, timeout=120)
    assert r.rc == 0 and r.stdout == f"{tmx}: ok\n", (r.rc, r.signal, r.stderr[-500:])


def test_a_map_of_more_tilesets_than_the_limit_is_refused_in_one_line(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from game.rules import limits

    tmx = many_references(tmp_path, limits.MAX_TILESETS)
    assert main(["validate", str(tmx)]) == 0
    capsys.readouterr()
    tmx = many_references(tmp_path, limits.MAX_TILESETS + 1)  # 10,000 of them took validate 32 s
    assert main(["validate", str(tmx)]) == 2
    refused(capsys, f"m.tmx: has 257 tilesets, more than the limit of {limits.MAX_TILESETS}")


def test_the_tsx_files_of_a_map_are_bounded_together(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tmx = many_references(tmp_path, 4, pad_mb=12, files=3)  # 36 MB in three files, each within its own limit
    assert main(["validate", str(tmx)]) == 2
    refused(capsys, 'm.tmx: tileset "t2.tsx": the map\'s .tsx files hold more than 33,554,432 bytes in all, '
            "the limit")


# --- what the CLI prints of names and titles ----------------------------------------------------------
def test_a_name_holding_a_line_break_is_refused_in_one_line_printed_as_an_escape(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # name="Hero&#10;ok: fake" printed "order: Hero", then a line "ok: fake, Orc", and split the table row. Names
    # now refuse control characters; the refusal itself stays one line, the break printed as "\\n".
    tmx = plain_map(tmp_path, units=[{"name": "Hero\nok: fake", "at": (1, 1), "faction": "player"},
                                     {"name": "Orc", "at": (3, 2), "faction": "enemy"}])
    assert main(["state", str(tmx)]) == 2
    line = refused(capsys, 'name "Hero\\nok: fake" holds U+000A (a control character), which a name may not hold')
    assert not line.startswith("ok: fake")


def test_bidirectional_controls_are_printed_as_escapes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # U+202E (right-to-left override) reached the terminal raw: "\u202eoreH" shows as "Hero", and the rest of
    # the line reversed.
    tmx = write_map(tmp_path / "m.tmx", ["....."] * 4, title="\u202eNIW UOY\u2066",
                    units=[{"name": "Hero", "at": (1, 1), "faction": "player"}])
    assert main(["state", str(tmx)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("\\u202eNIW UOY\\u2066: setup, round 0\n") and "\u202e" not in out, out
    log = tmp_path / "s.jsonl"
    log.write_text('{"action": "set_hp", "unit": "\\u202eoreH", "hp": 3}\n')
    assert main(["state", str(tmx), "--log", str(log)]) == 2
    line = refused(capsys, 'playmat: s.jsonl:1: set_hp: unknown unit "\\u202eoreH"')
    assert "\u202e" not in line


# --- names that look alike, or hide what they are ---------------------------------------------------------
@pytest.mark.parametrize(("names", "said"), [
    (["Hero ", "Orc"], 'm.tmx: object 1 "Hero ": name "Hero " begins or ends with white space'),
    (["\u00a0Hero", "Orc"], "begins or ends with white space"),
    (["Hero\u200b", "Orc"], 'name "Hero\u200b" holds U+200B (ZERO WIDTH SPACE), an invisible character'),
    (["\u202eoreH", "Orc"], 'm.tmx: object 1 "\\u202eoreH": name "\\u202eoreH" holds U+202E (RIGHT-TO-LEFT OVERRIDE)'),
    (["Or\u00e9", "Ore\u0301"], 'm.tmx: object 2 "Ore\u0301": name is already used by object 1 "Or\u00e9", '
                               "written with other "
                               "Unicode characters (names equal under NFKC normalization are one name)"),
    (["Hero", "\uff28ero"], 'm.tmx: object 2 "\uff28ero": name is already used by object 1 "Hero", written with other'),
    (["H" * 101, "Orc"], "name is 101 characters long, more than the limit of 100"),
    # Control characters (category Cc): a line break or tab written &#10; / &#9;, a C1 control, which XML allows.
    (["Hero\nok", "Orc"], 'm.tmx: object 1 "Hero ok": name "Hero\\nok" holds U+000A (a control character), '
                          "which a name may not hold"),  # a map's message folds the break in its label
    (["Hero\tok", "Orc"], 'name "Hero\\tok" holds U+0009 (a control character)'),
    (["\x9b31mOrc", "Hero"], 'name "\\x9b31mOrc" holds U+009B (a control character)'),
])
def test_a_map_name_that_hides_what_it_is_is_refused_in_one_line(tmp_path: Path, names: list[str], said: str,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # Each was accepted: two combatants that print alike, or a name that prints as another.
    tmx = plain_map(tmp_path, units=[{"name": names[0], "at": (1, 1), "faction": "player"},
                                     {"name": names[1], "at": (3, 2), "faction": "enemy"}])
    assert main(["validate", str(tmx)]) == 2
    refused(capsys, said)


def test_names_that_differ_only_in_case_or_inside_are_still_two_names(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    tmx = plain_map(tmp_path, units=[{"name": "Hero", "at": (1, 1), "faction": "player"},
                                     {"name": "hero", "at": (3, 2), "faction": "enemy"},
                                     {"name": "Orc  Chief", "at": (1, 3), "faction": "enemy"},
                                     {"name": "H" * 100, "at": (4, 0), "faction": "enemy"}])
    assert main(["validate", str(tmx)]) == 0


@pytest.mark.parametrize(("name", "said"), [
    ("Hero ", 's.jsonl:1: join: unit: name "Hero " begins or ends with white space'),
    ("Hero\\u200b", 's.jsonl:1: join: unit: name "Hero\u200b" holds U+200B (ZERO WIDTH SPACE)'),
    ("\\uff28ero", 's.jsonl:1: join: a combatant named "Hero" is already in the encounter, written with other '
                   "Unicode characters (names equal under NFKC normalization are one name)"),
    ("N" * 60_000, "s.jsonl:1: join: unit: name is 60,000 characters long, more than the limit of 100"),
    ("Orc\\u001b[2J", 's.jsonl:1: join: unit: name "Orc\\x1b[2J" holds U+001B (a control character), which a '
                       "name may not hold"),
    ("Cora\\u0000", 's.jsonl:1: join: unit: name "Cora\\x00" holds U+0000 (a control character)'),
    ("Hero\\nok", 's.jsonl:1: join: unit: name "Hero\\nok" holds U+000A (a control character)'),
])
def test_a_joiner_whose_name_hides_what_it_is_is_refused_with_its_line(tmx: Path, tmp_path: Path, name: str,
                                                                       said: str,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text('{"action": "join", "unit": {"name": "' + name + '", "faction": "ally"}, "at": [0, 0]}\n')
    assert main(["state", str(tmx), "--log", str(log)]) == 2
    refused(capsys, "playmat: " + said)


def test_the_engine_refuses_a_lookalike_joiner_too(tmx: Path) -> None:
    from game.maps.loader import load_scenario
    from game.rules import Encounter, IllegalActionError
    from game.rules.actions import Join

    enc = Encounter.from_scenario(load_scenario(tmx))
    with pytest.raises(IllegalActionError, match="written with other Unicode characters"):
        enc.apply(Join.of({"name": "\uff2frc", "faction": "ally"}, (0, 0)))  # a fullwidth O
    with pytest.raises(IllegalActionError, match="begins or ends with white space"):
        enc.apply(Join.of({"name": "Cora ", "faction": "ally"}, (0, 0)))
    assert sorted(enc.state_json()["units"]) == ["Hero", "Orc"]  # nothing half joined


# --- the docs say what the code enforces ------------------------------------------------------------------
def test_map_formats_limits_are_the_ones_the_code_enforces() -> None:
    # map-format.md said 500 combatants and images of 25 million pixels; the code refuses 201 and 24,000,001.
    from game.rules import limits

    text = (Path(__file__).resolve().parents[1] / "docs" / "map-format.md").read_text(encoding="utf-8")
    section = text[text.index("## Limits"):text.index("## Bad maps")]
    side = f"{limits.MAX_CELLS_PER_SIDE:,}"
    said = [f"{side}×{side} cells", f"{limits.MAX_COMBATANTS} combatants", f"{limits.MAX_LAYERS:,} layers",
            f"{limits.MAX_TILESETS}\ntilesets", f"{limits.MAX_MAP_FILE_BYTES:,} bytes",
            f"{limits.MAX_IMAGE_PIXELS:,} pixels each", f"{limits.MAX_PICTURE_PIXELS:,} pixels",
            f"{limits.MAX_NAME_CHARS} characters", f"{limits.MAX_NUMBER_DIGITS} digits"]
    for words in said:
        assert words in section, (words, section)


@pytest.mark.parametrize("argv", [
    ["sight", "{map}", "--from", "0,0", "--to", "9" * 4000 + ",0"],
    ["reach", "{map}", "--unit", "Hero", "--budget", "9" * 4000],
    ["suggest", "{map}", "--seed", "9" * 5000],
])
def test_a_command_line_number_of_thousands_of_digits_is_not_repeated(tmx: Path, argv: list[str],
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # --to 9999...(4000),0 was converted and printed back whole; --seed of 5000 digits was repeated by argparse.
    assert main([a.replace("{map}", str(tmx)) for a in argv]) == 2
    line = refused(capsys, "'9999999999999999999999999999999999999...'")
    assert longest_number(line) < 40


@pytest.mark.parametrize("name", ["Cora\x1b[2J", "Co\nra", "Cora\x00", "Co\tra", "Co\x85ra"])
def test_the_engine_refuses_a_joiner_whose_name_holds_a_control_character(tmx: Path, name: str) -> None:
    # The one check (name_problem) every way in uses: a client of the public API is refused as a log line is.
    from game.maps.loader import load_scenario
    from game.rules import Encounter, IllegalActionError
    from game.rules.actions import Join

    enc = Encounter.from_scenario(load_scenario(tmx))
    with pytest.raises(IllegalActionError, match=r"holds U\+00[0-9A-F]{2} \(a control character\)"):
        enc.apply(Join.of({"name": name, "faction": "ally"}, (0, 0)))
    assert sorted(enc.state_json()["units"]) == ["Hero", "Orc"]  # nothing half joined
