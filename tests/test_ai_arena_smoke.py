"""A small seeded arena in CI: normal beats random in mirrored games (tools/ai_arena.py is the full measure)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.tool_scripts import load_tool

ROOT = Path(__file__).resolve().parents[1]


def test_normal_beats_random_in_mirrored_games(tmp_path: Path) -> None:
    arena = load_tool("ai_arena")
    skirmish = load_tool("skirmish_maps")
    path = str(skirmish.skirmish_map(tmp_path, 11, "y", "odd", 14, 10, 3))
    results = [arena.play(path, seed, "normal", "random", side) for seed in (1, 2) for side in "AB"]
    wins = sum(r.winner == "first" for r in results)
    assert wins >= 3, [r.winner for r in results]
    assert all(r.winner != "second" for r in results)


def test_wilson_interval_matches_a_hand_computed_case() -> None:
    # 160 wins of 200: p = 0.8, z = 1.96: centre (0.8 + 0.0096) / 1.0192 = 0.7944, half-width
    # 1.96 * sqrt(0.0008 + 0.0000240) / 1.0192 = 0.0552 -> [0.7392, 0.8496].
    lo, hi = load_tool("ai_arena").wilson(160, 200)
    assert abs(lo - 0.7392) < 5e-4 and abs(hi - 0.8496) < 5e-4


def test_breakdown_splits_the_win_rate_by_force_size_and_shipped_map(tmp_path: Path) -> None:
    arena = load_tool("ai_arena")
    gen = load_tool("gen_skirmish")
    made = gen.generate(tmp_path, 100).path
    size = len(arena.load_scenario(str(made)).combatants)
    assert arena.group_of(str(made)) == f"{size:2d} combatants"
    assert arena.group_of("maps/giants_lair.tmx") == "giants_lair.tmx"
    R = arena.GameResult
    results = [R("first", 5, group=" 6 combatants"), R("second", 5, group=" 6 combatants"),
               R("first", 5, group=" 6 combatants"), R("draw", 50, group=" 6 combatants"),
               R("first", 7, group="giants_lair.tmx")]
    lines = arena.breakdown("normal", results)
    # By hand: 2 of 4 at six combatants (50 %; Wilson [15.0 %, 85.0 %]), 1 of 1 on giants_lair.
    assert lines[0].split() == ["6", "combatants", "games", "4", "normal", "wins", "50.0%", "[15.0%,", "85.0%]"]
    assert lines[1].split()[:6] == ["giants_lair.tmx", "games", "1", "normal", "wins", "100.0%"]


def test_a_report_run_refuses_every_seed_ever_tuned_on() -> None:
    # Map seeds 200-599 and game seeds 2000-2999 were tuned on in the seventh session (the
    # three-a-side study, docs/ai-tuning.md); a held-out report on them would not be held out.
    tool = Path(__file__).resolve().parents[1] / "tools" / "ai_arena.py"
    for extra in (["--map-seeds", "590-629"], ["--seed", "2950"]):
        r = subprocess.run([sys.executable, str(tool), "--pairs", "1", "--pairing", "normal:random", *extra],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and r.stdout == "", (extra, r.stdout, r.stderr)
        assert r.stderr.strip() == ("playmat arena: a report run may not use the tuning map seeds 100-599 "
                                    "or game seeds 1000-2999"), r.stderr


def test_the_greenway_s_charcoal_burners_fight_beside_the_party_and_a_bystander_wins_no_game(tmp_path: Path) -> None:
    """ambush.tmx sets its neutral charcoal burners against the bandits. The arena put them with the enemy, so the
    level commanding the bandits commanded their foes too, and a burner standing when the party won gave that level
    the game: `easy` won 6 of 8 games there against `normal` (set 12). Now they count with the party; and a neutral
    at war with nobody, though the rules count it a winner for standing, decides no game."""
    from game.maps import load_scenario
    from game.maps.tmxwrite import write_map
    from game.rules import Encounter

    arena = load_tool("ai_arena")
    root = Path(__file__).resolve().parents[1]
    greenway = Encounter(load_scenario(root / "maps" / "ambush.tmx"))
    assert arena.sides_of(greenway) == (("player", "ally", "neutral"), ("enemy",))

    # The party has won on a map whose neutral stands aside (at war with nobody, the default): the winners are
    # the player and the neutral. Whoever commands the neutral did not win the game.
    tmx = write_map(tmp_path / "m.tmx", ["....."] * 3, units=[
        {"name": "Hero", "at": (0, 0), "faction": "player"},
        {"name": "Orc", "at": (4, 2), "faction": "enemy", "hp": 1},
        {"name": "Hermit", "at": (2, 2), "faction": "neutral"}])
    enc = Encounter(load_scenario(tmx))
    party, foes = arena.sides_of(enc)
    assert (party, foes) == (("player", "ally"), ("enemy", "neutral"))
    from game.rules import Begin, Remove

    enc.apply(Begin())
    enc.apply(Remove("Orc", "defeated"))
    assert enc.is_over() and set(enc.outcome().winners) == {"player", "neutral"}
    assert arena.winner_of(enc, foes, party) == "second"  # the level commanding enemy and neutral lost
    assert arena.winner_of(enc, party, foes) == "first"


@pytest.mark.parametrize(("argv", "says"), [
    (["--pairs", "-1"], "argument --pairs: -1 is negative"),  # ran no game and printed a report of 0 games
    (["--pairs", "1000000000000"], "has more than 10 digits"),  # built a list of 2 * 10**12 games first
    (["--pairs", "100001"], "100,001 is more than 100,000"),
    (["--jobs", "0"], "argument --jobs: 0 is not at least 1"),
])
def test_bad_counts_are_refused_in_one_line(argv: list[str], says: str) -> None:
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "ai_arena.py"), *argv], capture_output=True,
                       text=True, timeout=60, cwd=ROOT)
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and says in lines[0], r.stderr[-500:]
