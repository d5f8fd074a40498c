"""``playmat reach``, ``threat`` and ``arc``: where a unit can end a move, what is threatened, from which arc."""

from __future__ import annotations

import argparse
import json
import sys

from game.rules import FACTIONS

from .emit import cell_text, d20_words, emit, hexes
from .errors import UsageError, did_you_mean
from .session import load_encounter, named_unit


def cmd_reach(args: argparse.Namespace) -> int:
    _, enc = load_encounter(args.map, args.log, allow_outside=args.allow_outside)
    named_unit(enc, "--unit", args.unit)
    result = enc.reach_for(args.unit, args.budget)
    unit = enc.state_json()["units"][args.unit]
    movement = unit["movement"] if args.budget is None else args.budget
    ends = result.destinations()  # cheapest first, then row by row
    # Written a slice at a time: a unit that can go anywhere on a 1000x1000 map has a million ends, and a
    # dict and a line for each, held at once, came to over 900 MB.
    if args.json:
        head = json.dumps({"unit": args.unit, "from": list(unit["at"]), "movement": movement})
        sys.stdout.write(head[:-1] + ', "hexes": [')
        for i in range(0, len(ends), _SLICE):
            sys.stdout.write((", " if i else "") + ", ".join(
                json.dumps({"at": [c, r], "cost": cost, "stops": stops}) for (c, r), cost, stops in ends[i:i + _SLICE]))
        sys.stdout.write("]}\n")
        return 0
    head = f"{args.unit} at {cell_text(unit['at'])} with {movement} movement can end on "
    if not ends:  # "can end on 0 hexes:" over nothing left a GM asking mid-round without the why
        emit({}, False, [head + "no hex: " + nowhere(args.unit, movement, args.budget, unit["movement_max"],
                                                                 enc.phase)])
        return 0
    emit({}, False, [head + hexes(len(ends)) + ":"])
    for i in range(0, len(ends), _SLICE):
        emit({}, False, [f"  {cell_text(cell):>7}  cost {cost}" + ("  (zone of control: stops)" if stops else "")
                         for cell, cost, stops in ends[i:i + _SLICE]])
    return 0


_SLICE = 10_000  # reach's ends written at once


def nowhere(name: str, movement: int, budget: int | None, movement_max: int | None = None,
            phase: str = "active") -> str:
    """Why ``name`` can end a move on no hex: no movement left (and how to preview its next turn), or every
    hex around it closed to it."""
    if movement == 0 and budget is None:
        if phase == "ended":  # no turn is left to have movement in (R13): "this turn" was wrong
            hint = f"; --budget {movement_max} previews a turn's move from here" if movement_max else ""
            return f"combat is over (R13){hint}"
        hint = f"; --budget {movement_max} previews its next turn" if movement_max else ""
        return f"no movement left this turn (R6){hint}"
    if movement == 0:
        return "nothing to spend"
    return f"every hex next to {name} is closed to it or costs more than its movement"


# --- threat -------------------------------------------------------------------
def cmd_threat(args: argparse.Namespace) -> int:
    faction = args.against.strip().lower()
    if faction not in FACTIONS:
        raise UsageError(f'--against "{args.against}" is not one of {", ".join(FACTIONS)}'
                         + did_you_mean(faction, FACTIONS))
    _, enc = load_encounter(args.map, args.log, allow_outside=args.allow_outside)
    mask = enc.threat_against(faction)
    rows, cols = mask.nonzero()
    hexes = sorted(([int(c), int(r)] for r, c in zip(rows, cols, strict=True)), key=lambda h: (h[1], h[0]))
    doc = {"against": faction, "hexes": hexes}
    text = (
        f"{len(hexes)} hexes threatened against {faction}"
        + (":\n  " if hexes else "")
        + " ".join(cell_text(h) for h in hexes)
    )
    emit(doc, args.json, text)
    return 0


# --- arc ----------------------------------------------------------------------
def cmd_arc(args: argparse.Namespace) -> int:
    _, enc = load_encounter(args.map, args.log, allow_outside=args.allow_outside)
    named_unit(enc, "--attacker", args.attacker)
    named_unit(enc, "--defender", args.defender)
    arc = enc.arc(args.attacker, args.defender)
    hostile = enc.hostile(args.attacker, args.defender)
    lines = [f"{args.attacker} attacks {args.defender} from the {arc} arc"]
    if not hostile:  # the arc of a blow that may not be struck: say so, not just the geometry
        factions = {n: enc.view(n).faction for n in (args.attacker, args.defender)}
        lines.append(f"  but {args.attacker} ({factions[args.attacker]}) and {args.defender} "
                     f"({factions[args.defender]}) are not hostile: {args.attacker} may not attack or shoot "
                     f"{args.defender} (R3)")
    # "X attacks Y from the front arc" of a Y eight hexes off read as a blow X could strike: say when it cannot,
    # in the engine's own refusal (R21's band), and whether a shot would do from here instead.
    why_not = enc.can_attack_from(args.attacker, args.defender)
    shot = next((s for s in enc.targets(args.attacker)["shoot"] if s["target"] == args.defender), None)
    if hostile and why_not is not None:
        lines.append(f"  but {args.attacker} cannot attack {args.defender} from here: "
                     + why_not.removeprefix("attack: "))
        if shot is not None:
            lines.append(f"  it can shoot {args.defender} from here: {d20_words(shot['needed'])} (R29)")
    emit({"arc": arc, "hostile": hostile, "can_attack": why_not is None, "why_not": why_not,
          "can_shoot": shot is not None}, args.json, lines)
    return 0
