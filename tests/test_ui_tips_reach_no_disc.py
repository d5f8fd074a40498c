"""With the enemy-reach view (V) on, the box for the hex pointed at covers no token's disc.

Pointing at every hex in turn with V on, 22 boxes covered more than a fiftieth of a token's disc (counted pixel by
pixel, as in test_ui_tips_hide_no_disc): at 1024x768 four on the Greenway (Brother Odo whole for 6,1 and 4,3,
Bandit 2 for 5,2, Bandit Chief for 3,3), three on Harrow Keep (Castellan Mord, 0.99 of him for 14,2 and 14,3),
seven on the Giant's Hearth (Bjorn, 0.73 of him, for 0,7, 1,7, 0,8 and 1,8; the Cave Troll's rim for 18,6 and
19,6) and one on the Black Gull (Tobin for 13,4); at 1280x800 seven on the Giant's Hearth (Grundvald, Goblin 2
and Bjorn, 0.03 to 0.13 of them, for 7,8 to 11,7). V's box is 290 px wide: by the west edge of the Giant's
Hearth at 1024x768 every spot beside 0,7 within two hexes had a token under it (the party's row above, Kell
and Bjorn to the right and below), while a column 170 px wide fits below the hex, left of Bjorn. Now where the
wide box would hide a token, the same report in a narrow column goes there instead, if that hides less.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from tests.test_ui_room import sweep_tips  # noqa: E402
from tests.test_ui_tips_first_frame import LATER, at_hexes, settled  # noqa: E402
from tests.test_ui_tips_hide_no_disc import covering, disc_part  # noqa: E402

SHIPPED = ["ambush.tmx", "default.tmx", "fortress_assault.tmx", "giants_lair.tmx", "ship_boarding.tmx"]


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800)])
@pytest.mark.parametrize("map_name", SHIPPED)
def test_reach_boxes_cover_no_token_disc(map_name: str, size: tuple[int, int], tmp_path: Path) -> None:
    """Point, V on, at every token and hex in the opening view: no box covers more than a fiftieth of a token's
    disc (the hovered token and the actor aside: the box is beside the one, the other is counted first)."""
    seen = sweep_tips(map_name, size, tmp_path, reach=True)
    reach = [s for s in seen if "could attack" in " ".join(s["lines"][1:3])]
    assert len(reach) >= 100  # most hexes give V's box
    assert covering(seen) == []


def test_the_box_by_the_west_edge_of_the_giants_hearth_goes_below_the_hex_left_of_bjorn(tmp_path: Path) -> None:
    """By hand, from the window at 1024x768 (V on, Goblin 1 to act): 0,7 is at the left edge; Sigrun and Astrid
    stand on the row above it, Kell a row below and two hexes right, Bjorn (a big token, disc 56 px in radius)
    below Kell. The box goes below the hex, every pixel of it left of Bjorn's disc (his centre less his radius),
    and it is narrower than V's wide box (290 px): the narrow column."""
    seen = sweep_tips("giants_lair.tmx", (1024, 768), tmp_path, reach=True)
    box = next(s for s in seen if s["lines"][0] == "0,7")
    tip, anchor, bjorn = box["tip"], box["anchor"], box["tokens"]["Bjorn"]
    assert tip.top >= anchor.bottom  # below the hex
    assert tip.right <= bjorn.centerx - (bjorn.width / 2 - 4)  # left of Bjorn's disc
    assert tip.width < 200
    assert disc_part(tip, bjorn) == 0


def test_on_wynns_turn_the_box_for_0_7_goes_below_the_hex_not_over_the_card() -> None:
    """By hand, from the window at 1024x768 (V on, the goblins' turns ended, Wynn to act): 0,7 is at the left
    edge; Wynn (the actor, kept in view first) stands two rows above it, Sigrun and Astrid on the row above,
    Kell a row below and two hexes right, Bjorn below him. V's wide box (242 px here: "no enemy could attack
    Wynn here next turn") hides one of them wherever it goes beside the hex but up over the card, whose
    "Movement left" it covered; the narrow column fits below the hex, left of Kell's disc, over neither. A box
    covers a panel only where no spot clear of tokens and panels is found."""
    (s,) = settled("giants_lair.tmx", (1024, 768), at_hexes((0, 7)), reach=True, actor="Wynn")
    (tip, anchor), = s[1]["drawn"]
    tokens, card = s[1]["tokens"], s[1]["card"]
    assert not tip.colliderect(card)
    assert tip.top >= anchor.bottom  # below the hex
    kell = tokens["Kell"]
    assert tip.right <= kell.centerx - (kell.width / 2 - 4)  # left of Kell's disc
    assert tip.width < 200  # the narrow column, not V's wide box
    assert {n: disc_part(tip, t) for n, t in tokens.items() if disc_part(tip, t) > 0} == {}
    assert s[LATER]["drawn"][0][0] == tip  # and it stays there


def test_the_narrow_reach_box_keeps_names_whole_and_rows_narrow() -> None:
    """V's box in the narrow column: every row within 150 px of text. By hand, from the type's widths (bold 20 px:
    "5 enemies could" 126 px, "5 enemies could attack" 183, "attack Goblin 1" 119, "here next turn" 110): the
    head reads "5 enemies could" / "attack Goblin 1" / "here next turn"; the five names, three rows at most, each
    name on one row; a shooter's row too long is broken after the name, not cut ("Bandit Archer 1:" / "shot 55 %")."""
    from game.rules import RangedThreat
    from game.ui import theme as th
    from game.ui.overlays.enemy_reach import reach_lines

    pygame.font.init()
    who = ["Astrid", "Kell", "Wynn", "Sigrun", "Bjorn"]
    lines = reach_lines((0, 7), "Goblin 1", who, [], narrow=True)
    texts = [ln.text for ln in lines]
    assert texts[:4] == ["0,7", "5 enemies could", "attack Goblin 1", "here next turn"]
    assert all(th.text_width(ln.text, ln.size, ln.bold) <= 150 for ln in lines), texts
    names = texts[4:]
    assert 1 <= len(names) <= 3, texts
    assert all(sum(n in row for row in names) == 1 for n in who), texts  # each name whole, on one row
    far = [RangedThreat("Bandit Archer 1", True, True, 0.55, False)]
    shot = [ln.text for ln in reach_lines((6, 1), "Pell", who[:2], far, narrow=True)]
    assert shot[-2:] == ["Bandit Archer 1:", "shot 55 %"], shot
    wide = [ln.text for ln in reach_lines((6, 1), "Pell", who[:2], far)]
    assert wide[-1] == "Bandit Archer 1: shot 55 %"  # the wide box keeps the shooter on one row
