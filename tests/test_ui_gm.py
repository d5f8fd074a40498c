"""GM mode, headless with real pygame events: buttons and the add-a-combatant form land actions in the log."""

from __future__ import annotations

import json

import pytest

from game.match import Match
from game.render.pg import pygame
from game.rules import Begin
from game.ui import panels
from game.ui.context import BattleContext, Widget
from game.ui.gm import GMTools
from game.ui.gm.panel import END_ASK
from tests.ui_harness import (
    click,
    frame,
    hover,
    key,
    make_ctx,
    motion,
    new_match,
    release,
    screen,
    send,
    skirmish,
    submit,
    typed,
)


def gm(ws):
    return next(w for w in ws if isinstance(w, GMTools))


def button(tools: GMTools, k):
    return next(b for b in tools.buttons if b.key == k)


def gm_table(m: Match, selected: str | None = None) -> tuple[BattleContext, list[Widget], pygame.Surface]:
    """The battle's panels over ``m`` in GM mode, ``selected`` picked (if given), drawn once: where a GM clicks."""
    ctx, ws, s = make_ctx(m), panels.widgets(), screen()
    ctx.gm = True
    if selected is not None:
        ctx.selected = selected
    frame(s, ctx, ws)
    reach_for_the_card(ctx, ws, s)
    return ctx, ws, s


def reach_for_the_card(ctx: BattleContext, ws: list[Widget], s: pygame.Surface) -> None:
    """The pointer onto the GM card's title, drawn: with a token under its full size the card is short until the
    pointer comes (panel.GMTools.shows_full), as the GM reaches for a button."""
    card = gm(ws).cover
    send(ctx, ws, motion((card.x + 4, card.y + 4)))
    frame(s, ctx, ws)


def log_lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_g_toggles_gm_mode(tmp_path) -> None:
    m = skirmish(tmp_path)
    ctx, ws, s = make_ctx(m), panels.widgets(), screen()
    send(ctx, ws, key(pygame.K_g))
    assert ctx.gm
    frame(s, ctx, ws)
    assert gm(ws).buttons  # the panel is up
    send(ctx, ws, key(pygame.K_g))
    assert not ctx.gm


def test_grant_movement_button_lands_in_the_log(tmp_path) -> None:
    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m)
    reply = send(ctx, ws, click(button(gm(ws), "grant3").rect.center))
    submit(ctx, reply)
    assert m.encounter.view("Mira").movement == 10  # 7 + 3 (R16: adds to what remains)
    assert log_lines(tmp_path / "fight.jsonl")[-1] == {"action": "grant_movement", "unit": "Mira", "amount": 3}


def test_threatening_toggle_and_push_buttons(tmp_path) -> None:
    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m, selected="Goblin")
    submit(ctx, send(ctx, ws, click(button(gm(ws), "threat").rect.center)))
    assert m.encounter.view("Goblin").threatening is False
    frame(s, ctx, ws)
    submit(ctx, send(ctx, ws, click(button(gm(ws), ("push", "e")).rect.center)))
    assert m.encounter.view("Goblin").cell == (8, 5)  # R12: one hex east of 7,5
    kinds = [d["action"] for d in log_lines(tmp_path / "fight.jsonl")]
    assert kinds[-2:] == ["set_threatening", "push"]


def test_setup_drag_places_a_token(tmp_path) -> None:
    m = new_match(tmp_path)
    ctx, ws, s = gm_table(m)
    down = hover(ctx, (14, 2))  # the goblin's hex
    assert send(ctx, ws, click(down)) is not None
    up = hover(ctx, (8, 3))
    submit(ctx, send(ctx, ws, release(up)))
    assert m.encounter.view("Goblin").cell == (8, 3)
    assert log_lines(tmp_path / "fight.jsonl")[-1]["action"] == "place"
    frame(s, ctx, ws)
    submit(ctx, send(ctx, ws, click(button(gm(ws), "begin").rect.center)))
    assert m.encounter.phase == "active"


def open_gm_form(ctx, ws, s, which: str):
    """Click the GM panel's ``which`` button (``gm_table`` first): "join" opens the add-a-combatant form, "edit"
    the selected combatant's; the form, drawn."""
    reach_for_the_card(ctx, ws, s)
    send(ctx, ws, click(button(gm(ws), which).rect.center))
    form = gm(ws).form
    assert form is not None
    frame(s, ctx, ws)
    return form


def fill(ctx, ws, form, field: str, text: str) -> None:
    """Click the field, clear it with Backspace, type the text: as a user would."""
    i = [f.key for f in form.fields].index(field)
    send(ctx, ws, click(form.rects[i].center))
    for _ in range(len(form.fields[i].value)):
        send(ctx, ws, key(pygame.K_BACKSPACE))
    for ev in typed(text):
        send(ctx, ws, ev)


def test_gm_form_adds_a_combatant_mid_combat(tmp_path) -> None:
    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m)
    form = open_gm_form(ctx, ws, s, "join")
    fill(ctx, ws, form, "name", "Bandit")
    fill(ctx, ws, form, "initiative", "3")
    fill(ctx, ws, form, "attack", "2")
    fill(ctx, ws, form, "at", "7,2")
    reply = send(ctx, ws, key(pygame.K_RETURN))
    assert gm(ws).form is None
    submit(ctx, reply)
    last = log_lines(tmp_path / "fight.jsonl")[-1]
    assert last["action"] == "join" and last["unit"]["name"] == "Bandit" and last["at"] == [7, 2]
    assert last["unit"]["faction"] == "enemy" and last["unit"]["attack"] == 2
    # R15: initiative 3 comes after Mira (4), the current actor: it acts later this round.
    order = m.encounter.order()
    assert order.index("Bandit") > order.index("Mira")


def test_gm_form_shows_the_engines_reason_and_submits_nothing(tmp_path) -> None:
    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m)
    before = len(log_lines(tmp_path / "fight.jsonl"))
    form = open_gm_form(ctx, ws, s, "join")
    fill(ctx, ws, form, "name", "Bandit")
    fill(ctx, ws, form, "at", "7,5")  # the goblin stands there
    reply = send(ctx, ws, key(pygame.K_RETURN))
    assert reply is not None and reply.action is None
    assert form.error and form.error == m.encounter.check(_join("Bandit", (7, 5)))
    assert gm(ws).form is form  # still open, to fix the entry
    fill(ctx, ws, form, "move", "fast")
    fill(ctx, ws, form, "at", "7,2")
    send(ctx, ws, key(pygame.K_RETURN))
    assert "move" in form.error  # the log parser's own words about the bad number
    frame(s, ctx, ws)
    assert len(log_lines(tmp_path / "fight.jsonl")) == before
    send(ctx, ws, key(pygame.K_ESCAPE))
    assert gm(ws).form is None


def test_form_choice_fields_cycle_with_clicks_and_arrows(tmp_path) -> None:
    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m)
    form = open_gm_form(ctx, ws, s, "join")
    i = [f.key for f in form.fields].index("faction")
    send(ctx, ws, click(form.rects[i].center))
    assert form.field("faction").value == "neutral"  # enemy -> neutral
    send(ctx, ws, key(pygame.K_RIGHT))
    assert form.field("faction").value == "player"


def test_remove_and_end_combat(tmp_path) -> None:
    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m, selected="Goblin")
    submit(ctx, send(ctx, ws, click(button(gm(ws), "fled").rect.center)))
    assert m.encounter.view("Goblin").status == "fled"
    ctx.selected = None
    frame(s, ctx, ws)
    reply = send(ctx, ws, click(button(gm(ws), "end").rect.center))
    assert reply is not None and reply.ask == END_ASK  # the scene asks first (tests/test_ui_questions.py) ...
    assert m.encounter.phase == "active"
    submit(ctx, reply, answered_yes=True)  # ... and submits the card's action on Yes
    assert m.encounter.phase == "ended"
    assert log_lines(tmp_path / "fight.jsonl")[-1] == {"action": "end_combat"}


def _join(name: str, at: tuple[int, int]):
    from game.rules import Join

    return Join.of({"name": name, "faction": "enemy", "movement_type": "ground", "size": "standard", "move": 6,
                    "hp": 10, "attack": 0, "defense": 10, "damage": "1d6", "reach": 1, "initiative": 0}, at)


def test_a_gm_button_hands_its_action_over_and_the_engine_says_no(tmp_path) -> None:
    """No check first: the scene submits the button's action and shows the engine's own refusal."""
    from game.rules import IllegalActionError

    m = skirmish(tmp_path)
    ctx, ws = make_ctx(m), panels.widgets()
    reply = gm(ws)._reply(Begin(), ctx)
    assert reply.action == Begin()
    with pytest.raises(IllegalActionError, match="begin: not allowed once combat has begun"):
        m.submit(reply.action)


# --- the GM card: hit points, editing, picking a hex with a click --------------------------------------------
def test_hp_buttons_damage_and_heal_past_the_starting_hp(tmp_path) -> None:
    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m, selected="Goblin")  # 7 hp
    submit(ctx, send(ctx, ws, click(button(gm(ws), ("hp", -5)).rect.center)))
    assert m.encounter.view("Goblin").hp == 2
    for _ in range(2):
        frame(s, ctx, ws)
        submit(ctx, send(ctx, ws, click(button(gm(ws), ("hp", 5)).rect.center)))
    assert m.encounter.view("Goblin").hp == 12  # above its 7: allowed (a GM's temporary hit points)
    assert log_lines(tmp_path / "fight.jsonl")[-3:] == [
        {"action": "set_hp", "unit": "Goblin", "hp": 2}, {"action": "set_hp", "unit": "Goblin", "hp": 7},
        {"action": "set_hp", "unit": "Goblin", "hp": 12}]


def test_the_edit_form_in_setup_sends_only_what_changed(tmp_path) -> None:
    m = new_match(tmp_path)
    ctx, ws, s = gm_table(m, selected="Troll")
    form = open_gm_form(ctx, ws, s, "edit")
    assert form.field("hp").value == "18" and form.field("ranged").value == ""
    fill(ctx, ws, form, "hp_max", "24")  # "Hit points unhurt": the unhurt Troll stays unhurt
    fill(ctx, ws, form, "ranged", "2-6")
    i = [f.key for f in form.fields].index("facing")
    send(ctx, ws, click(form.rects[i].center))  # w -> sw (the next side)
    reply = send(ctx, ws, key(pygame.K_RETURN))
    assert gm(ws).form is None
    submit(ctx, reply)
    assert log_lines(tmp_path / "fight.jsonl")[-1] == {"action": "edit", "unit": "Troll",
                                                        "set": {"facing": "sw", "hp": 24, "hp_max": 24,
                                                                "ranged": "2-6"}}
    v = m.encounter.view("Troll")
    assert (v.hp, v.hp_max, v.facing, v.ranged.max_range, v.ranged.attack) == (24, 24, "sw", 6, v.attack)


def test_a_blank_field_resets_a_property_and_a_bad_value_keeps_the_form_open(tmp_path) -> None:
    m = new_match(tmp_path)
    ctx, ws, s = gm_table(m, selected="Mira")
    form = open_gm_form(ctx, ws, s, "edit")
    fill(ctx, ws, form, "hp", "0")
    send(ctx, ws, key(pygame.K_RETURN))
    assert gm(ws).form is form and form.error == 'edit: "Mira": hp 0 is less than 1'  # the engine's words
    fill(ctx, ws, form, "hp", "10")
    fill(ctx, ws, form, "skills", "")
    submit(ctx, send(ctx, ws, key(pygame.K_RETURN)))
    assert log_lines(tmp_path / "fight.jsonl")[-1]["set"] == {"skills": None}
    assert m.encounter.view("Mira").skills == ()


def test_in_combat_the_form_sets_hit_points(tmp_path) -> None:
    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m, selected="Mira")
    form = open_gm_form(ctx, ws, s, "edit")
    assert [f.key for f in form.fields] == ["hp"]
    fill(ctx, ws, form, "hp", "3")
    submit(ctx, send(ctx, ws, key(pygame.K_RETURN)))
    assert log_lines(tmp_path / "fight.jsonl")[-1] == {"action": "set_hp", "unit": "Mira", "hp": 3}


def test_a_click_on_the_map_picks_where_a_combatant_joins(tmp_path) -> None:
    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m)
    form = open_gm_form(ctx, ws, s, "join")
    fill(ctx, ws, form, "name", "Bandit")
    at = hover(ctx, (7, 2))
    assert not form.frame.collidepoint(at)  # the form sits at the right: the map stays clickable
    send(ctx, ws, click(at))
    assert form.field("at").value == "7,2" and gm(ws).form is form
    submit(ctx, send(ctx, ws, key(pygame.K_RETURN)))
    assert m.encounter.view("Bandit").cell == (7, 2)


def test_in_combat_a_shift_click_picks_a_hostile_for_the_card_and_strikes_nobody(tmp_path) -> None:
    """Found playing: the card said "click a token to act on it", but in combat a plain click on a hostile is
    the actor's attack, so the GM's -5 then hit the GM's own combatant. A shift-click picks the token."""
    m = skirmish(tmp_path)  # Mira to act, the goblin at 7,5
    ctx, ws, s = gm_table(m)
    before = len(log_lines(tmp_path / "fight.jsonl"))
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        reply = send(ctx, ws, click(hover(ctx, (7, 5))))
    finally:
        pygame.key.set_mods(pygame.KMOD_NONE)
    assert reply is not None and reply.action is None  # the panel took the click: no attack goes on
    assert ctx.selected == "Goblin" and reply.status == "Goblin selected: the GM card acts on it"
    assert len(log_lines(tmp_path / "fight.jsonl")) == before
    frame(s, ctx, ws)
    submit(ctx, send(ctx, ws, click(button(gm(ws), ("hp", -1)).rect.center)))
    assert m.encounter.view("Goblin").hp == 6 and m.encounter.view("Mira").hp == m.encounter.view("Mira").hp_max


def test_the_join_form_starts_at_the_last_hex_pointed_at_on_the_map_not_under_the_card(tmp_path) -> None:
    """Found playing: "At hex" was filled with the hex under the card's own Add button (1,3), the click's."""
    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m)
    hover(ctx, (7, 2))
    frame(s, ctx, ws)  # the GM card notes the last hex pointed at on the map
    reach_for_the_card(ctx, ws, s)
    centre = button(gm(ws), "join").rect.center
    ctx.hovered_cell = ctx.cell_at(centre)  # as the battle scene records a click: the hex under the button
    assert ctx.hovered_cell is not None and tuple(ctx.hovered_cell) != (7, 2)
    send(ctx, ws, click(centre))
    form = gm(ws).form
    assert form is not None and form.field("at").value == "7,2"


def test_ctrl_a_in_a_form_field_selects_its_text_and_typing_replaces_it(tmp_path) -> None:
    """Found playing: Ctrl+A did not select the field, so typing 30 over "24" gave "2430"... and "230"."""
    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m, selected="Goblin")
    form = open_gm_form(ctx, ws, s, "edit")  # in combat: "Set hit points..."
    i = form.focus
    before = form.fields[i].value
    assert before  # the goblin's hit points, filled in
    send(ctx, ws, key(pygame.K_a, pygame.KMOD_CTRL))
    frame(s, ctx, ws)  # drawn with the selection
    for ev in typed("3"):
        send(ctx, ws, ev)
    assert form.fields[i].value == "3"  # replaced, not appended
    for ev in typed("0"):
        send(ctx, ws, ev)
    assert form.fields[i].value == "30"
    send(ctx, ws, key(pygame.K_a, pygame.KMOD_CTRL))
    send(ctx, ws, key(pygame.K_BACKSPACE))
    assert form.fields[i].value == ""


def test_an_open_form_leaves_no_map_preview_under_it(tmp_path) -> None:
    """Found playing: with the edit form open, hovering a token still drew its name tag and facing arcs."""
    from game.ui import overlays
    from game.ui.overlays import FacingArcs

    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m, selected="Goblin")
    ws = ws + overlays.widgets()
    open_gm_form(ctx, ws, s, "edit")
    pos = hover(ctx, (7, 5))  # the battle scene records the hovered hex and token first...
    ctx.hovered_unit = "Goblin"
    send(ctx, ws, motion(pos))  # ...then the panels hear the motion: the form claims it
    frame(s, ctx, ws)
    assert ctx.hovered_unit is None and next(w for w in ws if isinstance(w, FacingArcs)).shown is None


def test_leaving_gm_mode_gives_the_actor_back_its_moves_and_previews(tmp_path) -> None:
    """Found playing ambush under Xvfb: the GM shift-clicked Bandit Spear, left GM mode, and Brother Odo's turn
    showed no moves and no attack preview; the first click on an enemy only selected Odo again."""
    m = skirmish(tmp_path)  # Mira to act, the goblin at 7,5
    ctx, ws, s = gm_table(m)
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        send(ctx, ws, click(hover(ctx, (7, 5))))
    finally:
        pygame.key.set_mods(pygame.KMOD_NONE)
    assert ctx.selected == "Goblin"
    send(ctx, ws, key(pygame.K_g))
    assert not ctx.gm and ctx.selected == "Mira" == m.encounter.turn


def test_picking_a_joiners_hex_shows_no_move_of_the_actors(tmp_path) -> None:
    """Found playing fortress_assault under Xvfb: with the add-a-combatant form open, the hex pointed at for the
    joiner showed Captain Vessa's path to it, as if the click would move her (it only fills in "At hex")."""
    from game.ui import overlays
    from game.ui.overlays import PathPreview

    m = skirmish(tmp_path)  # Mira to act
    ctx, ws, s = gm_table(m)
    ws = ws + overlays.widgets()
    path = next(w for w in ws if isinstance(w, PathPreview))
    hover(ctx, (4, 4))
    frame(s, ctx, ws)
    assert path.path  # before: Mira's path to the hex
    form = open_gm_form(ctx, ws, s, "join")
    send(ctx, ws, motion(hover(ctx, (4, 4))))
    frame(s, ctx, ws)
    assert ctx.hovered_cell == (4, 4) and not path.path and path.lines is None
    send(ctx, ws, key(pygame.K_ESCAPE))
    assert gm(ws).form is None and form is not None
    frame(s, ctx, ws)
    assert path.path  # the form closed: the actor's moves are back


def test_the_gm_card_colours_hit_points_as_the_tracker_does(tmp_path) -> None:
    """Found on the Black Gull: the GM card read "15/18 hp" in red while the tracker showed the same hit points
    green. Both now take the hp bar's colour for the share left."""
    from game.render.style import hp_colour
    from game.ui import theme as th

    m = skirmish(tmp_path)
    ctx, ws, s = gm_table(m, selected="Goblin")  # 7 hp
    submit(ctx, send(ctx, ws, click(button(gm(ws), ("hp", -1)).rect.center)))
    assert m.encounter.view("Goblin").hp == 6
    frame(s, ctx, ws)
    label = gm(ws)._hp_label
    pixels = {tuple(s.get_at((x, y)))[:3]
              for x in range(label.left, label.right) for y in range(label.top, label.bottom)}
    assert tuple(hp_colour(6 / 7)) in pixels and tuple(th.BAD) not in pixels


def test_the_push_distance_button_says_what_a_click_sets() -> None:
    """"Push 1 hex (click: 1-3)" left the GM guessing what a click does (found at Harrow Keep): the button
    names the distance the direction buttons push and the one a click sets next, whole on the card."""
    from game.ui import theme as th

    m = skirmish(None)
    ctx, ws, s = gm_table(m, selected="Goblin")
    said = []
    for _ in range(3):
        b = button(gm(ws), "dist")
        assert th.text_width(b.label, th.SMALL) <= b.rect.width - 8, b.label  # not cut short
        said.append(b.label)
        send(ctx, ws, click(b.rect.center))
        frame(s, ctx, ws)
    assert said == ["Push 1 hex (click for 2)", "Push 2 hexes (click for 3)", "Push 3 hexes (click for 1)"]
