"""At a player's turn start the actor and the enemies it can reach are in view and clear of the panels, and the map
holds still when they already are (found playing the ambush, seed 4, at 1200x760 with the mouse)."""

from __future__ import annotations

import math
from pathlib import Path

from game.render.pg import pygame
from game.rules import EndTurn, Move
from game.ui.battle import BattleScene
from game.ui.battle_camera import within_reach
from game.ui.panels.card import CombatantCard
from tests.scene_harness import frame, open_battle, to_turn
from tests.test_ui_camera_still import settle
from tests.test_ui_log_room import put
from tests.ui_harness import ROOT

AMBUSH = ROOT / "maps" / "ambush.tmx"
SIZE = (1200, 760)


def box(scene: BattleScene, name: str) -> pygame.Rect:
    """``name``'s token on screen: disc, selection ring and hp bar."""
    ctx = scene.ctx
    x, y = ctx.cell_to_screen(ctx.encounter.view(name).cell)
    r = ctx.hex_radius() * (0.78 + 1.42 * ctx.encounter.view(name).radius) + 7
    return pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))


def clear(scene: BattleScene, name: str) -> bool:
    b = box(scene, name)
    return scene.ctx.view_rect.contains(b) and not any(c.colliderect(b) for c in scene.panel_covers())


def test_an_enemy_the_actor_can_reach_is_brought_out_from_under_the_action_bar(tmp_path: Path) -> None:
    """Rounds 2 and 3: Bandit Archer 2 stood under the action bar, then off screen, as Lysa's turn began, and the
    player panned with the arrow keys to find it. Lysa in plain sight kept the map still."""
    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally"), setup=False, size=SIZE)
    frame(scene, screen, 2)
    to_turn(scene, "Lysa")
    enc = scene.match.encounter
    assert "Bandit 3" in within_reach(enc, "Lysa")
    bar = next(b for b, _ in scene.view.buttons) if scene.view.buttons else None
    vr = scene.ctx.view_rect
    put(scene, "Bandit 3", (vr.centerx - 120, vr.bottom - 20 if bar is None else bar.rect.centery), zoom=1.0)
    assert clear(scene, "Lysa")
    frame(scene, screen)  # the turn is framed at its first drawing
    settle(scene, screen)
    assert clear(scene, "Lysa")
    for name in within_reach(enc, "Lysa"):
        assert clear(scene, name), (name, box(scene, name), scene.panel_covers())


def test_a_turn_begins_with_the_map_still_when_only_the_last_actor_s_taller_card_covered_the_actor(
        tmp_path: Path) -> None:
    """Round 1: Pell's card, a line taller once the zone of control stopped him, covered Lysa's token as drawn
    for him, so the view slid 34 px as her turn began though her own card left her in plain sight. The turn is
    framed once the panels have laid out for the new actor."""
    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally"), setup=False, size=SIZE)
    frame(scene, screen, 2)
    to_turn(scene, "Pell")
    settle(scene, screen)
    assert scene.submit(Move("Pell", (11, 2)))  # stopped by Bandit 2's zone of control: the card says so
    settle(scene, screen)
    card = next(w for w in scene.widgets if isinstance(w, CombatantCard))
    tall = pygame.Rect(card.cover)
    r = box(scene, "Lysa").width / 2
    put(scene, "Lysa", (tall.centerx, round(tall.bottom - 16 + r)), zoom=1.25)  # just under Pell's card
    frame(scene, screen)
    assert pygame.Rect(card.cover).colliderect(box(scene, "Lysa"))
    before = scene.ctx.camera.map_to_screen(0, 0)
    assert scene.submit(EndTurn())
    frame(scene, screen)
    assert scene.match.encounter.turn == "Lysa" and clear(scene, "Lysa")  # her card is shorter
    settle(scene, screen)
    assert math.dist(scene.ctx.camera.map_to_screen(0, 0), before) <= 1


def test_the_nearest_foe_that_can_strike_the_actor_is_brought_out_from_under_the_log(tmp_path: Path) -> None:
    """giants_lair at 1280x800: as Astrid's turn began, held in Goblin 1's zone of control, Grundvald, who could
    strike her where she stood but whom she could not reach, sat half under the combat log; the camera only
    moved for the enemies she could hit. The nearest foe that can strike her is kept clear too."""
    from game.rules import EndTurn
    from game.ui.battle_camera import in_sight_at_turn
    from game.ui.panels.combat_log import CombatLog
    from tests.test_ui_giants_lair_solo import EVERYONE, LAIR

    scene, screen = open_battle(tmp_path, LAIR, humans=EVERYONE, setup=False, size=(1280, 800))
    frame(scene, screen, 2)
    enc = scene.match.encounter
    for who, cell in (("Goblin 1", (8, 10)), ("Astrid", (6, 7)), ("Grundvald", (13, 8)), ("", None),
                      ("Grundvald", (10, 8)), ("Goblin 1", (7, 7))):
        if not who:
            scene.submit(EndTurn())
            continue
        to_turn(scene, who)
        scene.submit(Move(who, cell))
    to_turn(scene, "Astrid")
    assert "Grundvald" not in within_reach(enc, "Astrid") and "Grundvald" in in_sight_at_turn(enc, "Astrid")
    frame(scene, screen)
    log = next(w for w in scene.widgets if isinstance(w, CombatLog)).cover
    scene.camera.turn_due = True  # the turn begins with Grundvald under the log
    put(scene, "Grundvald", (log.left + 40, log.top + 40), zoom=1.0)
    assert not clear(scene, "Grundvald") and clear(scene, "Astrid")
    frame(scene, screen)
    settle(scene, screen)
    pygame.image.save(screen, str(tmp_path / "turn.png"))
    assert clear(scene, "Astrid") and clear(scene, "Grundvald"), scene.panel_covers()
