"""The GM's card hides no combatant until the GM reaches for it. In combat the full card (hit points, movement,
threat, push, remove, add, undo, end) is some 400 px tall; on Miller's Ford at 1280x760, G on the Goblin's
turn covered Mira whole, and the tracker could not even show where she stood. It is drawn short (the head and
the hit points) while its full size would cover a token, and whole while the pointer is on it."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.ui.gm.panel import GMTools
from tests.scene_harness import frame, key, open_battle

ROOT = Path(__file__).resolve().parents[1]


def test_g_in_combat_keeps_every_token_in_view_until_the_pointer_comes(tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, ROOT / "maps" / "default.tmx", humans=("player",), setup=False,
                                size=(1280, 760))
    frame(scene, screen, 30)
    assert scene.match.encounter.turn == "Goblin"  # the AI's Goblin (initiative 5) is first; GM mode holds it
    key(scene, pygame.K_g)
    frame(scene, screen)
    card = next(w for w in scene.widgets if isinstance(w, GMTools))
    ctx = scene.ctx
    hidden = [v.name for v in ctx.encounter.views()
              if v.active and card.cover.colliderect(ctx.token_rect(v.name))]
    assert hidden == [], f"the GM card hides {hidden}"
    assert {b.key for b in card.buttons} == {("hp", n) for n in (-5, -1, 1, 5)}  # the short card
    # The pointer on the card: every tool, as before.
    pos = (card.cover.x + 4, card.cover.y + 4)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frame(scene, screen)
    assert {"end", "undo", "join", "defeated", "fled"} <= {b.key for b in card.buttons}


def test_one_press_of_i_brings_the_short_gm_card_back_in_full(tmp_path: Path) -> None:
    """The GM card went short over Mira (above); I, the key for the full card, took two presses: the first only
    chose "short", which the card already was, and the status line said "Short GM card" with nothing changed."""
    scene, screen = open_battle(tmp_path, ROOT / "maps" / "default.tmx", humans=("player",), setup=False,
                                size=(1280, 760))
    frame(scene, screen, 30)
    key(scene, pygame.K_g)
    frame(scene, screen)
    card = next(w for w in scene.widgets if isinstance(w, GMTools))
    assert not card.full  # short: its full size would cover Mira
    key(scene, pygame.K_i)
    frame(scene, screen)
    assert card.full, scene.ctx.status
    assert {"end", "undo", "join"} <= {b.key for b in card.buttons}
    assert scene.ctx.status.startswith("Full GM card")
    key(scene, pygame.K_i)  # and I again: short, as the status line says
    frame(scene, screen)
    assert not card.full and scene.ctx.status.startswith("Short GM card")
