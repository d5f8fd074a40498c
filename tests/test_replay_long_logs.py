"""A long log replays to exactly the state, history and undo that applying each line gives, without copying
every combatant for every line; a log of exactly ``MAX_LOG_LINES`` lines is read (docs/limits.md)."""

from __future__ import annotations

import random

import pytest

from game.rules import Encounter, EndTurn, LogError, actionlog, limits, read_log, replay, write_log
from game.rules.state import EncounterState
from game.rules.textmap import scenario_from_rows


def skirmish():
    rows = ["." * 12] * 10
    units = [{"name": f"{f} {i}", "at": (1 + i * 2, 2 if f == "player" else 7), "faction": f, "move": 4,
              "initiative": i, "hp": 20} for i in range(5) for f in ("player", "enemy")]
    return scenario_from_rows(rows, units, seed=5)


def playout(scenario, length: int) -> list:
    """A legal log of ``length`` actions (moves, attacks, faces, ends of turn), every roll recorded."""
    enc = Encounter.from_scenario(scenario)
    rng = random.Random(11)
    enc.apply(read_log(['{"action": "begin"}'], scenario.board.layout)[0])
    while len(enc.history) < length and not enc.is_over():
        legal = [a for a in enc.legal_actions() if a.KIND != "flee"]
        enc.apply(rng.choice(legal) if rng.random() < 0.8 else EndTurn())
    return list(enc.history)


def state_of(enc: Encounter) -> tuple:
    return (enc.phase, enc.round, enc.turn, [(u.name, u.cell, u.hp, u.facing, u.movement, u.status,
                                              u.zoc_exhausted) for u in enc.units.values()])


def test_a_replay_reaches_the_same_state_and_undo_as_applying_every_line(monkeypatch) -> None:
    """Only the last ``MAX_UNDO_ACTIONS`` lines can ever be undone, so only they are applied with a snapshot;
    the state, the records and every undo still match applying each line (undo walks back the same states)."""
    monkeypatch.setattr(limits, "MAX_UNDO_ACTIONS", 20)
    monkeypatch.setattr("game.rules.encounter.MAX_UNDO_ACTIONS", 20)
    scenario = skirmish()
    actions = playout(scenario, 120)
    assert len(actions) > 60
    by_hand = Encounter.from_scenario(scenario)
    for a in actions:
        by_hand.apply(a)
    replayed = replay(scenario, actions)
    assert state_of(replayed) == state_of(by_hand)
    assert replayed.history == by_hand.history and replayed.records == by_hand.records
    assert replayed.undo_depth == by_hand.undo_depth == 20
    while by_hand.undo_depth:
        assert replayed.undo() == by_hand.undo()
        assert state_of(replayed) == state_of(by_hand)
    assert replayed.undo_depth == 0 and len(replayed.history) == len(actions) - 20


def test_replaying_a_long_log_copies_combatants_only_for_the_lines_undo_can_reach(monkeypatch) -> None:
    """Before, every line took a snapshot of every combatant (with 200 of them, most of the time a
    100,000-line log took to replay); now only the last ``MAX_UNDO_ACTIONS`` lines do."""
    scenario = skirmish()
    actions = playout(scenario, limits.MAX_UNDO_ACTIONS + 200)
    taken = []
    real = EncounterState.take_snapshot
    monkeypatch.setattr(EncounterState, "take_snapshot", lambda self: taken.append(1) or real(self))
    replay(scenario, actions)
    assert len(taken) == min(len(actions), limits.MAX_UNDO_ACTIONS)


def test_a_refused_line_in_the_unguarded_part_is_still_named(monkeypatch) -> None:
    """A refusal among the lines replayed without a snapshot still names its line, and nothing of the half-
    replayed encounter escapes (replay raises; there is no encounter to use)."""
    scenario = skirmish()
    actions = playout(scenario, limits.MAX_UNDO_ACTIONS + 100)
    text = write_log(actions).splitlines()
    text[9] = '{"action": "move", "unit": "nobody", "to": [1, 1]}'
    log = read_log(text, scenario.board.layout, "fight.jsonl")
    with pytest.raises(LogError) as exc:
        replay(scenario, log)
    assert str(exc.value).startswith("fight.jsonl:10: move: ")


def test_a_log_of_exactly_the_line_limit_is_read(tmp_path, monkeypatch) -> None:
    """The empty text after a log's last line end is no line: a log of exactly ``MAX_LOG_LINES`` lines,
    as Playmat writes it (each line ended), was refused at line limit + 1."""
    monkeypatch.setattr(actionlog, "MAX_LOG_LINES", 5)
    scenario = skirmish()
    lines = write_log(playout(scenario, 5))
    path = tmp_path / "fight.jsonl"
    for end in ("\n", "\r\n", "\r"):
        path.write_bytes(lines.replace("\n", end).encode())
        assert len(read_log(path, scenario.board.layout)) == 5
    path.write_text(lines + '{"action": "end_turn"}\n', encoding="utf-8")
    with pytest.raises(LogError, match=r"fight.jsonl:6: the log has more than 5 lines, the limit"):
        read_log(path, scenario.board.layout)


def test_a_move_lines_threat_asked_hex_by_hex_is_the_whole_board_masks() -> None:
    """A move line's check asks whether each hex its path covers is threatened (R8, R28, R9) instead of
    building the whole board's mask after every move; on every hex, off-map ones included, and for bands that
    skip adjacent hexes and big footprints near the edge, the answer is the mask's."""
    from game.rules.threat import ThreatAt, ThreatSource, threat_mask

    rows = ["__...........", "...........__", ".............", "__.........._"] * 3
    board = scenario_from_rows(rows, [{"name": "A", "at": (0, 0), "faction": "player"}]).board
    rng = random.Random(4)
    for _ in range(30):
        sources = [ThreatSource((rng.randrange(board.cols), rng.randrange(board.rows)), rng.choice([0, 0, 1, 2]),
                                lo := rng.choice([1, 1, 2]), rng.randint(lo, 3)) for _ in range(rng.randint(0, 6))]
        mask, asked = threat_mask(board, sources), ThreatAt(board, sources)
        assert all(asked[r, c] == bool(mask[r, c]) for r in range(board.rows) for c in range(board.cols))
