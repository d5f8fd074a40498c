"""Issue 18's tactics a player would call smart, and its shipped-map failures, as seeded tests.

Hand-made maps come from tests/ai_fixtures.py (pointy-top, odd rows shifted
right); the shipped-map tests replay the AI-vs-AI games in which the failure
was seen (``tools/ai_behaviour.py``'s games: every faction at one level, game
seed k) and count them with ``game.playtest.count_behaviour``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from game.ai import policy_for
from game.ai.model import Situation
from game.maps import load_scenario
from game.playtest import count_behaviour
from game.rules import Attack, Disengage, EndTurn, Move, read_log

from .ai_fixtures import encounter, kinds, play_turn, unit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from ai_behaviour import play_logged  # noqa: E402


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_wounded_pinned_orc_disengages_to_its_friends(tmp_path: Path, level: str) -> None:
    # The orc (6,3) stands between two knights (5,3) and (7,3); every free hex around it, (6,2),
    # (7,2), (6,4) and (7,4), is next to a knight, so any step is a new entry into threatened
    # space and stops it (R9, R10): it is pinned. At 3 of 12 hp, with each knight hitting for
    # 1d10+2 on 11+ (2 x 0.5 x 7.5 expected, and any hit kills), staying to trade a 1d6 blow is
    # death. Its own side is not beaten (two fresh orcs at (12,2) and (12,4)), so it is not a
    # lost fight: it breaks away (R23: d20 + acrobatics 4 against 10 + 4, even odds; seed 1's
    # roll succeeds) and runs to its friends, where a knight that follows meets three orcs.
    enc = encounter(tmp_path, ["." * 14] * 7, [
        unit("Knight", (5, 3), "player", hp=20, attack=4, damage="1d10+2", initiative=20),
        unit("Orc", (6, 3), "enemy", hp=12, attack=2, damage="1d6", move=6, initiative=10,
             skills="acrobatics:4"),
        unit("Knight 2", (7, 3), "player", hp=20, attack=4, damage="1d10+2"),
        unit("Orc 2", (12, 2), "enemy", hp=12, attack=3, damage="1d8"),
        unit("Orc 3", (12, 4), "enemy", hp=12, attack=3, damage="1d8"),
    ])
    enc.apply(Attack("Knight", "Orc", roll=20, damage=9))
    enc.apply(EndTurn())
    assert enc.turn == "Orc" and enc.view("Orc").hp == 3 and enc.can_disengage("Orc") is None
    actions = play_turn(enc, policy_for(level), seed=1)
    assert isinstance(actions[0], Disengage), kinds(actions)
    moves = [a for a in actions if isinstance(a, Move)]
    assert moves and enc.distance("Orc", "Orc 2") <= 2  # with its friends
    assert enc.distance("Orc", "Knight") >= 5


def test_a_healthy_orc_fights_on_where_it_is_pinned(tmp_path: Path) -> None:
    # The same trap at full health (12 hp: one knight's blow cannot kill it, 1d10+2 <= 12): it
    # is not worth its action to break away; it strikes.
    enc = encounter(tmp_path, ["." * 14] * 7, [
        unit("Orc", (6, 3), "enemy", hp=12, attack=2, damage="1d6", move=6, initiative=30,
             skills="acrobatics:4"),
        unit("Knight", (5, 3), "player", hp=20, attack=4, damage="1d10+2"),
        unit("Knight 2", (7, 3), "player", hp=20, attack=4, damage="1d10+2"),
        unit("Orc 2", (12, 2), "enemy", hp=12, attack=3, damage="1d8"),
        unit("Orc 3", (12, 4), "enemy", hp=12, attack=3, damage="1d8"),
    ])
    actions = play_turn(enc, policy_for("normal"))
    assert not any(isinstance(a, Disengage) for a in actions)
    assert any(isinstance(a, Attack) for a in actions), kinds(actions)


def _shuffles(map_name: str, seed: int, tmp_path: Path, rounds: int | None = None) -> list[tuple[int, str, list]]:
    path = str(ROOT / "maps" / map_name)
    log = tmp_path / f"{seed}.jsonl"
    play_logged(path, seed, "normal", log)
    scenario = load_scenario(path)
    b = count_behaviour(scenario, list(read_log(log, scenario.board.layout)))
    return [(r.round, r.unit, r.cells) for r in b.records if r.shuffle and (rounds is None or r.round <= rounds)]


@pytest.mark.parametrize("seed", [2, 4])
def test_the_default_map_troll_no_longer_paces_between_two_hexes(tmp_path: Path, seed: int) -> None:
    # Issue 18: on default.tmx the Troll went 12,6 -> 12,4 -> 12,6 across its turns without a
    # blow (its friends hold the ford it needs). In these games (normal everywhere) it did so in
    # round 4 before the backtrack term; now no combatant walks back to a hex it left the turn
    # before, or earlier in the same turn, without striking.
    assert _shuffles("default.tmx", seed, tmp_path, rounds=8) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_no_combatant_shuffles_for_a_whole_default_game(tmp_path: Path, seed: int) -> None:
    # Game 1 had Brother Tam 3,0 -> 0,0 -> 3,0 within one turn (rounds 24, 25; the Goblin's
    # 10,1 -> 10,0 -> 10,1 of issue 18 is the same failure), game 2 Mira pacing 12,6 <-> 9,5
    # from round 23 on. The whole game is now free of shuffles.
    assert _shuffles("default.tmx", seed, tmp_path) == []


def test_a_stand_off_does_not_last(tmp_path: Path) -> None:
    # Attackers press: an orc band and a knight band three turns' walk apart on open ground
    # both see nothing to strike; within three rounds someone strikes (the approach term grows
    # each quiet round), and nobody walks away from the fight meanwhile.
    enc = encounter(tmp_path, ["." * 24] * 5, [
        unit("Orc", (20, 2), "enemy", move=5, initiative=10),
        unit("Orc 2", (21, 1), "enemy", move=5, initiative=9),
        unit("Knight", (2, 2), "player", move=5, initiative=8),
        unit("Knight 2", (1, 1), "player", move=5, initiative=7),
    ])
    rng = random.Random(3)
    ai = {n: policy_for("normal") for n in ("Orc", "Orc 2", "Knight", "Knight 2")}
    struck_by = None
    while enc.round <= 3 and not enc.is_over():
        name = enc.turn
        assert name is not None
        action = ai[name].choose(enc.sandbox(rng), rng)
        if isinstance(action, Attack):
            struck_by = enc.round
            break
        enc.apply(action)
    assert struck_by is not None and struck_by <= 3


def test_the_hexes_a_shuffle_would_go_back_to_are_read_from_the_record(tmp_path: Path) -> None:
    # The orc walks 8,2 -> 6,2 and ends its turn without striking; next turn, the hex it left
    # (8,2) is the one walking back to would make a p -> q -> p shuffle. Within that turn, after
    # walking 6,2 -> 5,2, 6,2 is one too; the turn after, only 6,2 (its last turn's start).
    enc = encounter(tmp_path, ["." * 12] * 5, [
        unit("Orc", (8, 2), "enemy", move=5, initiative=10),
        unit("Knight", (1, 2), "player", move=1),
    ])
    enc.apply(Move("Orc", (6, 2)))
    enc.apply(EndTurn())
    enc.apply(EndTurn())  # the knight waits
    assert enc.turn == "Orc" and Situation(enc).left_hexes == [(8, 2)]
    enc.apply(Move("Orc", (5, 2)))
    assert Situation(enc).left_hexes == [(6, 2), (8, 2)]
    enc.apply(EndTurn())
    enc.apply(Move("Knight", (2, 2)))
    enc.apply(EndTurn())
    assert Situation(enc).left_hexes == [(6, 2)]  # its last turn: 6,2 -> 5,2, nothing struck
