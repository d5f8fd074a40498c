"""The command mapper: intents become actions (the engine decides, and words any refusal) or window replies.

Pure Python, no pygame. A small map: Hero (player, move 4) at 1,2 acts first; Orc (enemy) at 4,2.
"""

from __future__ import annotations

import pytest

from game.maps.pixels import TiledPixels
from game.match import Match
from game.rules import (
    Attack,
    Begin,
    Disengage,
    EndTurn,
    Face,
    IllegalActionError,
    Move,
    Shove,
    scenario_from_rows,
)
from game.ui import narration
from game.ui.commands import (
    SHOVE,
    WAIT,
    Ask,
    CommandMapper,
    DisengageNow,
    EndTurnNow,
    FaceToward,
    Pick,
    Say,
    SetMode,
    Situation,
    Submit,
    TakeBack,
    TurnBy,
    UndoLast,
)

UNITS = [
    {"name": "Hero", "at": (1, 2), "faction": "player", "move": 4, "initiative": 9, "skills": "acrobatics:3"},
    {"name": "Orc", "at": (4, 2), "faction": "enemy", "initiative": 5, "facing": "w"},
]


def arena(enemy_ai: bool = False) -> tuple[Match, CommandMapper]:
    sc = scenario_from_rows(["........"] * 5, UNITS)
    from game.ai import policy_for

    m = Match(sc, controllers={"enemy": policy_for("random") if enemy_ai else "human"})
    m.submit(Begin())
    return m, CommandMapper(m, TiledPixels(sc.board.layout).cell_center, {"enemy": "normal AI"})


def test_a_click_on_a_hostile_is_the_modes_action_and_a_hex_is_a_move() -> None:
    m, cm = arena()
    assert cm.map(Pick((4, 2)), Situation()) == Submit(Attack("Hero", "Orc"))
    assert cm.map(Pick((4, 2)), Situation(mode=SHOVE)) == Submit(Shove("Hero", "Orc"))
    assert cm.map(Pick((2, 2)), Situation()) == Submit(Move("Hero", (2, 2)))


def test_refusals_are_the_engines_own_words() -> None:
    """The mapper never pre-checks: the engine refuses and its predicate gives the same reason."""
    m, cm = arena()
    for intent, predicate in ((Pick((4, 2)), m.encounter.can_attack("Hero", "Orc")),
                              (Pick((7, 4)), m.encounter.can_move_to("Hero", (7, 4)))):
        cmd = cm.map(intent, Situation())
        assert isinstance(cmd, Submit) and predicate is not None
        with pytest.raises(IllegalActionError) as err:
            m.submit(cmd.action)
        assert str(err.value) == predicate
        assert narration.refusal(err.value).startswith("Cannot ")


def test_the_window_says_why_when_nothing_can_be_done_now() -> None:
    m, cm = arena(enemy_ai=True)
    assert cm.map(Pick((2, 2)), Situation(busy=True)) == Say(WAIT)
    m.submit(EndTurn())  # the Orc's turn: an AI's
    cmd = cm.map(Pick((2, 2)), Situation())
    assert isinstance(cmd, Say) and cmd.text.startswith("It is Orc's turn (normal AI)")
    assert isinstance(cm.map(EndTurnNow(), Situation(gm=True)), Ask)  # the GM acts for anyone (and is asked)


def test_ending_a_turn_that_could_still_act_asks_first_and_says_why() -> None:
    m, cm = arena()
    cmd = cm.map(EndTurnNow(), Situation())
    assert isinstance(cmd, Ask) and cmd.action == EndTurn()
    assert cmd.detail == "Hero has not moved or acted yet (4 movement left)"
    m.submit(Move("Hero", (3, 2)))  # next to the Orc: stopped by its zone, and it could attack
    cmd = cm.map(EndTurnNow(), Situation())
    assert isinstance(cmd, Ask) and cmd.detail == "Hero can still attack Orc"


def test_after_moving_and_attacking_nobody_is_asked_whatever_movement_is_left() -> None:
    """Lysa was asked after she had attacked and Corin was not (the old rule: more than half the movement
    left). Having moved and used the action, the turn is played: Enter ends it, for everyone alike."""
    m, cm = arena()
    m.submit(Move("Hero", (3, 2)))
    m.submit(Attack("Hero", "Orc", 1))  # a miss: the Orc is still there, the action is used
    assert cm.map(EndTurnNow(), Situation()) == Submit(EndTurn())


def test_after_an_attack_from_where_it_stood_nobody_is_asked_either() -> None:
    """Found at Miller's Ford: Mira struck Orc 2 from where her turn began and Enter asked "Mira has not moved
    yet (7 movement left)": after every blow struck without a step. As in Wesnoth, a combatant that struck
    is done; the question is for the turn in which nothing was done at all."""
    units = [dict(UNITS[0], at=(3, 2)), UNITS[1]]  # starts beside the Orc with all 4 movement
    m = Match(scenario_from_rows(["........"] * 5, units), controllers={"enemy": "human"})
    m.submit(Begin())
    cm = CommandMapper(m, TiledPixels(m.encounter.layout).cell_center)
    m.submit(Attack("Hero", "Orc", 1))  # a miss, not a step taken: 4 of 4 movement still left
    assert m.encounter.view("Hero").movement == m.encounter.view("Hero").movement_max
    assert cm.map(EndTurnNow(), Situation()) == Submit(EndTurn())


def test_undo_and_turning_toward_a_hex() -> None:
    m, cm = arena()
    assert cm.map(UndoLast(), Situation()) == TakeBack()
    assert cm.map(FaceToward((1, 1)), Situation()) in (Submit(Face("Hero", "ne")), Submit(Face("Hero", "nw")))
    assert cm.map(FaceToward((2, 2)), Situation()) == Submit(Face("Hero", "e"))
    cmd = cm.map(TurnBy(1), Situation())
    assert isinstance(cmd, Submit) and isinstance(cmd.action, Face)


def test_d_twice_disengages_with_the_best_skill() -> None:
    m, cm = arena()
    m.submit(Move("Hero", (3, 2)))
    first = cm.map(SetMode("disengage"), Situation())
    assert first == Say("Disengage: click your combatant (or press D again) to try it", mode="disengage")
    again = cm.map(SetMode("disengage"), Situation(mode="disengage"))
    # Issue 20 bug 3: stopped by zone of control with 0 movement, a disengage gains nothing: ask first.
    assert isinstance(again, Ask) and again.action == Disengage("Hero", "tumble", "acrobatics")
    assert "no movement left" in again.detail


def test_a_disengage_that_can_still_move_away_goes_straight_to_the_engine() -> None:
    units = [dict(UNITS[0], at=(3, 2)), UNITS[1]]  # starts next to the Orc with all 4 movement
    m = Match(scenario_from_rows(["........"] * 5, units), controllers={"enemy": "human"})
    m.submit(Begin())
    cm = CommandMapper(m, TiledPixels(m.encounter.layout).cell_center)
    assert cm.map(DisengageNow(), Situation()) == Submit(Disengage("Hero", "tumble", "acrobatics"))


def test_flee_asks_first_only_where_the_engine_allows_it() -> None:
    """Playthrough under Xvfb: Brother Tam, mid-map, clicked Flee; the box asked "Brother Tam flees? ... leaves
    the battle for good", and Yes only brought "Cannot flee: not on an exit hex". A refused flight is submitted
    at once (the engine words the refusal); an allowed one still asks."""
    from game.rules import Flee
    from game.ui.commands import FleeNow

    m, cm = arena()
    reason = m.encounter.can_flee("Hero")
    assert reason is not None and "exit" in reason
    cmd = cm.map(FleeNow(), Situation())
    assert cmd == Submit(Flee("Hero"))
    with pytest.raises(IllegalActionError) as err:
        m.submit(cmd.action)
    assert str(err.value) == reason
    m.submit(Move("Hero", (0, 2)))  # the map's edge: an exit where the map marks none (R24)
    assert m.encounter.can_flee("Hero") is None
    asked = cm.map(FleeNow(), Situation())
    assert isinstance(asked, Ask) and asked.action == Flee("Hero")
