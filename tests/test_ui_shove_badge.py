"""The shove preview's "stays" badge leaves the shoved token readable (found on giants_lair: it hid "CT").

A pen worked out by hand (pointy-top, odd rows shifted right):

    row 0  # # # # # # # # #
    row 1  # . . . . . . # #
    row 2  # . B . . T . # #      Bjorn (large) on 2,2, the Cave Troll (large) on 5,2: each covers its hex and
    row 3  # . . . . . . # #      its six neighbours (R26), so Bjorn's 3,2 touches the troll's 4,2
    row 4  # # # # # # # # #

Bjorn, as large as the troll, may shove it (R22); from where he stands, from his centre toward the troll's the
push runs e, which would put the troll's east hex, 6,2, on 7,2: a wall, so even on a success it stays put (R12).
The badge says "stays" on the troll's own hex, where its token and initials are.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.ui.overlays import ActionPreview, push_words
from tests.scene_harness import frame, hover, key, open_playing
from tests.test_ui_layout_collisions import widget

ROWS = ["#########", "#......##", "#......##", "#......##", "#########"]
UNITS = [
    {"name": "Bjorn", "at": (2, 2), "faction": "player", "initiative": 9, "move": 4, "size": "large"},
    {"name": "Cave Troll", "at": (5, 2), "faction": "enemy", "initiative": 1, "size": "large", "hp": 16},
]


def test_the_stays_badge_sits_above_the_troll_clear_of_its_initials_and_hp_bar(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    tmx = write_map(tmp_path / "pen.tmx", ROWS, units=UNITS, title="Pen")
    scene, screen = open_playing(tmp_path, tmx, "Bjorn")
    drawn: list[tuple[str, pygame.Rect]] = []
    real = push_words.landing_badge

    def recording(*args, **kw) -> pygame.Rect:  # type: ignore[no-untyped-def]
        box = real(*args, **kw)
        drawn.append((args[3], box))
        return box

    monkeypatch.setattr(push_words, "landing_badge", recording)
    key(scene, pygame.K_s)
    hover(scene, (5, 2))  # the troll's centre: no side pointed at, the way from where Bjorn stands
    frame(scene, screen, 2)
    p = scene.match.encounter.preview_shove("Bjorn", "Cave Troll")
    assert p.legal is None and p.direction == "e" and len(p.push_path) <= 1 and not p.falls  # stays (R12)
    lines = [ln.text for ln in widget(scene, ActionPreview).lines or []]
    assert any(t.startswith("stays put: ") for t in lines)
    boxes = [box for word, box in drawn if word == "stays"]
    assert boxes
    box = boxes[-1]
    cx, cy = scene.ctx.cell_to_screen((5, 2))
    r = scene.ctx.hex_radius() * (0.78 + 1.42)  # a large token's disc: 2.2 hex inradii (R26)
    # Wholly above the disc: the initials in its middle and the hp bar under it are not covered.
    assert box.bottom < cy - r
    assert abs(box.centerx - cx) <= 1  # over the troll, not beside some other token
