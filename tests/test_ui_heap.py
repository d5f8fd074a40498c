"""A battle opened in the window is settled out of the collector's reach (game.ui.heap): no frame of play pays
for a pass over everything the battle loaded (a 16-20 ms pause on the 64x64 map, the slowest frame of
``tools/bench_frames.py --archers``), and the next battle opened frees the previous one's cycles.

Frame times themselves are shown by tools/bench_frames.py (its collector counts), never asserted here.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from game.ui import heap
from game.ui.app import PlayConfig, play
from game.ui.battle import BattleScene

UNITS = [
    {"name": "Hero", "at": (1, 1), "faction": "player", "initiative": 9, "hp": 12},
    {"name": "Orc", "at": (4, 2), "faction": "enemy", "initiative": 5, "hp": 9},
]


@pytest.fixture(autouse=True)
def thawed() -> Iterator[None]:
    """Leave the test process's collector as it found it."""
    yield
    gc.unfreeze()


def tracked(obj: object) -> bool:
    """Whether an automatic collector pass would scan ``obj`` (frozen objects are in no generation)."""
    return any(o is obj for o in gc.get_objects())


def test_the_battle_the_window_opens_is_never_rescanned_by_the_collector(tmp_path: Path) -> None:
    arena = write_map(tmp_path / "arena.tmx", ["......", "......", "......"], units=UNITS, title="Arena")
    cfg = PlayConfig(map_path=arena, log_path=tmp_path / "log.jsonl", seed=1, headless=True, frames=3,
                     humans=("player", "enemy"))
    battle = play(cfg).stack.find(BattleScene)
    assert battle is not None
    # The scene, its map art and its engine were all loaded before the first frame: frozen with it.
    for loaded in (battle, battle.art, battle.match, battle.match.encounter):
        assert not tracked(loaded), type(loaded).__name__


def test_settling_again_frees_the_last_battles_cycles_rather_than_keeping_them_for_the_session() -> None:
    class Scene:
        pass

    old = Scene()
    old.me = old  # type: ignore[attr-defined]  # a cycle, as a scene with callbacks to itself makes
    gone = weakref.ref(old)
    heap.settle()
    assert gone() is not None and not tracked(old)  # still in use when the first battle settled: kept
    del old  # the player went back to the title: only the cycle holds it now
    heap.settle()  # the next battle opens
    assert gone() is None
