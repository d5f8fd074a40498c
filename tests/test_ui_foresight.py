"""Before you commit, you see the rules: path, attack/shove/disengage previews, enemy reach, arcs (headless).

Scenario (tests/ui_harness.skirmish): the default map; Goblin (attack 1, defence 13, hp 7, facing w) at
7,5; Mira (attack 4, damage 1d6+1, move 7, skills blades 2 / acrobatics 3) at 3,5 to act. Pointy-top,
odd rows shifted right: the goblin's neighbours are 8,5 (e), 8,4 (ne), 7,4 (nw), 6,5 (w), 7,6 (sw), 8,6 (se).
Facing w (R17): front = nw, w, sw; left = se; right = ne; rear = e. Flank penalty 2, rear 4 (R19).
"""

from __future__ import annotations

import math

import pytest

from game.render.pg import pygame
from game.ui import overlays
from game.ui.context import DISENGAGE, SHOVE, Reply
from game.ui.overlays import ActionPreview, EnemyReachHover, FacingArcs, PathPreview
from tests.detail_key import alt_held
from tests.ui_harness import frame, hover, key, make_ctx, screen, send, skirmish


def texts(lines) -> list[str]:
    return [ln.text + ("  " + ln.right if ln.right else "") for ln in lines]


@pytest.fixture
def scene():
    m = skirmish()
    ctx = make_ctx(m)
    return m, ctx, overlays.widgets(), screen()


def widget(ws, cls):
    return next(w for w in ws if isinstance(w, cls))


def test_attack_preview_from_the_best_reachable_hex(scene) -> None:
    m, ctx, ws, s = scene
    hover(ctx, (7, 5))  # straight onto the goblin: no hex pointed at before
    frame(s, ctx, ws)
    p = widget(ws, ActionPreview)
    # 8,5 (rear) is out of reach (ZoC ring); the best reachable is 8,4, the goblin's right flank (R19 -2):
    # d20 + 4 >= 13 - 2 = 11 -> 7+ = 14 faces of 20 = 70 %. A hit deals 1d6+1 = 2..7; the goblin has 7 hp:
    # defeated on a 6 -> 0.7 x 1/6 = 11.7 % -> "12 %".
    at, preview = p.plan
    assert at == (8, 4)
    lines = texts(p.lines)
    # The short form: the odds and the damage first, then the arc and the face, the defeat, the step first.
    assert lines[:4] == ["Attack Goblin: 70 % to hit, 2–7 dmg", "right flank: defence −2 · needs 7+",
                         "Chance to defeat Goblin: 12 %", "from 8,4: first click moves there, next attacks"]
    with alt_held():  # the long form, every modifier named
        frame(s, ctx, ws)
    lines = texts(p.lines)
    assert "Mira attacks Goblin" in lines[0]
    assert "from 8,4: the first click moves there, the next attacks" in lines
    assert "Hits on 7+ (70 %)" in lines
    assert "from the right flank: defence −2" in lines
    assert "A hit deals 2–7 damage (4.5 on average)" in lines
    assert "Chance to defeat Goblin: 12 %" in lines
    # the breakdown names every modifier and the face they add up to
    assert "  defence  13" in lines and "  right arc  −2" in lines and "  attack  +4" in lines
    assert "  so the d20 needs  7+" in lines


def test_attack_preview_from_the_hex_pointed_at_first(scene) -> None:
    m, ctx, ws, s = scene
    hover(ctx, (6, 5))  # west of the goblin: its front (R17), reachable (cost 4, stops there)
    frame(s, ctx, ws)
    hover(ctx, (7, 5))
    frame(s, ctx, ws)
    p = widget(ws, ActionPreview)
    assert p.plan[0] == (6, 5)
    lines = texts(p.lines)
    # front: no penalty; d20 + 4 >= 13 -> 9+ = 12 faces = 60 %; defeat 0.6 / 6 = 10 %.
    assert lines[0] == "Attack Goblin: 60 % to hit, 2–7 dmg"
    assert "front · needs 9+" in lines
    assert "Chance to defeat Goblin: 10 %" in lines


def test_shove_preview_says_where_the_target_lands(scene) -> None:
    m, ctx, ws, s = scene
    ctx.action_mode = SHOVE
    hover(ctx, (8, 4))
    frame(s, ctx, ws)
    hover(ctx, (7, 5))
    frame(s, ctx, ws)
    lines = texts(widget(ws, ActionPreview).lines)
    # R22: pushed away from the shover at 8,4 (ne of the goblin): toward sw, to 7,6 (odd row 5).
    assert lines[0] == "Shove Goblin: 70 % to succeed" and "right flank: defence −2 · needs 7+" in lines
    assert "pushed south-west to 7,6" in lines


def test_disengage_preview_names_the_threateners_it_cancels(scene) -> None:
    from game.rules import Move

    m, ctx, ws, s = scene
    m.submit(Move("Mira", (6, 5)))  # next to the goblin: in its zone (R8)
    ctx.version += 1
    ctx.action_mode = DISENGAGE
    hover(ctx, (3, 5))
    frame(s, ctx, ws)
    lines = texts(widget(ws, ActionPreview).lines)
    # R23: best skill acrobatics +3; needed 10 + the goblin's attack 1 = 11; d20 + 3 >= 11 -> 8+ = 65 %.
    assert lines[0] == "Mira tries to disengage with acrobatics (+3)"
    assert "Succeeds on 8+ (65 %)" in lines
    assert "On success Goblin no longer stops Mira this turn" in lines
    assert "  so the d20 needs  8+" not in lines and lines[-1] == "hold Alt: how the roll is worked out"
    with alt_held():  # the breakdown while Alt is held
        frame(s, ctx, ws)
    assert "  so the d20 needs  8+" in texts(widget(ws, ActionPreview).lines)


def test_path_preview_cost_movement_left_and_who_stops_it(scene) -> None:
    m, ctx, ws, s = scene
    p = widget(ws, PathPreview)
    hover(ctx, (4, 3))
    frame(s, ctx, ws)
    lines = texts(p.lines)
    # 3,5 -> 4,4 -> 4,3: two normal hexes, 2 of 7, 5 left; no enemy within reach of it.
    assert lines[:2] == ["Move Mira to 4,3: 2 of 7 movement", "then 5 movement left"]
    assert p.path[0] == (3, 5) and p.path[-1] == (4, 3) and len(p.path) == 3
    hover(ctx, (8, 4))  # next to the goblin: entering it ends the move (R9)
    frame(s, ctx, ws)
    lines = texts(p.lines)
    # The goblin's zone ends the move there, so none is left (R9): said with whose zone it is, in one row.
    assert lines[0].startswith("Move Mira to 8,4: ") and lines[0].endswith(" of 7 movement")
    assert lines[1:] == ["stops here: Goblin's zone, 0 left"]


def test_path_preview_over_an_exit_says_the_mover_could_flee_from_there(scene) -> None:
    """R24: the default map marks exits at 0,5 and 0,6 (the yellow arrows). Pointing at one with a move says
    the way out is there before the move, and that fleeing is F; after the action is spent, that it is next
    turn's. An ordinary hex says nothing of exits."""
    m, ctx, ws, s = scene
    p = widget(ws, PathPreview)
    hover(ctx, (0, 5))  # 3 hexes west of Mira at 3,5
    frame(s, ctx, ws)
    assert texts(p.lines) == ["Move Mira to 0,5: 3 of 7 movement", "then 4 movement left",
                              "an exit: flee from here with F"]
    hover(ctx, (2, 5))
    frame(s, ctx, ws)
    assert not any("exit" in line for line in texts(p.lines))


def test_path_preview_over_an_exit_after_the_action_says_next_turn() -> None:
    """R16, R24: with its one action spent, a combatant walking onto an exit can flee only next turn. Hero
    starts its turn beside the rat (so leaving costs no stop, R9), strikes, and still has movement; on a map
    that marks no exit, the outermost columns are exits."""
    from game.match import Match
    from game.rules import Attack, Begin
    from game.rules.textmap import scenario_from_rows

    units = [{"name": "Hero", "at": (2, 2), "faction": "player", "initiative": 9, "move": 5},
             {"name": "Rat", "at": (3, 2), "faction": "enemy", "initiative": 1}]
    m = Match(scenario_from_rows(["." * 7] * 5, units))
    m.submit(Begin())
    m.submit(Attack("Hero", "Rat", 5))
    ctx = make_ctx(m)
    ws, s = overlays.widgets(), screen()
    p = widget(ws, PathPreview)
    hover(ctx, (0, 2))
    frame(s, ctx, ws)
    assert "an exit: flee from here next turn" in texts(p.lines), texts(p.lines)


def test_path_preview_gives_the_engines_reason_where_it_cannot_go(scene) -> None:
    m, ctx, ws, s = scene
    hover(ctx, (16, 1))  # far beyond 7 hexes
    frame(s, ctx, ws)
    lines = texts(widget(ws, PathPreview).lines)
    reason = m.encounter.can_move_to("Mira", (16, 1))
    assert reason is not None and reason.startswith('move: "Mira" ')
    # The heading says what cannot be done; under it the engine's reason, without its "move:" prefix, the mover's
    # name (it is the one selected) and the hex the heading gives, wrapped.
    assert lines[0] == "Cannot move to 16,1"
    assert " ".join(lines[1:]) == reason.removeprefix('move: "Mira" ').replace(" at 16,1", "")


def test_a_hex_its_movement_type_may_not_enter_names_the_terrain_and_the_movement(scene) -> None:
    m, ctx, ws, s = scene
    hover(ctx, (10, 4))  # the ford's water: Mira walks (ground), and ground may not enter water (R5)
    frame(s, ctx, ws)
    lines = texts(widget(ws, PathPreview).lines)
    assert lines[0] == "Cannot move to 10,4"
    assert " ".join(lines[1:]) == "may not enter water (ground movement, R5)"  # wrapped: the box is narrow


def test_ctrl_v_counts_enemies_and_hovering_names_them(scene) -> None:
    m, ctx, ws, s = scene
    assert isinstance(send(ctx, ws, key(pygame.K_v, pygame.KMOD_LCTRL)), Reply)
    assert ctx.show_enemy_reach
    hover(ctx, (6, 5))  # adjacent to the goblin: it can attack there without moving
    frame(s, ctx, ws)
    h = widget(ws, EnemyReachHover)
    assert "Goblin" in h.attackers
    counts = m.encounter.enemy_reach_count("player")
    assert counts[5, 6] == len(h.attackers)  # the badge and the names agree
    # the move preview steps aside in this mode
    assert widget(ws, PathPreview).lines is None
    send(ctx, ws, key(pygame.K_v, pygame.KMOD_LCTRL))
    assert not ctx.show_enemy_reach


def test_facing_arcs_of_a_hovered_combatant(scene) -> None:
    from game.ui.overlays.arcs import arc_of_side

    m, ctx, ws, s = scene
    hover(ctx, (7, 5))
    frame(s, ctx, ws)
    assert widget(ws, FacingArcs).shown == "Goblin"
    # facing w = index 3 of e ne nw w sw se (R2): rear is e (0), right ne (1), left se (5) (R17).
    assert [arc_of_side(d, 3) for d in range(6)] == ["rear", "right", "front", "front", "front", "left"]


def test_nothing_is_previewed_for_an_ai_turn(scene) -> None:
    m, ctx, ws, s = scene
    m.controllers["player"] = object()  # anything but "human": the AI plays the player side
    hover(ctx, (7, 5))
    frame(s, ctx, ws)
    assert widget(ws, ActionPreview).plan is None
    ctx.gm = True  # the GM acts for any side
    frame(s, ctx, ws)
    assert widget(ws, ActionPreview).plan is not None


def test_clicking_a_target_out_of_reach_moves_to_the_previewed_hex_first(scene) -> None:
    from game.rules import Move
    from game.ui.commands import CommandMapper, Pick, Situation, Submit
    from game.ui.context import Reply
    from tests.ui_harness import submit

    m, ctx, ws, s = scene
    mapper = CommandMapper(m, ctx.geometry.cell_center)
    hover(ctx, (7, 5))
    frame(s, ctx, ws)
    preview = widget(ws, ActionPreview)
    cmd = mapper.map(Pick((7, 5), preview.approach_for("Goblin")), Situation())
    assert cmd == Submit(Move("Mira", (8, 4)), status="Mira moves to 8,4: click Goblin again to attack")
    submit(ctx, Reply(action=cmd.action))
    assert m.encounter.view("Mira").cell == (8, 4)
    frame(s, ctx, ws)  # now in reach: the preview is from where Mira stands, the next click attacks
    assert preview.plan[0] is None and preview.approach_for("Goblin") is None
    assert mapper.map(Pick((7, 5), None), Situation()).action.KIND == "attack"


def test_hovering_a_friend_shows_its_card_not_a_refused_move(scene) -> None:
    m, ctx, ws, s = scene
    hover(ctx, (5, 3))  # Wren, an ally: R4 forbids ending there, but the player is pointing at Wren
    frame(s, ctx, ws)
    assert ctx.hovered_unit == "Wren"
    assert widget(ws, PathPreview).lines is None


def test_overlay_layers_stay_small_on_a_big_map_at_high_zoom() -> None:
    """A map-wide count layer at 200 % on an 80x80 map would be ~90 M pixels; it is cut to the view instead."""
    from game.match import Match
    from game.rules import Begin
    from game.rules.textmap import scenario_from_rows
    from game.ui.overlays import EnemyReach
    from game.ui.overlays.layer import MAX_PIXELS

    units = [{"name": "Hero", "at": (40, 40), "faction": "player", "initiative": 5},
             {"name": "Runner", "at": (2, 2), "faction": "enemy", "move": 200}]
    m = Match(scenario_from_rows(["." * 80] * 80, units))
    m.submit(Begin())
    ctx = make_ctx(m, zoom_index=7)  # 200 %
    ctx.show_enemy_reach = True
    w = EnemyReach()
    s = screen()
    hover(ctx, (40, 40))
    w.draw(s, ctx)
    surf = w.counts.surface
    assert surf is not None and surf.get_width() * surf.get_height() <= MAX_PIXELS
    assert int(m.encounter.enemy_reach_count("player").sum()) > 6000  # the runner reaches nearly everywhere


def test_hovering_an_enemy_outside_your_turn_shades_where_it_could_attack(scene) -> None:
    from game.ui.overlays import EnemyReach

    m, ctx, ws, s = scene
    zone = widget(ws, EnemyReach).zone
    hover(ctx, (7, 5))
    frame(s, ctx, ws)
    assert zone.surface is None  # Mira's turn: the attack preview is shown instead (Shift shows the zone)
    m.controllers["player"] = object()  # the AI plays Mira: nothing to preview, the goblin's reach shows
    ctx.version += 1
    frame(s, ctx, ws)
    assert zone.surface is not None and zone.builds == 1
    frame(s, ctx, ws)
    assert zone.builds == 1  # drawn from the cache while nothing changes


def _beside_goblin():
    """Mira at 3,5 with the goblin placed beside her at 4,5, facing her (its front), Mira to act."""
    from game.rules import Begin, EndTurn, Place
    from tests.ui_harness import new_match

    m = new_match(None)
    m.submit(Place("Goblin", (4, 5), "w"))
    m.submit(Begin())
    while m.encounter.turn != "Mira":
        m.submit(EndTurn())
    return m


def test_an_adjacent_attack_is_not_walked_through_a_hex_the_pointer_crossed() -> None:
    """Issue found playing: Brother Tam, beside the Orc Pikeman, hovered a hex next to it on the way and the
    click walked him there (into another hostile's zone of control) for the same odds. A hex crossed on the
    way counts only when the blow is better from there."""
    m = _beside_goblin()
    ctx, ws, s = make_ctx(m), overlays.widgets(), screen()
    enc = m.encounter
    here = enc.preview_attack("Mira", "Goblin")
    assert here.legal is None
    same = [c for c, _, _ in enc.reach_for("Mira").destinations() if c != (3, 5)
            and (p := enc.preview_attack("Mira", "Goblin", at=c)).legal is None and p.hit_chance == here.hit_chance]
    better = [c for c, _, _ in enc.reach_for("Mira").destinations()
              if (p := enc.preview_attack("Mira", "Goblin", at=c)).legal is None and p.hit_chance > here.hit_chance]
    assert same and better  # the engine's own previews: a hex as good as here, and a flank hex
    hover(ctx, same[0])
    frame(s, ctx, ws)
    hover(ctx, (4, 5))
    frame(s, ctx, ws)
    preview = widget(ws, ActionPreview)
    assert preview.plan[0] is None and preview.approach_for("Goblin") is None
    assert "first click moves there" not in " ".join(texts(preview.lines))
    hover(ctx, better[0])  # a flank hex (R19): the blow is surer from there, so it is offered
    frame(s, ctx, ws)
    hover(ctx, (4, 5))
    frame(s, ctx, ws)
    assert preview.plan[0] == better[0] and preview.approach_for("Goblin") == better[0]


def test_the_attack_line_runs_from_rim_to_rim_not_over_the_initials(scene) -> None:
    """Found at Miller's Ford: the attack line ran centre to centre, across "Mi" and "OP". Tokens are discs of
    0.78 of a hex's inradius (one-hex combatants), so the line starts and ends that far from the centres."""
    from game.rules import Move

    m, ctx, ws, s = scene
    m.submit(Move("Mira", (6, 5)))  # west of the goblin, beside it: the attack needs no move
    hover(ctx, (7, 5))
    frame(s, ctx, ws)
    p = widget(ws, ActionPreview)
    assert p.plan[0] is None and p.arrow is not None
    start, end = p.arrow
    rim = 0.78 * ctx.hex_radius()
    mira, goblin = ctx.cell_to_screen((6, 5)), ctx.cell_to_screen((7, 5))
    assert abs(math.dist(start, mira) - rim) <= 1.0
    assert abs(math.dist(end, goblin) - rim) <= 1.0
    assert math.dist(start, goblin) > math.dist(end, goblin)  # still pointing at the goblin


def test_a_line_is_cut_where_it_leaves_one_disc_and_meets_the_other() -> None:
    from game.ui.overlays.draw import clear_of

    # Along the x axis from 0 to 100: out of a disc of 10 round 0, into one of 20 round 100: 10 to 80.
    assert clear_of((0, 0), (100, 0), ((0, 0), 10), ((100, 0), 20)) == ((10, 0), (80, 0))
    # A big target whose disc (radius 30 round 110) covers the hex aimed at (100, 0): stopped at its rim, 80.
    assert clear_of((0, 0), (100, 0), None, ((110, 0), 30)) == ((0, 0), (80, 0))
    # 3-4-5: from (0,0) to (30,40), 50 long; a disc of 5 at the start: leaves at (3,4).
    assert clear_of((0, 0), (30, 40), ((0, 0), 5), None) == ((3, 4), (30, 40))
    # Neighbours with a small gap: the line is the gap, 14 to 16 (drawn centre to centre it crossed both).
    assert clear_of((0, 0), (30, 0), ((0, 0), 14), ((30, 0), 14)) == ((14, 0), (16, 0))
    # Discs that overlap along the line: nothing is left (both ends meet halfway between the cuts).
    start, end = clear_of((0, 0), (20, 0), ((0, 0), 14), ((20, 0), 14))
    assert start == end == (10, 0)


def test_while_the_ai_acts_the_player_s_enemies_are_the_ones_shaded(scene) -> None:
    """Found at Harrow Keep: pointing at Grum (the player's own axeman) during Pikeman 2's turn painted Grum's
    whole reach red, seen from the acting AI's side, as if Grum were the threat. While the AI acts, the
    player watches from their own side: pointing at a friend shades nothing, at the acting enemy its reach."""
    from game.rules import EndTurn
    from game.ui.overlays import EnemyReach

    m, ctx, ws, s = scene
    m.controllers["enemy"] = object()  # anything but "human": the AI plays the goblin
    while m.encounter.turn != "Goblin":
        m.submit(EndTurn())
    ctx.selected = "Goblin"  # the scene selects each new actor
    ctx.version += 1
    zone = widget(ws, EnemyReach).zone
    hover(ctx, (3, 5))  # Mira
    frame(s, ctx, ws)
    assert zone.surface is None and zone.builds == 0
    hover(ctx, (7, 5))  # the goblin, about to act
    frame(s, ctx, ws)
    assert zone.surface is not None and zone.builds == 1


def test_a_blow_that_cannot_be_struck_draws_no_line_only_its_reason(scene) -> None:
    """Found at Harrow Keep: with no hex in reach to strike from, a grey attack line still ran from Sir Bram
    half across the map, over Ilse's and Doran's tokens, to Pikeman 1. A refused blow now draws no line; the
    tooltip gives the reason, the same one a click gets."""
    from game.rules import Move

    m, ctx, ws, s = scene
    enc = m.encounter
    # Mira spends all 7 movement on a hex 3 or more from the goblin: nowhere left to strike from this turn.
    far = [c for c, cost, _ in enc.reach_for("Mira").destinations()
           if cost == enc.view("Mira").movement and enc.layout.distance(c, (7, 5)) >= 3]
    m.submit(Move("Mira", far[0]))
    ctx.version += 1
    hover(ctx, (7, 5))
    frame(s, ctx, ws)
    p = widget(ws, ActionPreview)
    assert p.plan is not None and p.plan[1].legal is not None
    assert p.arrow is None
    # Calmly: "Cannot attack Goblin this turn" over "Mira has no movement left this turn" (test_ui_turn_wording).
    assert texts(p.lines)[0] == "Cannot attack Goblin this turn" and "no movement left" in " ".join(texts(p.lines))
