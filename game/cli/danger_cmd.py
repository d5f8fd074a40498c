"""``playmat danger``: where a side's enemies could strike, shoot or burst next turn, after moving (R21, R29-R32).

The headless form of the window's ``V``: per hex, how many hostiles of the
faction could move and strike a member standing there, and how many could
move and shoot it or catch it in a burst; with ``--unit``, one hostile's
shots (clear or only through cover, and what it adds to the defence at
best) and bursts. Everything comes from the engine's public queries
(``enemy_reach_count``, ``ranged_danger_count``, ``ranged_danger``).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from game.rules import FACTIONS

from .errors import UsageError, did_you_mean
from .session import load_encounter, named_unit

__all__ = ["cmd_danger"]


def _cells(mask: np.ndarray) -> list[list[int]]:
    rows, cols = np.nonzero(mask)
    return [[int(c), int(r)] for r, c in zip(rows, cols, strict=True)]  # row by row, as threat lists them


def _standable(enc: Any) -> np.ndarray:
    """Where someone could stand (some movement type may enter, R5): a wall in an archer's range is no danger."""
    board = enc.board
    out: np.ndarray = (board.cost >= 1).any(axis=0) & board.on_map
    return out


def cmd_danger(args: argparse.Namespace) -> tuple[dict[str, Any], list[str]]:
    """The JSON document and the text lines of ``playmat danger``."""
    faction = args.against.strip().lower()
    if faction not in FACTIONS:
        raise UsageError(f'--against "{args.against}" is not one of {", ".join(FACTIONS)}'
                         + did_you_mean(faction, FACTIONS))
    _, enc = load_encounter(args.map, args.log, allow_outside=args.allow_outside)
    if args.unit is not None:
        named_unit(enc, "--unit", args.unit)
        return _one(enc, faction, args.unit)
    blows = enc.enemy_reach_count(faction)
    ranged = enc.ranged_danger_count(faction)
    cells = _cells(((blows > 0) | (ranged > 0)) & _standable(enc))
    hexes: list[dict[str, Any]] = [{"at": at, "blows": int(blows[at[1], at[0]]), "ranged": int(ranged[at[1], at[0]])}
                                   for at in cells]
    lines = [f"next turn, after moving, the enemies of {faction} could reach {_hexes(len(hexes))} "
             f"(a combatant of standard size standing there)"]
    struck = [(at, int(blows[at[1], at[0]])) for at in cells if blows[at[1], at[0]]]
    shot = [(at, int(ranged[at[1], at[0]])) for at in cells if ranged[at[1], at[0]]]
    lines.append(f"  strike {len(struck)} (how many enemies):" if struck else "  strike no hex")
    lines += _wrapped([f"{c},{r}x{n}" for (c, r), n in struck])
    lines.append(f"  shoot or burst {len(shot)} (how many enemies):" if shot else "  shoot or burst no hex")
    lines += _wrapped([f"{c},{r}x{n}" for (c, r), n in shot])
    return {"against": faction, "hexes": hexes}, lines


def _one(enc: Any, faction: str, name: str) -> tuple[dict[str, Any], list[str]]:
    """One hostile of ``faction``: where it could shoot (clear or through cover, what it adds to the defence at
    best: the cover bonus, the threatened-shooter penalty) or catch someone in a burst next turn."""
    v = enc.view(name)  # an unknown name: the engine's one-line refusal
    if faction not in enc.hostile_factions(v.faction):
        raise UsageError(f'--unit "{name}" ({v.faction}) is not hostile to {faction}')
    d = enc.ranged_danger(name)
    here = _standable(enc)
    shots = _cells(d.shot & here)
    adds: dict[int, list[list[int]]] = {}
    for at in shots:
        adds.setdefault(int(d.extra[at[1], at[0]]), []).append(at)
    doc = {"unit": name, "against": faction,
           "shoot": [{"at": at, "clear": bool(d.clear[at[1], at[0]]), "adds": int(d.extra[at[1], at[0]])}
                     for at in shots],
           "burst": _cells(d.burst & here)}
    if not v.active:
        return doc, [f"{name} is {v.status}: it shoots and bursts nowhere"]
    if v.ranged is None and v.area is None:
        return doc, [f"{name} has no ranged attack (R29) and no area ability (R32): it shoots and bursts nowhere"]
    lines = [f"{name} next turn, after moving, could " + " and ".join(
        ([f"shoot {_hexes(len(doc['shoot']))}"] if v.ranged is not None else [])
        + ([f"catch {len(doc['burst'])} in a burst"] if v.area is not None else []))]
    for extra in sorted(adds):
        lines.append(f"  shots adding {extra} to the defence" + (" (clear, unthreatened)" if extra == 0 else
                     " (through cover, R31, or standing threatened, R29)") + f": {len(adds[extra])}")
        lines += _wrapped([f"{c},{r}" for c, r in adds[extra]])
    if doc["burst"]:
        lines.append(f"  burst (R32): {len(doc['burst'])}")
        lines += _wrapped([f"{c},{r}" for c, r in doc["burst"]])
    elif v.area is not None:
        lines.append("  burst: none (no uses left, R32)" if v.area_uses_left <= 0 else "  burst: none")
    return doc, lines


def _hexes(n: int) -> str:
    return f"{n} hex" if n == 1 else f"{n} hexes"


def _wrapped(words: list[str], width: int = 96) -> list[str]:
    """``words`` in lines of at most ``width`` characters, indented under their heading."""
    out: list[str] = []
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            out.append("    " + line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    if line:
        out.append("    " + line)
    return out
