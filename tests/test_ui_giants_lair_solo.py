"""Found playing a whole battle of giants_lair.tmx as a solo player, with the mouse, at 1280x800."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.ui.overlays import ActionPreview
from tests.scene_harness import frame, hover, key, open_battle, to_turn
from tests.ui_harness import ROOT

EVERYONE = ("player", "ally", "enemy", "neutral")
LAIR = ROOT / "maps" / "giants_lair.tmx"


def _preview(scene) -> list[str]:
    return [ln.text for ln in next(w for w in scene.widgets if isinstance(w, ActionPreview)).lines or []]


def test_a_disengage_with_no_threatener_shows_no_roll(tmp_path: Path) -> None:
    """Kell, out of every zone of control, pressed D: the preview said "not possible: Kell is not in threatened
    space (R23)" and then "Succeeds on 7+ (0 %)" over a breakdown with "highest threatener attack 0". With no
    hostile to break away from there is no roll: the refusal stands alone."""
    scene, screen = open_battle(tmp_path, LAIR, humans=EVERYONE, setup=False, size=(1280, 800))
    to_turn(scene, "Wynn")
    frame(scene, screen)
    key(scene, pygame.K_d)
    hover(scene, scene.match.encounter.view("Wynn").cell)
    frame(scene, screen)
    lines = _preview(scene)
    assert lines[0] == "Wynn tries to disengage with acrobatics (+3)"
    assert "not possible: Wynn is not in threatened space (R23)" in lines
    assert not [t for t in lines if "succeeds" in t.lower() or "d20 needs" in t or "threatener attack" in t]
