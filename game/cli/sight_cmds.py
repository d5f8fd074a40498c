"""``playmat sight`` and ``targets``: what a line of sight crosses (R30, R31), whom a unit could shoot and
where it could centre its area ability (R29, R32)."""

from __future__ import annotations

import argparse
from typing import Any

from game.rules import CoverHex, cover_words

from .emit import cell_text, d20_words, emit
from .errors import UsageError
from .session import load_encounter, named_unit


def cmd_sight(args: argparse.Namespace) -> int:
    scenario, enc = load_encounter(args.map, args.log, allow_outside=args.allow_outside)
    layout = scenario.board.layout
    for option, cell in (("--from", args.from_cell), ("--to", args.to_cell)):
        if not layout.in_grid(cell):
            raise UsageError(f"{option} {cell_text(cell)} is outside the {layout.cols}x{layout.rows} map "
                             f"(columns 0-{layout.cols - 1}, rows 0-{layout.rows - 1})")
    doc = enc.sight_report(args.from_cell, args.to_cell)
    verdict = "sees" if doc["sight"] else "does not see"

    def cells(key: str) -> str:
        return " ".join(cell_text(c) for c in doc[key]) or "nothing"

    lines = [f"{cell_text(doc['from'])} {verdict} {cell_text(doc['to'])}",
             f"  crosses: {cells('crossed')}",
             "  skirts:  " + (" ".join(f"{cell_text(p)}|{cell_text(q)}" for p, q in doc["skirted"]) or "nothing")]
    if doc["blocked_by"]:
        lines.append(f"  blocked by: {cells('blocked_by')}")
    # Each hex with what gives the cover there: a combatant by name, else the tile by the map's name for it
    # ("low wall"; "cover" for a tile without one), as ``targets`` and the window say it (R31).
    lines.append("  through cover: " + (" ".join(
        f"{cell_text(g['at'])} ({g['combatant'] or g['terrain'] or 'cover'})" for g in doc["cover_by"])
        or "nothing"))
    emit(doc, args.json, "\n".join(lines))
    return 0


def cmd_targets(args: argparse.Namespace) -> int:
    _, enc = load_encounter(args.map, args.log, allow_outside=args.allow_outside)
    named_unit(enc, "--unit", args.unit)
    doc = enc.targets(args.unit)
    emit(doc, args.json, _targets_lines(args.unit, enc.state_json()["units"][args.unit], doc))
    return 0


def _targets_lines(name: str, u: dict[str, Any], doc: dict[str, Any]) -> list[str]:
    """``targets`` in words: what the unit could shoot and where it could cast, or why nothing (no bow, no
    area ability, no uses left, off the board): "can shoot nobody" of a unit without a bow read as a bow
    with no one to shoot."""
    if u["status"] != "active":
        return [f"{name} is {u['status']}: it shoots nobody and casts nothing"]
    ranged, area = u.get("ranged"), u.get("area")
    if ranged is None:
        lines = [f"{name} has no ranged attack (no ranged profile, R29)"]
    elif not doc["shoot"]:
        lines = [f"{name} can shoot nobody from {cell_text(u['at'])}: no hostile combatant within "
                 f"{ranged['min']}-{ranged['max']} hexes that it sees (R29, R30)"]
    else:
        lines = [f"{name} can shoot {len(doc['shoot'])}:"]
    for s in doc["shoot"]:
        by = cover_words(tuple(CoverHex((g["at"][0], g["at"][1]), g["combatant"], g["terrain"])
                               for g in s["cover_by"]))
        lines.append(f"  {s['target']}: {d20_words(s['needed'])}, {s['arc']} arc"
                     + (f", through cover ({by})" if s["cover"] and by else ", through cover" if s["cover"] else ""))
    if area is None:
        lines.append(f"{name} has no area ability (R32)")
    elif area["uses_left"] == 0:
        lines.append(f"{name} has no area uses left (0 of {area['uses']}, R32)")
    else:
        # The hexes that catch no one are counted, not listed: say both numbers, so the count and the list agree.
        catching = sum(1 for c in doc["cast"] if c["affects"])
        foes = sum(1 for c in doc["cast"] if len(c["friendly"]) < len(c["affects"]))
        total = len(doc["cast"])
        lines.append(f"{name} can centre its area on " + (
            "no hex" if not total else
            f"{total} hexes, none of them catching anyone" if not catching else
            f"{total} hexes, {catching} of them catching someone:" if foes else
            # Every burst would hurt only the caster's own side (ship_boarding's Sea Witch at the start): said
            # plainly, not left to be read off the names.
            f"{total} hexes, {catching} of them catching someone, but none a foe: each would hit only "
            f"{name}'s own side or friends (friendly fire, R32):"))
    for c in doc["cast"]:
        if c["affects"]:
            ff = c["friendly"]
            mark = "" if not ff else "  (friendly fire" + (
                " only" if len(ff) == len(c["affects"]) else ": " + ", ".join(ff)) + ")"
            lines.append(f"  {cell_text(c['at']):>7}: " + ", ".join(c["affects"]) + mark)
    return lines
