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


# Each R2 side name, as a person reads it: the log, the maps and the action tokens keep "sw" (the adjudication
# format); what the window shows and the command line's advice spell it out. Both layouts' six sides are here
# (pointy-top: e ne nw w sw se; flat-top: n nw sw s se ne).
SIDE_WORDS = {"e": "east", "w": "west", "n": "north", "s": "south", "ne": "north-east", "nw": "north-west",
              "se": "south-east", "sw": "south-west"}


def side_words(name: str) -> str:
    """ "south-west" for the side "sw" (R2), on either layout; anything else as it is."""
    return SIDE_WORDS.get(name, name)


# A direction written out in full ("east", "North-West") for the R2 side name maps and logs speak.
_COMPASS = {"east": "e", "west": "w", "north": "n", "south": "s", "northeast": "ne", "northwest": "nw",
            "southeast": "se", "southwest": "sw"}


def direction_hint(value: Any, names: Iterable[str]) -> str:
    """' (did you mean "n"?)' for a side written out ("north", "North-West"), misspelt ("nroth") or in
    capitals, when that side is one of ``names`` (the map's six, R2); for a side the map's layout lacks
    ("e" on a flat-top map, "north" on a pointy-top one) the two sides beside it, saying why; else the
    nearest of ``names`` as :func:`did_you_mean` finds it, or ''."""
    if not isinstance(value, str) or len(value) > 40:
        return ""
    sides = tuple(names)
    plain = re.sub(r"[\s_-]+", "", value).casefold()
    meant = _COMPASS.get(plain, plain)
    if meant not in _COMPASS.values():
        close = difflib.get_close_matches(plain, list(_COMPASS), n=1, cutoff=0.75)
        meant = _COMPASS[close[0]] if close else meant
    if meant in sides:
        return f" (did you mean {quote(meant)}?)"
    beside = [side for side in sides if len(side) == 2 and meant in side]
    if len(meant) == 1 and len(beside) == 2:
        shape = "flat-top" if "n" in sides else "pointy-top"
        return f" (a {shape} map has no side {quote(meant)}: did you mean {quote(beside[0])} or {quote(beside[1])}?)"
    return did_you_mean(value, sides)
