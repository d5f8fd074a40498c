"""A small window's compact card and tracker: the battle scene as ``playmat play`` builds it, driven with real
pygame events, drawn headless at 800x560 (and 1280x720, where nothing changes)."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.ui.compact import is_compact
from game.ui.help import BATTLE_KEYS
from game.ui.panels.card import CombatantCard
from game.ui.panels.initiative import COMPACT, FULL, InitiativeTracker
from tests.scene_harness import frame, key, open_battle
from tests.ui_harness import ROOT

FORTRESS = ROOT / "maps" / "fortress_assault.tmx"  # 16 combatants, Captain Vessa (the player's) acts first
SMALL = (800, 560)


def small_battle(tmp_path: Path, size: tuple[int, int] = SMALL):  # type: ignore[no-untyped-def]
    """fortress_assault in a window of ``size``, drawn; (scene, screen, card, tracker)."""
    scene, _ = open_battle(tmp_path, FORTRESS, humans=("player", "ally"), setup=False)
    screen = pygame.Surface(size)
    scene.resize(size)
    frame(scene, screen, 2)
    card = next(w for w in scene.widgets if isinstance(w, CombatantCard))
    tracker = next(w for w in scene.widgets if isinstance(w, InitiativeTracker))
    return scene, screen, card, tracker


def point(scene, pos: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))


def test_the_short_card_still_shows_the_actors_name_hp_and_movement(tmp_path: Path) -> None:
    scene, _, card, _ = small_battle(tmp_path)
    actor = scene.match.encounter.view("Captain Vessa")
    assert scene.match.encounter.turn == actor.name
    assert not card.full
    rows = [(ln.text, ln.right) for ln in card._lines]
    assert rows[0][0] == actor.name
    assert ("Hit points", f"{actor.hp} / {actor.hp_max}") in rows
    assert ("Movement left", f"{actor.movement} / {actor.movement_max}") in rows
    assert "Attack" not in [t for t, _ in rows]  # the rest waits for a hover or I...
    assert any("I" in t and "full card" in t for t, _ in rows)  # ...and the card says so
    # A few lines, not ten: under half the full card's height, narrower too.
    assert card.cover.height < 140 and card.cover.width < 260


def test_hovering_the_short_card_opens_the_full_one_until_the_pointer_leaves(tmp_path: Path) -> None:
    scene, screen, card, _ = small_battle(tmp_path)
    short = pygame.Rect(card.cover)
    point(scene, (short.centerx, short.bottom - 4))
    frame(scene, screen)
    assert card.full and card.cover.height > 2 * short.height
    assert {"Attack", "Damage", "Defence", "Initiative"} <= {ln.text for ln in card._lines}
    point(scene, (card.cover.centerx, card.cover.bottom - 4))  # down the open card: it stays open
    frame(scene, screen)
    assert card.full
    point(scene, (card.cover.right + 40, card.cover.bottom + 40))  # off it, onto the map
    frame(scene, screen)
    assert not card.full and card.cover == short


def test_i_opens_the_full_card_and_closes_it_again_and_says_so(tmp_path: Path) -> None:
    scene, screen, card, _ = small_battle(tmp_path)
    point(scene, (card.cover.right + 200, card.cover.bottom + 100))  # the pointer elsewhere
    key(scene, pygame.K_i)
    frame(scene, screen)
    assert card.full and "Full combatant card" in scene.ctx.status
    key(scene, pygame.K_i)
    frame(scene, screen)
    assert not card.full and "Short combatant card" in scene.ctx.status


def test_the_compact_tracker_lists_fewer_shorter_rows_with_the_actor_and_scrolls(tmp_path: Path) -> None:
    scene, screen, _, tracker = small_battle(tmp_path)
    assert tracker.layout is COMPACT and tracker.cover.width == COMPACT.width
    names = [n for _, n in tracker._rows]
    assert "Captain Vessa" in names and len(names) <= COMPACT.max_rows < len(scene.match.encounter.order())
    assert all(r.height == COMPACT.row - 2 for r, _ in tracker._rows)
    assert tracker.cover.height < 200
    scene.ctx.mouse = tracker.cover.center
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    frame(scene, screen)
    assert [n for _, n in tracker._rows] != names  # the wheel shows the rest of the order


def test_at_800x560_the_map_keeps_most_of_the_screen(tmp_path: Path) -> None:
    """The card and the tracker took about 35 % of the map area at 800x560; compact, under a fifth."""
    scene, _, card, tracker = small_battle(tmp_path)
    view = scene.ctx.view_rect
    taken = sum(r.width * r.height for r in (card.cover, tracker.cover))
    assert taken < 0.2 * view.width * view.height


def test_at_1280x720_the_card_and_the_tracker_are_full_and_i_shortens_the_card(tmp_path: Path) -> None:
    scene, screen, card, tracker = small_battle(tmp_path, (1280, 720))
    assert not is_compact(scene.ctx.view_rect)
    assert card.full and card.cover.width == 260 and tracker.layout is FULL and tracker.cover.width == FULL.width
    key(scene, pygame.K_i)
    frame(scene, screen)
    assert not card.full and "Short combatant card" in scene.ctx.status


def test_the_help_tells_of_i_and_the_hover() -> None:
    line = next(what for k, what in BATTLE_KEYS if k.startswith("I"))
    assert "card" in line
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`I`" in readme
