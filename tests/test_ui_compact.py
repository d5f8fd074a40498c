"""A small window's compact card and tracker: the battle scene as ``playmat play`` builds it, driven with real
pygame events, drawn headless at 800x560 (and 1280x720, where nothing changes)."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.ui.compact import is_compact
from game.ui.help import BATTLE_HELP
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
    line = next(what for _, page in BATTLE_HELP for k, what in page if k.startswith("I"))
    assert "card" in line
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`I`" in readme


def gm_card(scene):  # type: ignore[no-untyped-def]
    from game.ui.gm import GMTools

    return next(w for w in scene.widgets if isinstance(w, GMTools))


def test_the_gm_card_goes_short_too_and_opens_whole_under_the_pointer(tmp_path: Path) -> None:
    """At 800x560 the GM's card took 410 of the map area's 494 px of height, over the tokens down the left."""
    scene, screen, _, _ = small_battle(tmp_path)
    point(scene, (500, 300))  # on the map
    key(scene, pygame.K_g)
    frame(scene, screen)
    gm = gm_card(scene)
    short = pygame.Rect(gm.cover)
    assert not gm.full and short.height < 160
    keys = {b.key for b in gm.buttons}
    assert ("hp", -1) in keys and "end" not in keys and "join" not in keys  # hit points at a glance, no more
    point(scene, (short.centerx, short.bottom - 6))  # onto it: every tool, the card growing downward
    frame(scene, screen)
    assert gm.full and gm.cover.top == short.top and gm.cover.height > 2 * short.height
    end = next(b for b in gm.buttons if b.key == "end")
    point(scene, end.rect.center)  # down the open card to a button: still open, and the button answers
    frame(scene, screen)
    assert gm.full and gm.hovered == "end"
    point(scene, (gm.cover.right + 60, gm.cover.centery))  # off it
    frame(scene, screen)
    assert not gm.full and gm.cover == short


def test_a_gm_form_keeps_the_gm_card_whole_and_i_says_which_card(tmp_path: Path) -> None:
    scene, screen, _, _ = small_battle(tmp_path)
    key(scene, pygame.K_g)
    frame(scene, screen)
    gm = gm_card(scene)
    point(scene, gm.cover.center)
    frame(scene, screen)
    join = next(b for b in gm.buttons if b.key == "join")
    point(scene, join.rect.center)
    frame(scene, screen)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=join.rect.center, button=1))
    point(scene, (gm.cover.right + 300, gm.cover.bottom))  # off to the map, to pick the hex
    frame(scene, screen)
    assert gm.form is not None and gm.full  # the form stays beside the whole card
    key(scene, pygame.K_ESCAPE)
    frame(scene, screen)
    assert gm.form is None and not gm.full
    key(scene, pygame.K_i)
    frame(scene, screen)
    assert gm.full and "Full GM card" in scene.ctx.status


def test_at_1280x720_the_gm_card_is_whole(tmp_path: Path) -> None:
    scene, screen, _, _ = small_battle(tmp_path, (1280, 720))
    point(scene, (700, 400))
    key(scene, pygame.K_g)
    frame(scene, screen)
    gm = gm_card(scene)
    assert gm.full and "end" in {b.key for b in gm.buttons}


def test_the_pointer_leaving_the_window_closes_the_card_it_opened_and_the_trackers_ring(tmp_path: Path) -> None:
    """SDL sends no motion when the pointer leaves the window: the full card stayed open until it came back."""
    scene, screen, card, tracker = small_battle(tmp_path)
    point(scene, card.cover.center)
    frame(scene, screen)
    assert card.full
    scene.handle_event(pygame.event.Event(pygame.WINDOWLEAVE))
    frame(scene, screen)
    assert not card.full
    row, name = tracker._rows[1]
    point(scene, row.center)
    frame(scene, screen)
    assert scene.ctx.highlight == name
    scene.handle_event(pygame.event.Event(pygame.WINDOWLEAVE))
    frame(scene, screen)
    assert scene.ctx.highlight is None and scene.ctx.hovered_unit is None
