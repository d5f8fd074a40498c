"""The GM's "Add a combatant" form fills "At hex" with the hex last pointed at on the map only where no one stands.

Found playing Harrow Keep: the GM shift-clicked Grum to pick him for the card, healed him, then pressed "Add a
combatant...": "At hex" came filled with 3,1, Grum's own hex, which the engine refuses ("overlaps Grum"). A hex
someone stands on is never where a newcomer joins (R15), so the field is left empty there and the status line's
"click the map for its hex" says what to do; a free hex pointed at last is still filled in.
"""

from __future__ import annotations

from pathlib import Path

from tests.scene_harness import frame
from tests.test_ui_gm_rough_edges import _gm_battle, _point, _press, _tools


def _at_field(scene, screen, pos: tuple[int, int]) -> str:
    """Point at ``pos`` on the map, draw a frame, press "Add a combatant...": what "At hex" holds then."""
    _point(scene, pos)
    frame(scene, screen)
    _press(scene, screen, "join")
    form = _tools(scene).form
    assert form is not None
    return form.field("at").value


def test_the_hex_of_a_combatant_just_pointed_at_is_not_offered(tmp_path: Path) -> None:
    scene, screen = _gm_battle(tmp_path)
    enc = scene.match.encounter
    pell = tuple(enc.view("Pell").cell)
    assert scene.ctx.cell_at(scene.ctx.cell_to_screen(pell)) is not None  # Pell's hex is on the map, in view
    assert _at_field(scene, screen, scene.ctx.cell_to_screen(pell)) == ""


def test_a_free_hex_pointed_at_last_is_still_offered(tmp_path: Path) -> None:
    scene, screen = _gm_battle(tmp_path)
    enc = scene.match.encounter
    taken = {tuple(c) for v in enc.views() if v.active for c in enc.footprint(v.name)}
    col, row = enc.view("Pell").cell
    free = next(c for c in ((col + dc, row + dr) for dc in (-2, -1, 1, 2) for dr in (-1, 0, 1))
                if c not in taken and scene.ctx.cell_at(scene.ctx.cell_to_screen(c)) is not None)
    pos = scene.ctx.cell_to_screen(free)
    assert tuple(scene.ctx.cell_at(pos)) == free
    assert _at_field(scene, screen, (round(pos[0]), round(pos[1]))) == f"{free[0]},{free[1]}"
