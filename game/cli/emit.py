"""How every headless command prints: its JSON document, or its text made safe for a terminal."""

from __future__ import annotations

import json
import sys
from typing import Any

from .printable import printable, printable_lines


def emit(doc: dict[str, Any], as_json: bool, text: str | list[str]) -> None:
    """``doc`` as JSON, or the text: a list of lines, each escaped as one line (they hold names and titles
    from maps and logs), or a string of the CLI's own words, whose line breaks stay."""
    if as_json:
        sys.stdout.write(json.dumps(doc) + "\n")
    elif isinstance(text, list):
        sys.stdout.write(printable_lines(text) + "\n")
    else:
        sys.stdout.write(printable(text.rstrip("\n")) + "\n")


def cell_text(cell: list[int] | tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def hexes(n: int) -> str:
    """ "1 hex", "36 hexes": how the commands count hexes."""
    return f"{n} hex" if n == 1 else f"{n} hexes"


def d20_words(needed: int) -> str:
    """ "needs 14 on the d20 (35 %)": the face a roll must reach and its chance, as the window's "Hits on 14+
    (35 %)" gives both (a GM at the table reads the odds, not only the face). A d20's chances are whole
    multiples of 5 %, so nothing is rounded; "any roll" and "cannot hit" as the window words the ends."""
    if needed <= 1:
        return "hits on any roll (100 %)"
    if needed > 20:
        return "cannot hit (0 %: no face of the d20 is enough)"  # the engine's 21: it counts no further
    return f"needs {needed} on the d20 ({(21 - needed) * 5} %)"
