"""A click on a foe no hex within the actor's movement reaches: the status line says why a step would not help,
in the words the hover's tooltip gives. Played with real pygame events on the battle scene as ``playmat play``
builds it, drawn headless."""

from __future__ import annotations

from pathlib import Path

from game.maps.tmxwrite import write_map
from game.ui.overlays import ActionPreview
from tests.scene_harness import click, frame, hover, open_battle

# Kestrel (5 movement, strikes at distance 1) at 0,2; the Bandit Spear at 3,2 threatens every hex within 2 of it
# (band 1-2, R8), which on a 5-row field runs from the top row to the bottom one between Kestrel and the Bandit
# at 5,2. Her first step toward him, 1,2 (distance 2 from the spear), or any way around, enters a hex the spear
# threatens and ends her move there (R9), 4 hexes short: every way to a hex beside the Bandit is stopped.
UNITS = [{"name": "Kestrel", "at": (0, 2), "faction": "player", "initiative": 9, "move": 5},
         {"name": "Bandit Spear", "at": (3, 2), "faction": "enemy", "initiative": 2, "hp": 60,
          "reach": 2, "reach_min": 1},
         {"name": "Bandit", "at": (5, 2), "faction": "enemy", "initiative": 1, "hp": 60}]


def test_a_click_on_a_foe_beyond_a_spear_s_zone_says_the_zone_stops_every_way(tmp_path: Path) -> None:
    """The click's "out of reach: distance 5", with 5 movement left, read as if walking closer would help; the
    hover said the spear's zone of control stops every way (R8, R9). The click says it too, in the same words."""
    tmx = write_map(tmp_path / "field.tmx", ["........."] * 5, units=UNITS, title="Field")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=False)
    frame(scene, screen, 30)
    enc = scene.match.encounter
    assert enc.turn == "Kestrel" and enc.view("Kestrel").movement == 5
    hover(scene, (5, 2))
    frame(scene, screen)
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    hovered = " ".join(line.text for line in preview.lines or [])
    # The short preview under its heading "Cannot attack Bandit this turn" says "... stops every way there".
    assert "Bandit Spear's zone of control stops every way there" in hovered
    # Wrapped to the short box, no row is the lone word "there": it goes down with the word before it.
    assert all(len(line.text.split()) > 1 for line in preview.lines or [] if "there" in line.text.split())
    click(scene, (5, 2))
    status = scene.ctx.status
    assert status.startswith("Cannot attack: Bandit is out of reach: distance 5")
    assert status.endswith("; Bandit Spear's zone of control stops every way to Bandit this turn")
    # Refused, not walked: she stands where she stood, her movement whole.
    assert enc.view("Kestrel").cell == (0, 2) and enc.view("Kestrel").movement == 5


def test_a_click_on_a_foe_in_reach_of_a_walk_still_moves_first(tmp_path: Path) -> None:
    """Without the spear's long reach (band 1, R8) the way to 4,2 is open: the click walks Kestrel up to the
    Bandit (move-then-attack) and says so, with no zone of control in its words."""
    units = [dict(u) for u in UNITS]
    units[1].update(reach=1, at=(3, 0))  # threatens only its neighbours in rows 0 and 1: row 2 stays open
    tmx = write_map(tmp_path / "field.tmx", ["........."] * 5, units=units, title="Field")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=False)
    frame(scene, screen, 30)
    hover(scene, (5, 2))
    frame(scene, screen)
    click(scene, (5, 2))
    assert scene.ctx.status == "Kestrel moves to 4,2: click Bandit again to attack"
    assert "zone of control" not in scene.ctx.status
