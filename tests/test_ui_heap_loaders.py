"""Every way the window loads a map or a log leaves what it loaded out of the garbage collector's reach
(game.ui.heap.loaded), as opening a battle always did: the replay viewer opened from the command line
(``--replay``) or from the end-of-battle summary ("Watch the replay", R key), and a map edited in Tiled and
reloaded under the open battle. Before, only the battle was settled: the viewer's replayed log and a reload's
new engine and art stayed in the collector's generations, and a pass over them later landed in a frame.

Driven through ``playmat play`` headless, as a player drives it; frame times are tools/bench_frames.py's
(``--replay``, ``--reload``), never asserted here.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.ui import heap
from game.ui.app import PlayConfig, play
from game.ui.battle import BattleScene
from game.ui.replay import ReplayScene
from game.ui.summary import SummaryScene

UNITS = [
    {"name": "Hero", "at": (1, 1), "faction": "player", "initiative": 9, "hp": 12},
    {"name": "Orc", "at": (4, 2), "faction": "enemy", "initiative": 5, "hp": 9},
]
ROWS = ["......", "......", "......"]


@pytest.fixture(autouse=True)
def released() -> Iterator[None]:
    """Leave the test process's collector as it found it."""
    heap.release()
    yield
    heap.release()


@pytest.fixture
def arena(tmp_path: Path) -> Path:
    return write_map(tmp_path / "arena.tmx", ROWS, units=UNITS, title="Arena")


def tracked(obj: object) -> bool:
    """Whether an automatic collector pass would scan ``obj`` (frozen objects are in no generation)."""
    return any(o is obj for o in gc.get_objects())


def fought(arena: Path, log: Path) -> None:
    """The AI plays both sides to the end of the battle; ``log`` is its save."""
    play(PlayConfig(map_path=arena, log_path=log, seed=3, headless=True, autoplay=True, speed=float("inf")))


def loaded_by_the_viewer(viewer: ReplayScene) -> dict[str, bool]:
    """Whether the collector still scans the viewer and what it loaded: the state shown, the log, its words."""
    return {"viewer": tracked(viewer), "state": tracked(viewer.enc), "log": tracked(viewer.actions),
            "words": tracked(viewer.step_lines)}


NOTHING_SCANNED = {"viewer": False, "state": False, "log": False, "words": False}


def test_the_replay_viewer_opened_with_replay_is_never_rescanned(arena: Path, tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"
    fought(arena, log)
    seen: dict[str, bool] = {}

    def look(frame: int, stack: Any) -> list[pygame.event.Event]:
        if frame == 2 and isinstance(stack.top, ReplayScene):
            seen.update(loaded_by_the_viewer(stack.top))
        return []

    play(PlayConfig(map_path=arena, replay=log, headless=True, frames=3), script=look)
    assert seen == NOTHING_SCANNED


def test_the_replay_watched_from_the_summary_is_never_rescanned(arena: Path, tmp_path: Path) -> None:
    cfg = PlayConfig(map_path=arena, log_path=tmp_path / "fight.jsonl", seed=3, headless=True, frames=2000,
                     autoplay=True, speed=float("inf"))
    seen: dict[str, bool] = {}
    asked: list[int] = []

    def look(frame: int, stack: Any) -> list[pygame.event.Event]:
        top = stack.top
        if isinstance(top, SummaryScene) and not asked:
            asked.append(frame)  # the battle is over: "Watch the replay" (its key, R)
            return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)]
        if isinstance(top, ReplayScene) and not seen:
            seen.update(loaded_by_the_viewer(top))
            return [pygame.event.Event(pygame.QUIT)]
        return []

    play(cfg, script=look)
    assert asked, "the battle never ended"
    assert seen == NOTHING_SCANNED


def test_a_map_reloaded_after_an_edit_in_tiled_is_never_rescanned(arena: Path, tmp_path: Path) -> None:
    cfg = PlayConfig(map_path=arena, log_path=tmp_path / "log.jsonl", seed=1, headless=True, frames=120,
                     humans=("player", "enemy"), setup=True)
    first: list[Any] = []
    seen: dict[str, bool] = {}

    def look(frame: int, stack: Any) -> list[pygame.event.Event]:
        battle = stack.find(BattleScene)
        if battle is None:
            return []
        if frame == 2:
            first.append(battle.match)
            # The designer saves the map in Tiled: a pond where the open ground was (no one stands there).
            write_map(arena, ["......", "..ww..", "......"], units=UNITS, title="Arena")
            later = arena.stat().st_mtime + 5
            os.utime(arena, (later, later))
        elif first and battle.match is not first[0] and not seen:
            assert battle.match.encounter.board.terrain_at((2, 1)).label == "water"  # the edit is in force
            seen.update({"match": tracked(battle.match), "engine": tracked(battle.match.encounter),
                         "art": tracked(battle.art)})
        return []

    play(cfg, script=look)
    assert seen == {"match": False, "engine": False, "art": False}
