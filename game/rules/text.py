"""How the engine writes cells, names and weapon bands in its one-line messages.

Cells read ``10,3`` everywhere a person sees them: the command line takes
them that way, so every message names them the same way.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import Any

from .hexgrid import Cell


def show(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def quote(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else repr(value)


def joined(items: Iterable[str]) -> str:
    """ "A", "A and B", "A, B and C": a list as a sentence says it (the window's narration joins the same way)."""
    got = list(items)
    return ", ".join(got[:-1]) + " and " + got[-1] if len(got) > 1 else "".join(got)


def band(lo: int, hi: int) -> str:
    return f"distance {lo}" if lo == hi else f"distance {lo} to {hi}"


def show_cells(cells: Iterable[Cell]) -> str:
    return " ".join(show(c) for c in cells) or "nothing"


def did_you_mean(value: Any, known: Iterable[str], cutoff: float = 0.75) -> str:
    """' (did you mean "Bandit Chief"?)' for a name a GM nearly typed ("Bandit_Chief", "bandit chief"); ''
    when none is close. Underscores read as spaces and case is ignored first (a shell user's usual slips),
    then the nearest spelling (difflib, as Python's own "did you mean" does; ``cutoff`` its least likeness:
    the command line's short options and choices use a looser one); a long value is not compared."""
    if not isinstance(value, str) or not value or len(value) > 200:
        return ""
    names = list(known)

    def plain(text: str) -> str:
        return " ".join(text.replace("_", " ").split()).casefold()

    wanted = plain(value)
    same = [n for n in names if plain(n) == wanted]
    # "Orc 9" is not a slip for "Orc 1" any more than for "Orc 2": a numbered name is only matched to one
    # with the same numbers ("Bandit Archer1" -> "Bandit Archer 1").
    numbered = [plain(n) for n in names if re.findall(r"\d+", n) == re.findall(r"\d+", value)]
    close = same or difflib.get_close_matches(wanted, numbered, n=1, cutoff=cutoff)
    if not close:
        return ""
    name = same[0] if same else next(n for n in names if plain(n) == close[0])
    return f" (did you mean {quote(name)}?)"
