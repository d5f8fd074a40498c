"""The end-of-battle figures (game.ui.battle_stats) and the summary that shows them, worked out by hand.

Map: pointy-top, staggerindex odd, 10x6, a hazard hex (default damage 3) at 6,5. Neighbours of an even-row
hex (c, r): e (c+1,r) ne (c,r-1) nw (c-1,r-1) w (c-1,r) sw (c-1,r+1) se (c,r+1); of an odd-row hex:
ne (c+1,r-1) nw (c,r-1) sw (c,r+1) se (c+1,r+1). Facing w: front nw/w/sw, right flank ne, left flank se,
rear e (R17).
"""

from __future__ import annotations

from typing import Any

import pytest

from game.match import Match
from game.render.pg import pygame
from game.rules import Attack, Begin, EndTurn, Join, Move, SetHp, Shove, scenario_from_rows
from game.ui.battle_stats import battle_stats
from game.ui.summary import SummaryScene, summary_lines

ROWS = ["." * 10] * 5 + ["......h..."]
UNITS = [
    {"name": "A", "at": (2, 2), "faction": "player", "initiative": 9, "attack": 5, "damage": "4", "hp": 10},
    {"name": "O", "at": (5, 2), "faction": "enemy", "initiative": 5, "facing": "w", "hp": 6, "defense": 10},
    {"name": "G", "at": (7, 4), "faction": "enemy", "initiative": 1, "facing": "w", "hp": 3, "defense": 8},
]


def battle() -> tuple[Any, list]:
    scenario = scenario_from_rows(ROWS, UNITS)
    actions = [
        Begin(),                                   # round 1, A to act
        Move("A", (4, 2)),                         # next to O: its zone stops A there (R9)
        Attack("A", "O", 15, 4),                   # front: hits, O 6 -> 2
        EndTurn(),
        Attack("O", "A", 1),                       # 1 + 0 < defence 10: a miss
        EndTurn(), EndTurn(),                      # G waits; round 2
        Attack("A", "O", 15, 9),                   # 9 damage, but O has 2 left: 2 dealt; O defeated by A
        EndTurn(), EndTurn(),                      # G waits; round 3
        Move("A", (7, 3)),                         # G's ne neighbour: G's zone stops A there
        Attack("A", "G", 15, 1),                   # G's right flank (R19): G 3 -> 2
        EndTurn(), EndTurn(),                      # G waits; round 4
        Shove("A", "G", 15),                       # sw from 7,3 onto the hazard at 6,5: 3 damage, 2 to lose
    ]
    return scenario, actions


def test_each_combatant_s_figures_from_the_events() -> None:
    scenario, actions = battle()
    s = battle_stats(scenario, actions)
    a, o, g = s["A"], s["O"], s["G"]
    assert (a.dealt, a.taken, a.defeats) == (4 + 2 + 1 + 2, 0, ["O", "G"])  # no overkill: 2 of the 9, 2 of the 3
    assert (a.attacks, a.hits, a.flank, a.rear) == (3, 3, 1, 0)
    assert (a.shoves, a.shove_hits, a.zoc_suffered, a.zoc_made) == (1, 1, 2, 0)
    assert a.fate == "active"
    assert (o.taken, o.dealt, o.attacks, o.hits, o.zoc_made) == (6, 0, 1, 0, 1)
    assert (o.fate, o.fate_round, o.fate_by) == ("defeated", 2, "A")
    assert (g.taken, g.zoc_made, g.fate, g.fate_round, g.fate_by) == (3, 1, "defeated", 4, "A")  # the shove's hazard


def test_the_gm_s_damage_is_taken_but_nobody_s_and_joiners_count() -> None:
    scenario, actions = battle()
    actions = actions[:2] + [Join.of({"name": "J", "faction": "enemy", "hp": 5}, (4, 3)), SetHp("J", 2),
                             Attack("A", "J", 15, 4), SetHp("O", 0)]
    s = battle_stats(scenario, actions)
    assert (s["J"].hp_start, s["J"].taken, s["J"].fate_by) == (5, 3 + 2, "A")  # the GM's 3, then A's 2 of 4
    assert s["A"].dealt == 2 and s["A"].defeats == ["J"]
    assert (s["O"].taken, s["O"].fate, s["O"].fate_by) == (6, "defeated", None)  # set to 0 by the GM
    assert s["O"].by_gm and not s["J"].by_gm  # the summary says "(GM)": found playing, GM kills read as nobody's


def test_the_summary_shows_the_table_and_opens_the_replay(tmp_path) -> None:
    scenario, actions = battle()
    m = Match(scenario)
    for a in actions:
        m.submit(a)
    assert m.encounter.is_over()
    opened: list[str] = []
    headline, lines = summary_lines(m.encounter, tmp_path / "x.jsonl", {"player"})
    assert headline == "Victory!" and lines[0] == "The player side won after 4 rounds."
    scene = SummaryScene(headline, lines, [("Watch the replay", "r", lambda: opened.append("replay"))],
                         match=m)
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((1280, 720))
    scene.draw(surface, 1.0)
    assert [n for n, _ in scene.rows] == ["A", "O", "G"]
    assert scene.fate(scene.stats["O"]) == ("defeated in round 2 by A", "bad")
    assert scene.fate(scene.stats["A"]) == ("standing, 10/10 hp", "good")
    scene.stats["G"].fate_by, scene.stats["G"].by_gm = None, True
    assert scene.fate(scene.stats["G"]) == ("defeated in round 4 (GM)", "bad")
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.buttons[0].rect.center, button=1))
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
    assert opened == ["replay", "replay"]


@pytest.mark.parametrize("path", ["default.tmx", "giants_lair.tmx"])
def test_figures_add_up_over_a_whole_ai_battle(path: str) -> None:
    """Every hp a combatant lost is someone's damage dealt or the hazards' or the GM's; every defeat is counted
    once; the fates match the engine's statuses (AI vs AI at normal, seeded)."""
    import random
    from pathlib import Path

    from game.ai import policy_for
    from game.maps import load_scenario

    scenario = load_scenario(Path(__file__).resolve().parents[1] / "maps" / path)
    m = Match(scenario, seed=4, controllers={f: policy_for("normal") for f in ("player", "ally", "enemy", "neutral")})
    m.submit(Begin())
    rng = random.Random(4)
    while not m.encounter.is_over() and m.encounter.round <= 30:
        m.step(rng)
    s = battle_stats(scenario, list(m.encounter.history))
    views = {v.name: v for v in m.encounter.views()}
    for name, st in s.items():
        v = views[name]
        assert st.fate == v.status
        assert st.taken == v.hp_max - max(v.hp, 0), name  # all of it lost to attacks, shots, bursts, hazards
    defeated = [n for n, v in views.items() if v.status == "defeated"]
    assert sorted(d for st in s.values() for d in st.defeats) == sorted(n for n in defeated if s[n].fate_by)
    assert sum(st.dealt for st in s.values()) <= sum(st.taken for st in s.values())


def summary_of(scenario: object, actions: list) -> SummaryScene:
    """The end-of-battle summary of ``actions`` played on ``scenario``, ready to draw."""
    m = Match(scenario)  # type: ignore[arg-type]
    for a in actions:
        m.submit(a)
    headline, lines = summary_lines(m.encounter, "x.jsonl", {"player"})
    pygame.display.init()
    pygame.font.init()
    return SummaryScene(headline, lines, [("Watch the replay", "r", lambda: None)], match=m)


def burner_battle() -> tuple[object, list]:
    """``battle()`` with its A renamed Charcoal Burner 1 (ambush's longest name): a long "How it ended"."""
    _, actions = battle()
    units = [dict(u, name="Charcoal Burner 1") if u["name"] == "A" else u for u in UNITS]
    renamed = [type(a)(**{k: ("Charcoal Burner 1" if v == "A" else v) for k, v in vars(a).items()}) for a in actions]
    return scenario_from_rows(ROWS, units), renamed


def texts_drawn(monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[int, int]]:
    """Every text the summary draws from now on, with where it is anchored (the first place, if twice)."""
    import game.ui.summary as summary

    drawn: dict[str, tuple[int, int]] = {}
    real = summary.text
    monkeypatch.setattr(summary, "text", lambda screen, s, pos, *a, **k: (drawn.setdefault(s, pos),
                                                                          real(screen, s, pos, *a, **k))[1])
    return drawn


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_summary_box_fits_its_table(size: tuple[int, int]) -> None:
    """The summary's box is as tall as its table and buttons need: every row shows and the buttons follow the
    table closely (at 1920x1080 a full-height box left 400 px of empty panel between them)."""
    scene = summary_of(*battle())
    scene.draw(pygame.Surface(size), 1.0)
    assert [n for n, _ in scene.rows] == ["A", "O", "G"]  # every row
    last_row = scene.rows[-1][1]
    assert 0 < scene.buttons[0].rect.top - last_row.bottom < 120


def test_how_it_ended_reads_whole_at_1280x720(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found playing ambush under Xvfb: "defeated in round 4 by Charcoal Burn…" was cut short, with room to
    spare in the window."""
    scene = summary_of(*burner_battle())
    drawn = texts_drawn(monkeypatch)
    scene.draw(pygame.Surface((1280, 720)), 1.0)
    assert "defeated in round 2 by Charcoal Burner 1" in drawn


@pytest.mark.parametrize("size", [(800, 560), (1024, 640)])
def test_the_summary_table_fits_a_small_window(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Found at 800x560: the ten figure columns ran off the box ("ZoC stop" cut, "How it ended" gone). A narrow
    table leaves out the columns nobody scored in, then the last ones, and keeps Dealt, Taken, Defeats and how
    each combatant's battle ended, all inside the box."""
    import game.ui.summary as summary

    scene = summary_of(*battle())
    drawn = texts_drawn(monkeypatch)
    scene.draw(pygame.Surface(size), 1.0)
    box_right = size[0] - 20 - 24  # the box keeps 20 px from the window's edge, the table 24 px inside it
    headings = [c[0] for c in summary.COLUMNS if c[0] in drawn]
    assert headings[:3] == ["Dealt", "Taken", "Defeats"]
    assert all(drawn[h][0] <= box_right for h in headings)  # right-aligned: the anchor is the right edge
    assert "How it ended" in drawn and drawn["How it ended"][0] < box_right - 150
    assert "Shots" not in drawn and "Casts" not in drawn  # nobody shot or cast in this battle
    assert "defeated in round 2 by A" in drawn


def test_how_it_ended_keeps_who_did_it_whole_in_a_narrow_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found at 1024x640 on giants_lair: "defeated in round 4 by G…", "by Si…": the column cut the name of who
    did it. Where the whole does not fit, the round goes first: "defeated by Charcoal Burner 1"; where columns
    nobody scored in give room, the round stays."""
    scene = summary_of(*burner_battle())
    drawn = texts_drawn(monkeypatch)
    scene.draw(pygame.Surface((1024, 640)), 1.0)
    assert {"defeated by Charcoal Burner 1", "defeated in round 2 by Charcoal Burner 1"} & set(drawn)
    drawn.clear()
    scene.draw(pygame.Surface((800, 560)), 1.0)
    assert "defeated by Charcoal Burner 1" in drawn
    assert not any(t.startswith("defeated") and t.endswith("…") for t in drawn)


def test_the_summary_shows_shots_and_casts_only_where_someone_could(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found on the Greenway: the summary had a Casts column of dots though nobody there has an area ability. A
    wide window drops Shots and Casts where nobody in the battle had a bow or a burst, and keeps Shots where a
    bow never shot (that it did not is worth reading)."""
    scenario, actions = battle()
    drawn = texts_drawn(monkeypatch)
    summary_of(scenario, actions).draw(pygame.Surface((1920, 1080)), 1.0)
    assert {"Dealt", "Shoves", "ZoC stops"} <= set(drawn) and "Shots" not in drawn and "Casts" not in drawn
    units = [dict(u, ranged="2-6", ranged_attack=1, ranged_damage="1d4") if u["name"] == "G" else u for u in UNITS]
    drawn.clear()
    summary_of(scenario_from_rows(ROWS, units), actions).draw(pygame.Surface((1920, 1080)), 1.0)
    assert "Shots" in drawn and "Casts" not in drawn


def test_nothing_of_the_battle_shows_through_the_summary() -> None:
    """The table is read over the dimmed battle: behind it, the combat log's white lines and the tokens'
    initials must not show between its columns (they did, faintly, after a victory at Harrow Keep). The same
    summary drawn over black and over white is the same picture inside its box."""
    scenario, actions = battle()
    pictures = []
    for behind in ((0, 0, 0), (255, 255, 255)):
        scene = summary_of(scenario, actions)
        surface = pygame.Surface((1280, 720))
        surface.fill(behind)
        scene.draw(surface, 1.0)
        pictures.append(pygame.surfarray.array3d(surface.subsurface(pygame.Rect(340, 260, 600, 200))))
    assert (pictures[0] == pictures[1]).all()


def test_nothing_of_the_battle_shows_through_a_menu() -> None:
    """The pause menu over giants_lair: the troll's and the giant's initials showed through its words."""
    from game.ui.menus import MenuScene

    pygame.display.init()
    pygame.font.init()
    pictures = []
    for behind in ((0, 0, 0), (255, 255, 255)):
        menu = MenuScene("Paused", ["Every action is saved as you play."], [("Resume", "r", lambda: None)])
        surface = pygame.Surface((1280, 720))
        surface.fill(behind)
        menu.draw(surface, 1.0)
        pictures.append(pygame.surfarray.array3d(surface.subsurface(pygame.Rect(440, 300, 400, 120))))
    assert (pictures[0] == pictures[1]).all()
