"""Found storming Harrow Keep with ``--explain-ai`` at 1280x800: the AI's reasons, kept bottom left of the map
after an enemy's turn, lay over the left end of the action bar on the player's next turn; with an archer's six
buttons its box hid most of *Attack [A]*. The reasons now sit just above the bar wherever they would reach under
it, and stay bottom left where they do not. They show on the AI's turns only (stale on the player's: see
tests/test_ui_layout_collisions.py), so the bar and the previews meet them when a GM (G) takes an AI's turn."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.rules import Place
from game.ui import hud
from game.ui.panels.tooltips import Tooltips
from tests.scene_harness import frame, hover, key, open_battle, to_turn
from tests.ui_harness import ROOT, drawn_by

REASONS = ["position", "plan: End of turn", "  support: +0.75", "  stay: +0.30", "  approach: -0.20",
           "  danger: -0.13", "  death: -0.00"]


def test_the_ai_reasons_keep_off_the_action_bar(tmp_path: Path, monkeypatch) -> None:
    scene, screen = open_battle(tmp_path, ROOT / "maps" / "fortress_assault.tmx", humans=("player", "ally"),
                                setup=False, size=(1280, 800))
    scene.opts.explain_ai = True
    to_turn(scene, "Archer 1")
    scene.ai.who, scene.ai.lines = "Archer 1, normal AI: End of turn", list(REASONS)
    key(scene, pygame.K_g)  # the GM takes the archer's turn: the bar comes up under the reasons
    frame(scene, screen, 30)
    drawn = drawn_by(hud, monkeypatch)
    frame(scene, screen)
    bar = hud.bar_area(scene.view.buttons)
    lines = [r for s, r in drawn if s in (scene.ai.who, *REASONS)]
    assert bar is not None and len(lines) == 1 + len(REASONS)
    box = lines[0].unionall(lines)  # the box's words, from the heading to the last reason
    assert len(scene.view.buttons) == 7  # Attack, Shoot, Shove, Disengage, Flee, Undo, End turn
    assert not box.colliderect(bar), (box, bar)
    assert box.bottom > scene.ctx.view_rect.bottom - 200  # still down by the bar, not flung to the top
    assert box.left < bar.left  # bottom left, as before


def test_an_attack_preview_keeps_off_the_ai_reasons(tmp_path: Path, monkeypatch) -> None:
    """Ilse's attack preview on a pikeman and an archer in the breach (round 2 of that battle) sat under the
    reasons, its roll's breakdown hidden ("so the d20 needs 8+" unreadable). Set up as it stood: Ilse at 5,8,
    the archers out on the strip below the wall; every preview and move tooltip now keeps off the box (shown now
    with Archer 2's turn taken by the GM: the reasons show on the AI's turns only)."""
    scene, screen = open_battle(tmp_path, ROOT / "maps" / "fortress_assault.tmx", humans=("player", "ally"),
                                setup=True, size=(1280, 800))
    scene.opts.explain_ai = True
    for who, cell in (("Pikeman 1", (7, 7)), ("Pikeman 2", (8, 7)), ("Archer 1", (8, 5)),
                      ("Archer 2", (8, 6)), ("Castellan Mord", (9, 7)), ("Ilse", (5, 8))):
        assert scene.submit(Place(who, cell))
    to_turn(scene, "Archer 2")
    scene.ai.who, scene.ai.lines = "Archer 2, normal AI: End of turn", list(REASONS)
    key(scene, pygame.K_g)
    frame(scene, screen, 30)
    tips = next(w for w in scene.widgets if isinstance(w, Tooltips))
    seen = 0
    for cell in ((5, 8), (3, 8), (2, 8), (4, 8), (2, 7), (4, 9), (3, 10), (5, 10)):
        hover(scene, cell)
        frame(scene, screen, 2)
        box = scene.view.explain_rect
        assert box is not None
        for rect, _ in tips.drawn:
            seen += 1
            assert not rect.colliderect(box), (cell, rect, box)
    assert seen >= 4
