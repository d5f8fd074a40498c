"""Disengage is lit only where it could be tried: in threatened space, action unused (R23), as Flee is lit only
on an exit (R24).

Found on the Black Gull: Kestrel, far from any enemy, could press D; the button lit, the status line said
"Disengage: click your combatant (or press D again) to try it" and the preview beside it "not possible:
Kestrel is not in threatened space". Now the button is greyed, pointing at it or pressing D says the engine's
reason, and the mode stays attack. Beside Sahuagin 2 the button lights and D enters the mode as before.
"""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.rules import Move
from game.ui.commands import ATTACK, DISENGAGE
from tests.scene_harness import frame, key, open_battle
from tests.ui_harness import ROOT

NOT_THREATENED = "Cannot disengage: Kestrel is not in threatened space (R23)"


def test_disengage_is_greyed_and_says_why_away_from_any_foe(tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, ROOT / "maps" / "ship_boarding.tmx", humans=("player", "ally"),
                                setup=False)
    frame(scene, screen, 30)
    enc = scene.match.encounter
    assert enc.turn == "Kestrel" and not enc.threateners_of("Kestrel")
    bar = {cmd: b for b, cmd in scene.view.buttons}
    assert not bar["mode:disengage"].enabled and bar["mode:shove"].enabled
    assert scene.greyed_reason("mode:disengage") == NOT_THREATENED
    # The hint under the map offers only what the bar lights.
    assert scene.mapper.idle_status(False) == ("Kestrel: click a shaded hex to move, an enemy to attack; "
                                                "A/S choose attack, shove; Enter ends the turn")
    key(scene, pygame.K_d)
    assert scene.ctx.status == NOT_THREATENED and scene.ctx.action_mode == ATTACK
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bar["mode:disengage"].rect.center, button=1))
    assert scene.ctx.status == NOT_THREATENED and scene.ctx.action_mode == ATTACK

    # Kestrel flies beside Sahuagin 2 (7,11): threatened now, so Disengage lights and D enters its mode.
    s2 = enc.view("Sahuagin 2").cell
    beside = next(c for c in enc.layout.neighbors(s2) if enc.can_move_to("Kestrel", c) is None)
    assert scene.submit(Move("Kestrel", beside))
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    assert enc.threateners_of("Kestrel") == ["Sahuagin 2"]
    bar = {cmd: b for b, cmd in scene.view.buttons}
    assert bar["mode:disengage"].enabled
    assert "A/S/D choose attack, shove, disengage" in scene.mapper.idle_status(False)
    key(scene, pygame.K_d)
    assert scene.ctx.action_mode == DISENGAGE
