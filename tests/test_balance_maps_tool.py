"""tools/balance_maps.py, the figures quoted in each shipped map's description: its line agrees with the
playtest document of the same games, and a bad map or argument stops it before any game, in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from tests.tool_scripts import load_tool


def duel(tmp_path: Path) -> Path:
    # Two archers 5 hexes apart across open ground (a tree in between for cover) and a caster: shots and casts
    return write_map(tmp_path / "duel.tmx", ["........", "...t....", "........"], units=[
        {"name": "Bow", "at": (1, 1), "faction": "player", "ranged": "2-8", "initiative": 3},
        {"name": "Mage", "at": (0, 0), "faction": "player", "area_range": 6, "area_radius": 1, "area_uses": 1},
        {"name": "Orc Bow", "at": (6, 1), "faction": "enemy", "ranged": "2-8"},
        {"name": "Orc", "at": (7, 2), "faction": "enemy"},
    ], map_properties={"seed": 5}, tile_properties={"t": {"terrain": "normal", "cover": True}})


def test_the_line_agrees_with_the_playtest_document_of_the_same_games(tmp_path: Path, capsys) -> None:
    path = duel(tmp_path)
    assert load_tool("balance_maps").main([str(path), "--games", "3", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    line = lines[0]  # the map's line, then any advice (e.g. a side that fled every game), then the document
    doc = json.loads(next(x for x in lines[1:] if x.startswith("{")))
    assert doc["games"] == 3 and doc["seed"] == 5, "the map's own seed, as playmat playtest"
    human = doc["wins"]["player"]
    assert f"human side {human}/3 " in line
    ev = doc["events"]
    assert f"per game: {round(ev['shots'] / 3, 2)} shots ({round(ev['shot_hits'] / 3, 2)} hit)" in line
    assert f"{round(ev['casts'] / 3, 2)} casts" in line and ev["shots"] > 0


@pytest.mark.parametrize(("argv", "needle"), [
    (["{dir}/missing.tmx"], 'balance_maps: missing.tmx: file not found'),
    (["{map}", "{dir}/missing.tmx"], "missing.tmx"),  # the second map is read before the first plays
    (["{map}", "--level", "super"], "--level 'super' is not one of random, greedy, easy, normal, hard"),
    (["{map}", "--games", "0"], "--games and --jobs must be at least 1"),
    (["{map}", "{dir}/alone.tmx"], "alone.tmx: nothing to play: no two factions on the map are hostile"),
])
def test_bad_input_stops_before_any_game_in_one_line(tmp_path: Path, capsys, argv: list[str], needle: str) -> None:
    path = duel(tmp_path)
    write_map(tmp_path / "alone.tmx", ["...."], units=[{"name": "Hale", "at": (1, 0), "faction": "player"}])
    args = [a.format(dir=tmp_path, map=path) for a in argv]
    with pytest.raises(SystemExit) as info:
        load_tool("balance_maps").main(args)
    out, err = capsys.readouterr()
    assert info.value.code == 2 and out == ""
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_map_whose_sides_never_meet_says_so_under_its_line(tmp_path: Path, capsys) -> None:
    # Two swordsmen on either side of a river with no crossing: nobody can strike, every game runs out of
    # rounds. The figures alone read "draws 2"; the sentences under them say why and what to change.
    path = write_map(tmp_path / "moat.tmx", ["...ww...", "...ww...", "...ww..."], units=[
        {"name": "Aldric", "at": (1, 1), "faction": "player"}, {"name": "Orc", "at": (6, 1), "faction": "enemy"},
    ], map_properties={"seed": 5})
    assert load_tool("balance_maps").main([str(path), "--games", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "draws 2" in lines[0]
    assert lines[1].startswith("  Nobody attacked, shoved, shot or cast in 2 of 2 games: the sides never came within "
                               "reach of each other.")
    assert lines[2].startswith("  2 of 2 games were still going after 50 rounds (draws)")
