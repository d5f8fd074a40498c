"""The smallest window (640x400): the card and the initiative tracker fold to one-line tabs in their corners
and unfold while the pointer rests on them (RULES.md, "In a tiny window"). Unfolded, they left 230 px of map
between them and every shipped map opened with tokens under them."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.ui.battle import BattleScene
from game.ui.panels.card import CombatantCard
from game.ui.panels.combat_log import CombatLog
from game.ui.panels.initiative import InitiativeTracker
from game.ui.scene import SceneStack
from tests.scene_harness import frame, key, open_battle
from tests.ui_harness import ROOT

AMBUSH = ROOT / "maps" / "ambush.tmx"
ONE_LINE = 30  # px: a tab is one line of small type; the short card is some 130 px tall, the tracker 119


def opened(tmp_path: Path, size: tuple[int, int]) -> tuple[BattleScene, pygame.Surface, CombatantCard,
                                                             InitiativeTracker]:
    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally"), setup=False, size=size)
    SceneStack(scene)
    frame(scene, screen, 2)
    card = next(w for w in scene.widgets if isinstance(w, CombatantCard))
    tracker = next(w for w in scene.widgets if isinstance(w, InitiativeTracker))
    return scene, screen, card, tracker


def point(scene: BattleScene, screen: pygame.Surface, pos: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frame(scene, screen, 2)


def test_the_card_and_tracker_open_as_tabs_in_their_corners(tmp_path: Path) -> None:
    scene, _, card, tracker = opened(tmp_path, (640, 400))
    view = scene.ctx.view_rect
    assert card.cover.height <= ONE_LINE and tracker.cover.height <= ONE_LINE, (card.cover, tracker.cover)
    assert card.cover.left - view.left < 16 and view.right - tracker.cover.right < 16
    assert card.cover.right < view.centerx < tracker.cover.left


def test_the_tracker_tab_unfolds_under_the_pointer_and_folds_when_it_leaves(tmp_path: Path) -> None:
    scene, screen, _, tracker = opened(tmp_path, (640, 400))
    tab = pygame.Rect(tracker.cover)
    point(scene, screen, tab.center)
    assert tracker.cover.height > 3 * 21 and tracker.cover.collidepoint(tab.center)  # three rows at least
    actor = scene.match.encounter.turn
    assert actor in [name for _, name in tracker._rows]
    point(scene, screen, scene.ctx.view_rect.center)
    assert tracker.cover == tab


def test_the_card_tab_opens_to_the_short_card_and_i_to_the_full_one(tmp_path: Path) -> None:
    scene, screen, card, _ = opened(tmp_path, (640, 400))
    tab = pygame.Rect(card.cover)
    point(scene, screen, tab.center)
    assert card.cover.height > 100 and not card.full  # the short card: name, faction, hp, movement
    assert card.cover.bottom < scene.ctx.view_rect.centery + 60  # clear of the action bar (the full card was not)
    point(scene, screen, scene.ctx.view_rect.center)
    assert card.cover == tab
    key(scene, pygame.K_i)
    frame(scene, screen, 2)
    assert card.full


def test_a_window_of_800x600_keeps_the_compact_panels_unfolded(tmp_path: Path) -> None:
    _, _, card, tracker = opened(tmp_path, (800, 600))
    assert card.cover.height > 100 and tracker.cover.height > 100


def test_the_combat_log_folds_to_a_one_line_tab_saying_what_just_happened(tmp_path: Path) -> None:
    # Its heading and two newest lines (70 px) over the action bar left Harrow Keep's fight no room: Archer 2
    # opened under it (test_ui_opening_frame). Folded, it still says the newest entry: Pell's turn has begun.
    scene, screen, _, _ = opened(tmp_path, (640, 400))
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    tab = pygame.Rect(log.cover)
    assert tab.height <= ONE_LINE, tab
    assert view_right_gap(scene, tab) < 16  # in the bottom-right corner, as it stands in every window
    assert [text for text, _ in log.drawn] == ["Pell's turn"]
    point(scene, screen, tab.center)
    assert log.cover.height > 2 * ONE_LINE and log.cover.bottom == tab.bottom  # unfolded upwards, over the map
    assert "Combat begins" in [text for text, _ in log.drawn]
    point(scene, screen, scene.ctx.view_rect.center)
    assert log.cover == tab


def test_a_window_of_800x600_keeps_the_combat_log_of_a_small_window(tmp_path: Path) -> None:
    scene, _, _, _ = opened(tmp_path, (800, 600))
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    assert log.cover.height > 2 * ONE_LINE  # its heading and two lines: not tiny, so no tab


def view_right_gap(scene: BattleScene, rect: pygame.Rect) -> int:
    return scene.ctx.view_rect.right - rect.right
