"""With V on, pointing at a foe's hex says whose hex it is, not how many could attack us there.

Found on the Black Gull (ship_boarding) at 960x600, Kestrel's turn, V on, pointing at Corsair 1's hex: the box
said "6 enemies could attack Kestrel here next turn", ringed six enemies (Corsair 1 among them) and drew lines to
them, though Kestrel can never stand there. The count is a question for hexes we could stand on; the map shows
no count on a hex we cannot enter either (R5).
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.render.pg import pygame  # noqa: E402
from game.ui.overlays import EnemyReachHover, PathPreview  # noqa: E402
from tests.scene_harness import at_turn, frame, hover, key  # noqa: E402

SHIP = Path(__file__).resolve().parents[1] / "maps" / "ship_boarding.tmx"


def _box(tmp_path: Path, cell: tuple[int, int]) -> tuple[EnemyReachHover, list[str]]:
    """The V box's rows as Kestrel's side points at ``cell``, and the hover widget after that frame."""
    scene, screen = at_turn(tmp_path, SHIP, "Kestrel", humans=("player", "ally"), size=(960, 600), rest=90)
    key(scene, pygame.K_v)
    frame(scene, screen, 3)
    hover(scene, cell)
    frame(scene, screen, 30)
    reach = next(w for w in scene.widgets if isinstance(w, EnemyReachHover))
    scene.ctx.tips.clear()
    reach.draw(screen, scene.ctx)
    return reach, [line.text for tip in scene.ctx.tips for line in tip.lines]


def test_corsair_1_s_hex_is_named_as_his_and_counts_nobody(tmp_path: Path) -> None:
    reach, rows = _box(tmp_path, (10, 4))  # Corsair 1 stands on 10,4 (the map's placement)
    assert rows == ["10,4", "Corsair 1's hex", "Kestrel cannot stand on a foe's hex"]
    assert reach.attackers == [] and reach.shooters == []  # no rings, no lines


def test_the_open_deck_beside_him_still_counts(tmp_path: Path) -> None:
    reach, rows = _box(tmp_path, (11, 6))  # open deck below the Corsair Captain: Kestrel could land there
    assert rows[1:3] == ["7 enemies could attack Kestrel", "here next turn"]
    assert "Corsair 1" in reach.attackers


def test_a_blocked_hex_says_kestrel_cannot_move_there_as_the_move_preview_does(tmp_path: Path) -> None:
    # 9,2 is a BLOCKED tile of the Black Gull's deck (the map's terrain layer): no movement type enters it, and
    # the map shows no count there. Found on the Black Gull: V's box said "Selkie cannot stand here", where the
    # move preview (V off) said "Cannot move to 5,8" of the same kind of hex; both say it the move preview's way.
    reach, rows = _box(tmp_path, (9, 2))
    assert rows[0] == "Cannot move to 9,2"
    assert " ".join(rows[1:]) == "may not enter impassable terrain (flying movement, R5)"
    assert reach.attackers == []


def test_the_v_box_on_a_hex_she_cannot_enter_reads_as_the_move_preview_there(tmp_path: Path) -> None:
    """Selkie swims (R5): the Black Gull's deck is closed to her. With V off the move preview's box on a deck hex
    and with V on the enemy-reach box on the same hex say the same rows."""
    scene, screen = at_turn(tmp_path, SHIP, "Selkie", humans=("player", "ally"), size=(1280, 800), rest=90)
    hover(scene, (5, 8))  # a deck hex beside Tobin
    frame(scene, screen, 5)
    path = next(w for w in scene.widgets if isinstance(w, PathPreview))
    scene.ctx.tips.clear()
    path.draw(screen, scene.ctx)
    moving = [line.text for tip in scene.ctx.tips for line in tip.lines]
    assert moving[0] == "Cannot move to 5,8"
    key(scene, pygame.K_v)
    frame(scene, screen, 30)
    reach = next(w for w in scene.widgets if isinstance(w, EnemyReachHover))
    scene.ctx.tips.clear()
    reach.draw(screen, scene.ctx)
    assert [line.text for tip in scene.ctx.tips for line in tip.lines] == moving
