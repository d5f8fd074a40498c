"""Shoving made obvious (R22, R12): every way to push the hovered foe, where it lands, what it suffers, the odds,
and the way a click (or W on the keyboard) commits. Worked out by hand on a small pen:

    row 0  # # # # # # #
    row 1  # . . c . . #      3,1 chasm (north-east of the orc)
    row 2  # . . O h . #      the orc on 3,2 facing w; 4,2 a hazard (3 damage, R12 default)
    row 3  # L . . P . #      Lysa on 1,3 (movement 6); Orc 2 on 4,3
    row 4  # # # # # # #

Pointy-top, odd rows shifted right. A shove pushes straight away from the shover (R22), so each side of the orc
Lysa can reach this turn is one way:
- from 2,2 (its w side, reached in 1): pushed e onto the hazard at 4,2: 3 damage, 7 of 10 hp left, and there it
  stands beside Orc 2 (4,3 is 4,2's south-east neighbour);
- from 2,3 (sw, reached in 1): pushed ne into the chasm at 3,1: falls, defeated;
- from 2,1 (nw, by 1,2 and 1,1, neither threatened: 3 movement): pushed se to 3,3;
- not from 3,3 (se): every hex around it is threatened (R9 stops her on the way) or held; not from 4,2 (a
  walker may not enter a hazard, R5) nor 3,1 (a chasm).
Every side Lysa can reach is in the orc's front arc (it faces w: w, nw and sw, R17), so no penalty: d20 + 3 >= 12,
9+ (60 %) for each way; only the fall defeats, so with the pointer on no side the chasm is the default way.
"""

from __future__ import annotations

from pathlib import Path

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import Shove
from game.ui import theme as th
from game.ui.gm.push_preview import push_lines
from game.ui.overlays import ActionPreview
from game.ui.theme import Line
from tests.detail_key import alt_held
from tests.scene_harness import at, click, frame, hover, key, open_playing

ROWS = ["#######", "#..c..#", "#..xh.#", "#.....#", "#######"]
UNITS = [
    {"name": "Lysa", "at": (1, 3), "faction": "player", "initiative": 9, "attack": 3, "move": 6},
    {"name": "Orc", "at": (3, 2), "faction": "enemy", "initiative": 5, "hp": 10, "defense": 12, "facing": "w"},
    {"name": "Orc 2", "at": (4, 3), "faction": "enemy", "initiative": 4},
]


def _pen(tmp_path: Path):
    tmx = write_map(tmp_path / "pen.tmx", ROWS, units=UNITS, title="Pen")
    scene, screen = open_playing(tmp_path, tmx, "Lysa")
    key(scene, pygame.K_s)
    return scene, screen


def _widget(scene) -> ActionPreview:
    return next(w for w in scene.widgets if isinstance(w, ActionPreview))


def _texts(scene) -> list[str]:
    return [ln.text for ln in _widget(scene).lines or []]


def _point_from(scene, screen, side: tuple[int, int]) -> None:
    """The pointer on the orc's token, halfway toward ``side`` (a neighbour hex): that side chosen."""
    (ox, oy), (sx, sy) = at(scene, (3, 2)), at(scene, side)
    pos = (round(ox + (sx - ox) * 0.45), round(oy + (sy - oy) * 0.45))
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frame(scene, screen)


def test_every_way_to_shove_is_listed_with_its_landing_harm_and_odds(tmp_path: Path) -> None:
    scene, screen = _pen(tmp_path)
    hover(scene, (3, 2))  # the orc's centre: no side pointed at, the default way (surest, then likelier defeat)
    frame(scene, screen)
    w = _widget(scene)
    assert [(a, p.direction) for a, p in w.ways] == [((2, 2), "e"), ((2, 3), "ne"), ((2, 1), "se")]
    # Short: the chosen way's landing and harm, then the two others counted, the one onto the hazard hurting.
    lines = _texts(scene)
    assert lines[0] == "Shove Orc: 60 % to succeed" and "front · needs 9+" in lines
    assert "pushed north-east into the chasm: defeated" in lines
    assert "+2 other ways (W), 1 hurts" in lines and "from 2,3: first click moves there, next shoves" in lines
    assert len(lines) <= 6 and th.lines_size(w.lines or [], 280)[0] <= 340  # as short as the attack preview
    with alt_held():  # the long form: every way one row each
        frame(scene, screen)
    rows = {ln.text.strip(): ln.right for ln in w.lines or [] if ln.right and ln.text.strip().startswith(("from", ">"))}
    assert rows == {"from 2,2": "east to 4,2: 3 hazard damage  60 %", "> from 2,3": "north-east: falls, defeated  60 %",
                    "from 2,1": "south-east to 3,3  60 %"}
    lines = _texts(scene)
    assert "3 ways: point at Orc from a side, or W / Shift+W" in lines
    assert "On success Orc is pushed north-east into the chasm at 3,1: falls, defeated (R12)" in lines
    assert "from 2,3: the first click moves there, the next shoves" in lines


def test_pointing_at_a_side_chooses_that_way_and_the_clicks_commit_it(tmp_path: Path) -> None:
    scene, screen = _pen(tmp_path)
    _point_from(scene, screen, (2, 2))  # its west side: pushed east
    lines = _texts(scene)
    assert "pushed east to 4,2: 3 hazard damage (7 hp left)" in lines
    assert "from 2,2: first click moves there, next shoves" in lines
    with alt_held():  # whom it ends beside: the long form's (the map shows the landing among its neighbours)
        frame(scene, screen)
    assert "Orc ends beside Orc 2" in _texts(scene)
    _point_from(scene, screen, (2, 3))  # its south-west side: pushed north-east, into the chasm
    assert "pushed north-east into the chasm: defeated" in _texts(scene)
    _point_from(scene, screen, (2, 2))
    pos = scene.ctx.mouse
    for _ in range(2):  # the first click steps to 2,2, the second shoves from there
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        scene.anim.skip(scene.tokens)
        frame(scene, screen)
    enc = scene.match.encounter
    assert enc.view("Lysa").cell == (2, 2)
    assert enc.history[-1] == Shove("Lysa", "Orc", roll=enc.history[-1].roll)


def test_w_steps_through_the_ways_and_the_click_commits_the_one_shown(tmp_path: Path) -> None:
    scene, screen = _pen(tmp_path)
    hover(scene, (3, 2))
    frame(scene, screen)
    assert _widget(scene).ways[_widget(scene).way][1].direction == "ne"  # the default
    key(scene, pygame.K_w)
    frame(scene, screen)
    w = _widget(scene)
    assert w.ways[w.way][1].direction == "se"
    assert scene.ctx.status == "Shove Orc from 2,1: south-east to 3,3; click Orc to shove"
    assert "pushed south-east to 3,3" in _texts(scene)
    key(scene, pygame.K_w, pygame.KMOD_SHIFT)  # back
    key(scene, pygame.K_w, pygame.KMOD_SHIFT)
    frame(scene, screen)
    assert w.ways[w.way][1].direction == "e"
    click(scene, (3, 2))  # on the orc's centre: the way keyed stays chosen
    scene.anim.skip(scene.tokens)
    assert scene.match.encounter.view("Lysa").cell == (2, 2)


def test_w_outside_a_shove_says_what_it_is_for(tmp_path: Path) -> None:
    scene, screen = _pen(tmp_path)
    hover(scene, (1, 1))
    frame(scene, screen)
    key(scene, pygame.K_w)
    assert scene.ctx.status.startswith("W chooses the way to shove")


def said(lines: list[Line]) -> str:
    """A tip's words in order, its rows joined (the GM's push tip wraps a long row to about 300 px)."""
    return " ".join(ln.text for ln in lines)


def test_the_gm_push_preview_words_a_landing_as_the_shove_preview_does(tmp_path: Path) -> None:
    """The same push (the orc one hex ne, or e) told by the GM's push preview and by Lysa's shove preview: the
    landing and its harm in the same words ("pushed e to 4,2: ..."; the shove's head row names the orc)."""
    scene, screen = _pen(tmp_path)
    enc = scene.match.encounter
    gm = said(push_lines(enc, enc.preview_push("Orc", "ne", 1)))
    assert gm == "Push Orc 1 hex north-east Orc is pushed north-east into the chasm at 3,1: falls, defeated (R12)"
    # Two hexes e: over the hazard at 4,2 (3 damage) to 5,2, whose south-west neighbour is Orc 2's 4,3.
    gm = said(push_lines(enc, enc.preview_push("Orc", "e", 2)))
    assert gm == "Push Orc 2 hexes east Orc is pushed east to 5,2: 3 hazard damage (7 hp left) Orc ends beside Orc 2"
    # Three hexes sw: 2,3, then 2,4 is wall: it stops after one, beside Lysa (1,3 is 2,3's west neighbour).
    gm = said(push_lines(enc, enc.preview_push("Orc", "sw", 3)))
    assert gm == ("Push Orc 3 hexes south-west Orc is pushed south-west to 2,3 stops after 1 of 3: blocked terrain is "
                  "in the way at 2,4 (R12) Orc ends beside Lysa")
    _point_from(scene, screen, (2, 2))
    assert "pushed east to 4,2: 3 hazard damage (7 hp left)" in _texts(scene)
    with alt_held():
        frame(scene, screen)
    assert "On success Orc is pushed east to 4,2: 3 hazard damage (7 hp left)" in _texts(scene)


def test_playmat_suggest_words_a_shove_as_the_preview_does(tmp_path: Path) -> None:
    """`playmat suggest` read "Shove Goblin 1 into the chasm: 65 % to push it north-east" (the push named after
    its end, the landing not at all, any hazard called fire). A GM now reads the way, the landing and the harm
    first, then the odds. Lysa stepped to each side of the pen's orc in turn (60 % each, see the top)."""
    from game.ai import Plan
    from game.cli.session import load_encounter
    from game.rules import Begin, EndTurn, Move
    from game.words.plan_words import plan_words

    tmx = write_map(tmp_path / "pen.tmx", ROWS, units=UNITS, title="Pen")
    for side, said in [
        ((2, 3), "shove Orc north-east into the chasm at 3,1: 60 % to succeed, and it falls (60 % to defeat it)"),
        ((2, 2), "shove Orc east onto a hazard at 4,2 (3 damage): 60 % to succeed"),
        ((2, 1), "shove Orc south-east to 3,3: 60 % to succeed"),
    ]:
        _, enc = load_encounter(str(tmx), None)
        enc.apply(Begin())
        enc.apply(Move("Lysa", side))
        first = plan_words(enc, Plan("Lysa", "normal", (Shove("Lysa", "Orc"), EndTurn())))[0]
        assert first == f"Lysa (normal): {said[0].upper()}{said[1:]}."


def test_a_push_into_fire_from_a_side_out_of_reach_is_named_for_next_turn(tmp_path: Path) -> None:
    """giants_lair: Goblin 2 placed on 17,12 beside two fire pits (17,13 and 18,13, 4 damage each), Astrid on 15,11
    in Grundvald's zone of control. The only side she can reach is 16,12 (pushed e, to bare floor): the preview
    offered that alone and nothing said the goblin stood by the fire. The sides that would push it in (18,11 and
    17,11) are out of reach this turn (every way there enters another threatened hex, R9): they are named."""
    from game.rules import Begin, EndTurn, Place
    from tests.scene_harness import open_battle
    from tests.ui_harness import ROOT

    scene, screen = open_battle(tmp_path, ROOT / "maps" / "giants_lair.tmx",
                                humans=("player", "ally", "enemy", "neutral"), setup=True, size=(1280, 800))
    for a in (Place("Goblin 2", (17, 12)), Place("Astrid", (15, 11)), Begin()):
        scene.submit(a)
    while scene.match.encounter.turn != "Astrid":
        scene.submit(EndTurn())
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    key(scene, pygame.K_s)
    hover(scene, (17, 12))
    frame(scene, screen)
    w = _widget(scene)
    assert [(a, p.direction) for a, p in w.ways] == [((16, 12), "e")]
    # Short: the first side named (from 18,11 the goblin goes sw into the fire on 17,13), the other counted.
    assert "next turn from 18,11, south-west to 17,13: 4 hazard damage (+1)" in _texts(scene)
    with alt_held():  # the long form names each
        frame(scene, screen)
    lines = [(ln.text.strip(), ln.right) for ln in w.lines or []]
    at = lines.index(("Out of reach this turn:", ""))
    assert lines[at + 1:] == [("from 18,11", "south-west to 17,13: 4 hazard damage"),
                              ("from 17,11", "south-east to 18,13: 4 hazard damage")]


def test_the_arc_labels_give_way_to_the_shove_landings(tmp_path: Path, monkeypatch) -> None:
    """The foe's arc labels ("rear −4") sat on the landing ghost and the fall badge; each way's row gives its
    side's odds, so in shove mode, over a foe with ways shown, the labels are left out (the arcs stay shaded)."""
    from game.ui.overlays.arcs import FacingArcs

    drawn: list[str | None] = []
    real = FacingArcs.draw_labels
    monkeypatch.setattr(FacingArcs, "draw_labels", lambda self, screen: (drawn.append(self.shown),
                                                                         real(self, screen)))
    scene, screen = _pen(tmp_path)
    hover(scene, (3, 2))
    drawn.clear()
    frame(scene, screen)
    assert "Orc" not in drawn
    key(scene, pygame.K_a)  # attack mode: the labels tell the blow's arc
    frame(scene, screen)
    assert drawn[-1] == "Orc"


def test_a_foe_shoved_into_water_is_said_to_land_in_water(tmp_path: Path) -> None:
    """Miller's Ford: Mira's shove put Orc 2 in the river ("pushed ne to 9,4") and nothing said it was water, where
    the orc may not walk on (R5; a push may put it there, R12). Lysa on 1,1, the orc on 2,1, water on 3,1."""
    units = [{"name": "Lysa", "at": (1, 1), "faction": "player", "initiative": 9},
             {"name": "Orc", "at": (2, 1), "faction": "enemy", "initiative": 5}]
    tmx = write_map(tmp_path / "ford.tmx", ["#####", "#..w#", "#####"], units=units, title="Ford")
    scene, screen = open_playing(tmp_path, tmx, "Lysa")
    key(scene, pygame.K_s)
    hover(scene, (2, 1))
    frame(scene, screen)
    assert "pushed east to 3,1 (water)" in _texts(scene)


def test_a_small_window_keeps_the_ways_and_drops_only_the_breakdown(tmp_path: Path) -> None:
    """At 800x560 the preview drops the roll's breakdown (wording.without_breakdown); it cut the list of ways with
    it, everything below "How the roll is worked out", so a small window offered no choice of direction."""
    from tests.scene_harness import open_battle

    tmx = write_map(tmp_path / "pen.tmx", ROWS, units=UNITS, title="Pen")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=False, size=(800, 560))
    frame(scene, screen, 30)
    key(scene, pygame.K_s)
    hover(scene, (3, 2))
    frame(scene, screen)
    lines = _texts(scene)
    assert "How the roll is worked out" not in lines
    assert "+2 other ways (W), 1 hurts" in lines


def test_the_landings_carry_badges_in_the_shove_and_the_gm_push_previews_alike(tmp_path: Path, monkeypatch) -> None:
    """On the map, not only in the tooltip: the chosen landing in the chasm reads "falls", the other way onto the
    hazard "-3"; the GM pointing at the same push east sees the same "-3" on its landing."""
    from game.ui import theme as th
    from game.ui.gm import GMTools
    from tests.ui_harness import drawn_by

    scene, screen = _pen(tmp_path)
    hover(scene, (3, 2))
    drawn = drawn_by(th, monkeypatch)
    frame(scene, screen)
    texts = [s for s, _ in drawn]
    assert "falls" in texts and "-3" in texts
    key(scene, pygame.K_g)
    scene.ctx.selected = "Orc"
    frame(scene, screen)
    gm = next(w for w in scene.widgets if isinstance(w, GMTools))
    button = next(b for b in gm.buttons if b.key == ("push", "e"))
    drawn.clear()
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    frame(scene, screen)
    texts = [s for s, _ in drawn]
    assert "-3" in texts and "Orc is pushed east to 4,2: 3 hazard damage (7 hp left)" in " ".join(texts)


def test_the_engine_names_what_stops_a_shove_short(tmp_path: Path) -> None:
    """ShovePreview.stopped, in PushPreview's words (R12), worked out on one open row, walls at both ends:
    Lysa on 1,1, Orc on 2,1, Orc 2 on 3,1. From where she stands the push e runs into Orc 2; imagined on 4,1 (the
    preview's ``at``: a step first), her shove on Orc 2 pushes it w, into Orc, and it stays on 3,1; a push that
    moves has nothing in its way. (A wall: test_ui_mouse_play's pen.)"""
    from game.cli.session import load_encounter
    from game.rules import Begin

    units = [{"name": "Lysa", "at": (1, 1), "faction": "player", "initiative": 9},
             {"name": "Orc", "at": (2, 1), "faction": "enemy", "initiative": 5},
             {"name": "Orc 2", "at": (3, 1), "faction": "enemy", "initiative": 4}]
    tmx = write_map(tmp_path / "row.tmx", ["#######", "#.....#", "#######"], units=units, title="Row")
    _, enc = load_encounter(str(tmx), None)
    enc.apply(Begin())
    p = enc.preview_shove("Lysa", "Orc")
    assert (p.legal, p.direction, p.lands_at, p.stopped) == (None, "e", (2, 1), '"Orc 2" is in the way at 3,1 (R12)')
    p = enc.preview_shove("Lysa", "Orc 2", at=(4, 1))
    assert (p.direction, p.lands_at, p.stopped) == ("w", (3, 1), '"Orc" is in the way at 2,1 (R12)')
    p = enc.preview_push("Orc 2", "e", 1)
    assert (p.lands_at, p.stopped) == ((4, 1), None)


def test_w_with_one_way_to_shove_says_it_is_the_only_one(tmp_path: Path) -> None:
    """Found on giants_lair: with S pressed and a foe that can be pushed one way only, W said "press S, then point
    at an enemy you can shove more than one way". In a corridor (row 1 between walls) Lysa on 1,1 reaches no
    other side of the orc on 2,1 (it stands in the way), so the one way is from here, east to 3,1 (R22)."""
    rows = ["######", "#....#", "######"]
    units = [dict(UNITS[0], at=(1, 1)), dict(UNITS[1], at=(2, 1))]
    scene, screen = open_playing(tmp_path, write_map(tmp_path / "hall.tmx", rows, units=units, title="Hall"),
                                 "Lysa")
    key(scene, pygame.K_s)
    hover(scene, (2, 1))
    frame(scene, screen)
    assert len(_widget(scene).ways) == 1
    key(scene, pygame.K_w)
    assert scene.ctx.status == "Only one way to shove Orc this turn (from here): east to 3,1; click Orc to shove"
    hover(scene, (4, 1))  # pointing at no foe: S is pressed, so W does not ask for it
    frame(scene, screen)
    key(scene, pygame.K_w)
    assert scene.ctx.status.startswith("W chooses the way to shove: point at an enemy")
