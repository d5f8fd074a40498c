"""The tactical AI reads next round's danger through the order of play (R14; game/ai/initiative.py).

Seeded and deterministic, no timing; the map is hand-made (tests/ai_fixtures.py) and
the reason worked out by hand below.
"""

from __future__ import annotations

from pathlib import Path

from game.ai import policy_for

from .ai_fixtures import encounter, play_turn, unit


def _soldier_ends(tmp_path: Path, orc_initiative: int) -> tuple[int, int]:
    enc = encounter(tmp_path, ["." * 13] * 7, [
        unit("Soldier", (1, 3), "player", hp=12, defense=10, attack=3, damage="1d8", move=5, initiative=20),
        unit("Halberdier", (4, 2), "player", hp=11, defense=10, attack=4, damage="1d8", move=4, reach=2,
             initiative=10),
        unit("Halberdier 2", (4, 4), "player", hp=11, defense=10, attack=4, damage="1d8", move=4, reach=2,
             initiative=10),
        unit("Orc", (9, 2), "enemy", hp=12, defense=10, attack=4, damage="1d12", move=4, initiative=orc_initiative),
        unit("Orc 2", (10, 4), "enemy", hp=12, defense=10, attack=4, damage="1d12", move=4,
             initiative=orc_initiative),
    ])
    play_turn(enc, policy_for("normal"))
    return enc.view("Soldier").cell


def test_a_soldier_goes_in_with_the_friends_who_act_before_the_hostiles(tmp_path: Path) -> None:
    # The Soldier acts first (R14) and cannot strike this turn (the Orcs are 8 and more hexes
    # away, its move 5). It may hold back at (3,2), out of the Orcs' reach next round, or walk on
    # to (5,1), where the Orc at (9,2) could walk up and strike it. Its blow there: d20 + 4 against
    # defence 10 hits on 6 or more (15 of 20), 1d12 averages 6.5: 4.875 from the front.
    #
    # Orcs at initiative 5: both halberdiers act before them. Each can walk within its reach 2 of
    # the Orc on its turn, so when the Orc acts it has three foes in reach (the Soldier's share of
    # its blow is a third, as before) and, at (5,1), two of them at hand without a step: counted
    # twice each, the Soldier's share there is 3 in 5 of that third. The halberdiers may defeat it
    # first: two hits (15 of 20 each, d20 + 4 against 10) of 1d8 reach its 12 hp in 15 of 64
    # pairs, and Halberdier 2 could strike Orc 2 as well (half its blow counted), so about
    # 0.75 * 0.75 * 15/64 * 1/2 = 0.066: it lives to act 0.934 of the time. Danger at (5,1):
    # 4.875 / 3 * 3/5 * 0.934 = 0.91 hp, counted x 0.6 (the danger weight) x 5/12 (five on the
    # board, `small_fight`) = 0.23, against 0.41 as the old score counted it (4.875 / 3 x 0.25).
    # Halberdier 2, 3 hexes from (5,1) now, comes within 2 before the Orc acts: support 2 friends
    # (0.5), not 1. So (5,1): walk -0.24 + support 0.5 - danger 0.23 - death 0.06 = -0.03 against
    # (3,2): walk -0.72 + support 0.5 = -0.22. It goes in with them.
    assert _soldier_ends(tmp_path, 5) == (5, 1)


def test_a_soldier_holds_back_when_the_hostiles_act_before_its_friends(tmp_path: Path) -> None:
    # The control: the same board with the Orcs at initiative 15, after the Soldier and before the
    # halberdiers. The Orc strikes before any friend has moved: nobody in its reach then but the
    # Soldier, so it keeps the caution it had (the old share, a third, is not raised), the
    # halberdiers' blows come too late to defeat it, and only Halberdier 1 is within 2 of (5,1).
    # (5,1): walk -0.24 + support 0.25 - danger 0.41 - death 0.19 = -0.59; (5,2), beside both
    # halberdiers: -0.24 + 0.5 - 0.41 - 0.19 = -0.34; (3,2): -0.22. It holds back. (The old
    # score, blind to the order, held back in both games.)
    assert _soldier_ends(tmp_path, 15) == (3, 2)
