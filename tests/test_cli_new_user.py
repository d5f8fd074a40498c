"""The CLI as a new user tries it: refusals in one line, every problem listed, no surprises."""

from __future__ import annotations

import json
import os
import pwd
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from game.cli.main import main
from game.maps import default_map, load_scenario, shipped_maps
from game.maps.pixels import TiledPixels
from game.maps.tmxwrite import write_map
from tests.cli_capture import run

ROOT = Path(__file__).resolve().parent.parent

# Pointy-top odd-r, 9x7, 64x74 tiles (side 37): the picture is 9*64+32 = 608 px wide.
TERRAIN = ["." * 9] * 7
UNITS = [
    {"name": "Aldric", "at": (1, 1), "faction": "player", "initiative": 5},
    # A large creature (R26: radius 1) in the middle; its token covers its six neighbours.
    {"name": "Troll", "at": (4, 3), "faction": "enemy", "size": "large", "move": 2, "initiative": 9},
]


@pytest.fixture
def small_map(tmp_path: Path) -> Path:
    return write_map(tmp_path / "field.tmx", TERRAIN, units=UNITS, title="Field")


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one-line refusal a bad command gets: exit 2, nothing on stdout, no traceback."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (code, out, err)
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    return err


# --- render: where it writes ----------------------------------------------------------
def test_render_onto_a_folder_is_refused(capsys, small_map: Path, tmp_path: Path) -> None:
    folder = tmp_path / "pictures.png"  # a folder, even with a .png name
    folder.mkdir()
    err = refused(capsys, "render", str(small_map), "-o", str(folder))
    assert "is a folder" in err and str(folder) in err
    err = refused(capsys, "render", str(small_map), "-o", str(tmp_path))
    assert "is a folder" in err


def test_render_into_a_missing_folder_is_refused_and_creates_nothing(capsys, small_map: Path, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "dir" / "x.png"
    err = refused(capsys, "render", str(small_map), "-o", str(target))
    assert "does not exist" in err and str(tmp_path / "missing" / "dir") in err
    assert not (tmp_path / "missing").exists()  # no folders made behind the user's back


def test_render_under_a_file_is_refused(capsys, small_map: Path, tmp_path: Path) -> None:
    err = refused(capsys, "render", str(small_map), "-o", str(small_map / "x.png"))
    assert "is not a folder" in err


@pytest.mark.skipif(not Path("/sys").is_dir(), reason="needs a folder no one may create files in")
def test_render_onto_an_unwritable_path_is_refused(capsys, small_map: Path) -> None:
    # /sys refuses new files even to root (a chmod'ed temp folder would not stop root).
    err = refused(capsys, "render", str(small_map), "-o", "/sys/playmat-test.png")
    assert "/sys" in err and ("denied" in err or "cannot" in err)


def _as_unprivileged_user(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``main(argv)`` as a user without root's right to write anywhere: this process when it is not
    root; as root (CI), a forked child that drops to the user ``nobody`` first. The child runs the
    modules this process has already imported (nobody may not read root's Python installation)."""
    if os.geteuid() != 0:
        return run(capsys, *argv)
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("running as root and there is no user nobody to drop to")
    read_out, write_out = os.pipe()
    read_err, write_err = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never return into pytest
        code = 70
        try:
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            os.dup2(write_out, 1)
            os.dup2(write_err, 2)
            sys.stdout = os.fdopen(1, "w", closefd=False)
            sys.stderr = os.fdopen(2, "w", closefd=False)
            code = main(list(argv))
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
    os.close(write_out)
    os.close(write_err)
    with os.fdopen(read_out) as out_file, os.fdopen(read_err) as err_file:
        out, err = out_file.read(), err_file.read()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), out, err


@pytest.mark.skipif(os.name != "posix", reason="file modes and users are POSIX")
def test_render_into_a_read_only_folder_is_refused(capsys, small_map: Path, tmp_path: Path) -> None:
    # The map and a folder (mode 0555) that everyone may enter and read but no user may write to,
    # under a fresh folder of /tmp (pytest's own tmp folders are closed to other users).
    work = Path(tempfile.mkdtemp(prefix="playmat-readonly-"))
    locked = work / "locked"
    try:
        work.chmod(0o755)
        for f in small_map.parent.iterdir():
            shutil.copy(f, work / f.name)
            (work / f.name).chmod(0o644)
        locked.mkdir()
        locked.chmod(0o555)
        plain = tmp_path / "plain.png"
        assert run(capsys, "render", str(work / small_map.name), "-o", str(plain))[0] == 0  # loads the modules
        code, out, err = _as_unprivileged_user(capsys, "render", str(work / small_map.name), "-o",
                                               str(locked / "x.png"))
        assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, (code, out, err)
        assert "permission denied" in err and str(locked) in err
        assert not (locked / "x.png").exists()
    finally:
        if locked.exists():
            locked.chmod(0o755)
        shutil.rmtree(work)


# --- render: how big ---------------------------------------------------------------
@pytest.mark.parametrize("scale", ["100", "inf", "-inf", "nan", "0", "-1", "0.001", "huge", "1e309"])
def test_render_refuses_a_scale_that_cannot_make_a_useful_picture(capsys, small_map: Path, tmp_path: Path,
                                                                  scale: str) -> None:
    out = tmp_path / "x.png"
    err = refused(capsys, "render", str(small_map), "-o", str(out), "--scale", scale)
    assert "scale" in err
    assert not out.exists()


def test_the_scale_refusal_names_the_usable_range_for_this_map(capsys, small_map: Path, tmp_path: Path) -> None:
    # 64 px hexes: below 8/64 = 0.125 a hex is under 8 px; the suggestion must itself work.
    err = refused(capsys, "render", str(small_map), "-o", str(tmp_path / "x.png"), "--scale", "0.001")
    assert "0.125" in err
    code, out, _ = run(capsys, "render", str(small_map), "-o", str(tmp_path / "x.png"), "--scale", "0.125")
    assert code == 0 and "x.png" in out


def test_render_says_what_it_wrote(capsys, small_map: Path, tmp_path: Path) -> None:
    import pygame

    target = tmp_path / "field.png"
    code, out, err = run(capsys, "render", str(small_map), "-o", str(target), "--scale", "0.5")
    assert code == 0 and err == ""
    w, h = pygame.image.load(str(target)).get_size()
    # 9 x 7 pointy-top cells of 64 x 74, side 37: (9*64 + 32, 7*55 + 18) = (608, 403), halved.
    assert (w, h) == (304, 202)
    assert out.count("\n") == 1 and str(target) in out and "304x202" in out and "Field" in out


def test_render_without_a_map_draws_the_bundled_map(capsys, tmp_path: Path) -> None:
    target = tmp_path / "default.png"
    code, out, err = run(capsys, "render", "-o", str(target))
    assert code == 0 and err == "" and target.is_file()
    assert load_scenario(default_map()).title in out


# --- render: the reach overlay of a large creature -----------------------------------------
def test_reach_centres_under_a_large_creatures_own_token_stay_visible(capsys, small_map: Path,
                                                                       tmp_path: Path) -> None:
    import pygame

    code, out, _ = run(capsys, "reach", str(small_map), "--unit", "Troll", "--json")
    reachable = {tuple(h["at"]) for h in json.loads(out)["hexes"]}
    # R26: the Troll (radius 1, centre 4,3) may step its centre onto a neighbour, which its own
    # token covers: (5,3) is its east neighbour (row 3 is odd and shifted right).
    assert (5, 3) in reachable
    plain, shaded = tmp_path / "plain.png", tmp_path / "reach.png"
    assert run(capsys, "render", str(small_map), "-o", str(plain))[0] == 0
    assert run(capsys, "render", str(small_map), "-o", str(shaded), "--overlay", "reach:Troll")[0] == 0
    a, b = pygame.image.load(str(plain)), pygame.image.load(str(shaded))
    pix = TiledPixels(load_scenario(small_map).board.layout)
    x, y = (round(v) for v in pix.cell_center((5, 3)))
    # The cost badge sits on the centre, drawn over the token: the pixel there changes plainly
    # (under the token it would shift by a shade or two at most).
    before, after = a.get_at((x, y)), b.get_at((x, y))
    assert max(abs(before[i] - after[i]) for i in range(3)) > 60, (before, after)


def test_an_overlay_picture_carries_its_own_key_below_the_map(capsys, small_map: Path, tmp_path: Path) -> None:
    """A reach or threat picture read away from the window had no key: nothing said what the blue, amber or
    red hexes, the numbers or the red octagon mean. A strip under the map says it, the map's own pixels
    untouched; a picture without an overlay (or whose overlay shades nothing) has none.

    The Troll (large, 2 movement, centre 4,3) threatens the ring of hexes around its outline (R8, R26), so
    Aldric at 1,1 walking toward it is stopped there (R9): his reach has stops, and the key a row for them."""
    import pygame

    from game.render.key import INK

    def picture(*extra: str) -> pygame.Surface:
        out = str(tmp_path / "x.png")
        assert run(capsys, "render", str(small_map), "-o", out, *extra)[0] == 0
        return pygame.image.load(out)

    def strip_colours(img: pygame.Surface, top: int) -> set[tuple[int, int, int]]:
        return {tuple(img.get_at((x, y)))[:3] for x in range(img.get_width()) for y in range(top, img.get_height(), 2)}

    plain = picture()
    w, h = plain.get_size()  # 9 x 7 pointy-top cells of 64 x 74, side 37: (9*64 + 32, 7*55 + 18)
    assert (w, h) == (608, 403)
    threat = picture("--overlay", "threat:player")
    reach = picture("--overlay", "reach:Aldric")
    for img in (threat, reach):
        # taller by the strip, as wide, and the strip carries words in the key's ink
        assert img.get_width() == w and img.get_height() > h + 40
        assert INK in strip_colours(img, h)
    # the reach key has a second row, for the zone-of-control stops: an amber swatch, the painters' own colours
    assert reach.get_height() > threat.get_height()
    assert any(r > 200 and 120 < g < 200 and b < 120 for r, g, b in strip_colours(reach, h))
    assert not any(r > 200 and 120 < g < 200 and b < 120 for r, g, b in strip_colours(threat, h))
    # an overlay that shades nothing draws no key: the Troll with no movement left (R6)
    log = tmp_path / "spent.jsonl"
    log.write_text('{"action": "begin"}\n{"action": "end_turn"}\n')
    assert picture("--log", str(log), "--overlay", "reach:Troll").get_size() == (w, h)


# --- validate -------------------------------------------------------------------------
def bad_combatant_map(tmp_path: Path) -> Path:
    units = [{"name": "Ogre", "at": (2, 2), "faction": "enemy", "damage": "lots", "size": "huge", "hp": 0}]
    return write_map(tmp_path / "ogre.tmx", TERRAIN, units=units)


def test_validate_lists_every_problem_of_one_combatant(capsys, tmp_path: Path) -> None:
    code, out, err = run(capsys, "validate", str(bad_combatant_map(tmp_path)))
    lines = err.splitlines()
    assert code == 2 and out == ""
    assert len(lines) == 3 and all(line.startswith("ogre.tmx: ") and "Ogre" in line for line in lines)
    assert any('damage "lots"' in line for line in lines)
    assert any('size "huge"' in line for line in lines)
    assert any("hp 0 is less than 1" in line for line in lines)


def test_loading_a_bad_combatant_still_refuses_with_one_line(capsys, tmp_path: Path) -> None:
    err = refused(capsys, "state", str(bad_combatant_map(tmp_path)))
    assert "Ogre" in err  # load refuses with the first problem; validate lists them all


def test_validate_json_says_each_problem_once_on_stdout(capsys, small_map: Path, tmp_path: Path) -> None:
    bad = bad_combatant_map(tmp_path)
    code, out, err = run(capsys, "validate", str(small_map), str(bad), "--json")
    assert code == 2 and err == ""  # the JSON document carries the problems; stderr would repeat them
    doc = json.loads(out)
    by_map = {Path(r["map"]).name: r for r in doc["maps"]}
    assert by_map["field.tmx"]["ok"] and by_map["field.tmx"]["problems"] == []
    assert not by_map["ogre.tmx"]["ok"] and len(by_map["ogre.tmx"]["problems"]) == 3


def test_a_bad_reach_does_not_also_blame_reach_min(capsys, tmp_path: Path) -> None:
    # reach "far" is wrong; reach_min 2 is only wrong against the default reach 1 that replaced it.
    units = [{"name": "Pike", "at": (2, 2), "faction": "enemy", "reach": "far", "reach_min": 2}]
    code, _, err = run(capsys, "validate", str(write_map(tmp_path / "pike.tmx", TERRAIN, units=units)))
    assert code == 2 and err.count("\n") == 1 and "reach" in err and "reach_min" not in err


# --- the shipped maps ---------------------------------------------------------------
def test_shipped_maps_lead_with_the_default_and_carry_their_titles() -> None:
    maps = shipped_maps()
    assert maps and maps[0].path == default_map()
    for m in maps:
        # The title a picker shows is the one the loader reads.
        assert m.title == load_scenario(m.path).title
        assert "\n" not in m.description


def test_every_shipped_map_validates(capsys) -> None:
    code, _, err = run(capsys, "validate", *(str(m.path) for m in shipped_maps()))
    assert code == 0, err


# --- one way to write a cell ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lines", "cell"),
    [
        (['{"action": "begin"}', '{"action": "move", "unit": "Troll", "to": [99, 3]}'], "99,3"),
        (['{"action": "place", "unit": "Aldric", "at": [5, 3]}'], "5,3"),  # under the Troll
        (['{"action": "begin"}', '{"action": "move", "unit": "Troll", "to": [0, 6]}'], "0,6"),
    ],
)
def test_log_refusals_write_cells_as_on_the_command_line(capsys, small_map: Path, tmp_path: Path, lines,
                                                         cell: str) -> None:
    log = tmp_path / "fight.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    err = refused(capsys, "state", str(small_map), "--log", str(log))
    assert cell in err and "[" not in err, err


def test_map_refusals_write_cells_as_on_the_command_line(capsys, tmp_path: Path) -> None:
    # A large creature (radius 1, R26) centred on the corner cell 0,0 hangs off the map.
    units = [{"name": "Ogre", "at": (0, 0), "faction": "enemy", "size": "large"}]
    err = refused(capsys, "validate", str(write_map(tmp_path / "edge.tmx", TERRAIN, units=units)))
    assert "0,0" in err and "[" not in err, err


# --- play writes files too: the same refusals, before any window opens --------------------------
@pytest.mark.parametrize("option", ["--screenshot", "--log"])
def test_play_refuses_a_missing_folder_for_its_files_and_creates_none(capsys, small_map: Path, tmp_path: Path,
                                                                      option: str) -> None:
    target = tmp_path / "nowhere" / ("shot.png" if option == "--screenshot" else "fight.jsonl")
    err = refused(capsys, "play", str(small_map), "--headless", "--frames", "1", option, str(target))
    assert option in err and "does not exist" in err
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("option", ["--screenshot", "--log"])
def test_play_refuses_a_folder_as_its_file(capsys, small_map: Path, tmp_path: Path, option: str) -> None:
    err = refused(capsys, "play", str(small_map), "--headless", "--frames", "1", option, str(tmp_path))
    assert option in err and "is a folder" in err


def test_maps_lists_the_bundled_maps_default_first(capsys) -> None:
    code, out, err = run(capsys, "maps", "--json")
    assert code == 0 and err == ""
    listed = json.loads(out)["maps"]
    assert listed[0]["default"] and Path(listed[0]["path"]) == default_map()
    assert [m["default"] for m in listed[1:]] == [False] * (len(listed) - 1)
    for m in listed:  # names a map the other commands take; its title is the one the loader reads
        assert load_scenario(m["path"]).title == m["title"]
    code, out, _ = run(capsys, "maps")
    assert code == 0 and str(default_map()) in out and "(default)" in out


# --- suggest: a GM's first try ---------------------------------------------------------------------
def test_suggest_on_a_bare_map_says_how_to_get_a_turn_and_that_way_works(capsys, small_map: Path,
                                                                         tmp_path: Path) -> None:
    """A GM asks "what would the troll do?" of the map itself: combat has not begun (R13), so there is no
    turn to plan (exit 2). The line says how to get one, and doing what it says gives the plan."""
    err = refused(capsys, "suggest", str(small_map))
    assert err.rstrip() == (f"playmat: suggest: combat is not active (phase setup): nobody has a turn to plan "
                            f"(begin it: playmat do {small_map} --log FILE begin, then ask again with --log FILE)")
    log = tmp_path / "begun.jsonl"
    err = refused(capsys, "suggest", str(small_map), "--log", str(log))  # not there yet: a missing file
    assert "begun.jsonl" in err
    assert run(capsys, "do", str(small_map), "--log", str(log), "begin")[0] == 0  # the command it gave
    code, out, err = run(capsys, "suggest", str(small_map), "--log", str(log), "--json")
    assert code == 0, err
    assert json.loads(out)["unit"] == "Troll"  # initiative 9 before Aldric's 5 (R14): the troll acts first


def test_a_name_nearly_typed_gets_the_name_meant(capsys, tmp_path: Path) -> None:
    """A shell user types "Bandit_Chief" for "Bandit Chief", or "aldric": the refusal names the combatant
    meant. A numbered name is matched only to one with the same number: "Orc 9" is no slip for "Orc 1"."""
    units = [{"name": "Bandit Chief", "at": (1, 1), "faction": "enemy"},
             {"name": "Aldric", "at": (3, 3), "faction": "player"},
             {"name": "Orc 1", "at": (5, 5), "faction": "enemy"}]
    m = write_map(tmp_path / "names.tmx", TERRAIN, units=units)
    assert 'unknown unit "Bandit_Chief" (did you mean "Bandit Chief"?)' in refused(capsys, "reach", str(m),
                                                                                   "--unit", "Bandit_Chief")
    assert '(did you mean "Aldric"?)' in refused(capsys, "reach", str(m), "--unit", "aldric")
    assert '(did you mean "Aldric"?)' in refused(capsys, "reach", str(m), "--unit", "Aldrik")
    for far in ("Orc 9", "Zed"):
        line = refused(capsys, "reach", str(m), "--unit", far)
        assert f'unknown unit "{far}";' in line and "did you mean" not in line


def test_a_misspelt_option_command_or_choice_names_the_one_meant(capsys, small_map: Path) -> None:
    """A GM types `--fron` for `--from`: argparse said only "the following arguments are required: --from",
    as if the option had been left out, and sent them to `playmat --help`, which lists no option of `sight`.
    The line names the typo, the option meant and the command's own help; so for a command, a choice and a
    faction."""
    m = str(small_map)
    assert refused(capsys, "sight", m, "--fron", "1,1", "--to", "4,3") == (
        'playmat sight: unknown option --fron (did you mean "--from"?) (see playmat sight --help)\n')
    assert refused(capsys, "reach", m, "--unit", "Troll", "--jsn").startswith(
        'playmat reach: unknown option --jsn (did you mean "--json"?) (see playmat reach --help)')
    assert refused(capsys, "state", m, "-x") == "playmat state: unknown option -x (see playmat state --help)\n"
    assert refused(capsys, "staet", m).startswith('playmat: unknown command "staet" (did you mean "state"?); '
                                                  "one of state, reach, ")
    assert '--level: unknown choice "hrad" (did you mean "hard"?)' in refused(capsys, "suggest", m, "--level",
                                                                              "hrad")
    assert refused(capsys, "threat", m, "--against", "allies").endswith('(did you mean "ally"?)\n')
    # what was right before still is: an option's prefix, a missing option, a bad value
    code, out, _ = run(capsys, "reach", m, "--unit", "Troll", "--budg", "1")
    assert code == 0 and "with 1 movement" in out
    assert refused(capsys, "reach", m) == (
        "playmat reach: the following arguments are required: --unit (see playmat reach --help)\n")
    assert "'x' is not a cell" in refused(capsys, "sight", m, "--from", "x", "--to", "1,1")


def test_targets_says_why_a_unit_has_nothing_to_shoot_or_cast(capsys, tmp_path: Path) -> None:
    """A GM asks `targets` of a spearman: "can shoot nobody" read as a bow with no one in range. The line
    says which it is: no ranged profile, a bow with no hostile in its range and sight, no area ability, an
    ability with its uses spent, or a combatant off the board. The JSON is as before."""
    units = [{"name": "Spear", "at": (1, 1), "faction": "player", "initiative": 1},
             {"name": "Bow", "at": (1, 5), "faction": "player", "ranged": "2-3", "initiative": 2},
             {"name": "Shaman", "at": (8, 5), "faction": "enemy", "initiative": 9, "area_range": 6,
              "area_radius": 1, "area_attack": 2, "area_damage": "1d6", "area_uses": 1}]
    m = str(write_map(tmp_path / "t.tmx", TERRAIN, units=units))
    code, out, _ = run(capsys, "targets", m, "--unit", "Spear")
    assert code == 0 and out == ("Spear has no ranged attack (no ranged profile, R29)\n"
                                 "Spear has no area ability (R32)\n")
    code, out, _ = run(capsys, "targets", m, "--unit", "Bow")
    assert out.splitlines()[0] == ("Bow can shoot nobody from 1,5: no hostile combatant within 2-3 hexes "
                                   "that it sees (R29, R30)")
    log = tmp_path / "cast.jsonl"
    log.write_text('{"action": "begin"}\n{"action": "cast", "unit": "Shaman", "at": [8, 1], "rolls": []}\n'
                   '{"action": "remove", "unit": "Spear", "as": "defeated"}\n')
    code, out, _ = run(capsys, "targets", m, "--unit", "Shaman", "--log", str(log))
    assert out.splitlines()[1] == "Shaman has no area uses left (0 of 1, R32)"
    code, out, _ = run(capsys, "targets", m, "--unit", "Spear", "--log", str(log))
    assert out == "Spear is defeated: it shoots nobody and casts nothing\n"
    code, out, _ = run(capsys, "targets", m, "--unit", "Spear", "--json")
    assert json.loads(out) == {"unit": "Spear", "shoot": [], "cast": []}


def test_an_overlay_and_a_reach_that_shade_nothing_say_why(capsys, small_map: Path, tmp_path: Path) -> None:
    """Mid-round the Troll has spent its turn (R6): `reach` said "can end on 0 hexes:" over nothing and
    `render --overlay reach:Troll` "reach overlay of Troll" over an unshaded map. Both now say it has no
    movement left, `reach` how to preview its next turn; and the threat overlay is "against player" as
    `threat --against` says ("of player" read as the hexes the player threatens), with how many hexes."""
    log = tmp_path / "spent.jsonl"
    log.write_text('{"action": "begin"}\n{"action": "end_turn"}\n')  # the Troll (initiative 9) passes
    code, out, _ = run(capsys, "reach", str(small_map), "--unit", "Troll", "--log", str(log))
    assert code == 0 and out == ("Troll at 4,3 with 0 movement can end on no hex: no movement left this turn "
                                 "(R6); --budget 2 previews its next turn\n")
    code, out, _ = run(capsys, "reach", str(small_map), "--unit", "Troll", "--log", str(log), "--budget", "2")
    assert out.splitlines()[0].startswith("Troll at 4,3 with 2 movement can end on ") and "hexes:" in out
    png = str(tmp_path / "o.png")
    code, out, _ = run(capsys, "render", str(small_map), "--log", str(log), "-o", png, "--overlay", "reach:Troll")
    assert code == 0 and out.endswith("Field, reach overlay of Troll, no hex: no movement left this turn (R6)\n")
    # Once combat is over there is no turn (R13): the Troll, to act when the GM ended it, lost its unspent
    # movement with the turn (R6), and "no movement left this turn" would speak of a turn there is not.
    log.write_text('{"action": "begin"}\n{"action": "end_combat"}\n')
    code, out, _ = run(capsys, "reach", str(small_map), "--unit", "Troll", "--log", str(log))
    assert code == 0 and out == ("Troll at 4,3 with 0 movement can end on no hex: combat is over (R13); "
                                 "--budget 2 previews a turn's move from here\n")
    code, out, _ = run(capsys, "render", str(small_map), "--log", str(log), "-o", png, "--overlay", "reach:Troll")
    assert code == 0 and out.endswith("Field, reach overlay of Troll, no hex: combat is over (R13)\n")
    code, out, _ = run(capsys, "render", str(small_map), "-o", png, "--overlay", "threat:Player")
    # the large Troll at 4,3 threatens the 12 hexes of the ring just outside its outline (R8, R26)
    assert code == 0 and out.endswith("Field, threat overlay against player, 12 hexes\n")


# --- the action log: a slip names the word meant ----------------------------------------------------
def test_a_misspelt_action_or_direction_in_a_log_names_the_one_meant(capsys, small_map: Path,
                                                                      tmp_path: Path) -> None:
    """A GM writing a log by hand types "mvoe" or "end turn": the line listed every action but not the
    one meant; "east" for a pointy-top hex's side `e` got only the list."""
    log = tmp_path / "slip.jsonl"

    def refusal(line: str) -> str:
        log.write_text('{"action": "begin"}\n' + line + "\n", encoding="utf-8")
        return refused(capsys, "state", str(small_map), "--log", str(log))

    assert refusal('{"action": "mvoe", "unit": "Troll", "to": [4, 4]}').startswith(
        'playmat: slip.jsonl:2: unknown action "mvoe" (did you mean "move"?); known: begin, place, move, ')
    assert '"end turn" (did you mean "end_turn"?)' in refusal('{"action": "end turn"}')
    for said, meant in (("east", "e"), ("North-West", "nw"), ("SW", "sw")):
        assert refusal(f'{{"action": "face", "unit": "Troll", "dir": "{said}"}}') == (
            f'playmat: slip.jsonl:2: face: dir "{said}" is not one of e, ne, nw, w, sw, se '
            f'(did you mean "{meant}"?)\n')
    # a flat-top map has no side "e": the hint names the two sides beside it, never a side not there
    flat = write_map(tmp_path / "flat.tmx", TERRAIN, units=UNITS, stagger_axis="x")
    log.write_text('{"action": "begin"}\n{"action": "face", "unit": "Troll", "dir": "east"}\n')
    assert refused(capsys, "state", str(flat), "--log", str(log)).endswith(
        'dir "east" is not one of ne, n, nw, sw, s, se (a flat-top map has no side "e": did you mean "ne" or "se"?)\n')


def test_an_unknown_unit_in_a_log_names_its_action_and_the_unit_meant(capsys, tmp_path: Path) -> None:
    """`x.jsonl:3: unknown unit "lysa"` alone of the log's refusals did not say which action refused it
    (`x.jsonl:3: move: ...`); each names its action now, and a cast's rolls the combatant meant."""
    units = [{"name": "Lysa", "at": (1, 1), "faction": "player", "initiative": 5},
             {"name": "Troll", "at": (4, 3), "faction": "enemy", "initiative": 9, "area_range": 6,
              "area_radius": 0, "area_attack": 2, "area_damage": "1d6"}]
    m = str(write_map(tmp_path / "l.tmx", TERRAIN, units=units))
    log = tmp_path / "x.jsonl"
    for line, said in (
        ('{"action": "end_turn"}\n{"action": "move", "unit": "lysa", "to": [1, 2]}',
         'x.jsonl:3: move: unknown unit "lysa" (did you mean "Lysa"?)'),
        ('{"action": "attack", "unit": "Troll", "target": "lysa"}',
         'x.jsonl:2: attack: unknown unit "lysa" (did you mean "Lysa"?)'),
        # "lysa hart" is 2 * 4 / 13 = 0.62 like "lysa": a slip, offered the near name (docs/action-log.md).
        ('{"action": "set_hp", "unit": "Lysa Hart", "hp": 3}',
         'x.jsonl:2: set_hp: unknown unit "Lysa Hart" (did you mean "Lysa"?)'),
        ('{"action": "cast", "unit": "Troll", "at": [1, 1], "rolls": [{"target": "lysa", "roll": 3}]}',
         'x.jsonl:2: cast: rolls name "lysa" (did you mean "Lysa"?), but the area at 1,1 catches "Lysa" (R32)'),
    ):
        log.write_text('{"action": "begin"}\n' + line + "\n", encoding="utf-8")
        assert refused(capsys, "state", m, "--log", str(log)) == f"playmat: {said}\n"
    # an action whose own check already names it is not named twice
    log.write_text('{"action": "begin"}\n{"action": "move", "unit": "Lysa", "to": [1, 2]}\n')
    assert refused(capsys, "state", m, "--log", str(log)) == (
        "playmat: x.jsonl:2: move: it is \"Troll\"'s turn, not \"Lysa\"'s (R16)\n")


# --- arc and targets: the answer says what it is about ---------------------------------------------
def test_arc_between_friends_says_they_may_not_attack(capsys, tmp_path: Path) -> None:
    """`arc` of a player hero against an ally knight said "Pell attacks Sir Corin from the rear arc" as if the
    blow could be struck; it adds that they are not hostile (R3), and the JSON says so in "hostile"."""
    units = [{"name": "Pell", "at": (1, 1), "faction": "player"},
             {"name": "Sir Corin", "at": (2, 1), "faction": "ally"},
             {"name": "Troll", "at": (4, 3), "faction": "enemy"}]
    m = str(write_map(tmp_path / "a.tmx", TERRAIN, units=units))
    code, out, _ = run(capsys, "arc", m, "--attacker", "Pell", "--defender", "Sir Corin")
    assert code == 0 and out.splitlines()[1:] == [
        "  but Pell (player) and Sir Corin (ally) are not hostile: Pell may not attack or shoot Sir Corin (R3)"]
    code, out, _ = run(capsys, "arc", m, "--attacker", "Pell", "--defender", "Sir Corin", "--json")
    assert json.loads(out)["hostile"] is False
    code, out, _ = run(capsys, "arc", m, "--attacker", "Pell", "--defender", "Troll")
    assert "hostile" not in out
    code, out, _ = run(capsys, "arc", m, "--attacker", "Pell", "--defender", "Troll", "--json")
    assert json.loads(out)["hostile"] is True


def test_arc_says_when_the_attacker_cannot_reach_the_defender(capsys, tmp_path: Path) -> None:
    """On fortress_assault `arc --attacker "Pikeman 1" --defender "Captain Vessa"` said only "Pikeman 1 attacks
    Captain Vessa from the right arc", which read as a blow the pikeman could strike from eight hexes off.

    By hand: the map is flat-top, even columns shifted down. Pikeman 1 stands at 11,7 (cube x 11, z 7 - 6 = 1,
    y -12), Captain Vessa at 3,6 (x 3, z 6 - 2 = 4, y -7): distance max(8, 5, 3) = 8. The pikeman's reach is 2
    and its reach_min defaults to its reach (map-format), so it strikes at distance 2 only (R21): out of reach.
    Archer 1 at 10,1 (x 10, z 1 - 5 = -4, y -6) and Grum at 2,3 (x 2, z 3 - 1 = 2, y -4): distance 8, beyond its
    blade's default band of 1 but within its bow's 2-8 (R29), and `targets` lists the shot."""
    fortress = str(ROOT / "maps" / "fortress_assault.tmx")
    code, out, _ = run(capsys, "arc", fortress, "--attacker", "Pikeman 1", "--defender", "Captain Vessa")
    assert code == 0 and out.splitlines()[1:] == [
        '  but Pikeman 1 cannot attack Captain Vessa from here: "Captain Vessa" is out of reach: distance 8, '
        '"Pikeman 1" strikes at distance 2 (R21)']
    code, out, _ = run(capsys, "arc", fortress, "--attacker", "Pikeman 1", "--defender", "Captain Vessa", "--json")
    doc = json.loads(out)
    assert (doc["can_attack"], doc["can_shoot"]) == (False, False) and "distance 8" in doc["why_not"]
    code, out, _ = run(capsys, "targets", fortress, "--unit", "Archer 1", "--json")
    (needed,) = [s["needed"] for s in json.loads(out)["shoot"] if s["target"] == "Grum"]
    code, out, _ = run(capsys, "arc", fortress, "--attacker", "Archer 1", "--defender", "Grum")
    assert out.splitlines()[1:] == [
        '  but Archer 1 cannot attack Grum from here: "Grum" is out of reach: distance 8, "Archer 1" strikes at '
        'distance 1 (R21)', f"  it can shoot Grum from here: needs {needed} on the d20 ({(21 - needed) * 5} %) (R29)"]
    # Side by side (pointy-top odd rows: 1,1 and 2,1 share a row, distance 1) the blow can be struck: one line.
    units = [{"name": "Pell", "at": (1, 1), "faction": "player"}, {"name": "Troll", "at": (2, 1), "faction": "enemy"}]
    m = str(write_map(tmp_path / "a.tmx", TERRAIN, units=units))
    code, out, _ = run(capsys, "arc", m, "--attacker", "Pell", "--defender", "Troll")
    assert out.count("\n") == 1
    code, out, _ = run(capsys, "arc", m, "--attacker", "Pell", "--defender", "Troll", "--json")
    assert json.loads(out) | {"arc": None} == {"arc": None, "hostile": True, "can_attack": True, "why_not": None,
                                               "can_shoot": False}


def test_targets_counts_the_area_centres_it_lists(capsys, tmp_path: Path) -> None:
    """`targets` said "can centre its area on 63 hexes:" and listed the few that catch someone: the count and
    the list disagreed. It says both numbers; the JSON still lists every centre."""
    units = [{"name": "Lysa", "at": (1, 1), "faction": "player"},
             {"name": "Shaman", "at": (7, 5), "faction": "enemy", "area_range": 2, "area_radius": 0,
              "area_attack": 2, "area_damage": "1d6"}]
    m = str(write_map(tmp_path / "c.tmx", TERRAIN, units=units))
    code, out, _ = run(capsys, "targets", m, "--unit", "Shaman", "--json")
    centres = json.loads(out)["cast"]
    assert len(centres) > 2 and [c["affects"] for c in centres if c["affects"]] == [["Shaman"]]
    code, out, _ = run(capsys, "targets", m, "--unit", "Shaman")
    assert out.splitlines()[1:] == [f"Shaman can centre its area on {len(centres)} hexes, 1 of them catching "
                                    "someone, but none a foe: each would hit only Shaman's own side or friends "
                                    "(friendly fire, R32):", "      7,5: Shaman  (friendly fire only)"]
    code, out, _ = run(capsys, "targets", m, "--unit", "Lysa")
    assert out.splitlines()[1] == "Lysa has no area ability (R32)"


def test_targets_marks_friendly_fire_and_says_when_no_burst_catches_a_foe(capsys, tmp_path: Path) -> None:
    """On ship_boarding `targets --unit "Sea Witch"` listed 21 centres ("11,4: Corsair Captain, Corsair 1") and
    nothing said that every one of them catches only her own side.

    By hand: the map is flat-top, odd columns shifted down. The Witch (enemy) stands at 13,5 (cube x 13,
    z 5 - 6 = -1, y -12); her burst is centred within 5 and catches within 1 (R32), so it reaches nobody more
    than 6 away. The nearest of her foes (player and ally, R3) is Tobin at 4,8 (x 4, z 8 - 2 = 6, y -10):
    distance max(9, 2, 7) = 9; Captain Rhys at 3,5 is 10 off, Kestrel at 3,9 10, Marla at 2,6 11. So every
    centre that catches anyone catches only the enemy side."""
    ship = str(ROOT / "maps" / "ship_boarding.tmx")
    code, out, _ = run(capsys, "targets", ship, "--unit", "Sea Witch", "--json")
    every = json.loads(out)["cast"]
    centres = [c for c in every if c["affects"]]
    assert centres and all(c["friendly"] == c["affects"] for c in centres)
    code, out, _ = run(capsys, "targets", ship, "--unit", "Sea Witch")
    lines = out.splitlines()
    assert lines[1] == (f"Sea Witch can centre its area on {len(every)} hexes, {len(centres)} of them catching "
                        "someone, but none a foe: each would hit only Sea Witch's own side or friends "
                        "(friendly fire, R32):")
    assert "     11,4: Corsair Captain, Corsair 1  (friendly fire only)" in lines
    # A burst that catches a foe and a friend names the friend. Pointy-top odd rows, all on row 3: the Witch at
    # 4,3, Lysa (player) at 6,3, an Orc (enemy, the Witch's side) at 7,3. Centred on 6,3 (2 from the Witch,
    # within its range 3, open ground in sight) radius 1 catches Lysa (0) and the Orc (1), not the Witch (2);
    # in initiative order Lysa (5) before the Orc (3).
    units = [{"name": "Lysa", "at": (6, 3), "faction": "player", "initiative": 5},
             {"name": "Orc", "at": (7, 3), "faction": "enemy", "initiative": 3},
             {"name": "Witch", "at": (4, 3), "faction": "enemy", "initiative": 1, "area_range": 3,
              "area_radius": 1, "area_attack": 2, "area_damage": "1d6"}]
    m = str(write_map(tmp_path / "w.tmx", TERRAIN, units=units))
    code, out, _ = run(capsys, "targets", m, "--unit", "Witch")
    assert "      6,3: Lysa, Orc  (friendly fire: Orc)" in out.splitlines()
    assert "none a foe" not in out
    code, out, _ = run(capsys, "targets", m, "--unit", "Witch", "--json")
    assert {"at": [6, 3], "affects": ["Lysa", "Orc"], "friendly": ["Orc"]} in json.loads(out)["cast"]


# --- play: who commands whom ------------------------------------------------------------
def test_watch_mode_with_a_faction_of_your_own_is_refused_before_a_window_opens(capsys, small_map: Path,
                                                                                tmp_path: Path) -> None:
    """``--autoplay`` gives every faction to the AI, so ``--human player`` beside it would be silently
    overruled: the player who asked for both would find the AI moving their heroes. Refused in one line
    naming the faction, and no save is started."""
    log = tmp_path / "s.jsonl"
    err = refused(capsys, "play", str(small_map), "--autoplay", "--human", "player", "--headless", "--frames", "2",
                  "--log", str(log))
    assert "--autoplay" in err and "--human" in err and "player" in err
    assert not log.exists()
    # Each alone is fine: watch mode, or commanding the player side.
    assert run(capsys, "play", str(small_map), "--autoplay", "--headless", "--frames", "2")[0] == 0
    assert run(capsys, "play", str(small_map), "--human", "player", "--headless", "--frames", "2",
               "--log", str(log))[0] == 0
