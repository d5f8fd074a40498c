"""Rough edges found playing Harrow Keep and the ambush with the mouse, each as the player met it.

The battle scene is built as ``playmat play`` builds it, driven with real pygame events, and drawn headless.
"""

from __future__ import annotations

from pathlib import Path

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.ui.battle import BattleScene
from game.ui.overlays import ActionPreview, PathPreview
from tests.scene_harness import click, frame, hover, key, open_battle

UNITS = [
    {"name": "Fenn", "at": (1, 2), "faction": "player", "initiative": 9, "move": 1, "ranged": "2-8",
     "ranged_attack": 3, "ranged_damage": "1d6"},
    {"name": "Hale", "at": (6, 2), "faction": "enemy", "initiative": 5, "facing": "w"},
]


def archer(tmp_path: Path) -> tuple[BattleScene, pygame.Surface]:
    tmx = write_map(tmp_path / "bow.tmx", ["........"] * 5, units=UNITS, title="Bow")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=False)
    frame(scene, screen, 30)
    assert scene.match.encounter.turn == "Fenn"
    return scene, screen


def preview_texts(scene: BattleScene) -> list[str]:
    p = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    return [ln.text for ln in p.lines or []]


def test_an_archer_hovering_a_foe_out_of_reach_is_told_the_bow_can_hit_it(tmp_path: Path) -> None:
    """Fenn hovered the sergeant his bow could hit and read only, in red, "not possible: out of reach ...
    nowhere Fenn can reach this turn to attack": the default mode is attack, and nothing said R shoots."""
    scene, screen = archer(tmp_path)
    hover(scene, (6, 2))
    frame(scene, screen)
    lines = preview_texts(scene)
    assert lines[0] == "Fenn attacks Hale" and any("not possible" in t for t in lines)
    shot = scene.match.encounter.preview_shoot("Fenn", "Hale")
    assert shot.legal is None
    assert f"R shoots Hale from here instead: hits on {shot.roll_needed}+" in " ".join(lines)
    # R, then the same click shoots, as the line says.
    key(scene, pygame.K_r)
    click(scene, (6, 2))
    frame(scene, screen)
    assert scene.match.encounter.acted
    # With the action spent, no bow is offered.
    key(scene, pygame.K_a)
    hover(scene, (6, 2))
    frame(scene, screen)
    assert not any("shoots" in t for t in preview_texts(scene))


def test_a_hex_out_of_reach_says_how_far_without_repeating_the_hex(tmp_path: Path) -> None:
    """ "Ilse cannot move to 9,3" over "cannot reach 9,3: 9 movement away, 6 left": the hex twice."""
    scene, screen = archer(tmp_path)
    hover(scene, (5, 2))
    frame(scene, screen)
    p = next(w for w in scene.widgets if isinstance(w, PathPreview))
    assert [ln.text for ln in p.lines or []] == ["Fenn cannot move to 5,2", "4 movement away, 1 left"]


def test_a_hex_zone_of_control_keeps_out_of_reach_is_named_once(tmp_path: Path) -> None:
    units = [{"name": "Lysa", "at": (0, 1), "faction": "player", "initiative": 9, "move": 6},
             {"name": "Spear", "at": (3, 1), "faction": "enemy", "initiative": 5}]
    tmx = write_map(tmp_path / "zoc.tmx", ["......."] * 3, units=units, title="Lane")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=False)
    frame(scene, screen, 30)
    reason = scene.match.encounter.can_move_to("Lysa", (5, 1))
    assert reason is not None and "cannot reach 5,1 this turn: the zone of control" in reason  # the rules
    hover(scene, (5, 1))
    frame(scene, screen)
    p = next(w for w in scene.widgets if isinstance(w, PathPreview))
    lines = [ln.text for ln in p.lines or []]
    assert lines[0] == "Lysa cannot move to 5,1"
    assert " ".join(lines[1:]).startswith("the zone of control of")
    assert not any("5,1" in t for t in lines[1:])


def test_a_shove_with_nowhere_to_push_says_the_target_stays_put(tmp_path: Path) -> None:
    """It read "On success Hale cannot be pushed ne: the way is blocked", as if success were failure; the
    roll still spends the action and the sergeant does not move."""
    units = [{"name": "Lysa", "at": (2, 2), "faction": "player", "initiative": 9},
             {"name": "Hale", "at": (3, 2), "faction": "enemy", "initiative": 5}]
    tmx = write_map(tmp_path / "pen.tmx", ["######", "######", "##..##", "######", "######"], units=units,
                    title="Pen")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=False)
    frame(scene, screen, 30)
    p = scene.match.encounter.preview_shove("Lysa", "Hale")
    assert p.legal is None and len(p.push_path) == 1  # the rules: a shove that moves nobody
    key(scene, pygame.K_s)
    hover(scene, (3, 2))
    frame(scene, screen)
    lines = preview_texts(scene)
    assert f"Even on a success Hale stays put: the way {p.direction} is blocked" in lines
    assert not any(t.startswith("On success") for t in lines)
