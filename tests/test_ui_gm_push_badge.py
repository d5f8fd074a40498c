"""The GM's push that goes nowhere says "stays" beside the token, as the shove preview does, and hides neither the
token nor a neighbour's name (R12: a push stops before a combatant in its way).

Pens worked out by hand (pointy-top, odd rows shifted right, so from an even row ne is the same column a row up
and nw the column before it):

    row 0  # # # # # # # # #
    row 1  # . N M . . . . #      N 2,1 and M 3,1: Orc's nw and ne neighbours (the crowded pens only)
    row 2  # W L O T . . . #      Lysa 2,2 (the open pen) or W 2,2 (the ring); Orc 3,2; Orc Two 4,2
    row 3  # . S R . . . . #      S 2,3 and R 3,3: Orc's sw and se neighbours (the ring only)
    row 4  # # # # # # # # #

The GM pushes Orc e: Orc Two stands on 4,2, so it goes nowhere ("stays"). At zoom 1.0 a hex's inradius is 32 px
and a token's disc 25 px (0.78 of it); neighbours' centres are 64 px apart across a row and 55 px up a row.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.render.style import font
from game.render.tokens import initials
from game.ui import theme as th
from game.ui.camera import ZOOMS
from game.ui.gm import GMTools
from tests.scene_harness import frame, hover, key, open_playing
from tests.ui_harness import drawn_by

ROWS = ["#########", "#.......#", "#.......#", "#.......#", "#########"]
ORCS = [{"name": "Orc", "at": (3, 2), "faction": "enemy", "initiative": 5},
        {"name": "Orc Two", "at": (4, 2), "faction": "enemy", "initiative": 4}]
ABOVE = [{"name": "Bandit Nw", "at": (2, 1), "faction": "enemy", "initiative": 3},
         {"name": "Bandit Ne", "at": (3, 1), "faction": "enemy", "initiative": 2}]
AROUND = [{"name": "West", "at": (2, 2), "faction": "enemy", "initiative": 1},
          {"name": "Sw Guard", "at": (2, 3), "faction": "enemy", "initiative": 1},
          {"name": "Se Guard", "at": (3, 3), "faction": "enemy", "initiative": 1}]


def _open(tmp_path: Path, units: list[dict], zoom: float):  # type: ignore[no-untyped-def]
    tmx = write_map(tmp_path / "pen.tmx", ROWS, units=units, title="Pen")
    scene, screen = open_playing(tmp_path, tmx, "Lysa")
    scene.ctx.camera.zoom_index = ZOOMS.index(zoom)
    frame(scene, screen, 2)
    return scene, screen


def _gm_push_east(scene, screen, monkeypatch) -> pygame.Rect:  # type: ignore[no-untyped-def]
    """Point at the GM card's push e with Orc selected; the "stays" badge's words as drawn."""
    key(scene, pygame.K_g)
    scene.ctx.selected = "Orc"
    frame(scene, screen)
    drawn = drawn_by(th, monkeypatch)
    gm = next(w for w in scene.widgets if isinstance(w, GMTools))
    button = next(b for b in gm.buttons if b.key == ("push", "e"))
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    frame(scene, screen)
    p = scene.match.encounter.preview_push("Orc", "e", 1)
    assert p.steps == 0 and p.stopped is not None and "Orc Two" in p.stopped  # in the way (R12)
    words = [rect for s, rect in drawn if s == "stays"]
    assert len(words) == 1
    return words[0]


def _disc(scene, name: str) -> tuple[float, float, int]:  # type: ignore[no-untyped-def]
    x, y = scene.ctx.cell_to_screen(scene.match.encounter.view(name).cell)
    return x, y, round(scene.ctx.hex_radius() * 0.78)


def _name_box(scene, name: str) -> pygame.Rect:  # type: ignore[no-untyped-def]
    """Where a one-hex token's initials are drawn: the token font at 0.95 (two letters) or 0.75 (three) of its
    disc's radius, centred a pixel low, with a 1 px outline."""
    x, y, r = _disc(scene, name)
    label = initials(name)
    scale = 0.95 if len(label) <= 2 else 0.75
    w, h = font(max(9, int(r * scale)), bold=True).size(label)
    box = pygame.Rect(0, 0, w + 2, h + 2)
    box.center = (round(x), round(y) + 1)
    return box


def _into_disc(box: pygame.Rect, x: float, y: float, radius: float) -> bool:
    nx, ny = min(max(x, box.left), box.right), min(max(y, box.top), box.bottom)
    return math.hypot(nx - x, ny - y) < radius


def _clear_of_everyone(scene, badge: pygame.Rect, neighbours: list[str]) -> None:  # type: ignore[no-untyped-def]
    x, y, r = _disc(scene, "Orc")
    assert not _into_disc(badge, x, y, r + 6), "over Orc's disc or its selection ring (out to r + 6)"
    bar = pygame.Rect(0, 0, int(r * 1.6) + 2, max(4, r // 6) + 2)
    bar.midtop = (round(x), round(y + r + 1))
    assert not badge.colliderect(bar), "over Orc's hp bar"
    for name in neighbours:
        assert not badge.colliderect(_name_box(scene, name)), f"over {name}'s initials"


def test_the_gm_s_stays_badge_sits_where_the_shove_preview_puts_it(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Open pen: Lysa on 2,2 shoving Orc from where she stands pushes it e (R22), into Orc Two: it stays. The
    shove preview's "stays" and the GM's push e of Orc are the same badge in the same place: just above Orc's
    disc and ring (nothing stands on its nw or ne), centred over it."""
    lysa = {"name": "Lysa", "at": (2, 2), "faction": "player", "initiative": 9}
    scene, screen = _open(tmp_path, [lysa, *ORCS], 1.0)
    drawn = drawn_by(th, monkeypatch)
    key(scene, pygame.K_s)
    hover(scene, (3, 2))  # the orc's centre: no side pointed at, the way from where Lysa stands
    frame(scene, screen, 2)
    p = scene.match.encounter.preview_shove("Lysa", "Orc")
    assert p.direction == "e" and len(p.push_path) <= 1  # stays (R12)
    shoved = [rect for s, rect in drawn if s == "stays"][-1]
    key(scene, pygame.K_ESCAPE)
    pushed = _gm_push_east(scene, screen, monkeypatch)
    assert pushed == shoved
    x, y, r = _disc(scene, "Orc")
    assert pushed.bottom < y - r - 7 and abs(pushed.centerx - x) <= 1
    _clear_of_everyone(scene, pushed.inflate(8, 4), ["Lysa", "Orc Two"])


def test_with_both_neighbours_above_the_badge_goes_under_the_hp_bar(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Bandits on Orc's nw and ne (their initials 32 px either side of its centre, 55 px up): "stays", 56 px
    wide above Orc, would run 28 px each way into both "BN"s (from 20 px out). Below, nobody stands: it goes
    there, under the hp bar, centred, touching no one's initials."""
    lysa = {"name": "Lysa", "at": (6, 3), "faction": "player", "initiative": 9}
    scene, screen = _open(tmp_path, [lysa, *ORCS, *ABOVE], 1.0)
    badge = _gm_push_east(scene, screen, monkeypatch).inflate(8, 4)
    x, y, r = _disc(scene, "Orc")
    assert badge.top > y + r + 6 and abs(badge.centerx - x) <= 1  # under the bar (r + 2 down, 4 px tall)
    _clear_of_everyone(scene, badge, ["Bandit Nw", "Bandit Ne", "Orc Two"])


@pytest.mark.parametrize("zoom", ZOOMS)
def test_in_a_ring_of_neighbours_the_badge_hides_no_name_at_any_zoom(tmp_path: Path, zoom: float,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Orc with a neighbour on all six sides: at every zoom step the badge finds a place off Orc itself and off
    all six neighbours' initials (far out at the far zooms, where a hex is narrower than the word)."""
    lysa = {"name": "Lysa", "at": (6, 3), "faction": "player", "initiative": 9}
    scene, screen = _open(tmp_path, [lysa, *ORCS, *ABOVE, *AROUND], zoom)
    badge = _gm_push_east(scene, screen, monkeypatch).inflate(8, 4)
    _clear_of_everyone(scene, badge, ["Bandit Nw", "Bandit Ne", "Orc Two", "West", "Sw Guard", "Se Guard"])
