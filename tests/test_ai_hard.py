"""`hard` coordinates its side: blows assigned jointly (game/ai/coordinate.py). Seeded, deterministic, no timing.

Each map is small and hand-made (tests/ai_fixtures.py: pointy-top, odd rows
shifted right). Attackers with attack 20 always hit (R21: the lowest d20 face
that hits is 1) and deal a fixed damage, so the outcome of every blow is known
and the reason for the right choice can be worked out by hand.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from game.ai import HARD, policy_for
from game.ai.model import Situation
from game.ai.positions import Candidate, Positions
from game.ai.reply import Replies, replies
from game.ai.reply_check import Check, checked_in_order
from game.ai.tactical import TacticalPolicy, same_step
from game.maps import load_scenario
from game.rules import DICE_ACTIONS, Attack, Begin, Encounter, EndTurn, Move

from .ai_fixtures import encounter, play_turn, three_a_side, unit

OPEN = ["." * 9] * 7
MAPS = Path(__file__).resolve().parents[1] / "maps"


def attacks(actions: list) -> list[Attack]:
    return [a for a in actions if isinstance(a, Attack)]


def two_blows_map(tmp_path: Path):
    # Orc A at (3,2) cannot move; it touches the knight west at (2,2) and the bulwark east at
    # (4,2). Each orc always hits for exactly 4. The knight has 8 hp: one blow never defeats
    # it, two do. The bulwark has 18 of 20 hp: it survives anything this round. Orc B acts
    # next (initiative 9) and can walk next to the knight (and the bulwark) this round.
    # Normal, alone in its head, sees the same 4 damage either way and a small bonus for the
    # already-wounded bulwark; it strikes the bulwark and the round defeats nobody.
    # Hard counts Orc B's blow to come: knight + both blows = a defeat, so it strikes the
    # knight, and Orc B finishes it.
    enc = encounter(tmp_path, OPEN, [
        unit("Orc A", (3, 2), "enemy", move=0, attack=20, damage="4", initiative=10),
        unit("Orc B", (3, 5), "enemy", move=5, attack=20, damage="4", initiative=9),
        unit("Knight", (2, 2), "player", hp=8, attack=2, damage="1d6", initiative=2),
        unit("Bulwark", (4, 2), "player", hp=20, attack=2, damage="1d6", initiative=1),
    ])
    enc.apply(Attack("Orc A", "Bulwark", roll=20, damage=2))  # the bulwark starts wounded: 18 of 20
    enc.apply(EndTurn())
    enc.apply(EndTurn())  # Orc B
    enc.apply(EndTurn())  # Knight
    enc.apply(EndTurn())  # Bulwark: round 2, Orc A to act
    assert enc.turn == "Orc A" and enc.view("Bulwark").hp == 18
    return enc


@pytest.mark.parametrize(("level", "target"), [("normal", "Bulwark"), ("hard", "Knight")])
def test_hard_strikes_where_a_friends_blow_will_finish_the_target(tmp_path: Path, level: str, target: str) -> None:
    enc = two_blows_map(tmp_path)
    assert enc.preview_attack("Orc A", "Knight").defeat_chance == 0  # no blow alone kills it
    assert attacks(play_turn(enc, policy_for(level))) == [Attack("Orc A", target)]


def test_two_hard_attackers_defeat_what_neither_could_alone(tmp_path: Path) -> None:
    enc = two_blows_map(tmp_path)
    play_turn(enc, policy_for("hard"))
    assert enc.turn == "Orc B"
    assert attacks(play_turn(enc, policy_for("hard"))) == [Attack("Orc B", "Knight")]
    assert not enc.view("Knight").active


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_hard_does_not_trade_itself_for_a_harmless_kill(tmp_path: Path, level: str) -> None:
    # The orc (6 hp, move 4) can walk next to the page (3 hp, strikes for 1 at attack 0: worth
    # little) and defeat it for sure (attack 20 hits always, 3 damage). The brute (move 3)
    # always hits for exactly 6: from where the orc would stand it can reach both the orc and
    # the ogre (30 hp, cannot move). Normal shares the brute's threat evenly between the two
    # (MegaMek's 1/choices); hard models the brute's reply: a blow that surely defeats the orc
    # is worth far more to the brute than 6 of the ogre's 30 hp, so the orc would die for a
    # page. Hard keeps out of the brute's reach instead; normal makes the trade.
    enc = encounter(tmp_path, OPEN, [
        unit("Orc", (4, 5), "enemy", hp=6, move=4, attack=20, damage="3", initiative=10),
        unit("Ogre", (7, 5), "enemy", hp=30, move=0, attack=2, damage="1d4", initiative=9),
        unit("Page", (4, 2), "player", hp=3, move=0, attack=0, damage="1", initiative=3, threatening=False),
        unit("Brute", (6, 2), "player", hp=30, move=3, attack=20, damage="6", initiative=2),
    ])
    actions = play_turn(enc, policy_for(level))
    exposed = "Brute" in enc.next_turn_attackers(enc.view("Orc").cell, "Orc")
    if level == "normal":
        assert attacks(actions) == [Attack("Orc", "Page")] and exposed
    else:
        assert not attacks(actions) and not exposed


def test_the_reply_check_plays_the_hostiles_turn_with_the_normal_ai(tmp_path: Path) -> None:
    # The same board as above. With the orc moved to (4,3), next to the page, the brute (move 3)
    # can step to (5,3) beside it. Normal, planning the brute's turn, takes the sure defeat: the
    # brute always hits (attack 20, R21) for exactly 6 = the orc's hp. So the reply check reports
    # the brute striking the orc for 6 expected damage with certain defeat, and nothing from the
    # ogre, which cannot move. Nothing changes on the real encounter.
    enc = encounter(tmp_path, OPEN, [
        unit("Orc", (4, 5), "enemy", hp=6, move=4, attack=20, damage="3", initiative=10),
        unit("Ogre", (7, 5), "enemy", hp=30, move=0, attack=2, damage="1d4", initiative=9),
        unit("Page", (4, 2), "player", hp=3, move=0, attack=0, damage="1", initiative=3, threatening=False),
        unit("Brute", (6, 2), "player", hp=30, move=3, attack=20, damage="6", initiative=2),
    ])
    before = enc.state_json()
    struck = replies(enc, "Orc", [Move("Orc", (4, 3))], ["Brute"], TacticalPolicy())
    assert struck == {"Brute": (6.0, 1.0)}
    assert enc.state_json() == before


def test_the_reply_check_shortcut_never_changes_a_choice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Hard re-scores its best plans by the hostiles' replies, and a reply only ever costs: a plan
    # whose score without its danger terms (or with only some of its replies) is below the best
    # re-scored plan so far cannot win, so it is left unchecked (or its other replies are not
    # worked out). Three against three in contact from round 1 (mixed reach, damage and hit
    # points, so plans differ in danger), hard on both sides: at every decision the plan with the
    # shortcuts must equal the plan with every candidate checked, and the shortcuts must have
    # saved some hostile turns planned (else this test would hold for nothing). Hard's own check
    # goes best-first (the plan that could still score highest gets its next reply): it must also
    # plan fewer hostile turns than checking whole plans from the highest bound down (what
    # expert's ranking does), for the same choice.
    enc = encounter(tmp_path, OPEN, three_a_side())
    calls = {"n": 0}
    real = Replies._reply

    def counted(*args: Any, **kw: Any) -> Any:
        calls["n"] += 1  # one hostile's turn planned by `normal`
        return real(*args, **kw)

    monkeypatch.setattr(Replies, "_reply", counted)
    quick, in_order, full = TacticalPolicy(HARD, "hard"), InOrder(HARD, "hard"), TacticalPolicy(HARD, "hard")
    full.prune = False
    mover = TacticalPolicy(HARD, "hard")  # plays the moves: the compared policies each keep their own plans
    rng = random.Random(3)
    asked = {"quick": 0, "in_order": 0, "full": 0}
    for _ in range(60):
        if enc.is_over():
            break
        for name, policy in (("quick", quick), ("in_order", in_order), ("full", full)):
            before = calls["n"]
            plan = policy.plan(enc.sandbox(random.Random(5)), random.Random(5))
            asked[name] += calls["n"] - before
            if name == "quick":
                chosen = plan
            assert plan.actions == chosen.actions and plan.score == pytest.approx(chosen.score)
        enc.apply(mover.choose(enc.sandbox(rng), rng))
    assert asked["quick"] < asked["in_order"] < asked["full"]


class InOrder(TacticalPolicy):
    """Hard whose reply check takes whole plans from the highest bound down, as expert's ranking does."""

    def _check_replies(self, sit: Situation, pos: Positions, cands: list[Candidate]) -> list[Candidate]:
        assert self._enemy is not None
        top = sorted(cands, key=lambda c: -c.score)[: self.weights.replies]
        return checked_in_order(Check(sit, pos, self._enemy, self.weights.danger, self.weights.death), top, True)


def test_hard_walks_the_plan_it_chose_until_dice_are_rolled() -> None:
    # What `playmat suggest` shows for a hard combatant at the start of its turn, or right after
    # its dice have spoken, is what it does up to its next attack, shove or disengage: walking and
    # turning reveal nothing new, so it does not second-guess its plan from the hex it walked to
    # (normal, asked afresh after each step, sometimes does: a move that was the way to an attack
    # becomes a move elsewhere, or after striking it walks on hex by hex). Hard plays every side
    # of a shipped map for six rounds, on dice of the encounter.
    enc = Encounter(load_scenario(MAPS / "fortress_assault.tmx"))
    enc.apply(Begin())
    policy, rng = policy_for("hard"), random.Random(11)
    followed = 0
    while not enc.is_over() and enc.round <= 6:
        name = enc.turn
        planned: list = []
        while enc.turn == name and not enc.is_over():
            if not planned:  # the turn's start, or its dice have just spoken: what suggest shows now
                planned = list(policy.plan(enc.sandbox(random.Random(1)), random.Random(1)).actions)
            action = policy.choose(enc.sandbox(rng), rng)
            assert same_step(action, planned.pop(0)), (name, action)
            followed += 1
            if isinstance(action, DICE_ACTIONS):
                planned = []
            enc.apply(action)
    assert followed > 100


def test_the_reply_check_sees_a_hostile_shove_it_into_a_chasm(tmp_path: Path) -> None:
    # A chasm at (4,3). The orc (6 hp) would move to (3,3), just west of it. The brute (move 3)
    # can step to (2,3), west of the orc, and shove it east (R22: straight away from the shover)
    # into the chasm: a fall defeats it (R12). The brute always succeeds (attack 20, R21) and
    # its blow deals only 1, so normal, planning the brute's turn, shoves. The reply check must
    # count that shove as the orc's certain end -- 6 hit points lost, defeat chance 1 -- not as
    # a reply that misses the orc because it is no attack.
    rows = ["." * 9] * 3 + ["....c...."] + ["." * 9] * 3
    enc = encounter(tmp_path, rows, [
        unit("Orc", (6, 6), "enemy", hp=6, move=5, attack=2, damage="1d4", initiative=10),
        unit("Brute", (0, 3), "player", hp=30, move=3, attack=20, damage="1", initiative=2),
    ])
    struck = replies(enc, "Orc", [Move("Orc", (3, 3))], ["Brute"], TacticalPolicy())
    assert struck == {"Brute": (6.0, 1.0)}
