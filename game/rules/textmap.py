"""Build a :class:`Scenario` straight from rows of terrain characters.

For tests, benchmarks and tools that want an encounter without writing a
TMX file. The characters are those of ``game.maps.tmxwrite``: ``.`` normal,
``d`` difficult, ``w`` water, ``c`` chasm, ``h`` hazard, ``#`` blocked,
``x`` normal exit, ``_`` off-map; and three for sight and cover (R30, R31):
``t`` normal that gives cover (a tree, a parapet), ``|`` blocked that does not
block sight (an arrow slit), ``f`` normal that blocks sight (fog). Units are map-format property dicts with
``name`` and ``at`` (``(col, row)``); their order is the map order (R14).

>>> s = scenario_from_rows(["...", "..."], [{"name": "A", "at": (0, 0), "faction": "player"}])
>>> s.combatants[0].cell
(0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .board import Board, default_exits
from .combatant import combatant_from_properties
from .factions import DEFAULT_HOSTILE, Hostility
from .hexgrid import HexLayout
from .scenario import Scenario
from .terrain import DEFAULT_COSTS, DEFAULT_HAZARD_DAMAGE, OFF_MAP, Terrain

CHARS: dict[str, int] = {
    ".": Terrain.NORMAL,
    "d": Terrain.DIFFICULT,
    "w": Terrain.WATER,
    "c": Terrain.CHASM,
    "h": Terrain.HAZARD,
    "#": Terrain.BLOCKED,
    "x": Terrain.NORMAL,
    "_": OFF_MAP,
    "t": Terrain.NORMAL,
    "|": Terrain.BLOCKED,
    "f": Terrain.NORMAL,
}


def board_from_rows(rows: Sequence[str], stagger_axis: str = "y", stagger_index: str = "odd",
                    hazard_damage: int = DEFAULT_HAZARD_DAMAGE) -> Board:
    """A board with the R5 default costs; exits where ``x`` is, else the outermost rows and columns (R24)."""
    if not rows or any(len(r) != len(rows[0]) for r in rows):
        raise ValueError("rows must be non-empty and of equal length")
    for r in rows:
        for ch in r:
            if ch not in CHARS:
                raise ValueError(f"unknown terrain char {ch!r}")
    tw, th = (64, 74) if stagger_axis == "y" else (74, 64)
    layout = HexLayout(stagger_axis, stagger_index, tw, th, 37, len(rows[0]), len(rows))
    terrain = np.array([[CHARS[ch] for ch in r] for r in rows], dtype=np.int8)
    on_map = terrain != OFF_MAP
    cost = np.full((3, layout.rows, layout.cols), -1, dtype=np.int16)
    for mt in range(3):
        cost[mt][on_map] = DEFAULT_COSTS[terrain[on_map], mt]
    hazard = np.where(terrain == Terrain.HAZARD, hazard_damage, 0).astype(np.int16)
    marked = np.array([[ch == "x" for ch in r] for r in rows], dtype=bool)
    if not marked.any():
        marked = default_exits(on_map, np.zeros_like(marked))
    sight = (terrain == Terrain.BLOCKED) & ~char_mask(rows, "|") | char_mask(rows, "f")
    return Board(layout, terrain, cost, hazard, marked, sight, char_mask(rows, "t"))


def char_mask(rows: Sequence[str], char: str) -> np.ndarray:
    return np.array([[ch == char for ch in r] for r in rows], dtype=bool)


def scenario_from_rows(
    rows: Sequence[str],
    units: Sequence[Mapping[str, Any]],
    *,
    stagger_axis: str = "y",
    stagger_index: str = "odd",
    hostile: str = DEFAULT_HOSTILE,
    seed: int = 0,
    flank_penalty: int = 2,
    rear_penalty: int = 4,
    cover_bonus: int = 2,
    threatened_shooter_penalty: int = 2,
    title: str = "text map",
) -> Scenario:
    board = board_from_rows(rows, stagger_axis, stagger_index)
    specs = []
    for i, u in enumerate(units, start=1):
        props = {k: v for k, v in u.items() if k not in ("name", "at")}
        specs.append(combatant_from_properties(u["name"], props, tuple(u["at"]), i, board.layout))
    return Scenario(
        source=title, title=title, board=board, combatants=tuple(specs), hostility=Hostility.parse(hostile),
        seed=seed, flank_penalty=flank_penalty, rear_penalty=rear_penalty, cover_bonus=cover_bonus,
        threatened_shooter_penalty=threatened_shooter_penalty,
    )
