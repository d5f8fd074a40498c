"""A crowded token's name tag stands further out rather than on a neighbour.

Found in a full mouse playthrough of Harrow Keep at 1280x800: Captain Vessa ringed by Doran, Militia, Fenn, Sir
Bram, Ilse and the two pikemen, with the next ring half full; every spot for "Captain Vessa 15/15" within a hex
of her covered someone, and it sat on Fenn. Up to two hexes out (with its leader line), a gap of the next ring
hides no one; where every spot covers someone, the tag takes the one over the fewest token centres, then the
least of their area, and never her own initials.
"""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.rules import Place
from game.ui.tokenart import token_radius_px
from tests.scene_harness import frame, hover, open_battle
from tests.ui_harness import ROOT

FORTRESS = ROOT / "maps" / "fortress_assault.tmx"
CROWD = {"Captain Vessa": (2, 6), "Doran": (2, 5), "Militia": (1, 5), "Fenn": (1, 6), "Sir Bram": (1, 7),
         "Ilse": (2, 7), "Pikeman 1": (3, 6), "Pikeman 2": (3, 7), "Archer 1": (4, 6), "Archer 2": (2, 8),
         "Castellan Mord": (0, 6), "Gate Warden": (3, 8), "Sergeant Hale": (1, 8), "Grum": (2, 3)}


def test_a_ringed_tokens_tag_covers_no_neighbour_where_two_hexes_out_is_clear(tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, FORTRESS, humans=("player", "ally", "enemy"), setup=True, size=(1280, 800))
    frame(scene, screen, 3)
    enc, ctx = scene.match.encounter, scene.ctx
    for _ in range(3):  # a hex still taken by someone yet to move is free on the next pass
        for name, cell in CROWD.items():
            if enc.view(name).cell != cell and enc.check(Place(name, cell)) is None:
                scene.submit(Place(name, cell))
    assert {n: enc.view(n).cell for n in CROWD} == CROWD
    frame(scene, screen, 30)
    while scene.anim.busy:
        frame(scene, screen)
    hover(scene, CROWD["Captain Vessa"])
    frame(scene, screen, 2)
    assert ctx.hovered_unit == "Captain Vessa"
    tag = scene.view.name_tag
    assert tag is not None
    inr = ctx.hex_radius()
    discs = {}
    for v in enc.views():
        x, y = ctx.cell_to_screen(v.cell)
        r = token_radius_px(inr, v.radius)
        discs[v.name] = pygame.Rect(round(x - r), round(y - r), 2 * r, 2 * r)
    own = discs.pop("Captain Vessa")
    assert not tag.collidepoint(own.center)  # her own initials stay in sight
    assert [n for n, d in discs.items() if tag.colliderect(d)] == []  # on nobody else
    assert ctx.view_rect.contains(tag) and tag.collidelist(ctx.panels) < 0
    assert scene.view.name_leader is not None  # off her body: a line says whose it is
