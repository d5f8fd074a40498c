"""Labels sit on or beside what they name (u24): an arc's label no further than a hex from its arc's middle, a name
tag no further than a hex from its token's disc and, unless it hugs the disc (0.3 hex), nearer its own token than
any other.

Found at Harrow Keep: at 1600x900 Captain Vessa's "left −2", pushed out past Ilse, ended beside Sir Bram a hex
and a half off; in GM mode at 1280x800 "Fenn 10/10" sat above Captain Vessa, for Militia, Sir Bram, Captain
Vessa and the GM card left no closer spot clear. Both read as the other token's.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.ui.overlays.arcs import FacingArcs  # noqa: E402
from game.ui.tokenart import token_radius_px  # noqa: E402
from tests.scene_harness import frame, hover, key, open_battle  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"
EVERYONE = ("player", "ally", "enemy", "neutral")  # nobody moves while the test points
# The side each label names, counted from the facing counter-clockwise (R17): front is the facing side itself
# (the label of the three front sides goes on the middle one), left +2, right -2, rear +3.
SIDE = {"front": 0, "left": 2, "right": 4, "rear": 3}


def arc_home(scene, name: str, word: str) -> tuple[float, float]:
    """Where the label ``word`` of ``name``'s arcs belongs, worked out from the map: on the line from the token's
    centre through the centre of the neighbouring hex on that side, 1.23 hexes past the footprint's edge (the
    drawn ring ends at 1.45 hexes; a label's middle sits a little inside it)."""
    ctx = scene.ctx
    v = ctx.encounter.view(name)
    side = (v.facing_index + SIDE[word.split()[0]]) % 6
    cx, cy = ctx.cell_to_screen(v.cell)
    nx, ny = ctx.cell_to_screen(ctx.encounter.layout.neighbor(v.cell, side))
    d = math.hypot(nx - cx, ny - cy)
    out = d * (v.radius + 1.23)
    return cx + (nx - cx) / d * out, cy + (ny - cy) / d * out


def gap(scene, rect, name: str) -> float:
    """How far (px) ``rect``'s nearest point lies outside ``name``'s disc as drawn."""
    cx, cy = scene.ctx.cell_to_screen(scene.tokens[name].cell)
    dx = max(rect.left - cx, 0, cx - rect.right)
    dy = max(rect.top - cy, 0, cy - rect.bottom)
    return max(0.0, math.hypot(dx, dy) - token_radius_px(scene.ctx.hex_radius(), scene.tokens[name].radius))


CASES = [(m, s, gm) for m in ("fortress_assault.tmx", "ambush.tmx") for s in ((1600, 900), (1280, 800))
         for gm in (False, True)]


@pytest.mark.parametrize("map_name,size,gm", CASES, ids=[f"{m[:-4]}-{s[0]}x{s[1]}-{'gm' if g else 'play'}"
                                                         for m, s, g in CASES])
def test_every_label_sits_by_what_it_names(tmp_path: Path, map_name: str, size: tuple[int, int], gm: bool) -> None:
    """Hovering every token in turn: each facing-arc label's centre is within a hex of its arc's middle, and the
    name tag's nearest edge is within a hex of the token's disc and no nearer another's (past 0.3 hex)."""
    scene, screen = open_battle(tmp_path, MAPS / map_name, humans=EVERYONE, setup=False, size=size)
    frame(scene, screen, 30)
    if gm:
        key(scene, pygame.K_g)
        frame(scene, screen, 3)
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    labels = 0
    far: list[tuple[str, str, int]] = []
    for name in list(scene.tokens):
        hover(scene, scene.tokens[name].cell)
        frame(scene, screen, 2)
        if scene.ctx.hovered_unit != name:
            continue  # under a panel: not pointed at
        hexw = 2 * scene.ctx.hex_radius()  # a hex, centre to centre
        for word, rect in zip(arcs.label_words, arcs.label_rects, strict=True):
            labels += 1
            off = math.dist(rect.center, arc_home(scene, name, word))
            if off > hexw + 1:  # (+1: whole pixels)
                far.append((name, word, round(off)))
        tag = scene.view.name_tag
        assert tag is not None, name
        own = gap(scene, tag, name)
        nearer = [o for o in scene.tokens if o != name and gap(scene, tag, o) < own]
        if own > 1.05 * hexw + 1 or (own > 0.3 * hexw + 1 and nearer):
            far.append((name, f"name tag, nearer {nearer}", round(own)))
    assert labels >= 20  # the arcs were shown: the case this is about
    assert far == [], (far, round(2 * scene.ctx.hex_radius()))
