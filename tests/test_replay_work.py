"""A log replays in bounded work, however far its moves go (docs/limits.md, "Action logs")."""

from __future__ import annotations

import json

import pytest

from game.cli.main import main
from game.maps import load_scenario
from game.match import Match
from game.rules import Encounter, LogError, limits, read_log, replay
from game.rules.actions import parse_action
from game.rules.textmap import scenario_from_rows


def far_mover(side: int):
    """A ``side`` x ``side`` open map; "A" (move 1,000,000) acts first, "B" stands in the far corner."""
    return scenario_from_rows(["." * side] * side, [
        {"name": "A", "at": (1, 1), "faction": "player", "move": 1_000_000, "initiative": 20},
        {"name": "B", "at": (side - 2, side - 2), "faction": "enemy", "initiative": 1},
    ])


def move(scenario, to, path=None):
    line = {"action": "move", "unit": "A", "to": list(to)}
    if path is not None:
        line["path"] = [list(c) for c in path]
    return parse_action(json.dumps(line), scenario.board.layout)


def test_a_move_across_a_big_map_is_answered_from_the_search_arrays_as_from_its_table() -> None:
    """Each `move` line without a path searches the whole map; its answer for the one hex asked was read
    from a table of every hex reached, built in Python (0.58 s of CPU a move on 1000x1000, ahead of a
    0.06 s search). A search that reached much of the map now answers from its arrays: the same answer as
    the table (``destinations``) for every hex, ends and non-ends alike, and the moves land where asked.
    (How fast is the benchmark's to show: tests assert no times.)"""
    scenario = far_mover(200)
    enc = Encounter.from_scenario(scenario)
    enc.apply(parse_action('{"action": "begin"}', scenario.board.layout))
    result = enc.reach_for("A")
    cells = [(c, r) for r in range(0, 200, 7) for c in range(0, 200, 11)] + [(1, 1), (198, 198), (199, 199)]
    dense = {c: result.end_at(c) for c in cells}  # asked first, before any table exists
    table = {cell: (cost, stops) for cell, cost, stops in result.destinations()}
    table[(1, 1)] = (0, False)  # the start is a legal end of no move
    assert dense == {c: table.get(c) for c in cells}
    assert dense[(198, 198)] is None  # B stands there
    for i in range(4):
        enc.apply(move(scenario, (190, 190) if i % 2 == 0 else (1, 1)))
    assert enc.unit("A").cell == (1, 1)


def hostile_save(tmp_path, side: int, lines: int, with_path: bool):
    """A ``side`` x ``side`` map and a log of moves back and forth across it, with or without their paths."""
    from game.maps.tmxwrite import write_map

    tmx = write_map(tmp_path / "big.tmx", ["." * side] * side, units=[
        {"name": "A", "at": (1, 1), "faction": "player", "move": 1_000_000, "initiative": 20},
        {"name": "B", "at": (side - 2, side - 2), "faction": "enemy", "initiative": 1},
    ])
    far = side - 4
    out = ['{"action": "begin"}']
    for i in range(lines):
        a, b = (1, far) if i % 2 == 0 else (far, 1)
        step = 1 if b > a else -1
        line = {"action": "move", "unit": "A", "to": [b, 1]}
        if with_path:
            line["path"] = [[c, 1] for c in range(a + step, b + step, step)]
        out.append(json.dumps(line))
    log = tmp_path / "fight.jsonl"
    log.write_text("\n".join(out) + "\n", encoding="utf-8")
    return tmx, log


REFUSED_AT_4 = ("fight.jsonl:4: checking the moves up to this line searched more than 25,000 hexes, the limit "
                "(a move line with its path, as Playmat writes it, needs no search)")


@pytest.mark.parametrize("with_path", [False, True], ids=["searched", "paths"])
@pytest.mark.parametrize("argv", [["state"], ["reach", "--unit", "A"], ["render", "-o", "out.png"]],
                         ids=["state", "reach", "render"])
def test_a_log_whose_moves_take_too_much_checking_is_refused_in_one_line(
        capsys, monkeypatch, tmp_path, argv, with_path) -> None:
    """A move without a path searches the whole 100x100 map (about 10,000 hexes, so the third passes a limit
    of 25,000); a path of 95 steps counts 95 x 128. On the old code a 16 MB log of such lines on a
    1000x1000 map kept every command busy for hours."""
    monkeypatch.setattr(limits, "MAX_REPLAY_SEARCH", 25_000, raising=False)
    monkeypatch.chdir(tmp_path)
    tmx, log = hostile_save(tmp_path, 100, 20, with_path)
    code = main([argv[0], str(tmx), "--log", str(log), *argv[1:]])
    out, err = capsys.readouterr()
    assert code == 2
    assert err == f"playmat: {REFUSED_AT_4}\n"
    assert out == ""
    assert not (tmp_path / "out.png").exists()


def test_loading_such_a_save_in_the_window_is_refused_and_leaves_it_as_it_was(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(limits, "MAX_REPLAY_SEARCH", 25_000, raising=False)
    tmx, log = hostile_save(tmp_path, 100, 20, with_path=False)
    before = log.read_bytes()
    with pytest.raises(LogError) as refused:
        Match.open(load_scenario(tmx), log)
    assert str(refused.value) == REFUSED_AT_4
    assert log.read_bytes() == before
    monkeypatch.undo()
    Match.open(load_scenario(tmx), log).close()  # and let go: with the limit back, it opens


def test_a_written_game_counts_128_a_step_of_its_paths(tmp_path) -> None:
    """Every move Playmat writes carries its path: its count is the steps walked (a shipped-map game of 200
    lines counts about 30,000), so a long game stays far below the limit."""
    tmx, log = hostile_save(tmp_path, 100, 40, with_path=True)  # 40 moves of 95 steps: 3,800 steps
    scenario = load_scenario(tmx)
    replay(scenario, read_log(log, scenario.board.layout), max_search=40 * 95 * 128)
    with pytest.raises(LogError, match=r"^fight\.jsonl:41: .* more than 486,399 hexes"):
        replay(scenario, read_log(log, scenario.board.layout), max_search=40 * 95 * 128 - 1)
