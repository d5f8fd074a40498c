"""A match logs every action as it is played, resumes exactly, and lets policies act on a sandbox."""

from __future__ import annotations

import random

import pytest

from game.match import HUMAN, Match
from game.rules import (
    Action,
    Attack,
    Begin,
    Encounter,
    EndTurn,
    IllegalActionError,
    Move,
    SetHp,
    limits,
    scenario_from_rows,
)

UNITS = [
    {"name": "A", "at": (1, 2), "faction": "player", "initiative": 5, "attack": 3},
    {"name": "O", "at": (5, 2), "faction": "enemy", "attack": 2, "hp": 30},
]


def scenario(seed: int = 0):
    return scenario_from_rows(["." * 10] * 6, UNITS, seed=seed)


class FirstLegal:
    """A policy for tests: attack if it can, else end the turn; remembers what it was shown."""

    def __init__(self) -> None:
        self.seen: list[Encounter] = []

    def choose(self, view: Encounter, rng: random.Random) -> Action:
        self.seen.append(view)
        for a in view.legal_actions():
            if isinstance(a, Attack):
                return a
        return EndTurn()


def test_every_action_is_on_disk_before_the_next(tmp_path) -> None:
    log = tmp_path / "fight.jsonl"
    m = Match(scenario(), log_path=log)
    m.submit(Begin())
    assert log.read_text().splitlines() == ['{"action": "begin"}']
    m.submit(Move("A", (4, 2)))
    lines = log.read_text().splitlines()
    assert len(lines) == 2 and '"path": [[2, 2], [3, 2], [4, 2]]' in lines[1]  # the route taken is recorded
    m.submit(Attack("A", "O"))
    assert '"roll": ' in log.read_text().splitlines()[2]  # the roll is recorded, so a replay is exact


def test_resume_gives_the_same_state_and_play_goes_on(tmp_path) -> None:
    log = tmp_path / "fight.jsonl"
    m = Match(scenario(seed=5), log_path=log)
    for a in (Begin(), Move("A", (4, 2)), Attack("A", "O"), EndTurn()):
        m.submit(a)
    resumed = Match.open(scenario(seed=5), log)
    assert resumed.encounter.state_json() == m.encounter.state_json()
    resumed.submit(EndTurn())
    assert len(log.read_text().splitlines()) == 5


def test_a_refused_action_writes_nothing(tmp_path) -> None:
    log = tmp_path / "fight.jsonl"
    m = Match(scenario(), log_path=log)
    m.submit(Begin())
    with pytest.raises(IllegalActionError, match="out of reach"):
        m.submit(Attack("A", "O"))
    assert log.read_text().splitlines() == ['{"action": "begin"}']


def test_undo_takes_back_a_move_but_never_a_roll(tmp_path) -> None:
    log = tmp_path / "fight.jsonl"
    m = Match(scenario(), log_path=log)
    m.submit(Begin())
    m.submit(Move("A", (3, 2)))
    assert m.can_undo() is None
    m.undo()
    assert m.encounter.view("A").cell == (1, 2) and log.read_text().splitlines() == ['{"action": "begin"}']
    m.submit(Move("A", (4, 2)))
    m.submit(Attack("A", "O", roll=1))
    assert "dice" in (m.can_undo() or "")
    with pytest.raises(IllegalActionError):
        m.undo()


def test_undo_goes_back_the_last_undo_depth_actions_and_no_further(tmp_path) -> None:
    # The GM corrects A's hp 300 times in setup (300 = MAX_UNDO_ACTIONS + 44); each correction can be taken
    # back, the log losing its line, but only the last MAX_UNDO_ACTIONS: the encounter keeps no snapshot
    # older than that, so its memory does not grow with the game (limits.py). After them, A's hp is
    # what the 44th correction set (1 + 43 mod 9 = 8) and the refusal names the limit.
    depth = limits.MAX_UNDO_ACTIONS
    log = tmp_path / "gm.jsonl"
    m = Match(scenario(), log_path=log)
    for k in range(depth + 44):
        m.submit(SetHp("A", 1 + k % 9))
    for _ in range(depth):
        assert m.can_undo() is None
        m.undo()
    assert m.can_undo() == f"undo: only the last {depth} actions can be taken back"
    with pytest.raises(IllegalActionError, match=f"only the last {depth} actions"):
        m.undo()
    assert m.encounter.view("A").hp == 8 and len(m.encounter.history) == 44
    assert len(log.read_text().splitlines()) == 44


def test_controllers_default_to_humans_for_player_and_ally() -> None:
    policy = FirstLegal()
    m = Match(scenario(), controllers={"enemy": policy})
    assert m.controllers["player"] == HUMAN and m.controllers["ally"] == HUMAN
    m.submit(Begin())
    assert m.is_human_turn() and not m.is_ai_turn()
    with pytest.raises(IllegalActionError):
        m.decide(random.Random(0))
    m.submit(EndTurn())
    assert m.is_ai_turn()
    applied = m.step(random.Random(0))
    assert applied.action == EndTurn()
    assert policy.seen and policy.seen[0] is not m.encounter  # a sandbox, never the live encounter


def test_unknown_faction_in_controllers_is_refused() -> None:
    with pytest.raises(ValueError, match='faction "orcs"'):
        Match(scenario(), controllers={"orcs": HUMAN})
