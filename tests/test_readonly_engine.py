"""Clients read the encounter; the match writes it (docs/architecture.md, docs/engine-api.md).

- one answer to "who won, and why": ``outcome()`` -> ``Outcome(EndReason, winners)``, also after the GM
  ends a fight (R13 and the GM's end_combat);
- the encounter keeps what was applied (action + events): ``records``, ``turn_actions()``, ``replay()``;
- the window, the AI and the playtest hold an ``EncounterView``, which has no way to change the state.
"""

from __future__ import annotations

import ast
import random
import typing
from pathlib import Path

import pytest

import game.match
from game.ai import policy_for
from game.match import Match
from game.rules import (
    Attack,
    Begin,
    CombatEnded,
    Encounter,
    EncounterView,
    EndCombat,
    EndReason,
    EndTurn,
    Face,
    GrantMovement,
    Move,
    Outcome,
    Remove,
    replay,
    scenario_from_rows,
)

ROOT = Path(__file__).resolve().parents[1]
OPEN = ["." * 10] * 8
# Aldric acts first (initiative 5), then the Orc (3), then Brin (1).
UNITS = [
    {"name": "Aldric", "at": (1, 1), "faction": "player", "initiative": 5},
    {"name": "Orc", "at": (8, 1), "faction": "enemy", "initiative": 3, "hp": 3},
    {"name": "Brin", "at": (1, 5), "faction": "player", "initiative": 1},
]
MUTATORS = ("apply", "undo", "hurt", "leave", "next_turn", "end", "restore", "emit", "mark_acted", "sort_order",
            "start_turn", "auto_end", "take_snapshot", "cached")


def begun() -> Encounter:
    enc = Encounter(scenario_from_rows(OPEN, UNITS))
    enc.apply(Begin())
    return enc


# --- one outcome -----------------------------------------------------------------------------
def test_no_outcome_before_the_end_then_the_winners_of_r13() -> None:
    enc = begun()
    assert enc.outcome() is None
    applied = enc.apply(Remove("Orc", "fled"))  # Aldric's turn; the GM removes the only enemy
    assert enc.outcome() == Outcome(EndReason.NO_HOSTILES, ("player",))
    (ended,) = applied.of(CombatEnded)
    assert ended.reason is EndReason.NO_HOSTILES and ended.outcome == enc.outcome()
    assert ended.to_dict()["reason"] == "no hostile pair remains"  # what the log and narration always said


def test_the_gm_ending_a_fight_with_both_sides_standing_has_no_winner() -> None:
    # Before, winners() said () here while outcome() said ("enemy", "player"): two answers.
    enc = begun()
    applied = enc.apply(EndCombat())
    assert enc.outcome() == Outcome(EndReason.GM, ())
    (ended,) = applied.of(CombatEnded)
    assert (ended.reason, ended.winners) == (EndReason.GM, ())
    assert ended.to_dict()["reason"] == "gm"


def test_undo_takes_the_outcome_back_with_the_end() -> None:
    enc = begun()
    enc.apply(EndCombat())
    enc.undo()
    assert enc.outcome() is None and enc.phase == "active"


# --- what was applied ------------------------------------------------------------------------
def test_records_hold_every_applied_action_with_its_events_and_follow_undo_and_clone() -> None:
    enc = begun()
    moved = enc.apply(Move("Aldric", (2, 1)))
    assert enc.records == [enc.records[0], moved] and [r.action for r in enc.records] == enc.history
    assert type(enc.records[0].events[0]).__name__ == "CombatBegan"
    copy = enc.clone()
    enc.undo()
    assert enc.records[-1].action == Begin() and len(enc.records) == len(enc.history) == 1
    assert copy.records[-1] == moved  # the clone kept its own list


def test_turn_actions_are_the_current_actors_own_since_its_turn_began() -> None:
    enc = begun()
    assert Encounter(enc.scenario).turn_actions() == []  # setup: nobody's turn
    assert enc.turn_actions() == []
    a = enc.apply(Move("Aldric", (2, 1)))
    enc.apply(GrantMovement("Aldric", 1))  # the GM's, not Aldric's own
    b = enc.apply(Face("Aldric", "ne"))
    assert enc.turn_actions() == [a, b]
    enc.apply(EndTurn())
    assert enc.turn == "Orc" and enc.turn_actions() == []
    c = enc.apply(Move("Orc", (7, 1)))
    assert enc.turn_actions() == [c]
    assert not enc.dice_rolled_this_turn()
    enc.apply(Move("Orc", (3, 1)))
    enc.apply(Attack("Orc", "Aldric", roll=1))
    assert enc.dice_rolled_this_turn() and [type(r.action) for r in enc.turn_actions()] == [Move, Move, Attack]


def test_replay_gives_the_same_records_as_playing() -> None:
    enc = begun()
    for action in (Move("Aldric", (3, 1)), EndTurn(), Move("Orc", (4, 1)), Attack("Orc", "Aldric", roll=15, damage=2)):
        enc.apply(action)
    again = replay(enc.scenario, enc.history)
    assert again.records == enc.records


def test_an_ai_game_gives_turn_actions_as_the_history_read_back_to_the_turns_start() -> None:
    """The AI's old way (walk the history back to end_turn/begin) and the engine's records agree at every step."""
    enc = Encounter(scenario_from_rows(OPEN, UNITS))
    match = Match(enc.scenario, controllers={f: policy_for("greedy") for f in ("player", "enemy")})
    match.submit(Begin())
    rng = random.Random(3)
    for _ in range(40):
        if match.encounter.is_over():
            break
        view = match.encounter
        walked = []
        for action in reversed(view.history):
            if isinstance(action, EndTurn | Begin):
                break
            if action.actor == view.turn:
                walked.append(action)
        assert [r.action for r in view.turn_actions()] == walked[::-1]
        match.step(rng)


# --- read-only views ---------------------------------------------------------------------------
def test_the_view_has_no_way_to_change_the_state() -> None:
    members = {n for n in dir(EncounterView) if not n.startswith("_")}
    assert not members & set(MUTATORS)
    assert {"outcome", "records", "turn_actions", "reach_for", "preview_attack", "sandbox"} <= members


@pytest.mark.parametrize("where", [(game.match.Match, "encounter"), (game.match.Policy, "choose")])
def test_the_match_hands_out_views_only(where: tuple[type, str]) -> None:
    owner, name = where
    member = getattr(owner, name)
    hints = typing.get_type_hints(member.fget if isinstance(member, property) else member)
    assert EncounterView in hints.values()
    assert Encounter not in hints.values()


def _client_files() -> list[Path]:
    files = [p for p in (ROOT / "game").rglob("*.py") if (ROOT / "game" / "rules") not in p.parents]
    return [p for p in files if p.name != "match.py"]


def test_no_client_calls_a_mutator_on_the_live_encounter() -> None:
    """mypy refuses these on an EncounterView; this catches them in code mypy does not check strictly.

    ``x.encounter.apply(...)`` and friends (the match's or the window context's live encounter) and
    the engine's internal mechanics under any name (``hurt``, ``leave``, ``next_turn``...)."""
    internal = set(MUTATORS) - {"apply", "undo", "end", "cached"}
    offenders = []
    for path in _client_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            attr, owner = node.func.attr, node.func.value
            on_live = isinstance(owner, ast.Attribute) and owner.attr in ("encounter", "_encounter")
            if attr in internal or (on_live and attr in MUTATORS):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: .{attr}()")
    assert offenders == []
