"""What the playtest report tells a designer, and that its counts come from the engine's events."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from game.playtest.play import _observe
from game.playtest.record import GameRecord, Tally
from game.playtest.report import RunInfo, markdown_report
from game.playtest.summary import Summary
from game.rules import (
    Attacked,
    Begin,
    Cast,
    CastRoll,
    Defeated,
    Encounter,
    EndTurn,
    Fled,
    Moved,
    Pushed,
    Shoot,
    Shoved,
    TurnStarted,
    scenario_from_rows,
)


def _summary(winners_per_game: list[tuple[str, ...]]) -> Summary:
    records = tuple(
        GameRecord(seed=k, winners=w, draw=not w, rounds=50 if not w else 3 + k % 4, actions=10,
                   survivors=("Orc 1",) if w == ("enemy",) else ("Aldric",),
                   damage_dealt={"Orc 1": 6, "Aldric": 2}, damage_taken={"Orc 1": 2, "Aldric": 6},
                   counts={"attacks": 4, "hits": 2, "rear_attacks": 1, "zoc_stops": 3})
        for k, w in enumerate(winners_per_game)
    )
    return Summary(map="maps/x.tmx", title="Ford", seed=0, levels={"player": "easy", "enemy": "hard"},
                   factions=("player", "enemy"), combatants=(("Aldric", "player"), ("Orc 1", "enemy")),
                   records=records)


def test_report_gives_win_rates_with_wilson_intervals_and_flags_a_lopsided_map() -> None:
    s = _summary([("enemy",)] * 19 + [("player",)])
    text = markdown_report(s, run=RunInfo(2.0, 2))
    # 19 of 20: Wilson 95 % interval 76-99 % (scipy's binomtest(19, 20) wilson gives 0.7639..0.9911).
    assert "| enemy wins | 19 | 95 % | 76-99 % |" in text
    assert "**Balance:** enemy won more than 90 %" in text
    assert "10.0 games/s" in text  # 20 games in 2 s, report only (never the JSON)
    assert "| Aldric | player | 5 % |" in text  # survived 1 of 20
    assert "`playmat playtest maps/x.tmx --games 20 --seed 0 --ai player=easy --ai enemy=hard`" in text


def test_report_says_why_an_ally_can_win_less_often_than_the_player_it_fights_beside() -> None:
    # Friendly factions win together, but only while they have someone standing (the engine's winners,
    # RULES.md "AI-vs-AI playtests"): a designer reading "player wins 6, ally wins 2" is told why.
    text = markdown_report(_summary([("enemy",), ("player",)] * 30))
    assert "a faction shares a win only while one of its own combatants still stands" in text


def test_report_gives_the_command_that_replays_each_kept_game() -> None:
    # The logs are of finished games: the report names the window's replay of each, with the paths the
    # batch was run with, ready to paste (it said "playmat state MAP --log FILE", which prints no replay).
    logs = [Path("out dir/logs/game-0.jsonl"), Path("out dir/logs/game-1.jsonl")]
    text = markdown_report(_summary([("enemy",), ("player",)]), logs=logs)
    assert "- [game-0.jsonl](logs/game-0.jsonl): `playmat play maps/x.tmx --replay 'out dir/logs/game-0.jsonl'`" in text
    assert "- [game-1.jsonl](logs/game-1.jsonl): `playmat play maps/x.tmx --replay 'out dir/logs/game-1.jsonl'`" in text
    assert "Replay one with `playmat state" not in text


def test_report_of_a_balanced_batch_does_not_cry_wolf() -> None:
    text = markdown_report(_summary([("enemy",), ("player",)] * 30))
    assert "Balance" not in text
    assert "| draw | 0 | 0 % |" in text


def test_tally_counts_zoc_stops_back_attacks_shove_falls_and_hazard_damage_from_events() -> None:
    enc = SimpleNamespace(
        view=lambda name: SimpleNamespace(cell={"Orc 1": (4, 4), "Aldric": (5, 4)}[name], active=True, ranged=None,
                                          faction={"Orc 1": "enemy", "Aldric": "player"}[name]),
        hostile=lambda a, b: a != b,
    )
    tally = Tally({"Orc 1": 10, "Aldric": 12})
    _observe((Moved("Orc 1", ((2, 4), (3, 4), (4, 4)), 2, ("Aldric",)),), enc, tally, None)
    _observe((Attacked("Orc 1", "Aldric", "rear", 4, 15, 12, True, 5),), enc, tally, None)
    _observe((Shoved("Orc 1", "Aldric", "front", 0, 18, 14, True),
              Pushed("Aldric", ((5, 4), (6, 4)), 3, True), Defeated("Aldric", "fall")), enc, tally, None)
    _observe((TurnStarted("Orc 1", 2, 2),), enc, tally, None)
    assert tally.counts["zoc_stops"] == 1 and tally.heat["zoc_stops"] == {(4, 4): 1}  # where the move ended
    assert tally.counts["rear_attacks"] == 1 and tally.heat["rear_attacks"] == {(4, 4): 1}  # the attacker's hex
    assert tally.counts["flank_attacks"] == 0
    assert tally.counts["shoves"] == 1 and tally.counts["falls"] == 1 and tally.counts["defeats"] == 1
    # 5 from the rear attack + 3 hazard damage from the shove: both Orc 1's doing.
    assert tally.dealt["Orc 1"] == 8 and tally.taken["Aldric"] == 8
    assert tally.taken["Orc 1"] == 2 and tally.dealt["Aldric"] == 0  # hazard at turn start: nobody's credit
    # Aldric has 12 - 8 = 4 hp left: a 9-point hit takes 4 (overkill is not damage dealt).
    _observe((Attacked("Orc 1", "Aldric", "front", 0, 20, 12, True, 9),), enc, tally, None)
    assert tally.dealt["Orc 1"] == 12 and tally.taken["Aldric"] == 12
    assert tally.struck == {"enemy"}  # only the orcs came to blows: the advice's "never came within reach"


def test_tally_counts_shots_casts_cover_friendly_fire_and_sight_blocks_from_a_real_encounter() -> None:
    # Pointy odd. Row 2: Scout 0,2 | tree 1,2 | . | Archer 3,2 | . | wall 5,2 | . | Orc 7,2.
    # The Archer (2-6) shoots the Scout through the tree (cover, R31); the Orc, 4 hexes east, is in
    # range behind the wall (a sight block, R30). The Mage's burst on 3,3 catches the Archer (3,2 is
    # 3,3's north-west neighbour on an odd row), itself and the Gob at 4,3: two friendly hits, one hostile.
    rows = ["........", "........", ".t...#..", "........", "........"]
    units = [
        {"name": "Archer", "at": (3, 2), "faction": "player", "initiative": 9, "ranged": "2-6", "hp": 20},
        {"name": "Mage", "at": (3, 4), "faction": "player", "initiative": 5, "area_range": 4, "area_radius": 1,
         "hp": 20},
        {"name": "Scout", "at": (0, 2), "faction": "enemy", "initiative": 1, "hp": 10},
        {"name": "Gob", "at": (4, 3), "faction": "enemy", "initiative": 0, "hp": 10, "threatening": False},
        {"name": "Orc", "at": (7, 2), "faction": "enemy", "initiative": 0, "hp": 10},
    ]
    enc = Encounter.from_scenario(scenario_from_rows(rows, units))
    assert not enc.sees("Archer", "Orc") and enc.distance("Archer", "Orc") == 4
    tally = Tally({v.name: v.hp for v in enc.views()})

    def play(action: object) -> None:
        _observe(enc.apply(action).events, enc, tally, None)

    play(Begin())
    assert enc.turn == "Archer" and tally.counts["sight_blocks"] == 1
    assert enc.preview_shoot("Archer", "Scout").cover
    play(Shoot("Archer", "Scout", roll=20, damage=3))
    play(EndTurn())
    assert enc.turn == "Mage" and tally.counts["sight_blocks"] == 1  # the Mage has no bow
    caught = enc.caught_by("Mage", (3, 3))
    assert sorted(caught) == ["Archer", "Gob", "Mage"]
    play(Cast("Mage", (3, 3), tuple(CastRoll(name, 20, 2) for name in caught)))
    c = tally.counts
    assert (c["shots"], c["shot_hits"], c["casts"], c["area_rolls"], c["area_hits"]) == (1, 1, 1, 3, 3)
    assert c["friendly_fire"] == 2 and c["cover"] == 1
    # the shot's 3 and the burst's 2 on the Gob are the shooters' doing; friendly fire is nobody's credit
    assert tally.dealt["Archer"] == 3 and tally.dealt["Mage"] == 2
    assert tally.taken["Archer"] == 2 and tally.taken["Mage"] == 2 and tally.taken["Gob"] == 2
    while enc.turn != "Archer":
        play(EndTurn())
    assert c["sight_blocks"] == 2  # a new round: the Orc is still in range behind the wall


def test_sides_are_the_factions_that_win_together_r3() -> None:
    """R3 worked by hand: with the default hostility (enemy/player, enemy/ally) player and ally share their one
    enemy and are not hostile to each other, so they are one side; neutral, hostile to nobody, is its own. A
    neutral made hostile to the enemy (and only to it) joins the player's side; one hostile to the player too
    does not (its enemies differ)."""
    from game.rules import FACTIONS, Hostility

    assert Hostility.parse().sides(FACTIONS) == [("player", "ally"), ("enemy",), ("neutral",)]
    joined = Hostility.parse("enemy/player, enemy/ally, enemy/neutral")
    assert joined.sides(["player", "ally", "enemy", "neutral"]) == [("player", "ally", "neutral"), ("enemy",)]
    apart = Hostility.parse("enemy/player, enemy/ally, enemy/neutral, neutral/player")
    assert apart.sides(FACTIONS) == [("player",), ("ally",), ("enemy",), ("neutral",)]


def test_report_and_summary_count_each_game_once_for_a_side() -> None:
    """Found reading an ambush playtest: "player wins 13, ally 9, enemy 7, neutral 8" of 20 games left the
    designer to work out which side won how often. Of 10 games: the player and ally both standing at 4 wins,
    the ally alone at 2, the enemy at 3, one draw: the side player + ally won 6 (60 %), the enemy 3."""
    records = [("player", "ally")] * 4 + [("ally",)] * 2 + [("enemy",)] * 3 + [()]
    base = _summary(records)
    s = Summary(map=base.map, title=base.title, seed=0, levels=base.levels, factions=("player", "ally", "enemy"),
                combatants=base.combatants, records=base.records, sides=(("player", "ally"), ("enemy",)))
    assert [s.side_wins(side).successes for side in s.sides] == [6, 3]
    assert [s.win_rate(f).successes for f in s.factions] == [4, 6, 3]
    doc = s.to_json()
    assert [(d["factions"], d["wins"]) for d in doc["sides"]] == [(["player", "ally"], 6), (["enemy"], 3)]
    text = markdown_report(s)
    assert "| **side player + ally wins** | 6 | 60 % |" in text and "| **side enemy wins** | 3 | 30 % |" in text
    from game.cli.playtest_cmd import text_summary

    lines = text_summary(s, None).splitlines()
    assert lines[2].split()[:5] == ["player", "+", "ally", "wins", "6"]  # under the title and the AI levels
    assert lines[4].strip() == "by faction (friends share each win):"


def test_a_side_favoured_beyond_chance_is_told_what_to_change() -> None:
    # 15 of 20 (interval 53-89 %): below the 90 % "lopsided" mark, and the report only said the intervals
    # were wide; a designer could not tell the map leans, nor what to change. Orc 1 dealt the enemy's damage.
    s = _summary([("enemy",)] * 15 + [("player",)] * 5)
    text = markdown_report(s)
    assert ("**Balance:** Side enemy wins 75 % (95 % interval 53-89 %), more than half beyond chance; its most "
            "damaging combatants were Orc 1 (6.0 hp per game): weaken them, or strengthen side player, then run "
            "the batch again.") in text
    # the line under the batch's numbers says it too
    from game.cli.playtest_cmd import text_summary
    assert "  balance: Side enemy wins 75 %" in text_summary(s, None)
    # 12 of 20 (interval 39-78 %) is no evidence of a lean: nothing to change yet
    assert "Balance" not in markdown_report(_summary([("enemy",)] * 12 + [("player",)] * 8))


def test_report_and_json_say_who_fled_the_map_per_combatant_and_per_side() -> None:
    # Found on the river ford: 17 flights in 20 games, and the report never said whose.
    records = tuple(
        GameRecord(seed=k, winners=("enemy",), draw=False, rounds=5, actions=10, survivors=("Orc 1",),
                   counts={"flees": 2 if k < 3 else 1 if k < 5 else 0},
                   fled=("Aldric", "Wren") if k < 3 else ("Wren",) if k < 5 else ())
        for k in range(10)
    )
    s = Summary(map="maps/x.tmx", title="Ford", seed=0, levels={"player": "normal", "enemy": "normal"},
                factions=("player", "enemy"), combatants=(("Aldric", "player"), ("Wren", "player"),
                                                          ("Orc 1", "enemy")),
                records=records, sides=(("player",), ("enemy",)))
    text = markdown_report(s)
    assert ('Flights off the map (R24): 8 in 10 games (side player 8, side enemy 0); most often "Wren" in 5 of 10 '
            'games, "Aldric" in 3 of 10 games.') in text
    assert "| Aldric | player | 0 % | 0-28 % | 3 |" in text
    doc = s.to_json()
    assert doc["flights"] == {"combatants": {"Aldric": 3, "Wren": 5, "Orc 1": 0},
                              "sides": [{"factions": ["player"], "flights": 8}, {"factions": ["enemy"], "flights": 0}]}
    assert doc["events"]["flees"] == 8  # the old keys stay as they were


def test_a_flight_is_recorded_under_the_name_of_who_fled_and_the_exit_it_left_by() -> None:
    tally = Tally({"Wren": 10})
    enc = SimpleNamespace(view=lambda name: SimpleNamespace(cell=(0, 5)))
    _observe((Fled(unit="Wren"),), enc, tally, None)  # type: ignore[arg-type]
    assert tally.fled == ["Wren"] and tally.counts["flees"] == 1 and tally.fled_from == [(0, 5)]
    assert tally.heat_dict()["fled"] == {(0, 5): 1}  # the designer's "which exits are used" picture


def test_a_batch_with_flights_draws_which_exits_were_used_and_one_without_does_not(tmp_path: Path) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.maps.loader import load_scenario
    from game.playtest.heatmaps import write_heatmaps

    ford = Path(__file__).resolve().parent / "data" / "river_ford.tmx"
    scenario = load_scenario(ford)
    names = tuple((c.name, c.faction) for c in scenario.combatants)

    def batch(heat: dict[str, dict[tuple[int, int], int]]) -> Summary:
        record = GameRecord(seed=0, winners=("enemy",), draw=False, rounds=5, actions=10, survivors=(), heat=heat)
        return Summary(map=str(ford), title="Ford", seed=0, levels={}, factions=("player", "ally", "enemy"),
                       combatants=names, records=(record,))

    fled = {p.name for p in write_heatmaps(batch({"fled": {(0, 3): 2}}), scenario, ford, tmp_path / "a")}
    calm = {p.name for p in write_heatmaps(batch({}), scenario, ford, tmp_path / "b")}
    assert "heat_fled.png" in fled and "heat_fled.png" not in calm
    assert fled - calm == {"heat_fled.png"}
    # The report's flights line points at the picture when it was drawn.
    records = (GameRecord(seed=0, winners=("enemy",), draw=False, rounds=5, actions=10, survivors=(),
                          counts={"flees": 2}, fled=("Sir Aldric", "Wren")),)
    s = Summary(map=str(ford), title="Ford", seed=0, levels={}, factions=("player", "ally", "enemy"),
                combatants=names, records=records)
    drawn = markdown_report(s, heatmaps=[tmp_path / "a" / "heat_fled.png"])
    assert "The exits they used: [heat_fled](heat_fled.png)." in drawn
    assert "The exits they used" not in markdown_report(s)


def test_the_per_game_lines_name_shots_and_flights_under_the_blows() -> None:
    # 4 games: 10 attacks (3 flank, 1 rear), 6 ZoC stops, 2 shoves, no fall, 10 shots of which 3 hit (R29)
    # and 1 flight off the map (R24). Per game: 2.5, 0.75, 0.25, 1.5, 0.50, 2.5, 0.75 and 0.25; a figure
    # under one keeps two decimals, so a flight in four games does not read as 0.0. The blows on the first
    # line; the rarer figures on a second, under the first figure, the falls left out (there were none).
    counts = [{"attacks": 4, "flank_attacks": 2, "rear_attacks": 1, "zoc_stops": 3, "shots": 5, "shot_hits": 2},
              {"attacks": 6, "flank_attacks": 1, "zoc_stops": 3, "shoves": 2, "shots": 5, "shot_hits": 1},
              {"flees": 1}, {}]
    records = tuple(GameRecord(seed=k, winners=("enemy",), draw=False, rounds=5, actions=10, survivors=("Orc 1",),
                               counts=c) for k, c in enumerate(counts))
    s = Summary(map="maps/x.tmx", title="Ford", seed=0, levels={"player": "normal", "enemy": "normal"},
                factions=("player", "enemy"), combatants=(("Aldric", "player"), ("Orc 1", "enemy")),
                records=records)
    from game.cli.playtest_cmd import text_summary

    lines = text_summary(s, None).splitlines()
    at = next(i for i, x in enumerate(lines) if "per game:" in x)
    assert lines[at:at + 2] == ["  per game: 2.5 attacks (0.75 flank, 0.25 rear), 1.5 ZoC stops",
                                "            0.50 shoves, 2.5 shots (0.75 hit), 0.25 flights"]


def test_heat_games_counts_the_games_that_touched_a_hex_not_the_events_on_it() -> None:
    # Hex (2, 3): 100 defeats, all in game 0. Hex (4, 4): one defeat in each of games 0-99. Same heat,
    # 1 game against 100: what the heatmaps fade by.
    records = tuple(
        GameRecord(seed=k, winners=("enemy",), draw=False, rounds=5, actions=10, survivors=("Orc 1",),
                   heat={"defeated": {(2, 3): 100, (4, 4): 1} if k == 0 else {(4, 4): 1}})
        for k in range(100)
    )
    s = Summary(map="maps/x.tmx", title="Ford", seed=0, levels={"player": "normal", "enemy": "normal"},
                factions=("player", "enemy"), combatants=(("Aldric", "player"), ("Orc 1", "enemy")),
                records=records)
    assert s.heat("defeated") == {(2, 3): 100, (4, 4): 100}
    assert s.heat_games("defeated") == {(2, 3): 1, (4, 4): 100}
    assert s.heat_games("zoc_stops") == {}


def test_the_report_says_what_a_heatmap_s_shades_mean() -> None:
    pngs = [Path("heat_defeated.png")]
    text = markdown_report(_summary([("enemy",), ("player",)] * 10), heatmaps=pngs)
    assert "the fewer games anything happened there at all, the fainter it is drawn" in text
    # One game has nothing to fade: the sentence would only confuse.
    assert "fainter" not in markdown_report(_summary([("enemy",)]), heatmaps=pngs)
