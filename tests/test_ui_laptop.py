"""A whole battle in a laptop's window (960x600): what playing the Black Gull there found, each pinned on the real
battle scene, driven with real pygame events, drawn headless."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.rules import Move
from game.ui.panels.tooltips import Tooltips
from tests.scene_harness import frame, hover, key, open_battle, to_turn
from tests.ui_harness import ROOT

SHIP = ROOT / "maps" / "ship_boarding.tmx"
LAPTOP = (960, 600)


def test_the_sea_witch_s_burst_preview_leaves_whom_it_catches_and_where_they_go_in_view(tmp_path: Path) -> None:
    """Found at 960x600 with the map filling the window: the burst's box took the one spot clear of the combat
    log, over Corsair 1 whom the burst caught, or over the hex a push arrow ended on. What the box describes now
    comes before the panels (a panel is read again a moment later; the preview is read now)."""
    scene, screen = open_battle(tmp_path, SHIP, humans=("enemy",), setup=False, size=LAPTOP)
    frame(scene, screen, 2)
    to_turn(scene, "Sea Witch")
    scene.submit(Move("Sea Witch", (7, 3)))  # one move from her deck towards the party's
    scene.anim.skip(scene.tokens)
    frame(scene, screen, 30)
    key(scene, pygame.K_b)
    tips = next(w for w in scene.widgets if isinstance(w, Tooltips))
    enc, ctx = scene.match.encounter, scene.ctx
    for centre in [(6, 3), (8, 3), (10, 3)]:
        p = enc.preview_cast("Sea Witch", centre)
        assert p.legal is None and p.affected
        hover(scene, centre)
        frame(scene, screen)
        (box, _anchor), = tips.drawn
        for a in p.affected:
            assert not box.colliderect(ctx.token_rect(a.target)), (centre, a.target)
            if len(a.push_path) > 1:
                assert not box.colliderect(ctx.hex_rect(a.push_path[-1])), (centre, a.target, a.push_path[-1])


def test_the_combat_log_keeps_to_its_newest_lines_off_the_corsairs_deck_until_pointed_at(tmp_path: Path) -> None:
    """Found at 960x600: after a round the log grew to five lines (about 130 px) over the corsairs' deck, columns
    11-14, rows 8-11. A small window's log now shows its two newest lines; the pointer on it shows them all."""
    from game.rules import EndTurn
    from game.ui.panels.combat_log import CombatLog

    scene, screen = open_battle(tmp_path, SHIP, humans=("enemy",), setup=False, size=LAPTOP)
    frame(scene, screen, 2)
    to_turn(scene, "Sea Witch")
    scene.submit(EndTurn())
    to_turn(scene, "Sea Witch")
    frame(scene, screen, 30)
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    assert len(log.drawn) == 2 and log.drawn[-1][0] == "Sea Witch's turn"
    assert log.cover.height <= 80
    deck = scene.ctx.hex_rect((12, 9))
    assert not log.cover.colliderect(deck)
    pos = (log.cover.centerx, log.cover.bottom - 10)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frame(scene, screen)
    assert len(log.drawn) >= 5 and log.drawn[-1][0] == "Sea Witch's turn"  # asked for: all it has room for
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 100), rel=(0, 0), buttons=(0, 0, 0)))
    frame(scene, screen)
    assert len(log.drawn) == 2


def test_a_hex_s_box_keeps_off_the_open_legend_where_it_can(tmp_path: Path) -> None:
    """Found at 960x600 with the legend open (L): the box of a hex beside it sat on its right column and cut its
    text off ("stopped by a zone of contr..."). An open legend is read, as the box is: the box takes the card's
    corner instead."""
    from game.ui.panels.legend import Legend

    scene, screen = open_battle(tmp_path, SHIP, humans=("player",), setup=False, size=LAPTOP)
    frame(scene, screen, 30)
    key(scene, pygame.K_l)
    frame(scene, screen)
    legend = next(w for w in scene.widgets if isinstance(w, Legend))
    tips = next(w for w in scene.widgets if isinstance(w, Tooltips))
    # The hexes just beside it, within 40 px (it opens on the side clear of the party, the right one here; a hex
    # column is some 36 px wide at 65 %, so one always ends that near it wherever the opening view rests).
    enc, ctx = scene.match.encounter, scene.ctx
    rows, cols = enc.board.terrain.shape
    beside = [(c, r) for r in range(rows) for c in range(cols)
              if not ctx.hex_rect((c, r)).colliderect(legend.cover)
              and ctx.hex_rect((c, r)).inflate(80, 0).colliderect(legend.cover)
              and ctx.view_rect.contains(ctx.hex_rect((c, r)))]
    assert len(beside) >= 4
    for cell in beside:
        hover(scene, cell)
        frame(scene, screen)
        (box, anchor), = tips.drawn
        assert not box.colliderect(legend.cover), cell
        assert not box.colliderect(anchor), cell
