"""Narration: one phrasing per event and action, pure Python (no pygame), dispatched on type."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from game.match import Match
from game.rules import (
    COMBATANT_KEYS,
    Begin,
    Edit,
    Edited,
    EndTurn,
    GrantMovement,
    Move,
    Remove,
    SetThreatening,
    scenario_from_rows,
)
from game.ui import narration

ROOT = Path(__file__).resolve().parents[1]


def test_narration_and_the_command_mapper_load_without_pygame() -> None:
    code = ("import sys, game.ui.narration, game.ui.commands\n"
            "print('pygame' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_no_window_code_words_events_by_their_class_name() -> None:
    """Narration and animation dispatch on the event's type (singledispatch), never on its class name as a
    string: no string in game/ui spells an engine event's class name."""
    import game.rules as r

    events = {n for n in r.__all__ if isinstance(getattr(r, n), type) and issubclass(getattr(r, n), r.Event)}
    offenders = []
    for path in sorted((ROOT / "game" / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in events:
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}")
    assert offenders == []


def test_every_engine_event_has_a_log_line() -> None:
    """Each event kind the engine reports reads as a sentence (none silently dropped, none crashing)."""
    import game.rules as r

    samples = [
        r.CombatBegan(), r.RoundStarted(2), r.TurnStarted("Orc 1", 2, 3), r.Moved("Mira", ((3, 5), (4, 4)), 1, ()),
        r.Turned("Mira", "sw"), r.Placed("Goblin", (7, 5)), r.Attacked("Mira", "Goblin", "rear", 4, 9, 9, True, 5),
        r.Shoved("Mira", "Goblin", "front", 0, 3, 13, False), r.Pushed("Goblin", ((7, 5), (6, 5)), 3, False),
        r.Disengaged("Mira", "acrobatics", 15, 11, True, ("Goblin",)), r.Defeated("Goblin", "hazard"),
        r.Fled("Wren"), r.Joined("Bandit", (7, 2)), r.Removed("Orc 1", "fled"), r.MovementGranted("Mira", 3),
        r.ThreateningSet("Orc 1", False), r.CombatEnded("gm", ("player", "ally")),
        r.Shot("Wren", "Orc 1", "left", 2, 2, 2, 11, 12, True, 4), r.AreaCast("Tam", (5, 5), ("Orc 1", "Mira"), 0),
        r.AreaHit("Tam", "Mira", 0, 3, 13, False, 0), r.HpSet("Mira", 3, -5), r.Edited("Orc 1", (("hp", 12),)),
    ]
    kinds = {type(e) for e in samples}
    assert kinds == {getattr(r, n) for n in r.__all__ if isinstance(getattr(r, n), type)
                     and issubclass(getattr(r, n), r.Event) and getattr(r, n) is not r.Event}
    bonus = lambda unit, skill: 4 if skill is None else 3  # noqa: E731
    lines = {type(e).__name__: narration.event_line(e, bonus)[0] for e in samples}
    assert lines["Attacked"] == "Mira attacks Goblin from the rear (defence −4): rolled 9 +4 = 13 vs 9: hit, 5 damage"
    assert lines["Disengaged"] == "Mira disengages (acrobatics): rolled 15 +3 = 18 vs 11: success; free of Goblin"
    # Found on giants_lair: a failure read "Wynn disengages (acrobatics): ... failed", a success that then failed;
    # and a stop by several zones "stopped by Grundvald, Cave Troll, Goblin 2, Goblin 3's zone of control".
    failed = narration.event_line(r.Disengaged("Wynn", "acrobatics", 1, 11, False, ()), bonus)[0]
    assert failed == "Wynn tries to disengage (acrobatics): rolled 1 +3 = 4 vs 11: failed"
    stopped = narration.event_line(r.Moved("Sigrun", ((9, 7), (9, 8)), 1, ("Grundvald", "Cave Troll", "Goblin 2")),
                                   bonus)[0]
    assert stopped == ("Sigrun moves to 9,8 (cost 1), into the zone of control of Grundvald, Cave Troll and Goblin 2: "
                       "no more movement this turn")
    assert lines["Pushed"] == "Goblin is pushed to 6,5, takes 3 hazard damage"
    assert lines["CombatEnded"] == "Combat over (ended by the GM): player and ally win"
    # Playthrough under Xvfb: the last status line read "Combat over (no hostile pair remains): enemy wins",
    # the engine's R13 wording (kept in the log); a player reads who won and why in plain words.
    won = narration.event_line(r.CombatEnded("no hostile pair remains", ("enemy",)), bonus)[0]
    assert won == "Combat over: enemy wins (no foe left on the board)"
    assert narration.event_line(r.CombatEnded("no hostile pair remains", ()), bonus)[0] == \
        "Combat over: nobody wins (no two hostile sides are left)"
    assert lines["Shot"] == ("Wren shoots Orc 1 from the left flank (defence −2), cover +2, shooting threatened −2: "
                             "rolled 11 +3 = 14 vs 12: hit, 4 damage")
    assert lines["AreaCast"] == "Tam casts at 5,5, catching Orc 1, Mira (0 uses left)"
    assert lines["AreaHit"] == "  the burst on Mira: rolled 3 +3 = 6 vs 13: miss"
    assert lines["HpSet"] == "GM deals 5 damage to Mira (down to 3 hp)"
    assert lines["Edited"] == "GM edits Orc 1: hit points now 12"
    assert all(lines.values())


def test_a_gm_edit_reads_in_the_forms_words_not_the_map_files_keys() -> None:
    # Playthrough: the GM form's "Hit points now 6, Hit points unhurt 14" came back in the combat log as
    # "GM edits Mira: hp 6, hp_max 14", and a facing as "sw" beside a card that says "south-west" (R2).
    said = narration.event_line(Edited("Mira", (("hp", 6), ("hp_max", 14))))[0]
    assert said == "GM edits Mira: hit points now 6, hit points unhurt 14"
    edit = Edit.of("Mira", {"facing": "sw", "move": 3, "defense": 14, "movement_type": "flying"})
    assert narration.action_line(edit) == ("GM edits Mira: defence 14, facing south-west, movement 3, "
                                           "movement type flying")
    # A blank field puts the map format's default back; threatening reads as a state, not "threatening False".
    assert narration.event_line(Edited("Orc", (("reach_min", None), ("threatening", False))))[0] == \
        "GM edits Orc: reach from back to the default, not threatening"
    assert narration.event_line(Edited("Orc", (("ranged", "2-8"), ("area_uses", 2))))[0] == \
        "GM edits Orc: ranged 2-8, area uses 2"


def test_every_property_an_edit_may_set_has_a_label_and_the_gm_form_uses_it() -> None:
    from game.ui.narration_words import PROPERTY_LABELS, property_label

    assert set(PROPERTY_LABELS) == set(COMBATANT_KEYS)  # a new property needs words before the log shows it
    assert property_label("hp_max") == "hit points unhurt"


def duel() -> Match:
    units = [{"name": "Mira", "at": (1, 1), "faction": "player", "initiative": 9, "move": 5},
             {"name": "Orc", "at": (5, 1), "faction": "enemy", "initiative": 3}]
    m = Match(scenario_from_rows(["......."] * 3, units))
    m.submit(Begin())
    return m


def test_gm_actions_read_as_sentences_not_field_dumps() -> None:
    """Issue 20 bug 5: "grant movement amount 3", "set threatening value False", "remove as defeated"."""
    m = duel()
    said = [narration.status_line(m.submit(a), m.encounter)
            for a in (GrantMovement("Mira", 3), SetThreatening("Orc", False), Remove("Orc", "defeated"))]
    assert said[0] == "GM grants Mira 3 more movement"
    assert said[1] == "GM: Orc no longer threatens the hexes around it"
    assert said[2].startswith("GM takes Orc off the map, counted as defeated")


def test_a_bare_end_of_turn_says_whose_turn_it_is_and_a_move_says_only_the_move() -> None:
    m = duel()
    assert narration.status_line(m.submit(Move("Mira", (2, 1))), m.encounter) == "Mira moves to 2,1 (cost 1)"
    assert narration.status_line(m.submit(EndTurn()), m.encounter) == "Orc's turn"


def test_an_undo_and_a_refusal_are_sentences() -> None:
    assert narration.undone_line(Move("Mira", (2, 1))) == "Undone: Mira moves to 2,1"
    # The engine quotes names (a script can tell where "Orc 1" ends); a player reads them without quotes.
    assert narration.refusal('move: "Mira" cannot reach 9,9') == "Cannot move: Mira cannot reach 9,9"
    said = narration.refusal('attack: "Orc 1" is not adjacent to "Mira"')
    assert said == "Cannot attack: Orc 1 is not adjacent to Mira"
    assert narration.refusal('end_turn: combat is over') == "Cannot end turn: combat is over"
    assert narration.refusal("a line of no known kind") == "Not allowed: a line of no known kind"


def test_three_winning_sides_read_as_a_list() -> None:
    """The summary of an AI-only battle won by three factions read "Ally and neutral and player win"."""
    from game.ui.narration import joined

    assert joined(["player"]) == "player"
    assert joined(["player", "ally"]) == "player and ally"
    assert joined(["ally", "neutral", "player"]) == "ally, neutral and player"


def test_winners_are_said_in_the_game_s_order_of_factions() -> None:
    """Found on the ambush's summary: "Ally, neutral and player win" (the engine sorts winners by name)."""
    from game.rules import CombatEnded, EndReason
    from game.ui.narration import event_line, in_faction_order

    assert in_faction_order(("ally", "neutral", "player")) == ["player", "ally", "neutral"]
    line = event_line(CombatEnded(reason=EndReason.NO_HOSTILES, winners=("ally", "neutral", "player")))
    assert line == ("Combat over: player, ally and neutral win (no foe left on the board)", "accent")


def test_a_neutral_that_stood_aside_shares_the_win_in_the_log_and_the_tracker_names_who_fought() -> None:
    """On a map with the default hostility the combat log, the tracker and the replay said "player and
    neutral win" while the summary said the neutrals, at war with nobody, shared the win. R3: by default
    (enemy against player and ally) a neutral fights nobody; R13: every side standing when no hostile pair
    is left wins. The log says both; the short lines name the side that fought."""
    from game.rules import CombatEnded, EndReason
    from game.ui.narration import event_lines, who_won

    def at_war(f: str) -> bool:
        return f != "neutral"  # the default hostility: neutral hostile to nobody

    ended = CombatEnded(reason=EndReason.NO_HOSTILES, winners=("neutral", "player"))
    assert event_lines([ended], at_war=at_war) == [
        ("Combat over: player wins (no foe left on the board); neutral, at war with nobody, shares the win", "accent")]
    assert who_won(("neutral", "player"), at_war) == "player wins"
    assert who_won(("ally", "neutral", "player"), at_war, won="won") == "player and ally won"
    assert who_won((), at_war) == "nobody wins" and who_won((), at_war, won="won") == "nobody won"
    # A map that sets the neutrals against the enemy (its hostile property): they fought, and won with the player.
    assert who_won(("neutral", "player"), lambda f: True) == "player and neutral win"
    gm = CombatEnded(reason=EndReason.GM, winners=("neutral", "player"))
    assert event_lines([gm], at_war=at_war)[0][0] == (
        "Combat over (ended by the GM): player wins; neutral, at war with nobody, shares the win")


def test_who_won_reads_the_same_in_the_log_the_tracker_and_the_summary(tmp_path) -> None:
    """Every place that says who won says the same. On the ambush (shipped) the map sets the charcoal burners
    against the bandits (hostile: enemy/neutral), so they won with the party; on a map with the default
    hostility (R3) a neutral fights nobody and shares the win. The GM removes every foe as defeated: no
    hostile pair is left (R13), and every side still standing wins."""
    from pathlib import Path

    from game.maps import load_scenario
    from game.maps.tmxwrite import write_map
    from game.match import Match
    from game.rules import Begin, Remove
    from game.ui.panels.combat_log import CombatLog
    from game.ui.panels.initiative import heading
    from game.ui.summary import summary_lines
    from tests.ui_harness import make_ctx

    def won(path: Path) -> tuple[str, tuple[str, str], str, str]:
        m = Match(load_scenario(path))
        m.submit(Begin())
        for v in m.encounter.views():
            if v.faction == "enemy":
                m.submit(Remove(v.name, "defeated"))
        assert m.encounter.is_over()
        log = CombatLog()
        log.sync(make_ctx(m))
        headline, lines = summary_lines(m.encounter, None, set())
        return log.entries[-1][0], heading(m.encounter), headline, lines[0]

    ambush = Path(__file__).resolve().parents[1] / "maps" / "ambush.tmx"
    line, tracker, headline, first = won(ambush)
    assert line == "Combat over: player, ally and neutral win (no foe left on the board)"
    assert tracker == ("Combat over", "player, ally and neutral win")
    assert headline == "The player, ally and neutral sides win" and "at war with nobody" not in first

    units = [{"name": "Aldric", "at": (1, 1), "faction": "player"}, {"name": "Orc", "at": (6, 4), "faction": "enemy"},
             {"name": "Miller", "at": (3, 5), "faction": "neutral"}]
    plain = write_map(tmp_path / "mill.tmx", ["." * 8] * 6, units=units)
    line, tracker, headline, first = won(plain)
    assert line == "Combat over: player wins (no foe left on the board); neutral, at war with nobody, shares the win"
    assert tracker == ("Combat over", "player wins")
    assert headline == "The player side wins"
    assert first.endswith("The neutral side, at war with nobody, was still standing and shares the win.")
