"""A whole shove by keyboard alone: S, Tab / Shift+Tab to the foe, W / Shift+W to the way, Enter shoves, Esc
cancels. Worked out by hand on a small pen (pointy-top, odd rows shifted right):

    row 0  # # # # # # #
    row 1  # . . c . . #      3,1 chasm
    row 2  # . L O h . #      Lysa on 2,2; the orc on 3,2 facing w; 4,2 a hazard (3 damage, R12 default)
    row 3  # . . P . . #      Orc 2 on 2,3
    row 4  # # # # # # #

Beside Lysa (2,2, an even row): the orc on her e side (3 o'clock), Orc 2 on her se side (5 o'clock), so Tab
goes orc, Orc 2, orc, clockwise from the top. Ways to shove the orc (R22: straight away from the shover):
from 2,2 where she stands, pushed e onto the hazard at 4,2 (3 damage); from 2,1 (its nw side, one step, into
its zone of control, which only ends her movement there, R9), pushed se to 3,3. Its sw side 2,3 is Orc 2's, its
se side 3,3 out of her way round. R2's order lists e before se; the default is the way from where she stands.
"""

from __future__ import annotations

from pathlib import Path

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import Move, Shove
from game.ui import theme as th
from game.ui.help import BATTLE_HELP
from game.ui.overlays import ActionPreview
from tests.detail_key import alt_held
from tests.scene_harness import frame, hover, key, open_playing

ROWS = ["#######", "#..c..#", "#...h.#", "#.....#", "#######"]
UNITS = [
    {"name": "Lysa", "at": (2, 2), "faction": "player", "initiative": 9, "attack": 3, "move": 6},
    {"name": "Orc", "at": (3, 2), "faction": "enemy", "initiative": 5, "hp": 10, "defense": 12, "facing": "w"},
    {"name": "Orc 2", "at": (2, 3), "faction": "enemy", "initiative": 4},
]


def _pen(tmp_path: Path):
    tmx = write_map(tmp_path / "pen.tmx", ROWS, units=UNITS, title="Pen")
    scene, screen = open_playing(tmp_path, tmx, "Lysa")
    hover(scene, (5, 3))  # the pointer rests on an empty hex far from both orcs: the keys alone choose
    key(scene, pygame.K_s)
    frame(scene, screen)
    return scene, screen


def _widget(scene) -> ActionPreview:
    return next(w for w in scene.widgets if isinstance(w, ActionPreview))


def _chosen(scene) -> tuple[tuple[int, int] | None, str]:
    w = _widget(scene)
    at, p = w.ways[w.way]
    return at, p.direction


def test_tab_and_shift_tab_go_round_the_foes_beside_the_actor_clockwise(tmp_path: Path) -> None:
    scene, screen = _pen(tmp_path)
    key(scene, pygame.K_TAB)
    frame(scene, screen)
    assert scene.ctx.focus == "Orc"
    assert scene.ctx.status == "Shove Orc (1 of 2): W / Shift+W the way, Enter shoves, Tab the next foe, Esc cancels"
    texts = [ln.text for ln in _widget(scene).lines or []]
    assert "pushed east to 4,2: 3 hazard damage (7 hp left)" in texts  # shown, not hovered
    assert "or from 2,1, south-east to 3,3" in texts and "W / Shift+W: another way   Enter shoves" in texts
    assert scene.show_panels  # in shove mode Tab chooses the foe, it does not hide the panels
    key(scene, pygame.K_TAB)
    frame(scene, screen)
    assert scene.ctx.focus == "Orc 2"
    key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)
    frame(scene, screen)
    assert scene.ctx.focus == "Orc"


def test_enter_shoves_the_foe_tab_chose_and_ends_the_focus(tmp_path: Path) -> None:
    scene, screen = _pen(tmp_path)
    key(scene, pygame.K_TAB)
    frame(scene, screen)
    key(scene, pygame.K_RETURN)
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    enc = scene.match.encounter
    assert enc.history[-1] == Shove("Lysa", "Orc", roll=enc.history[-1].roll)
    assert enc.view("Lysa").cell == (2, 2)  # from where she stood: no step
    assert scene.ctx.focus is None and scene.ctx.action_mode == "attack"


def test_w_then_enter_steps_to_the_way_s_side_and_enter_again_shoves(tmp_path: Path) -> None:
    scene, screen = _pen(tmp_path)
    key(scene, pygame.K_TAB)
    frame(scene, screen)
    assert _chosen(scene) == (None, "e")  # the default: from where she stands
    key(scene, pygame.K_w)
    frame(scene, screen)
    assert _chosen(scene) == ((2, 1), "se")
    assert scene.ctx.status == "Shove Orc from 2,1: south-east to 3,3; Enter shoves"
    assert "from 2,1: first Enter moves there, next shoves" in [ln.text for ln in _widget(scene).lines or []]
    key(scene, pygame.K_RETURN)
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    enc = scene.match.encounter
    assert isinstance(enc.history[-1], Move) and enc.view("Lysa").cell == (2, 1)
    assert scene.ctx.focus == "Orc" and scene.ctx.status.endswith("Enter shoves Orc")
    assert _chosen(scene) == (None, "se")  # now from where she stands
    key(scene, pygame.K_RETURN)
    assert enc.history[-1] == Shove("Lysa", "Orc", roll=enc.history[-1].roll)


def test_esc_cancels_the_shove_and_changes_nothing(tmp_path: Path) -> None:
    scene, screen = _pen(tmp_path)
    key(scene, pygame.K_TAB)
    frame(scene, screen)
    before = list(scene.match.encounter.history)
    key(scene, pygame.K_ESCAPE)
    frame(scene, screen)
    assert scene.ctx.focus is None and scene.ctx.action_mode == "attack"
    assert scene.ctx.status == "Shove cancelled: back to attack mode"
    assert scene.match.encounter.history == before
    assert scene.ctx.hovered_unit is None  # the hover is the pointer's again: it rests on an empty hex


def test_moving_the_pointer_takes_the_choice_back(tmp_path: Path) -> None:
    scene, screen = _pen(tmp_path)
    key(scene, pygame.K_TAB)
    frame(scene, screen)
    hover(scene, (4, 3))
    frame(scene, screen)
    assert scene.ctx.focus is None and scene.ctx.hovered_unit is None
    assert _widget(scene).ways == []  # nothing hovered: no shove preview


def test_tab_with_no_foe_beside_says_so_in_shove_mode_and_in_attack_mode(tmp_path: Path) -> None:
    tmx = write_map(tmp_path / "pen.tmx", ROWS, units=[{**UNITS[0], "at": (1, 1)}, *UNITS[1:]], title="Pen")
    scene, screen = open_playing(tmp_path, tmx, "Lysa")
    key(scene, pygame.K_s)
    key(scene, pygame.K_TAB)
    assert scene.ctx.focus is None and scene.show_panels
    assert scene.ctx.status.startswith("No enemy beside Lysa can be shoved from where it stands")
    key(scene, pygame.K_ESCAPE)
    key(scene, pygame.K_TAB)  # attack mode: nobody in reach either, said (it used to hide the panels)
    assert scene.show_panels and scene.ctx.status.startswith("No enemy is in reach of Lysa's attack")


def test_the_key_help_names_the_keyboard_shove() -> None:
    rows = dict(BATTLE_HELP[0][1])
    assert "Tab / Shift+Tab, Enter" in rows


# --- a large shover on a sector border (R20, R22) ----------------------------------------------------------------
# A large troll (radius 1, R26) centred on 3,3 (an odd row) facing se; a goblin on 5,2, beside the troll's 4,2.
# In axial terms the goblin is (+2, -1) from the troll's centre: one e step plus one ne step, exactly on the border
# of the e and ne sectors (R18). The tie goes to the side nearer the troll's facing (R22 for the push, R20 for the
# facing it ends with, hit or miss): from se, e is one side away and ne two, so e: the goblin to 6,2. Faced ne
# first (Q twice: se -> e -> ne, Q turning counter-clockwise, R2) it goes ne instead, into the chasm on 5,1.
BIG_ROWS = ["#########", "#....c..#", "#.......#", "#.......#", "#.......#", "#.......#", "#########"]
BIG_UNITS = [
    {"name": "Troll", "at": (3, 3), "faction": "player", "size": "large", "initiative": 9, "move": 4, "facing": "se"},
    {"name": "Goblin", "at": (5, 2), "faction": "enemy", "initiative": 5, "facing": "w"},
]


def _tie_rows(scene, screen) -> list[tuple[str, str]]:
    """The long form's tie rows (Alt held): why it faces the way it does, then both choices."""
    with alt_held():
        frame(scene, screen)
    lines = [(ln.text, ln.right) for ln in _widget(scene).lines or []]
    frame(scene, screen)  # Alt let go: the short form again
    at = next(i for i, (text, _) in enumerate(lines) if text.startswith("Ends facing"))
    return lines[at:at + 4]


def test_a_large_shover_s_facing_tie_is_shown_with_the_turn_that_picks_the_other_side(tmp_path: Path) -> None:
    tmx = write_map(tmp_path / "big.tmx", BIG_ROWS, units=BIG_UNITS, title="Big")
    scene, screen = open_playing(tmp_path, tmx, "Troll")
    hover(scene, (7, 5))
    key(scene, pygame.K_s)
    key(scene, pygame.K_TAB)
    frame(scene, screen)
    assert scene.ctx.focus == "Goblin" and _chosen(scene) == (None, "e")
    assert _tie_rows(scene, screen) == [
        ("Ends facing east, hit or miss (R20): Goblin is exactly between", ""),
        ("east and north-east, and east is nearer Troll's facing now (south-east)", ""),
        ("> as Troll faces now", "east to 6,2"),
        ("   facing north-east first (Q twice, free)", "north-east: falls, defeated"),
    ]
    key(scene, pygame.K_q)
    key(scene, pygame.K_q)
    scene.anim.skip(scene.tokens)  # the turn played
    frame(scene, screen)
    assert scene.match.encounter.view("Troll").facing == "ne" and scene.ctx.focus == "Goblin"
    assert _chosen(scene) == (None, "ne")
    assert _tie_rows(scene, screen) == [
        ("Ends facing north-east, hit or miss (R20): Goblin is exactly between", ""),
        ("north-east and east, and Troll faces north-east now", ""),
        ("> as Troll faces now", "north-east: falls, defeated"),
        ("   facing east first (E, free)", "east to 6,2"),
    ]
    key(scene, pygame.K_RETURN)
    enc = scene.match.encounter
    assert enc.history[-1] == Shove("Troll", "Goblin", roll=enc.history[-1].roll)
    assert enc.view("Troll").facing == "ne"  # as the preview said, hit or miss


def test_a_standard_shover_never_meets_a_facing_tie(tmp_path: Path) -> None:
    scene, screen = _pen(tmp_path)
    key(scene, pygame.K_TAB)
    frame(scene, screen)
    assert not any(ln.text.startswith(("Ends facing", "tie:")) for ln in _widget(scene).lines or [])


def test_the_short_shove_preview_tells_a_facing_tie_in_one_row(tmp_path: Path) -> None:
    # The same corner, the pointer on the goblin (defence 10 by default, the troll's attack 0: the d20 needs 10+,
    # 11 faces of 20, 55 %): the short box says which way the troll ends facing (e, the side
    # nearer its facing se, R20 and R22) and the turn that picks the other side, where the goblin would fall (ne
    # into the chasm on 5,1) in one row; the long form's reasons wait for Alt. Five tie rows made it ten rows.
    tmx = write_map(tmp_path / "big.tmx", BIG_ROWS, units=BIG_UNITS, title="Big")
    scene, screen = open_playing(tmp_path, tmx, "Troll")
    key(scene, pygame.K_s)
    hover(scene, (5, 2))
    frame(scene, screen)
    w = _widget(scene)
    texts = [ln.text for ln in w.lines or []]
    assert texts[0] == "Shove Goblin: 55 % to succeed" and "pushed east to 6,2" in texts
    assert "tie: faces east; Q twice first: north-east: falls, defeated" in texts
    assert not any(t.startswith(("Ends facing", "> as Troll", "   facing north-east")) for t in texts)
    assert len(texts) <= 6 and th.lines_size(w.lines or [], 280)[0] <= 340, texts  # RULES.md: six rows at most
    key(scene, pygame.K_q)
    key(scene, pygame.K_q)
    scene.anim.skip(scene.tokens)  # turned to ne first (free, R16): now it faces ne, and E turns back to e
    frame(scene, screen)
    texts = [ln.text for ln in w.lines or []]
    assert "tie: faces north-east; E first: east to 6,2" in texts and len(texts) <= 6, texts
