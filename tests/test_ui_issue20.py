"""Issue 20's window bugs, each reproduced as a new player met it (default map, seed as shipped, 1280x720).

The battle scene is built as ``playmat play`` builds it (every faction human unless said), driven with real
pygame events, and drawn headless.
"""

from __future__ import annotations

import math
import os
import time
from pathlib import Path

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import GrantMovement, Move, Place, Remove, SetThreatening, Shove
from game.ui.app import PlayConfig, play
from game.ui.battle import BattleScene
from game.ui.confirm import ConfirmScene
from game.ui.context import Reply
from game.ui.overlays import ActionPreview, FacingArcs, PathPreview
from tests.scene_harness import click, frame, hover, key, open_battle, to_turn
from tests.ui_harness import DEFAULT, SIZE

EVERYONE = ("player", "ally", "enemy", "neutral")


def battle(tmp_path: Path, *, map_path: Path = DEFAULT, setup: bool = True,
           humans: tuple[str, ...] = EVERYONE) -> tuple[BattleScene, pygame.Surface]:
    scene, screen = open_battle(tmp_path, map_path, humans=humans, setup=setup)
    frame(scene, screen)
    return scene, screen


def widget(scene: BattleScene, kind: type) -> object:
    return next(w for w in scene.widgets if isinstance(w, kind))


def tip_text(lines: list | None) -> str:
    return " ".join(ln.text for ln in lines or [])


def test_bug1_no_move_then_attack_is_offered_where_the_attack_could_not_follow(tmp_path: Path) -> None:
    """Mira's first turn: hover 6,4, then the Orc Pikeman at 11,6. It is out of reach from everywhere Mira
    can go: the preview offers no move, and its reason is the one a click gets."""
    scene, screen = battle(tmp_path)
    to_turn(scene, "Mira")
    hover(scene, (6, 4))
    frame(scene, screen)
    hover(scene, (11, 6))
    frame(scene, screen)
    preview = widget(scene, ActionPreview)
    said = tip_text(preview.lines)  # type: ignore[attr-defined]
    assert "first click moves there" not in said
    assert preview.approach_for("Orc Pikeman") is None  # type: ignore[attr-defined]
    before = scene.match.encounter.view("Mira").cell
    click(scene, (11, 6))
    assert scene.match.encounter.view("Mira").cell == before  # nothing was committed
    reason = scene.match.encounter.can_attack("Mira", "Orc Pikeman")
    assert reason is not None and "distance 8" in reason
    words = reason.removeprefix("attack: ").replace('"', "")  # the window drops the quotes round names
    # The engine's words first, then why no step helps, as the preview says it (her 7 movement, hand-counted:
    # the pikeman's footprint stays 2 hexes off wherever she ends).
    assert scene.ctx.status == "Cannot attack: " + words + "; 7 movement left: Mira gets no nearer than distance 2"
    assert "7 movement left" in said and "no nearer than distance 2" in said
    # The preview's reason is the click's, under a heading that names the target (without the rule number, and
    # the short preview says "reach 1" for "Mira strikes at distance 1").
    assert "out of reach: distance 8, reach 1" in said and "Mira strikes at distance 1" in words


def pikeman_and_wren(tmp_path: Path) -> tuple[BattleScene, pygame.Surface]:
    scene, screen = battle(tmp_path)
    scene.submit(Place("Orc Pikeman", (8, 5)))
    scene.submit(Place("Wren", (6, 4)))
    to_turn(scene, "Wren")
    return scene, screen


def test_bug2_cannot_reach_names_the_zone_that_stops_every_path(tmp_path: Path) -> None:
    """Pikeman (reach 2, not adjacent) at 8,5, Wren at 6,4 with 7 movement: 7,5 is two steps away, but every
    way there first enters the pikeman's zone (R9)."""
    scene, screen = pikeman_and_wren(tmp_path)
    hover(scene, (7, 5))
    frame(scene, screen)
    said = tip_text(widget(scene, PathPreview).lines)  # type: ignore[attr-defined]
    assert "Orc Pikeman" in said and '"' not in said and "6,5" in said and "zone of control" in said
    click(scene, (7, 5))
    assert "Orc Pikeman" in scene.ctx.status and "(the shortest at 6,5)" in scene.ctx.status


def test_bug3_a_disengage_that_can_gain_nothing_asks_first_and_its_title_reads(tmp_path: Path) -> None:
    scene, screen = pikeman_and_wren(tmp_path)
    scene.submit(Move("Wren", (6, 5)))  # into the pikeman's zone: stopped, 0 movement left (R9)
    v = scene.match.encounter.view("Wren")
    assert v.movement == 0 and v.zoc_exhausted
    scene.anim.skip(scene.tokens)
    key(scene, pygame.K_d)
    frame(scene, screen)
    lines = widget(scene, ActionPreview).lines  # type: ignore[attr-defined]
    assert lines[0].text == "Wren tries to disengage with no combat skill (the d20 alone)"
    assert "even a success gains nothing this turn" in tip_text(lines)
    tr = key(scene, pygame.K_d)
    assert tr is not None and isinstance(tr.scene, ConfirmScene) and tr.scene.title == "Disengage anyway?"
    assert not any('"disengage"' in line for line in (tmp_path / "battle.jsonl").read_text().splitlines())


def test_bug5_the_status_bar_speaks_sentences_after_gm_actions_and_undo(tmp_path: Path) -> None:
    scene, screen = battle(tmp_path)
    to_turn(scene, "Mira")
    said = []
    for action in (GrantMovement("Mira", 3), SetThreatening("Orc 1", False), Remove("Orc 2", "defeated")):
        scene._reply(Reply(action=action, status="GM: " + action.KIND))  # as the GM panel replies
        said.append(scene.ctx.status)
    assert said[0] == "GM grants Mira 3 more movement"
    assert said[1] == "GM: Orc 1 no longer threatens the hexes around it"
    assert said[2].startswith("GM takes Orc 2 off the map, counted as defeated")
    scene.submit(Move("Mira", (4, 5)))
    scene.anim.skip(scene.tokens)
    key(scene, pygame.K_u)
    assert scene.ctx.status == "Undone: Mira moves to 4,5"


def test_bug6_the_name_tag_covers_no_token_and_no_arc_label(tmp_path: Path) -> None:
    scene, screen = battle(tmp_path)
    scene.submit(Place("Orc Pikeman", (9, 5)))
    scene.submit(Place("Mira", (8, 4)))
    to_turn(scene, "Mira")
    hover(scene, (9, 5))
    frame(scene, screen)
    tag = scene.view.name_tag
    assert tag is not None
    labels = widget(scene, FacingArcs).label_rects  # type: ignore[attr-defined]
    assert len(labels) >= 3
    assert not any(tag.colliderect(r) for r in labels)
    inr = scene.ctx.hex_radius()
    for name in ("Mira", "Orc Pikeman"):
        x, y = scene.ctx.cell_to_screen(scene.match.encounter.view(name).cell)
        disc = pygame.Rect(0, 0, round(1.6 * inr), round(1.6 * inr))
        disc.center = (round(x), round(y))
        assert not tag.colliderect(disc), name


def test_bug7_no_stale_preview_after_a_shove_moves_the_target_away(tmp_path: Path) -> None:
    scene, screen = battle(tmp_path)
    scene.submit(Place("Orc 2", (9, 6)))
    scene.submit(Place("Aldric", (8, 6)))
    to_turn(scene, "Aldric")
    hover(scene, (9, 6))
    frame(scene, screen)
    assert widget(scene, ActionPreview).plan is not None  # type: ignore[attr-defined]
    scene.submit(Shove("Aldric", "Orc 2", roll=20))
    assert scene.match.encounter.view("Orc 2").cell != (9, 6)
    frame(scene, screen, 120)  # the push plays out; the pointer has not moved
    assert scene.ctx.hovered_unit is None
    assert widget(scene, ActionPreview).plan is None  # type: ignore[attr-defined]
    assert "attacks Orc 2" not in tip_text(widget(scene, ActionPreview).lines)  # type: ignore[attr-defined]


def test_bug8_panning_never_empties_more_than_a_quarter_and_home_is_the_opening_view(tmp_path: Path) -> None:
    scene, screen = battle(tmp_path, setup=False, humans=("player", "ally"))
    frame(scene, screen, 3)
    cam = scene.ctx.camera
    home = (cam.zoom_index, cam.cx, cam.cy)
    for _ in range(600):  # ten seconds of panning down and right
        cam.step(720, 720, 1 / 60)
    right, bottom = cam.map_to_screen(cam.left + cam.map_w, cam.top + cam.map_h)
    assert right >= cam.view_w * 0.75 - 1 and bottom >= cam.view_h * 0.75 - 1
    key(scene, pygame.K_HOME)
    assert (cam.zoom_index, cam.cx, cam.cy) == home
    # The pointer resting on the bottom row, over the status bar, is not at the map's edge.
    w, h = SIZE
    assert scene.director.edge_vector((w // 2, h - 1), tuple(scene.ctx.view_rect)) == (0, 0)
    assert scene.director.edge_vector((w // 2, scene.ctx.view_rect.bottom - 2),
                                      tuple(scene.ctx.view_rect)) == (0, 1)


def small_map(path: Path, terrain: list[str]) -> Path:
    units = [{"name": "Hero", "at": (1, 2), "faction": "player", "move": 4, "initiative": 9},
             {"name": "Orc", "at": (6, 2), "faction": "enemy", "initiative": 5}]
    return write_map(path, terrain, units=units, title="Edited")


def touch_later(path: Path) -> None:
    t = time.time() + 5
    os.utime(path, (t, t))


def test_bug9_a_map_edit_mid_battle_is_replayed_onto_or_refused_in_one_line(tmp_path: Path) -> None:
    rows = ["........"] * 5
    tmx = small_map(tmp_path / "edit.tmx", rows)
    scene, screen = battle(tmp_path, map_path=tmx, setup=False)
    frame(scene, screen)
    scene.submit(Move("Hero", (3, 2)))
    small_map(tmx, [rows[0], "....w...", *rows[2:]])  # water where nobody stands
    touch_later(tmx)
    frame(scene, screen, 40)
    enc = scene.match.encounter
    assert scene.ctx.status.startswith("Map edit in edit.tmx noticed: terrain reloaded")
    assert enc.view("Hero").cell == (3, 2) and enc.phase == "active"  # the log so far, replayed
    assert enc.board.terrain[1, 4] != scene.match.encounter.board.terrain[0, 4]
    small_map(tmx, [rows[0], rows[1], "...#....", *rows[3:]])  # a wall on Hero's path and hex
    touch_later(tmx)
    frame(scene, screen, 40)
    assert scene.ctx.status.startswith("Map edit in edit.tmx noticed but not applied (it applies to the next")
    assert "\n" not in scene.ctx.status
    assert scene.match.encounter is enc  # the battle goes on as it was


def test_bug11_the_end_turn_question_is_answered_only_by_a_click_that_began_on_it(tmp_path: Path) -> None:
    scene, screen = battle(tmp_path)
    to_turn(scene, "Mira")
    tr = key(scene, pygame.K_RETURN)
    assert tr is not None and isinstance(tr.scene, ConfirmScene)
    q = tr.scene
    q.draw(screen, 1.0)
    yes = q.buttons[0].rect
    centre = scene.ctx.view_rect.center
    assert not q.box.collidepoint(centre)  # not where the map's middle (the actor) is
    # A release with no press (a click that began before the question opened) does nothing.
    assert q.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=yes.center, button=1)) is None
    # A press on the map, released on Yes: nothing.
    q.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    assert q.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=yes.center, button=1)) is None
    # Enter held into key repeat: nothing; the opening Enter's release: nothing.
    for _ in range(3):
        q.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    assert q.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)) \
        is None
    assert scene.match.encounter.turn == "Mira"
    # A real click on Yes ends the turn.
    q.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=yes.center, button=1))
    q.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=yes.center, button=1))
    assert scene.match.encounter.turn != "Mira"


def test_bug12_headless_autoplay_ends_with_the_battle_and_saves_the_screenshot(tmp_path: Path) -> None:
    tmx = small_map(tmp_path / "duel.tmx", ["........"] * 5)
    shot = tmp_path / "end.png"
    result = play(PlayConfig(map_path=tmx, log_path=tmp_path / "duel.jsonl", autoplay=True, headless=True,
                             frames=20000, speed=float("inf"), screenshot=shot))
    from game.ui.summary import SummaryScene

    assert result.frames < 20000 and isinstance(result.stack.top, SummaryScene)
    assert shot.exists() and pygame.image.load(str(shot)).get_size() == SIZE


def test_a_refused_attack_reads_as_refused_not_as_odds_on_offer(tmp_path: Path) -> None:
    """Playthrough under Xvfb: Wren's first turn, hovering the Orc Pikeman across the ford. The preview said
    "not possible: out of reach", then "Hits on 8+ (65 %)" in bright type with the damage and the whole roll,
    like an attack the next click makes. A refused blow keeps its reason; out of reach from every hex Wren can
    reach this turn, it reads as a hex out of reach does: a plain heading, the reason in grey, and no roll."""
    scene, screen = battle(tmp_path)
    to_turn(scene, "Wren")
    hover(scene, (11, 6))
    frame(scene, screen)
    lines = widget(scene, ActionPreview).lines  # type: ignore[attr-defined]
    assert lines is not None
    said = tip_text(lines)
    assert lines[0].text == "Cannot attack Orc Pikeman this turn" and lines[1].text.startswith("out of reach")
    assert all(ln.role in ("text", "muted") for ln in lines) and "hits on" not in said.lower()
    assert "the d20 needs" not in said and "A hit deals" not in said


def test_the_name_tag_is_drawn_over_the_previews_arrows(tmp_path: Path) -> None:
    """Playthrough under Xvfb (Harrow Keep): Sir Bram hovering Pikeman 2, the tag "Pikeman 2 11/11" sat on the
    attack arrow's row and the arrow was drawn across it, unreadable. Whatever goes over the tokens (arrows,
    paths, rings) goes under the hovered token's name."""
    scene, screen = battle(tmp_path)
    to_turn(scene, "Mira")
    hover(scene, (11, 6))

    class Cover:
        layer = "over"

        def handle_event(self, event: pygame.event.Event, ctx: object) -> None:
            return None

        def draw(self, surface: pygame.Surface, ctx: object) -> None:
            surface.fill((255, 0, 255))  # stands for every overlay drawn over the tokens

    scene.widgets.append(Cover())  # type: ignore[arg-type]
    frame(scene, screen)
    tag = scene.view.name_tag
    assert tag is not None
    inside = [screen.get_at((x, tag.centery))[:3] for x in range(tag.left + 3, tag.right - 3)]
    assert (255, 0, 255) not in inside


def labels_on(scene: BattleScene, cell: tuple[int, int]) -> list[pygame.Rect]:
    """The arc labels (as last drawn) that lie on the token at ``cell``: its disc, 0.78 hex inradius each side."""
    labels = widget(scene, FacingArcs).label_rects  # type: ignore[attr-defined]
    inr = scene.ctx.hex_radius()
    x, y = scene.ctx.cell_to_screen(cell)
    disc = pygame.Rect(0, 0, round(1.56 * inr), round(1.56 * inr))
    disc.center = (round(x), round(y))
    return [r for r in labels if r.colliderect(disc)]


def test_an_arc_label_lies_on_no_token(tmp_path: Path) -> None:
    """Found playing ambush under Xvfb: hovering Bandit 3 with Lysa beside it, "left −2" sat on Lysa's token,
    hiding her initials (the labels are drawn over the tokens)."""
    scene, screen = battle(tmp_path)
    enc = scene.match.encounter
    pike = enc.view("Orc Pikeman")  # at 11,6 as shipped, on dry land all round
    left, right = (enc.layout.neighbor(pike.cell, (pike.facing_index + k) % 6) for k in (2, 4))  # R17: its flanks
    assert scene.submit(Place("Mira", left)) and scene.submit(Place("Aldric", right))
    to_turn(scene, "Mira")
    hover(scene, pike.cell)
    frame(scene, screen)
    labels = widget(scene, FacingArcs).label_rects  # type: ignore[attr-defined]
    assert len(labels) >= 3
    # Both flanks held, a label stays within a hex of its arc (u24, tests/test_ui_labels_near.py) and may touch a
    # neighbour's rim there, but never its initials (the middle of its disc, half a hex inradius each side).
    inr = scene.ctx.hex_radius()
    for name in ("Mira", "Aldric"):
        x, y = scene.ctx.cell_to_screen(scene.match.encounter.view(name).cell)
        initials = pygame.Rect(0, 0, round(inr), round(inr))
        initials.center = (round(x), round(y))
        assert initials.collidelist(labels) < 0, name


def test_the_front_label_clears_a_polearm_two_hexes_off(tmp_path: Path) -> None:
    """Found playing ambush: Lysa (reach 1-2) attacked Bandit Spear from two hexes in front of it, and "front"
    sat on her token: the label stepped out no further than the next hex's token."""
    scene, screen = battle(tmp_path)
    enc = scene.match.encounter
    pike = enc.view("Orc Pikeman")
    ahead = enc.layout.neighbor(enc.layout.neighbor(pike.cell, pike.facing_index), pike.facing_index)
    assert scene.submit(Place("Mira", ahead))
    to_turn(scene, "Mira")
    hover(scene, pike.cell)
    frame(scene, screen)
    assert widget(scene, FacingArcs).label_rects and not labels_on(scene, ahead)  # type: ignore[attr-defined]


def test_the_front_label_turns_aside_from_a_row_of_tokens(tmp_path: Path) -> None:
    """Found at Miller's Ford (seed 11, round 2): Mira, Aldric and Brother Tam stood in a row west of Orc 2,
    which faced west, and "front" lay on Mira's initials: straight out, every spot for two hexes held a
    token. The label turns within the front arc (which spans three sides, R17) to the first clear spot."""
    scene, screen = battle(tmp_path)
    enc = scene.match.encounter
    pike = enc.view("Orc Pikeman")  # facing w at 11,6, on dry land all round
    row, at = [], pike.cell
    for name in ("Mira", "Aldric", "Brother Tam"):
        at = enc.layout.neighbor(at, pike.facing_index)  # straight out of its front, one hex after another
        assert scene.submit(Place(name, at))
        row.append(name)
    to_turn(scene, "Mira")
    hover(scene, pike.cell)
    frame(scene, screen)
    assert len(widget(scene, FacingArcs).label_rects) >= 3  # type: ignore[attr-defined]
    for name in row:
        assert not labels_on(scene, scene.match.encounter.view(name).cell), name
    # Turned aside near the token rather than pushed straight out past the row (Harrow Keep: Sir Bram's "front"
    # ended three hexes off, beyond Doran and Ilse, beside their own arcs): within two hexes of the pikeman.
    cx, cy = scene.ctx.cell_to_screen(pike.cell)
    hex_step = scene.ctx.hex_radius() * math.sqrt(3)  # centre to centre
    for r in widget(scene, FacingArcs).label_rects:  # type: ignore[attr-defined]
        assert math.hypot(r.centerx - cx, r.centery - cy) <= 2 * hex_step, r
