"""The solo player's turn in words: the status line's how-to hint after the action is used, and what the attack
preview says when zone of control or spent movement is what keeps the actor from a foe. Played with real pygame
events on the battle scene as ``playmat play`` builds it, drawn headless."""

from __future__ import annotations

from pathlib import Path

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.ui.battle import BattleScene
from game.ui.overlays import ActionPreview
from game.ui.status_fade import REFUSAL_HOLD_S
from tests.scene_harness import click, frame, hover, key, open_battle

PLAYER = ("player",)


def _battle(tmp_path: Path, rows: list[str], units: list[dict]) -> tuple[BattleScene, pygame.Surface]:
    tmx = write_map(tmp_path / "field.tmx", rows, units=units, title="Field")
    scene, screen = open_battle(tmp_path, tmx, humans=PLAYER, setup=False)
    frame(scene, screen, 30)
    return scene, screen


def _preview(scene: BattleScene) -> list[str]:
    p = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    return [ln.text for ln in p.lines or []]


def test_the_turn_hint_after_an_attack_offers_only_what_is_left(tmp_path: Path) -> None:
    """The hint under the map said "A/S/D choose attack, shove, disengage" after Lysa had struck, beside the
    greyed Attack, Shove and Disengage buttons. After the blow it offers moving on and ending the turn only."""
    units = [{"name": "Lysa", "at": (4, 2), "faction": "player", "initiative": 9, "move": 4},
             {"name": "Orc", "at": (5, 2), "faction": "enemy", "initiative": 1, "hp": 60}]
    scene, screen = _battle(tmp_path, ["........."] * 5, units)
    enc = scene.match.encounter
    assert enc.turn == "Lysa"
    click(scene, (4, 2))  # her own token: the hint, whole, before she acts
    before = scene.ctx.status
    assert "A/S/D choose attack, shove, disengage" in before and "an enemy to attack" in before
    click(scene, (5, 2))  # the blow
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    assert enc.acted and enc.view("Lysa").movement == 4
    click(scene, (4, 2))
    hint = scene.ctx.status
    assert hint == "Lysa: click a shaded hex to move; Enter ends the turn"
    # The same hint comes back once a refusal (A, with the action used) has been read.
    key(scene, pygame.K_a)
    assert scene.ctx.status.startswith("Cannot attack")
    scene.update(1 / 60)
    scene.update(REFUSAL_HOLD_S + 0.5)
    assert scene.ctx.status == hint
    # Moved off with the last of her movement: ending the turn is all that is left.
    click(scene, (0, 2))
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    assert enc.view("Lysa").cell == (0, 2)
    click(scene, (0, 2))
    assert scene.ctx.status == "Lysa: Enter ends the turn"
