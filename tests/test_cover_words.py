"""One vocabulary for cover (R31, R32), wherever the same fact is told (RULES.md, "Cover"): a shot, or its
line of sight, passes *through cover*; a combatant is *in cover* from a shooter or caster; a hex *gives
cover*. The window's sight line, the AI's suggestion and the burst preview are read here; ``playmat targets``
and ``playmat sight`` in tests/scenarios/test_r29_r33_ranged.py.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ai import Plan  # noqa: E402
from game.rules import Begin, Encounter, EndTurn, Shoot, scenario_from_rows  # noqa: E402
from game.ui.overlays.wording import cast_lines, sight_phrase  # noqa: E402
from game.words.plan_words import plan_words  # noqa: E402

OPEN = ["." * 10] * 7
TREE = ["." * 10] * 3 + [".....t...."] + ["." * 10] * 3  # a tree (cover=true) at 5,3; a text map names no tile


def encounter(rows: list[str], *extra: dict) -> Encounter:
    # The Archer at 1,3 shoots along row 3 at the Goblin at 6,3, five hexes east, facing it (front arc, no
    # penalty, R19); with the tree the only line crosses 5,3, so the Goblin is in cover (R31: +2, the default
    # bonus). Nothing stands next to the Archer, so no threatened-shooter penalty (R29). The Archer's burst
    # (radius 0) on 6,3 catches only the Goblin, in cover judged from the Archer's hex (R32).
    units = [{"name": "Archer", "at": (1, 3), "faction": "player", "initiative": 9, "ranged": "2-8",
              "ranged_attack": 0, "area_range": 8, "area_radius": 0, "area_attack": 0, "area_damage": "1"},
             {"name": "Goblin", "at": (6, 3), "faction": "enemy", "defense": 12, "facing": "w"}, *extra]
    enc = Encounter(scenario_from_rows(rows, units))
    enc.apply(Begin())
    return enc


def test_the_window_says_a_shot_passes_through_cover_and_a_caught_combatant_is_in_cover() -> None:
    enc = encounter(TREE)
    assert sight_phrase(enc.preview_shoot("Archer", "Goblin")).text == \
        "Sight: through cover (cover at 5,3), defence +2 (R31)"
    rows = [ln.text for ln in cast_lines(enc.preview_cast("Archer", (6, 3)))]
    assert "Goblin (in cover)" in rows
    open_ground = encounter(OPEN)
    assert sight_phrase(open_ground.preview_shoot("Archer", "Goblin")).text == "Sight: clear"
    assert "Goblin" in [ln.text for ln in cast_lines(open_ground.preview_cast("Archer", (6, 3)))]


def test_the_ai_s_suggestion_words_the_shot_as_the_window_does() -> None:
    # Defence 12 + cover 2 - ranged attack 0: the d20 must show 14 or more, 7 faces of 20 (35 %). "Behind
    # cover" (said only here) read as a third thing beside the window's "through cover".
    enc = encounter(TREE)
    first = plan_words(enc, Plan("Archer", "normal", (Shoot("Archer", "Goblin"), EndTurn())))[0]
    assert ", through cover: 35 % to hit" in first and "behind" not in first
    clear = plan_words(encounter(OPEN), Plan("Archer", "normal", (Shoot("Archer", "Goblin"), EndTurn())))[0]
    assert "cover" not in clear and ": 45 % to hit" in clear  # 12 needs 9 faces of 20


ILSE = {"name": "Ilse", "at": (3, 3), "faction": "player", "initiative": 1}  # on the line, 3,3 between 1,3 and 6,3


def test_the_sight_line_names_what_gives_the_cover() -> None:
    """Found on fortress_assault: "Sight: through cover" when Ilse, the shooter's own friend, stood in the way, on a
    map with trees too. R31: a hex held by another combatant (any side) gives cover, and so does a cover tile.
    Along row 3 from 1,3 to 6,3 the line crosses 2,3 3,3 4,3 5,3 (one row: every hex in between, R30)."""
    friend = encounter(OPEN, ILSE)
    p = friend.preview_shoot("Archer", "Goblin")
    assert [(g.cell, g.combatant) for g in p.cover_by] == [((3, 3), "Ilse")]
    assert sight_phrase(p).text == "Sight: through cover (Ilse at 3,3), defence +2 (R31)"
    both = encounter(TREE, ILSE)  # Ilse first, then the tree: in the order the line crosses them
    assert sight_phrase(both.preview_shoot("Archer", "Goblin")).text == \
        "Sight: through cover (Ilse at 3,3 and cover at 5,3), defence +2 (R31)"
    assert encounter(OPEN).preview_shoot("Archer", "Goblin").cover_by == ()  # clear: nothing named


def test_a_large_combatant_in_the_way_is_named_once() -> None:
    # The Ogre (large) centred on 3,3 holds 2,3 3,3 4,3 and their neighbours (R26): the line crosses three of its
    # hexes, and it is one thing giving cover.
    big = encounter(OPEN, {"name": "Ogre", "at": (3, 3), "faction": "neutral", "size": "large", "initiative": 1})
    p = big.preview_shoot("Archer", "Goblin")
    assert [(g.cell, g.combatant) for g in p.cover_by] == [((2, 3), "Ogre")]
    assert sight_phrase(p).text == "Sight: through cover (Ogre at 2,3), defence +2 (R31)"
