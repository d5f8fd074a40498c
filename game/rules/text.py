"""How the engine writes cells, names and weapon bands in its one-line messages.

Cells read ``10,3`` everywhere a person sees them: the command line takes
them that way, so every message names them the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .hexgrid import Cell


def show(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def quote(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else repr(value)


def band(lo: int, hi: int) -> str:
    return f"distance {lo}" if lo == hi else f"distance {lo} to {hi}"


def show_cells(cells: Iterable[Cell]) -> str:
    return " ".join(show(c) for c in cells) or "nothing"
