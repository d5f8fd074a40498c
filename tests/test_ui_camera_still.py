"""During a player's own action the map holds still: the two clicks of move-then-attack land on the same enemy.

Found playtesting ship_boarding at 1280x720: Kestrel's preview of Sahuagin 2 read "from 6,11: the first click
moves there, the next attacks"; the walk scrolled the board 37 px up as the camera followed Kestrel (the
target went from (640, 609) to (640, 572) on screen), the attack 28 px more, so the second click, where the
first was, fell on the wrong hex. Now the camera moves during a player's action only when the token would
leave the map area or go under a panel; the AI's turns glide after their actors as before.
"""

from __future__ import annotations

import math
from pathlib import Path

from game.render.pg import pygame
from game.rules import Move
from game.ui.battle import BattleScene
from game.ui.overlays.preview import ActionPreview
from tests.scene_harness import at, frame, hover, open_battle, to_turn
from tests.test_ui_log_room import put
from tests.ui_harness import ROOT

SHIP = ROOT / "maps" / "ship_boarding.tmx"
AMBUSH = ROOT / "maps" / "ambush.tmx"


def press(scene: BattleScene, pos: tuple[int, int]) -> None:
    """A left click at screen pixel ``pos``, the pointer moved there first (as a player's hand does)."""
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def settle(scene: BattleScene, screen: pygame.Surface) -> None:
    """Frames until the animations have played and the camera rests (at most five seconds), then a few more."""
    for _ in range(300):
        if not scene.anim.busy and scene.director.glide is None:
            break
        frame(scene, screen)
    frame(scene, screen, 10)


def drift(scene: BattleScene, cell: tuple[int, int], pos: tuple[int, int]) -> float:
    """How far (screen px) ``cell``'s centre now is from ``pos``."""
    x, y = scene.ctx.cell_to_screen(cell)
    return math.hypot(x - pos[0], y - pos[1])


def move_then_attack(scene: BattleScene, screen: pygame.Surface, target: str) -> None:
    """Hover ``target`` (out of the actor's reach), click it, let the walk play, click the same pixel again:
    the target stays under that pixel throughout and the second click attacks it."""
    enc = scene.match.encounter
    actor = enc.turn
    assert actor is not None and scene.match.controllers[enc.view(actor).faction] == "human"
    cell = enc.view(target).cell
    hover(scene, cell)
    frame(scene, screen)
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    step = preview.approach_for(target)
    assert step is not None  # "from 6,11: the first click moves there, the next attacks"
    pos = at(scene, cell)
    press(scene, pos)
    frame(scene, screen)
    assert scene.anim.busy  # the walk plays (not skipped: the camera follows only what plays)
    settle(scene, screen)
    assert enc.view(actor).cell == step and not enc.acted
    assert drift(scene, cell, pos) <= 1.5, "the board scrolled under the pointer between the two clicks"
    assert scene.ctx.hovered_unit == target
    press(scene, pos)
    settle(scene, screen)
    assert enc.acted, scene.ctx.status  # the second click attacked
    assert drift(scene, cell, pos) <= 1.5, "the board scrolled under the pointer during the attack"


def test_ship_boarding_kestrel_walks_up_to_sahuagin_2_and_the_second_click_attacks(tmp_path: Path) -> None:
    """The playtest's own case (its log began: Kestrel moves to 6,11, attacks Sahuagin 2): the target stands
    just above the action bar, inside the view but in the band near its edge where the camera used to glide."""
    scene, screen = open_battle(tmp_path, SHIP, humans=("player", "ally"), setup=False)
    frame(scene, screen, 2)
    to_turn(scene, "Kestrel")
    settle(scene, screen)
    move_then_attack(scene, screen, "Sahuagin 2")


def test_ambush_near_the_top_edge_pell_walks_up_to_the_bandit_chief_and_the_second_click_attacks(
        tmp_path: Path) -> None:
    """Another map, zoomed in (ambush nearly fits the window) with the Bandit Chief near the top of the map
    area, in the band where the camera used to glide after Pell."""
    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally"), setup=False)
    frame(scene, screen, 2)
    to_turn(scene, "Pell")
    settle(scene, screen)
    vr = scene.ctx.view_rect
    put(scene, "Bandit Chief", (vr.centerx, vr.top + 90), zoom=1.5)
    frame(scene, screen)
    move_then_attack(scene, screen, "Bandit Chief")


def test_a_walk_that_would_leave_the_map_area_still_moves_the_camera(tmp_path: Path) -> None:
    """Holding still is for what the player can see: a token walking out of the map area is still followed."""
    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally"), setup=False)
    frame(scene, screen, 2)
    to_turn(scene, "Pell")
    settle(scene, screen)
    enc = scene.match.encounter
    here = enc.view("Pell").cell
    ends = [c for c, _, _ in enc.reach_for("Pell").destinations() if c != here]
    geo = scene.ctx.geometry
    far = max(ends, key=lambda c: math.dist(geo.cell_center(c), geo.cell_center(here)))
    vr = scene.ctx.view_rect
    # Pell at the view's centre, zoomed in so far that the walk's end lies outside the map area.
    put(scene, "Pell", vr.center, zoom=2.0)
    frame(scene, screen)
    assert not vr.collidepoint(scene.ctx.cell_to_screen(far))
    assert scene.submit(Move("Pell", far))
    settle(scene, screen)
    assert vr.collidepoint(scene.ctx.cell_to_screen(far))


def ai_walk(tmp_path: Path, at_bottom: int, zoom: float) -> float:
    """Sahuagin 2 (AI) put ``at_bottom`` px above the map area's bottom edge walks to the first hex it can: how
    far (screen px) the map slid under it during the walk alone."""
    scene, screen = open_battle(tmp_path, SHIP, humans=("player", "ally"), setup=False)
    frame(scene, screen, 2)
    to_turn(scene, "Sahuagin 2")  # no frame yet: the AI has not begun to think
    frame(scene, screen)
    enc = scene.match.encounter
    here = enc.view("Sahuagin 2").cell
    geo = scene.ctx.geometry
    step = max((c for c, _, _ in enc.reach_for("Sahuagin 2").destinations() if c != here),
               key=lambda c: geo.cell_center(c)[1])  # the lowest on the map: towards the bottom edge
    vr = scene.ctx.view_rect
    put(scene, "Sahuagin 2", (vr.centerx, vr.bottom - at_bottom), zoom=zoom)
    before = scene.ctx.cell_to_screen(here)
    assert scene.submit(Move("Sahuagin 2", step))  # as the AI's driver hands its move over
    assert scene.anim.queue and not any(a.by_player for a in scene.anim.queue)
    while scene.anim.busy:  # the walk alone (the AI's next action would move the camera too)
        frame(scene, screen)
    frame(scene, screen, 60)
    return math.dist(scene.ctx.cell_to_screen(here), before)


def test_an_ai_walk_that_would_leave_the_view_is_followed(tmp_path: Path) -> None:
    """The AI's turns are watched: a token walking out of the map area is followed (a glide)."""
    assert ai_walk(tmp_path, 30, 2.0) > 5


def test_an_ai_walk_in_plain_sight_near_the_edge_holds_the_map_still(tmp_path: Path) -> None:
    """Playtesting the ambush (seed 4) at 1200x760 the AI's turns glided after any token in the band near the
    view's edge, so the view slid 180 to 400 px between the player's turns and Bandit Archer 2's one-hex step,
    in sight, slid the Bandit Chief off the top. A token that stays in view and clear of the panels no longer
    moves the map, whoever's turn it is."""
    assert ai_walk(tmp_path, 110, 1.0) <= 1


def test_a_player_s_turn_begins_without_sliding_the_map_when_the_actor_is_in_view(tmp_path: Path) -> None:
    """Found playtesting giants_lair: as Sigrun's turn began, in plain sight, the view slid 32 px (to keep her
    clear of the room the combat log grows into), and the click aimed at 15,10 landed on 15,11. At a player's
    turn start the map now moves only for an actor out of view or under a panel as drawn. On the ambush at
    800x560, with every side at the controls, the map slid at 7 of the first round's turn starts before."""
    from game.rules import Begin, EndTurn

    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally", "enemy", "neutral"), setup=True,
                                size=(800, 560))
    scene.submit(Begin())
    frame(scene, screen, 3)
    enc = scene.match.encounter
    for _ in range(len(enc.order())):
        before = scene.ctx.camera.map_to_screen(0, 0)
        scene.submit(EndTurn())
        settle(scene, screen)
        after = scene.ctx.camera.map_to_screen(0, 0)
        vr = scene.ctx.view_rect
        x, y = scene.ctx.cell_to_screen(enc.view(enc.turn).cell)
        covered = any(r.collidepoint(x, y) for r in scene.panel_covers())
        if vr.collidepoint(x, y) and not covered:
            assert math.dist(before, after) <= 1, (enc.turn, before, after)
