"""Lines of fire between two footprints: which pairs see each other (R30) and whether cover holds (R31).

A shot or a burst is judged on the best pair for the attacker: among the
(attacker hex, target hex) pairs that qualify (in range for a shot; inside
the area for a burst) and see each other, the target has cover only if
every one of those lines crosses a hex that gives cover: a tile with
``cover=true`` or a hex held by a combatant other than the two. Skirting a
hex gives no cover (R31: crossed, not skirted).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .board import Board
from .hexgrid import Cell
from .sight import SightLine, blocking, sight_lines
from .terrain import with_article
from .text import joined

Pair = tuple[Cell, Cell]


@dataclass(frozen=True)
class LineOfFire:
    """The verdict over every qualifying pair of an attacker's and a target's hexes."""

    pairs: tuple[Pair, ...]  # qualifying pairs that see each other (R30)
    cover: bool  # R31: every one of them crosses a cover hex (True when no pair sees: nothing reaches in the open)
    clear: tuple[Pair, ...]  # the seeing pairs that cross no cover hex
    blocked_by: tuple[Cell, ...]  # what blocks the qualifying pairs that do not see (empty when one sees)
    # When cover holds: the hexes giving it, over every seeing pair, each once, in the order the pairs and their
    # lines cross them (empty without cover): what a player is told the shot passes through.
    cover_hexes: tuple[Cell, ...] = ()

    @property
    def sees(self) -> bool:
        return bool(self.pairs)


def covering(board: Board, held: npt.NDArray[np.bool_], line: SightLine) -> tuple[Cell, ...]:
    """The crossed hexes of ``line`` that give cover (R31): cover tiles and ``held`` hexes (other combatants)."""
    out = []
    for col, row in line.crossed:
        if 0 <= col < board.cols and 0 <= row < board.rows and (board.cover[row, col] or held[row, col]):
            out.append((col, row))
    return tuple(out)


def line_of_fire(board: Board, held: npt.NDArray[np.bool_], attacker_cells: list[Cell], target_cells: list[Cell],
                 qualifies: Callable[[Cell, Cell], bool]) -> LineOfFire:
    """R30/R31 over the pairs ``qualifies`` accepts; ``held`` marks hexes of combatants other than the two."""
    pairs = [(a, b) for a in attacker_cells for b in target_cells if qualifies(a, b)]
    lines = sight_lines(board.layout, pairs)
    seeing: list[Pair] = []
    clear: list[Pair] = []
    blockers: list[Cell] = []
    givers: dict[Cell, None] = {}  # ordered, each once
    for pair, line in zip(pairs, lines, strict=True):
        blocked = blocking(board, line)
        if blocked:
            blockers.extend(c for c in blocked if c not in blockers)
            continue
        seeing.append(pair)
        cover = covering(board, held, line)
        if not cover:
            clear.append(pair)
        givers.update(dict.fromkeys(cover))
    return LineOfFire(tuple(seeing), not clear, tuple(clear), () if seeing else tuple(blockers),
                      tuple(givers) if seeing and not clear else ())


@dataclass(frozen=True)
class CoverHex:
    """A hex a line of fire passes through that gives cover (R31), and what gives it there."""

    cell: Cell
    combatant: str | None  # the combatant standing there (other than the two), or None: a tile with cover=true
    # The name of the tile there when the tile gives cover (its ``tile`` property, as a sentence says it: "low
    # wall"), whoever stands on it; None when the tile gives no cover or has no name.
    terrain: str | None = None


def cover_tile_name(board: Board, cell: Cell) -> str | None:
    """The name of ``cell``'s tile when that tile gives cover (R31: ``cover=true``), else None."""
    col, row = cell
    if not board.is_on_map(cell) or not board.cover[row, col]:
        return None
    return board.tile_name(cell)


def cover_givers(board: Board, cells: tuple[Cell, ...], holder: Callable[[Cell], str | None]) -> tuple[CoverHex, ...]:
    """``cells`` (cover hexes, as ``LineOfFire.cover_hexes``) named: a combatant's hex by the combatant, once per
    combatant however many of its hexes the lines cross (a large one's seven), else the tile (by its name)."""
    out: list[CoverHex] = []
    named: set[str] = set()
    for cell in cells:
        who = holder(cell)
        if who is not None:
            if who in named:
                continue
            named.add(who)
        elif not board.cover[cell[1], cell[0]]:
            continue  # (cannot happen: a cover hex is held or a cover tile)
        out.append(CoverHex(cell, who, cover_tile_name(board, cell)))
    return tuple(out)


MAX_NAMED = 3  # a large shooter's many lines may cross more: the rest are counted


def cover_words(givers: tuple[CoverHex, ...]) -> str:
    """What a shot passes through, as the window and ``playmat targets`` say it (RULES.md, "Cover"): "Ilse at
    5,4", "a low wall at 6,4 and Orc 2 at 7,4", "..., and 2 more"; "" for none. A tile is named as the map
    names it (its ``tile`` property), what the player sees there; one without a name is "cover at 6,4"."""
    words = []
    for g in givers:
        what = g.combatant if g.combatant is not None else with_article(g.terrain) if g.terrain else "cover"
        words.append(f"{what} at {g.cell[0]},{g.cell[1]}")
    if len(words) > MAX_NAMED:
        words = [*words[:MAX_NAMED - 1], f"{len(words) - MAX_NAMED + 1} more"]
    return joined(words)
