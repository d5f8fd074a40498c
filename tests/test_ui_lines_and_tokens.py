"""Lines drawn for a preview keep off the tokens' initials (default map, 1280x720, drawn headless).

Found at Miller's Ford and aboard the Black Gull: the move path, drawn over the tokens, started on the
mover's own initials and crossed every friend it walked through; the attack line ran centre to centre
through both tokens' initials. The move path now lies under the tokens (as Wesnoth's footsteps do) and an
attack line runs from rim to rim.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from game.render.pg import pygame
from game.ui.battle import BattleScene
from game.ui.overlays import PathPreview
from tests.scene_harness import at, at_turn, click, frame, hover, open_battle, to_turn
from tests.ui_harness import DEFAULT, ROOT


def initials(scene: BattleScene, screen: pygame.Surface, name: str) -> np.ndarray:
    """The pixels of the middle of a token's disc, where its initials are written."""
    x, y = scene.ctx.cell_to_screen(scene.match.encounter.view(name).cell)
    half = max(3, round(0.35 * scene.ctx.hex_radius()))
    return pygame.surfarray.array3d(screen)[round(x) - half:round(x) + half, round(y) - half:round(y) + half].copy()


def untouched(before: np.ndarray, after: np.ndarray) -> bool:
    """Nothing drawn over them: a line (dark edge, light core) changes pixels by a hundred levels or more; a
    translucent arc shaded under the token may shift its edge a level or two."""
    return int(np.abs(before.astype(int) - after.astype(int)).max()) <= 8


def test_the_move_path_passes_under_the_movers_initials(tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, DEFAULT, humans=("player", "ally", "enemy", "neutral"), setup=True)
    to_turn(scene, "Mira")
    frame(scene, screen, 3)
    enc = scene.match.encounter
    col, row = enc.view("Mira").cell
    before = initials(scene, screen, "Mira")
    # Two hexes along Mira's row: a path that leaves her hex in a straight line across her initials.
    to = next(c for c in ((col + 2, row), (col - 2, row)) if enc.reach_for("Mira").end_at(c) is not None)
    hover(scene, to)
    frame(scene, screen)
    path = next(w for w in scene.widgets if isinstance(w, PathPreview))
    assert path.path and path.path[0] == (col, row) and path.path[-1] == to  # the path is drawn...
    assert untouched(before, initials(scene, screen, "Mira"))  # ...and Mira's initials untouched


def test_an_attack_that_needs_a_move_leaves_the_movers_initials_clear(tmp_path: Path) -> None:
    from game.rules import Place
    from game.ui.overlays import ActionPreview

    scene, screen = open_battle(tmp_path, DEFAULT, humans=("player", "ally", "enemy", "neutral"), setup=True)
    scene.submit(Place("Goblin", (6, 5)))  # three hexes east of Mira (3,5): she walks up to strike
    to_turn(scene, "Mira")
    frame(scene, screen, 3)
    enc = scene.match.encounter
    before = initials(scene, screen, "Mira")
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    walked = []
    for v in enc.views():
        if v.active and enc.hostile("Mira", v.name):
            hover(scene, v.cell)
            frame(scene, screen)
            if preview.plan is not None and preview.plan[0] is not None and preview.plan[1].legal is None:
                walked.append(v.name)  # the preview walks Mira to preview.plan[0] and strikes from there
                assert untouched(before, initials(scene, screen, "Mira")), v.name
    assert walked  # at least one foe is in reach after a move, so the check above ran


def test_an_attack_on_a_neighbour_is_drawn_in_the_gap_between_them(tmp_path: Path) -> None:
    """Found at Miller's Ford (seed 11): Mira beside Orc 2, and the attack arrow ran across "Mi" and "O2": the
    gap between neighbours' discs was too short for the rim-to-rim cut, which then drew the line whole. The
    arrow now stays in the gap, however short (its head alone), and Mira's initials are untouched."""
    import math

    from game.rules import Place
    from game.ui.overlays import ActionPreview

    scene, screen = open_battle(tmp_path, DEFAULT, humans=("player", "ally", "enemy", "neutral"), setup=True)
    scene.submit(Place("Goblin", (4, 5)))  # east of Mira at 3,5: neighbours
    to_turn(scene, "Mira")
    frame(scene, screen, 3)
    before = initials(scene, screen, "Mira")
    hover(scene, (4, 5))
    frame(scene, screen)
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    assert preview.plan is not None and preview.plan[0] is None and preview.arrow is not None
    rim = 0.78 * scene.ctx.hex_radius()
    start, end = preview.arrow
    for cell, point in (((3, 5), start), ((4, 5), end)):
        assert math.dist(point, scene.ctx.cell_to_screen(cell)) >= rim - 1.0  # outside both discs
    assert untouched(before, initials(scene, screen, "Mira"))


def test_the_hovered_targets_name_tag_never_sits_on_the_attack_arrow(tmp_path: Path) -> None:
    """Found on giants_lair (1024x640): "Cave Troll 16/16" sat on the attack arrow's head. The name tag keeps
    off the arrow as it keeps off the arcs' labels. Every shipped map at two window sizes, the first actor of
    combat pointing at each foe in turn: before, the tag lay on the arrow 9 times at these two sizes."""
    from game.rules import Begin
    from game.ui.overlays import ActionPreview
    from game.ui.overlays.draw import along

    maps = sorted((Path(__file__).resolve().parents[1] / "maps").glob("*.tmx"))
    assert len(maps) == 5
    looked = 0
    for size in ((1280, 720), (800, 560)):
        for path in maps:
            folder = tmp_path / f"{path.stem}-{size[0]}"  # a log of its own: the same file would be resumed
            folder.mkdir()
            scene, screen = open_battle(folder, path, humans=("player", "ally", "enemy", "neutral"), setup=True,
                                        size=size)
            assert scene.submit(Begin())
            frame(scene, screen, 3)
            enc = scene.match.encounter
            actor = enc.turn
            preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
            for v in enc.views():
                if v.active and actor is not None and enc.hostile(actor, v.name):
                    hover(scene, v.cell)
                    frame(scene, screen)
                    tag = scene.view.name_tag
                    if preview.arrow is not None and tag is not None:
                        looked += 1
                        assert tag.collidelist(along(*preview.arrow)) < 0, (size, path.name, actor, v.name)
    # The arrow and the tag were both drawn for every foe the actor can strike this turn (14 here): a blow out
    # of reach draws no arrow (test_ui_foresight), so most foes at the opening have none to keep off.
    assert looked >= 12


def test_the_combat_log_steps_aside_for_a_token_under_it(tmp_path: Path) -> None:
    """A token that walked under the combat log could be clicked (clicks go through) but not seen: the log
    claimed the pointer, so no card and no attack preview. With the pointer on a token there, the log steps
    aside (not drawn, its room free for the preview's tooltip) until the pointer leaves the token."""
    from game.rules import Place
    from game.ui.overlays import ActionPreview
    from game.ui.panels.combat_log import CombatLog
    from tests.test_ui_log_room import put

    scene, screen = open_battle(tmp_path, DEFAULT, humans=("player", "ally", "enemy", "neutral"), setup=True)
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    frame(scene, screen, 3)
    # The GM pans the map's bottom right corner under the log (the opening view centres the fight between the
    # panels, leaving little of the map there)...
    cam = scene.ctx.camera
    cam.jump(*cam.centre_range()[0::2])  # the least centre: the map drawn furthest right and down
    frame(scene, screen)
    # ...and in setup puts the goblin on a hex near the bottom of the room the log grows into: by Mira's turn
    # the log's lines cover it.
    box = log.grown
    enc = scene.match.encounter
    under = [c for c in (scene.ctx.cell_at((x, y)) for y in range(box.bottom - 10, box.y, -10)
                         for x in range(box.x + 30, box.right - 30, 20)) if c is not None]
    assert under and any(scene.submit(Place("Goblin", c)) for c in under)
    to_turn(scene, "Mira")
    frame(scene, screen, 3)
    goblin = enc.view("Goblin").cell
    # The log keeps to its first turn's three lines (test_ui_log_bounded): the camera brings the goblin under them.
    put(scene, "Goblin", (log.cover.centerx, log.cover.bottom - 20))
    frame(scene, screen)
    assert log.cover.collidepoint(scene.ctx.cell_to_screen(goblin))  # the goblin is under the log as drawn
    box = log.cover
    hover(scene, goblin)
    frame(scene, screen)
    assert scene.ctx.hovered_unit == "Goblin" and log.peek
    assert log.cover.width == 0 and log.drawn == []  # the log is not drawn while it steps aside
    assert next(w for w in scene.widgets if isinstance(w, ActionPreview)).lines  # Mira's attack preview shows
    # Off the token but still over the log: the log is back, and it keeps the pointer to itself.
    empty = next(c for c in (scene.ctx.cell_at(p) for p in ((box.x + 12, box.bottom - 8), (box.right - 12, box.y + 8),
                                                           (box.right - 12, box.bottom - 8), (box.x + 12, box.y + 8)))
                 if c is not None and c != goblin and not any(c in enc.footprint(v.name) for v in enc.views()))
    hover(scene, empty)
    frame(scene, screen)
    assert not log.peek and log.cover.width > 0 and scene.ctx.hovered_unit is None


def test_the_trolls_arc_labels_keep_out_from_under_the_tracker(tmp_path: Path) -> None:
    """Miller's Ford at 1280x720, combat just begun: the Troll stands below the initiative tracker, and one of
    its arcs' labels lay under the tracker when it was hovered. A label now keeps out from under the panels
    where some spot in its arc is clear (a sweep of every combatant of the five maps at three window sizes:
    33 of 171 hovers had a label under a panel before, 15 after, those where every spot is covered)."""
    from game.rules import Begin
    from game.ui.overlays import FacingArcs

    scene, screen = open_battle(tmp_path, DEFAULT, humans=("player", "ally", "enemy", "neutral"), setup=True)
    assert scene.submit(Begin())
    frame(scene, screen, 3)
    # The opening view centres the fight between the card and the tracker, the Troll beside the tracker: the
    # player drags the map so it stands below it, where its arcs reach under the tracker.
    tracker = scene.panel_covers()[0]
    x, y = scene.ctx.cell_to_screen(scene.match.encounter.view("Troll").cell)
    scene.ctx.camera.drag(tracker.centerx - x, tracker.bottom + 60 - y)
    frame(scene, screen)
    hover(scene, scene.match.encounter.view("Troll").cell)
    frame(scene, screen, 2)
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    assert arcs.shown == "Troll" and len(arcs.label_rects) >= 3
    covers = scene.panel_covers()
    assert [r for r in arcs.label_rects if r.collidelist(covers) >= 0] == []


def test_the_tracker_steps_aside_for_a_token_under_it_and_its_rows_answer_elsewhere(tmp_path: Path) -> None:
    """A token under the initiative tracker could be neither seen nor previewed, and under a row not even
    clicked (the row took the click). With the pointer on a token there, the tracker steps aside as the combat
    log does, rows and all: the token wins over the row under it, its card, name tag and Mira's attack preview
    show. Off the token the tracker is back, and a row where no token lies under the pointer still rings and
    selects its combatant."""
    from game.rules import Place
    from game.ui.overlays import ActionPreview
    from game.ui.panels.card import shown_name
    from game.ui.panels.initiative import InitiativeTracker

    scene, screen = open_battle(tmp_path, DEFAULT, humans=("player", "ally", "enemy", "neutral"), setup=True)
    tracker = next(w for w in scene.widgets if isinstance(w, InitiativeTracker))
    frame(scene, screen, 3)
    # The GM pans the map's top right under the tracker (the opening view centres the fight between the panels)...
    cam = scene.ctx.camera
    x0, _, _, y1 = cam.centre_range()
    cam.jump(x0, y1)  # the map drawn furthest right and up
    frame(scene, screen)
    # ...and in setup puts Orc 1 under a row of someone else's (not the Goblin, who acts first: the camera would
    # bring the actor out from under the tracker).
    enc = scene.match.encounter
    box = tracker.cover
    cells = {c for c in (scene.ctx.cell_at((x, y)) for x in range(box.x, box.right, 8)
                         for y in range(box.y, box.bottom, 8)) if c is not None}
    under = sorted(c for c in cells if any(r.collidepoint(at(scene, c)) and n != "Orc 1" for r, n in tracker._rows))
    assert under and any(scene.submit(Place("Orc 1", c)) for c in under)
    to_turn(scene, "Mira")
    frame(scene, screen, 3)
    orc = enc.view("Orc 1").cell
    row = next(name for r, name in tracker._rows if r.collidepoint(at(scene, orc)))
    assert row != "Orc 1" and tracker.cover.collidepoint(at(scene, orc))  # a row is drawn over the orc
    hover(scene, orc)
    frame(scene, screen, 2)
    assert scene.ctx.hovered_unit == "Orc 1" and tracker.peek
    assert tracker.cover.width == 0 and scene.ctx.highlight is None  # not drawn; the row under it rings nobody
    assert shown_name(scene.ctx) == "Orc 1" and scene.view.name_tag is not None  # its card and its name tag
    assert next(w for w in scene.widgets if isinstance(w, ActionPreview)).lines  # Mira's attack preview shows
    click(scene, orc)  # a click on what is on screen: Mira's attack on the orc (out of reach), not the row
    assert scene.ctx.selected == "Mira" and "Orc 1" in scene.ctx.status
    frame(scene, screen)
    # On that row beside the orc, where no token is under the pointer: the tracker is back and the row answers.
    r = next(r for r, name in tracker._rows if name == row)
    spot = next((x, r.centery) for x in range(r.right - 8, r.x, -8)
                if (c := scene.ctx.cell_at((x, r.centery))) is None or scene._unit_at(c) is None)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)))
    frame(scene, screen)
    assert not tracker.peek and tracker.cover.width > 0 and scene.ctx.hovered_unit is None
    assert tracker.hovered == row and scene.ctx.highlight == row
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    assert scene.ctx.selected == row


def test_an_attacks_approach_passes_beneath_the_friend_it_walks_through(tmp_path: Path) -> None:
    """Aboard the Black Gull, Kestrel (flying) strikes Sahuagin 2 from 6,11, and the way there passes through
    Tobin's hex (friends may be passed through). The approach is drawn over the tokens, and a step's dot sat on
    "To": now it passes beneath Tobin (drawn up to his rim and on from the far side), his initials untouched."""
    from game.ui.overlays import ActionPreview

    scene, screen = at_turn(tmp_path, ROOT / "maps" / "ship_boarding.tmx", "Kestrel", humans=("player", "ally"),
                            size=(1280, 800))
    enc = scene.match.encounter
    before = initials(scene, screen, "Tobin")
    hover(scene, enc.view("Sahuagin 2").cell)
    frame(scene, screen)
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    assert preview.plan is not None and preview.plan[0] is not None  # Kestrel walks up first...
    way = list(enc.reach_for("Kestrel").path_to(preview.plan[0]))
    assert enc.view("Tobin").cell in way[1:-1]  # ...by way of Tobin's hex
    assert untouched(before, initials(scene, screen, "Tobin"))
