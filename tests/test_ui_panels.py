"""Panels, headless: initiative tracker, combatant card, combat log, legend (real pygame events)."""

from __future__ import annotations

import pytest

from game.render.pg import pygame
from game.rules import Attack, EndTurn, Move, Push, Remove, SetHp
from game.ui import panels
from game.ui.panels import CombatantCard, CombatLog, InitiativeTracker, Legend
from game.ui.panels.card import card_lines
from game.ui.panels.initiative import tracker_rows
from game.ui.panels.legend import terrain_rows
from tests.ui_harness import frame, key, make_ctx, motion, screen, send, skirmish


@pytest.fixture
def scene():
    m = skirmish()
    ctx = make_ctx(m)
    return m, ctx, panels.widgets(), screen()


def widget(ws, cls):
    return next(w for w in ws if isinstance(w, cls))


def test_tracker_marks_current_acted_and_greys_the_defeated(scene) -> None:
    m, ctx, ws, s = scene
    rows = {r.name: r.state for r in tracker_rows(m.encounter)}
    # R14: Goblin (initiative 5) acted first, Mira (4) is to act, Wren (3) waits.
    assert rows["Goblin"] == "acted" and rows["Mira"] == "current" and rows["Wren"] == "waiting"
    m.submit(Remove("Orc 1", "defeated"))
    rows = tracker_rows(m.encounter)
    assert rows[-1].name == "Orc 1" and rows[-1].state == "defeated"  # kept in sight, at the bottom


def pointing_at_tracker_row(scene, k: int):  # type: ignore[no-untyped-def]
    """The scene drawn, the pointer on the tracker's row ``k``: (tracker, the row's rect, its name)."""
    m, ctx, ws, s = scene
    frame(s, ctx, ws)
    t = widget(ws, InitiativeTracker)
    rect, name = t._rows[k]
    send(ctx, ws, motion(rect.center))
    return t, rect, name


def test_hovering_a_tracker_row_highlights_that_token(scene) -> None:
    ctx, ws = scene[1], scene[2]
    t, _, name = pointing_at_tracker_row(scene, 3)
    assert t.hovered == name and ctx.highlight == name
    send(ctx, ws, motion((640, 400)))  # back on the map
    assert t.hovered is None and ctx.highlight is None


def test_clicking_a_tracker_row_selects_that_combatant_and_says_so(scene) -> None:
    ctx = scene[1]
    t, rect, name = pointing_at_tracker_row(scene, 3)
    reply = t.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1), ctx)
    assert ctx.selected == name
    assert reply is not None and reply.status == f"Selected {name}"  # a status line starts with a capital


def test_card_shows_movement_skills_band_and_status(scene) -> None:
    m, ctx, ws, s = scene
    lines = [(ln.text, ln.right) for ln in card_lines(m.encounter.view("Mira"), m.encounter)]
    assert ("Movement left", "7 / 7") in lines
    assert ("Hit points", "10 / 10") in lines
    assert ("Skills: blades +2, acrobatics +3", "") in lines
    pike = [(ln.text, ln.right) for ln in card_lines(m.encounter.view("Orc Pikeman"), m.encounter)]
    assert ("Weapon", "reach 2 (not adjacent)") in pike  # R8: a polearm's band is [2, 2]
    m.submit(Move("Mira", (6, 5)))  # 4 movement, stopped by the goblin's zone (R9)
    lines = [(ln.text, ln.right) for ln in card_lines(m.encounter.view("Mira"), m.encounter)]
    assert ("Movement left", "0 / 7") in lines
    assert ("  stopped by zone of control", "") in lines
    # Found playing: a hostile's card in your turn read "Movement left 0 / 5", what its last turn left.
    goblin = m.encounter.view("Goblin")
    rows = [(ln.text, ln.right) for ln in card_lines(goblin, m.encounter)]
    assert ("Movement", f"{goblin.movement_max} a turn") in rows and "Movement left" not in [r[0] for r in rows]


def test_card_follows_hover_then_selection(scene) -> None:
    m, ctx, ws, s = scene
    frame(s, ctx, ws)
    from game.ui.panels.card import shown_name

    assert shown_name(ctx) == "Mira"  # nobody hovered or selected: whoever is to act
    ctx.hovered_unit = "Goblin"
    assert shown_name(ctx) == "Goblin"


def test_combat_log_words_every_roll_with_its_sum(scene) -> None:
    m, ctx, ws, s = scene
    log = widget(ws, CombatLog)
    frame(s, ctx, ws)  # the log picks up what happened so far
    m.submit(Move("Mira", (8, 4)))
    m.submit(Attack("Mira", "Goblin", roll=12, damage=5))
    ctx.version += 1
    frame(s, ctx, ws)
    texts = [t for t, _ in log.entries]
    assert "Mira moves to 8,4 (cost 6), into Goblin's zone of control: no more movement this turn" in texts
    # From 8,4 the goblin's right flank (R19): defence 13 - 2 = 11; 12 + 4 = 16 >= 11: hit for the fixed 5.
    assert "Mira attacks Goblin from the right flank (defence −2): rolled 12 +4 = 16 vs 11: hit, 5 damage" in texts
    m.submit(EndTurn())
    ctx.version += 1
    frame(s, ctx, ws)
    assert [t for t, _ in log.entries][-1] == "Wren's turn"


def test_combat_log_of_a_resumed_game_rebuilds_earlier_lines(tmp_path) -> None:
    from game.match import Match

    m = skirmish(tmp_path)
    m.submit(Move("Mira", (8, 4)))
    m.submit(Attack("Mira", "Goblin", roll=3))  # 3 + 4 = 7 < 11: a miss
    resumed = Match.open(m.encounter.scenario, tmp_path / "fight.jsonl")
    ctx = make_ctx(resumed)
    log = CombatLog()
    log.draw(screen(), ctx)
    texts = [t for t, _ in log.entries]
    assert "GM places Goblin at 7,5" in texts
    assert "Mira attacks Goblin from the right flank (defence −2): rolled 3 +4 = 7 vs 11: miss" in texts


def test_combat_log_scrolls_with_the_wheel(scene) -> None:
    m, ctx, ws, s = scene
    log = widget(ws, CombatLog)
    log.entries = [(f"line {i}", "text") for i in range(40)]
    frame(s, ctx, ws)
    ctx.mouse = log._frame.center
    send(ctx, ws, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert log.scroll == 3


def test_legend_toggles_and_lists_this_maps_terrain_costs(scene) -> None:
    m, ctx, ws, s = scene
    leg = widget(ws, Legend)
    assert not leg.visible
    send(ctx, ws, key(pygame.K_l))
    assert leg.visible
    rows = {label: costs for label, costs, _shots in terrain_rows(m.encounter.board)}
    assert rows["normal"] == ["1", "1", "1"]  # R5
    assert rows["water"][0] == "–"  # R5: ground may not enter water
    send(ctx, ws, key(pygame.K_l))
    assert not leg.visible


def test_card_draws_for_hovered_unit(scene) -> None:
    m, ctx, ws, s = scene
    ctx.hovered_unit = "Troll"
    frame(s, ctx, ws)
    assert widget(ws, CombatantCard)._frame.width > 0


def test_pointing_at_a_panel_is_not_pointing_at_the_hex_under_it(scene) -> None:
    m, ctx, ws, s = scene
    frame(s, ctx, ws)
    card = widget(ws, CombatantCard)
    inside = card._frame.center
    ctx.hovered_cell, ctx.hovered_unit = ctx.cell_at(inside), "Mira"  # what the scene's own hover found
    send(ctx, ws, motion(inside))
    assert ctx.hovered_cell is None and ctx.hovered_unit is None  # so no move preview under the card


def test_hovering_a_tracker_row_shows_that_combatants_card(scene) -> None:
    from game.ui.panels.card import shown_name

    m, ctx, ws, s = scene
    frame(s, ctx, ws)
    rect, name = next((r, n) for r, n in widget(ws, InitiativeTracker)._rows if n == "Troll")
    send(ctx, ws, motion(rect.center))
    assert shown_name(ctx) == "Troll"


def test_a_long_initiative_order_scrolls_and_keeps_the_actor_in_view(tmp_path) -> None:
    """20 combatants do not fit above the log at 720 px: the tracker shows a window with the actor in it."""
    from game.match import Match
    from game.rules import Begin, EndTurn
    from game.rules.textmap import scenario_from_rows

    units = [{"name": f"U{i:02d}", "at": (i, i % 2), "faction": "player" if i % 2 else "enemy", "initiative": 40 - i}
             for i in range(20)]
    m = Match(scenario_from_rows(["." * 24] * 6, units))
    m.submit(Begin())
    for _ in range(17):
        m.submit(EndTurn())
    assert m.encounter.turn == "U17"
    ctx = make_ctx(m)
    t = InitiativeTracker()
    s = screen()
    t.draw(s, ctx)
    shown = [n for _, n in t._rows]
    assert "U17" in shown and len(shown) < 20
    assert t.cover.bottom <= ctx.view_rect.bottom - 188 - 8  # clear of the combat log below it
    ctx.mouse = t.cover.center
    t.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=20), ctx)
    t.draw(s, ctx)
    assert [n for _, n in t._rows][0] == "U00"  # scrolled to the top of the order


def test_card_shows_a_ranged_attack_and_an_area_ability() -> None:
    """Playthrough under Xvfb (Ambush on the Greenway): Pell's card read "Weapon reach 1" and nothing of the
    shortbow the status line offered (R shoot); the sea witch's burst was as invisible. The card names both."""
    from pathlib import Path

    from game.maps import load_scenario
    from game.match import Match

    maps = Path(__file__).resolve().parents[1] / "maps"
    m = Match(load_scenario(maps / "ambush.tmx"))
    pell = m.encounter.view("Pell")
    assert pell.ranged is not None
    lines = [(ln.text, ln.right) for ln in card_lines(pell, m.encounter)]
    r = pell.ranged
    assert ("Ranged attack", f"+{r.attack}, {r.damage}") in lines
    assert (f"  range {r.min_range}–{r.max_range} hexes", "") in lines
    assert not any(t == "Burst (area)" for t, _ in lines)
    ship = Match(load_scenario(maps / "ship_boarding.tmx"))
    caster = next(v for v in ship.encounter.views() if v.area is not None)
    a = caster.area
    assert a is not None
    lines = [(ln.text, ln.right) for ln in card_lines(caster, ship.encounter)]
    assert ("Burst (area)", f"+{a.attack}, {a.damage}") in lines
    assert any(t.startswith(f"  up to {a.range} hexes, radius {a.radius}") for t, _ in lines)
    assert (f"  uses left: {a.uses} of {a.uses}", "") in lines


def test_combat_log_colours_a_hit_on_the_party_red_and_one_by_it_green(tmp_path) -> None:
    """Found playing: "Orc 2 attacks Wren ... hit, 8 damage" was as green as the party's own hits."""
    m = skirmish(tmp_path)  # Mira (player) to act, the Goblin (enemy) at 7,5
    m.submit(Move("Mira", (8, 4)))
    m.submit(Attack("Mira", "Goblin", roll=15, damage=2))  # 15 + 4 = 19 >= 11: a hit, 2 of its 7 hp
    for _ in range(20):
        if m.encounter.turn == "Goblin":
            break
        m.submit(EndTurn())
    m.submit(Attack("Goblin", "Mira", roll=20, damage=3))  # a natural 20 + 1 beats Mira's defence: a hit
    ctx = make_ctx(m)
    log = CombatLog()
    log.draw(screen(), ctx)
    roles = {t.split(":")[0]: role for t, role in log.entries if " attacks " in t}
    assert roles == {"Mira attacks Goblin from the right flank (defence −2)": "good",
                     "Goblin attacks Mira": "bad"}


def test_a_gm_push_reads_as_the_gms_in_the_log_and_the_replay(tmp_path) -> None:
    """A GM's push read "Goblin is pushed to 8,5" in plain white, like a blow's push, while every other GM
    correction says "GM" in amber."""
    from game.ui.narration import event_lines

    m = skirmish(tmp_path)
    applied = m.submit(Push("Goblin", "e", 1))
    log = CombatLog()
    log.draw(screen(), make_ctx(m))
    pushed = [(t, role) for t, role in log.entries if "pushed" in t]
    assert pushed == [(pushed[0][0], "warn")] and pushed[0][0].startswith("GM: Goblin is pushed east to ")
    # A shove's push (no GM action behind it) keeps the plain wording.
    assert all(not t.startswith("GM") for t, _ in event_lines(applied.events))


def test_the_newest_log_line_keeps_the_last_row_when_an_entrys_tail_is_left_out(scene) -> None:
    """Found playing ambush under Xvfb: when the top row would have been the second line of a wrapped entry, the
    log left that line out and drew the rest one row up, leaving a blank last row under the newest line."""
    from game.ui.panels.combat_log import LINE

    m, ctx, ws, s = scene
    log = CombatLog(pygame.Rect(20, 20, 350, 32 + 4 * LINE))  # four rows
    log.sync(ctx)
    log.entries = [("Bandit Archer 2 shoots Brother Odo from the right flank (defence −2), cover +2: rolled 20 +2 "
                    "= 22 vs 12: hit, 1 damage", "bad"), ("Brother Odo's turn", "muted"), ("Odo moves", "text"),
                   ("Odo attacks", "text")]
    log.draw(s, ctx)
    assert [t for t, _ in log.drawn] == ["Brother Odo's turn", "Odo moves", "Odo attacks"]  # no half entry
    assert log.drawn[-1][1] == 20 + 26 + 3 * LINE  # the newest on the last row


def test_combat_log_colours_a_foes_defeat_green_and_the_partys_red(tmp_path) -> None:
    """Found playing ambush under Xvfb: "Bandit Chief is defeated" was as red as "Lysa is defeated"."""
    m = skirmish(tmp_path)  # Mira (player) to act, the Goblin (enemy, 7 hp) at 7,5
    m.submit(Move("Mira", (8, 4)))
    m.submit(Attack("Mira", "Goblin", roll=15, damage=7))
    m.submit(SetHp("Wren", 0))  # the GM's damage takes one of the party out
    ctx = make_ctx(m)
    log = CombatLog()
    log.draw(screen(), ctx)
    roles = {t: role for t, role in log.entries if " is defeated" in t}
    assert roles == {"Goblin is defeated": "good", "Wren is defeated (GM)": "bad"}


def test_a_tooltip_hides_the_path_under_it() -> None:
    """Found playing ambush under Xvfb: an attack preview's path and step marks showed through the tooltip's
    rows of the roll ("11" sat on a step mark): the tooltip was as translucent as the panels."""
    from game.ui import theme as th

    s = pygame.Surface((400, 300))
    s.fill((255, 255, 255))  # the brightest path under it
    rect = th.tooltip(s, [th.Line("Lysa attacks Bandit Spear")], (20, 20), min_width=300)
    assert s.get_at((rect.right - 20, rect.centery))[:3] == th.PANEL_BG[:3]


def test_a_turn_with_nothing_done_says_so_and_a_turn_on_the_spot_keeps_one_line(tmp_path) -> None:
    """Found on the Black Gull: AI turns passed as bare "Corsair 1's turn" lines, as if the log had missed
    something; and each right-click or Q/E added its own "Tobin turns to face ..." line."""
    from game.rules import Face

    m = skirmish(tmp_path)  # Mira (player) to act, the Goblin (enemy) at 7,5
    m.submit(Face("Mira", "nw"))
    m.submit(Face("Mira", "sw"))
    m.submit(Face("Mira", "e"))
    m.submit(EndTurn())  # Mira turned: something done
    while m.encounter.turn != "Goblin":
        m.submit(EndTurn())
    m.submit(EndTurn())  # the Goblin did nothing
    log = CombatLog()
    log.draw(screen(), make_ctx(m))
    texts = [t for t, _ in log.entries]
    faced = [t for t in texts if t.startswith("Mira turns to face")]
    assert faced == ["Mira turns to face east"]  # only where she ended up facing
    assert "Mira waits (no move, no action)" not in texts
    assert texts[texts.index("Goblin's turn") + 1] == "Goblin waits (no move, no action)"


def test_the_log_gives_back_the_row_an_entry_s_tail_left_under_its_heading(scene) -> None:
    """Found in two playtests (Harrow Keep, the Giant's Hearth): with a wrapped entry's tail left out at the top,
    a blank row stood under "Combat log", read as a line gone missing. The log that places itself now comes
    down a row instead; the newest line keeps its place on the last row."""
    from game.ui.panels.combat_log import LINE

    m, ctx, ws, s = scene
    log = CombatLog()
    log.sync(ctx)
    log.entries = [("Bandit Archer 2 shoots Brother Odo from the right flank (defence −2), cover +2: rolled 20 +2 "
                    "= 22 vs 12: hit, 1 damage", "bad")] + [(f"line {i}", "text") for i in range(40)]
    log.draw(s, ctx)
    full = log._full
    per = (full.height - 32) // LINE
    log.entries = log.entries[: 1 + per - 1]  # the long entry's tail would be the top row
    log.draw(s, ctx)
    box = log._frame
    assert box.top == full.top + LINE and box.bottom == full.bottom  # a row shorter, from the top
    assert log.drawn[0] == ("line 0", box.y + 26)  # no blank row under the heading
    assert log.drawn[-1][1] == full.y + 26 + (per - 1) * LINE  # the newest line where it always is


def test_the_legend_says_what_the_token_marks_and_exits_mean_and_what_fire_costs(tmp_path, monkeypatch) -> None:
    """Found in two playtests: nothing said what the orange "-" or the grey tick on a token meant, where one
    may flee, or how much the Giant's Hearth's fire burns (4, the map's own hazard_damage)."""
    from pathlib import Path as P

    from game.maps import load_scenario
    from game.match import Match
    from game.rules import Begin

    giants = P(__file__).resolve().parents[1] / "maps" / "giants_lair.tmx"
    m = Match(load_scenario(giants))
    m.submit(Begin())
    board = m.encounter.board
    fire = {int(v) for v in board.hazard_damage[(board.terrain == 4) & board.on_map]}
    labels = [label for label, _, _ in terrain_rows(board)]
    assert fire == {4} and "hazard (4 damage)" in labels
    ctx, ws, s = make_ctx(m), panels.widgets(), screen()
    import game.ui.panels.legend as legend
    from tests.ui_harness import drawn_by

    seen = drawn_by(legend.th, monkeypatch)
    send(ctx, ws, key(pygame.K_l))
    frame(s, ctx, ws)
    drawn = [t for t, _ in seen]
    assert {"stopped by a zone of control", "acted", "broke away this turn (R23)"} <= set(drawn)
    assert "exit hexes (marked on the map): flee from there, F" in drawn


def test_the_legend_says_which_terrain_gives_cover_or_blocks_sight(tmp_path, monkeypatch) -> None:
    """Found playing the Greenway with Pell's bow: its old trees, which give cover (R31), look like the brush, which
    does not, and the legend gave costs only; cover could be learnt only from a shot already hovered. Harrow Keep's
    arrow slits are walls that do not block sight (R30). Read from the board, tile by tile."""
    from pathlib import Path as P

    from game.maps import load_scenario
    from game.match import Match

    maps = P(__file__).resolve().parents[1] / "maps"
    rows = terrain_rows(load_scenario(maps / "ambush.tmx").board)
    assert ("difficult", ["2", "1", "1"], "cover") in rows and ("difficult", ["2", "1", "1"], "") in rows
    assert ("blocked", ["–", "–", "–"], "blocks sight") in rows and ("normal", ["1", "1", "1"], "") in rows
    keep = {shots for label, _, shots in terrain_rows(load_scenario(maps / "fortress_assault.tmx").board)
            if label == "blocked"}
    assert keep == {"sees through", "cover", "blocks sight"}  # arrow slits, parapets, walls
    m = Match(load_scenario(maps / "ambush.tmx"))
    ctx, ws, s = make_ctx(m), panels.widgets(), screen()
    import game.ui.panels.legend as legend
    from tests.ui_harness import drawn_by

    seen = drawn_by(legend.th, monkeypatch)
    send(ctx, ws, key(pygame.K_l))
    frame(s, ctx, ws)
    drawn = [t for t, _ in seen]
    assert {"shots", "cover", "blocks sight", "R / B: tiles that give cover / block sight (not walls)"} <= set(drawn)


def ambush_blows(humans: dict[str, str]) -> list[tuple[str, str]]:
    """The ambush with Bandit 2 put beside Charcoal Burner 1 (neutral; the map makes enemy and neutral
    hostile), Sir Corin beside Bandit 2 and Bandit 3 beside him: Bandit 2 fells the burner, Sir Corin
    strikes Bandit 2, and Bandit 3 strikes Sir Corin. The log's attack and defeat lines (up to the arc or the
    roll) with their colours, ``humans`` at the controls."""
    from pathlib import Path

    from game.ai import policy_for
    from game.maps import load_scenario
    from game.match import Match
    from game.rules import Begin, Place

    maps = Path(__file__).resolve().parents[1] / "maps"
    ai = policy_for("normal")
    m = Match(load_scenario(maps / "ambush.tmx"), controllers={f: ai if c == "ai" else c for f, c in humans.items()})
    enc = m.encounter

    def beside(who: str, target: str) -> None:  # the GM puts ``who`` next to ``target``
        for c in enc.layout.neighbors(enc.view(target).cell):
            if enc.check(Place(who, c)) is None:
                m.submit(Place(who, c))
                return
        raise AssertionError(f"no hex beside {target}")

    blows = (("Bandit 2", "Charcoal Burner 1", 99), ("Sir Corin", "Bandit 2", 1), ("Bandit 3", "Sir Corin", 1))
    for who, target, _ in blows:
        beside(who, target)
    m.submit(Begin())
    for who, target, dmg in blows:
        while m.encounter.turn != who:
            m.submit(EndTurn())
        m.submit(Attack(who, target, roll=20, damage=dmg))
    log = CombatLog()
    log.draw(screen(), make_ctx(m))
    return [(t.split(":")[0].split(" from the ")[0], role) for t, role in log.entries
            if " attacks " in t or " defeated" in t]


def test_the_log_colours_blows_from_the_human_side_not_green_between_enemy_and_neutral() -> None:
    """Found playing the ambush: "Bandit 2 attacks Charcoal Burner 1 ... hit" and the burner's defeat were
    green, read as good news, though neither side was the player's: now plain. The player's blow is green,
    the blow on the player red, whoever is at the controls."""
    assert ambush_blows({}) == [  # the default: player and ally at the controls
        ("Bandit 2 attacks Charcoal Burner 1", "text"), ("Charcoal Burner 1 is defeated", "text"),
        ("Sir Corin attacks Bandit 2", "good"), ("Bandit 3 attacks Sir Corin", "bad")]
    # The enemy at a human's controls (the party to the AI): the same blows seen from the bandits' side.
    seen = dict(ambush_blows({"player": "ai", "ally": "ai", "enemy": "human", "neutral": "ai"}))
    assert seen == {"Bandit 2 attacks Charcoal Burner 1": "good", "Charcoal Burner 1 is defeated": "good",
                    "Sir Corin attacks Bandit 2": "bad", "Bandit 3 attacks Sir Corin": "good"}


def test_a_foe_breaking_away_is_not_coloured_as_good_news() -> None:
    """Found playing the ambush: a bandit's successful disengage from the party's fighter was green, as the
    party's own is. Seen from the controls, only our side's breaking away is good news; a foe's is plain."""
    from game.rules import Disengaged
    from game.ui.narration import FOE, OURS, event_lines

    def side(name: str) -> str:
        return OURS if name == "Sir Corin" else FOE

    ours = Disengaged(unit="Sir Corin", skill="blades", roll=15, needed=12, success=True, cancels=("Bandit 2",))
    foes = Disengaged(unit="Bandit 2", skill="blades", roll=15, needed=12, success=True, cancels=("Sir Corin",))
    failed = Disengaged(unit="Bandit 2", skill="blades", roll=2, needed=12, success=False, cancels=())
    roles = [role for _, role in event_lines([ours, foes, failed], party=side)]
    assert roles[:2] == ["good", "text"]
    assert roles[2] == event_lines([failed])[0][1]  # a failed one keeps its colour


def test_each_tracker_row_shows_its_initiative_as_playmat_state_does(scene, monkeypatch) -> None:
    """Foundry's tracker shows each combatant's initiative; ours showed only the order, while ``playmat state``
    printed "Goblin (5), Mira (4), ..." so a GM could tell a tie from a gap only at the command line. Each row
    now ends with its number: the skirmish's Goblin 5, Mira 4, Wren 3 (its map's initiative properties)."""
    from game.ui.panels import initiative

    m, ctx, ws, s = scene
    drawn: list[tuple[str, tuple[int, int]]] = []
    real = initiative.th.text

    def spy(screen, text, pos, *a, **k):  # type: ignore[no-untyped-def]
        drawn.append((text, pos))
        return real(screen, text, pos, *a, **k)

    monkeypatch.setattr(initiative.th, "text", spy)
    frame(s, ctx, ws)
    t = widget(ws, InitiativeTracker)
    views = {v.name: v for v in m.encounter.views()}
    for rect, name in t._rows:
        in_row = [(x, text) for text, (x, y) in drawn if rect.collidepoint(x - 1, y)]
        assert max(in_row)[1] == str(views[name].initiative), (name, in_row)  # at the row's right end
    assert [views[n].initiative for n in ("Goblin", "Mira", "Wren")] == [5, 4, 3]
