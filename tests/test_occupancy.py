"""The occupancy index a move line's check asks (who holds and who threatens each hex) answers exactly as the
whole-board masks do, after every kind of change: moves, pushes, defeats, GM changes, undo, joins, clones.

The reference is ``masks_for`` / ``threat_mask_for`` / ``threateners`` without an index: they look at every
combatant, an independent way to the same answers (R4, R8, R9, R23, R26, R28)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.rules import (
    Begin,
    Encounter,
    IllegalActionError,
    Join,
    Move,
    Push,
    Remove,
    SetThreatening,
    scenario_from_rows,
)
from game.rules.occupancy import FAR_REACH


def mixed_fight(seed: int) -> Encounter:
    """Every footprint size, a pike (reach 2-2), one far-reaching threatener, four factions, one who does not
    threaten, and a wall, on a 20x14 map."""
    rows = ["." * 20] * 5 + ["......##............"] + ["." * 20] * 8
    units = [
        {"name": "P", "at": (2, 2), "faction": "player", "move": 5, "initiative": 5, "skills": "acrobatics:4"},
        {"name": "Big", "at": (6, 3), "faction": "player", "size": "large", "move": 4, "initiative": 4},
        {"name": "Pike", "at": (3, 9), "faction": "ally", "reach": 2, "reach_min": 2, "move": 4, "initiative": 3},
        {"name": "Giant", "at": (12, 7), "faction": "enemy", "size": "giant", "move": 3, "initiative": 2},
        {"name": "E", "at": (15, 3), "faction": "enemy", "move": 5, "initiative": 1, "attack": 3},
        {"name": "Far", "at": (17, 11), "faction": "enemy", "reach": FAR_REACH + 2, "move": 3, "initiative": 0},
        {"name": "N", "at": (9, 12), "faction": "neutral", "threatening": False, "move": 4, "initiative": 0},
    ]
    enc = Encounter(scenario_from_rows(rows, units, seed=seed))
    enc.apply(Begin())
    return enc


def same_answers(enc: Encounter) -> None:
    """For every combatant on the board, on every hex: the index's answers are the masks' answers."""
    occ = enc.occupancy()
    rows, cols = enc.board.rows, enc.board.cols
    for name in enc.order():
        u = enc.unit(name)
        foes = enc.hostility.hostile_to(u.faction)
        blocked, occupied = occ.held_for(u, foes)
        threat = occ.threat_for(foes, u.disengaged_from)
        want_blocked, want_occupied = enc._make_masks(name)
        want_threat = enc.threat_mask_for(name)
        got = [[(blocked[r, c], occupied[r, c], threat[r, c]) for c in range(cols)] for r in range(rows)]
        assert np.array_equal(np.array([[g[0] for g in row] for row in got]), want_blocked), name
        assert np.array_equal(np.array([[g[1] for g in row] for row in got]), want_occupied), name
        assert np.array_equal(np.array([[g[2] for g in row] for row in got]), want_threat), name
        # R9's "who stopped it": the index's near threateners are everyone's, in the same order.
        with_index = [v.name for v in enc.threateners(u)]
        kept, enc._occ = enc._occ, None
        assert [v.name for v in enc.threateners(u)] == with_index, name
        enc._occ = kept


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_index_answers_as_the_masks_after_every_change(seed: int) -> None:
    enc = mixed_fight(seed)
    rng = random.Random(seed)
    dirs = enc.layout.direction_names
    for _ in range(70):
        if enc.is_over():
            break
        roll = rng.random()
        turn = enc.turn
        try:
            if roll < 0.1 and enc.undo_depth:
                enc.undo()  # the combatants change back without reporting it: the index is built again
            elif roll < 0.2:
                enc.apply(Push(rng.choice(enc.order()), rng.choice(dirs), rng.randint(1, 3)))
            elif roll < 0.25:
                enc.apply(SetThreatening(rng.choice(enc.order()), rng.random() < 0.5))
            elif roll < 0.3 and turn is not None:
                enc.check(rng.choice(enc.legal_actions()))  # a clone's check: never the live index
            elif roll < 0.33:
                left, enc = enc, enc.clone()  # go on in a copy (an AI's sandbox): each has an index of its own
                enc.apply(rng.choice(enc.legal_actions()))
                same_answers(left)
            else:
                enc.apply(rng.choice(enc.legal_actions()))
        except IllegalActionError:
            pass  # refused: nothing changed, and the index must still agree
        same_answers(enc)


def duel() -> Encounter:
    """A (player, move 5) acts first; X (enemy, threatening nobody) stands three hexes east of it."""
    units = [{"name": "A", "at": (1, 1), "faction": "player", "move": 5, "initiative": 5},
             {"name": "X", "at": (4, 1), "faction": "enemy", "threatening": False}]
    enc = Encounter(scenario_from_rows(["." * 10] * 8, units))
    enc.apply(Begin())
    enc.apply(Move("A", (2, 1), ((2, 1),)))  # a move line: the index is built here
    return enc


def test_a_move_line_after_an_undo_sees_the_combatant_it_brought_back() -> None:
    """Undo puts a removed combatant back without any action of its own: the next move line must find it in
    its hex again (R4), not the hex empty as the index last saw it."""
    enc = duel()
    enc.apply(Remove("X", "defeated"))
    enc.undo()
    with pytest.raises(IllegalActionError, match=r"4,1 is held by a hostile combatant \(R4\)"):
        enc.apply(Move("A", (5, 1), ((3, 1), (4, 1), (5, 1))))


def test_a_joiner_is_held_and_threatens_at_once() -> None:
    """A combatant joining mid-fight (GM) holds its hex for the very next move line (R4) and its threat stops
    the next mover beside it (R9)."""
    enc = duel()
    enc.apply(Join.of({"name": "Ogre", "faction": "enemy"}, (4, 2)))
    with pytest.raises(IllegalActionError, match=r"stopped at 3,2 by zone of control \(R9\)"):
        enc.apply(Move("A", (5, 2), ((3, 2), (4, 2), (5, 2))))
    enc.apply(SetThreatening("Ogre", False))  # now only its hex is in the way
    with pytest.raises(IllegalActionError, match=r"4,2 is held by a hostile combatant \(R4\)"):
        enc.apply(Move("A", (5, 2), ((3, 2), (4, 2), (5, 2))))
    enc.apply(SetThreatening("Ogre", True))
    moved = enc.apply(Move("A", (3, 2), ((3, 2),))).events[0]
    assert moved.stopped_by == ("Ogre",)  # type: ignore[attr-defined]


def test_two_combatants_put_on_one_hex_by_hand_are_both_seen() -> None:
    """A scenario built in code may put two combatants on one hex (maps refuse it): the index still answers for
    each, and after one leaves the other still holds the hex (R4)."""
    rows = ["." * 8] * 6
    units = [{"name": "A", "at": (1, 1), "faction": "player", "initiative": 5},
             {"name": "X", "at": (4, 3), "faction": "enemy"}, {"name": "Y", "at": (4, 3), "faction": "ally"}]
    enc = Encounter(scenario_from_rows(rows, units))
    enc.apply(Begin())
    same_answers(enc)
    enc.apply(Push("X", enc.layout.direction_names[0], 2))
    same_answers(enc)
    with pytest.raises(IllegalActionError, match=r"may not end at 4,3: another combatant is there \(R4\)"):
        enc.apply(Move("A", (4, 3), ((2, 2), (3, 2), (3, 3), (4, 3))))
