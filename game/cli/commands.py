"""The commands of ``playmat``: each builds one JSON document or its text form."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from typing import Any

from game.maps import default_map, shipped_maps
from game.rules import FACTIONS

from .danger_cmd import cmd_danger
from .errors import UsageError, did_you_mean
from .outputs import check_output_file
from .playtest_cmd import cmd_playtest
from .printable import error_line, one_line, printable, printable_lines
from .session import load_encounter


def run(args: argparse.Namespace) -> int:
    handler = {
        "state": cmd_state,
        "reach": cmd_reach,
        "threat": cmd_threat,
        "danger": _danger,
        "arc": cmd_arc,
        "sight": cmd_sight,
        "targets": cmd_targets,
        "validate": cmd_validate,
        "maps": cmd_maps,
        "render": cmd_render,
        "play": cmd_play,
        "suggest": _suggest,
        "playtest": cmd_playtest,
    }[args.command]
    return handler(args)


def _suggest(args: argparse.Namespace) -> int:
    from .suggest_cmd import cmd_suggest  # the AI loads only when asked

    return cmd_suggest(args)


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


# --- state --------------------------------------------------------------------
def cmd_state(args: argparse.Namespace) -> int:
    scenario, enc = load_encounter(args.map, args.log, allow_outside=args.allow_outside)
    doc = enc.state_json()
    shown = {name: printable(name, keep_lines=False) for name in doc["units"]}  # as printed, for the widths
    width = max([16, *(len(name) for name in shown.values())])  # long names keep the columns aligned
    lines = [
        f"{scenario.title}: {doc['phase']}, round {doc['round']}" + (f", {doc['turn']} to act" if doc["turn"] else "")
        + (" (its action is used: it may still move and turn, R16)" if doc["turn"] and
           doc["units"][doc["turn"]].get("acted") else ""),
        "order: " + (", ".join(f"{n} ({doc['units'][n]['initiative']})" for n in doc["order"]) or "(nobody)")
        + _tie_note(doc),
        "",
        f"{'unit':<{width}} {'faction':<8} {'at':>7} {'facing':<6} {'move':>7} {'hp':>4}  status",
    ]
    for name, u in doc["units"].items():
        move = f"{u['movement']}/{u['movement_max']}"
        flags = [u["status"]]
        if u["zoc_exhausted"]:
            flags.append("ZoC-exhausted")
        if not u["threatening"]:
            flags.append("not threatening")
        flags += _kind_flags(u) + _ranged_flags(u)
        if u.get("disengaged_from"):
            flags.append("disengaged from " + ", ".join(printable(n, keep_lines=False) for n in u["disengaged_from"]))
        at = cell_text(u["at"]) if u["at"] is not None else "-"
        lines.append(
            f"{shown[name]:<{width}} {u['faction']:<8} {at:>7} {u['facing']:<6} {move:>7} {u['hp']:>4}  "
            + ", ".join(flags)
        )
    emit(doc, args.json, lines)
    return 0


def _tie_note(doc: dict) -> str:
    """Said once under the order when two in it share an initiative: which goes first then is R14's tie rule,
    not a number the GM can see in the brackets."""
    values = [doc["units"][n]["initiative"] for n in doc["order"]]
    return "; ties: earlier on the map first, a joiner after them (R14)" if len(set(values)) < len(values) else ""


def _kind_flags(u: dict) -> list[str]:
    """``state``'s words for the JSON's ``movement_type``, ``size`` and ``reach`` (present only where a
    combatant differs from a plain one): "flying", "large", "reach 2" (a pike: no adjacent hex, R8)."""
    out = [k for k in (u.get("movement_type"), u.get("size")) if k]
    if "reach" in u:
        lo, hi = u["reach"]
        out.append(f"reach {hi}" if lo == hi else f"reach {lo}-{hi}")
    return out


def _ranged_flags(u: dict) -> list[str]:
    """``state``'s words for the R29 profile and the R32 ability with its uses left (the JSON's
    ``ranged`` and ``area``), so the table says what ``--json`` says."""
    out = []
    r, a = u.get("ranged"), u.get("area")
    if r is not None:
        out.append(f"ranged {r['min']}-{r['max']} {r['attack']:+d} {r['damage']}")
    if a is not None:
        push = f", push {a['push']}" if a["push"] else ""
        out.append(f"area r{a['radius']} within {a['range']}, {a['damage']} damage{push}: "
                   f"{a['uses_left']} of {a['uses']} uses left")
    return out


# --- reach --------------------------------------------------------------------
def cmd_reach(args: argparse.Namespace) -> int:
    _, enc = load_encounter(args.map, args.log, allow_outside=args.allow_outside)
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
        emit({}, False, [head + "no hex: " + _nowhere(args.unit, movement, args.budget, unit["movement_max"])])
        return 0
    emit({}, False, [head + _hexes(len(ends)) + ":"])
    for i in range(0, len(ends), _SLICE):
        emit({}, False, [f"  {cell_text(cell):>7}  cost {cost}" + ("  (zone of control: stops)" if stops else "")
                         for cell, cost, stops in ends[i:i + _SLICE]])
    return 0


_SLICE = 10_000  # reach's ends written at once


def _nowhere(name: str, movement: int, budget: int | None, movement_max: int | None = None) -> str:
    """Why ``name`` can end a move on no hex: no movement left (and how to preview its next turn), or every
    hex around it closed to it."""
    if movement == 0 and budget is None:
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


def _danger(args: argparse.Namespace) -> int:
    doc, lines = cmd_danger(args)
    emit(doc, args.json, lines)
    return 0


# --- arc ----------------------------------------------------------------------
def cmd_arc(args: argparse.Namespace) -> int:
    _, enc = load_encounter(args.map, args.log, allow_outside=args.allow_outside)
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
            lines.append(f"  it can shoot {args.defender} from here: needs {shot['needed']} on the d20 (R29)")
    emit({"arc": arc, "hostile": hostile, "can_attack": why_not is None, "why_not": why_not,
          "can_shoot": shot is not None}, args.json, lines)
    return 0


# --- sight and targets (R29-R32) -----------------------------------------------
def cmd_sight(args: argparse.Namespace) -> int:
    scenario, enc = load_encounter(args.map, args.log, allow_outside=args.allow_outside)
    layout = scenario.board.layout
    for option, cell in (("--from", args.from_cell), ("--to", args.to_cell)):
        if not layout.in_grid(cell):
            raise UsageError(f"{option} {cell_text(cell)} is outside the {layout.cols}x{layout.rows} map")
    doc = enc.sight_report(args.from_cell, args.to_cell)
    verdict = "sees" if doc["sight"] else "does not see"

    def cells(key: str) -> str:
        return " ".join(cell_text(c) for c in doc[key]) or "nothing"

    lines = [f"{cell_text(doc['from'])} {verdict} {cell_text(doc['to'])}",
             f"  crosses: {cells('crossed')}",
             "  skirts:  " + (" ".join(f"{cell_text(p)}|{cell_text(q)}" for p, q in doc["skirted"]) or "nothing")]
    if doc["blocked_by"]:
        lines.append(f"  blocked by: {cells('blocked_by')}")
    lines.append(f"  cover from: {cells('cover')}")
    emit(doc, args.json, "\n".join(lines))
    return 0


def cmd_targets(args: argparse.Namespace) -> int:
    _, enc = load_encounter(args.map, args.log, allow_outside=args.allow_outside)
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
        lines.append(f"  {s['target']}: needs {s['needed']} on the d20, {s['arc']} arc"
                     + (", in cover" if s["cover"] else ""))
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


# --- maps ---------------------------------------------------------------------
def cmd_maps(args: argparse.Namespace) -> int:
    """The bundled maps, so an installed Playmat's maps can be named to the other commands."""
    maps = shipped_maps()
    doc = {"maps": [{"path": str(m.path), "title": m.title, "description": m.description,
                     "default": i == 0} for i, m in enumerate(maps)]}
    lines = []
    for i, m in enumerate(maps):
        lines += [f"{m.title}{'  (default)' if i == 0 else ''}", f"  {m.path}"]
        if m.description:
            lines.append(f"  {m.description}")
    emit(doc, args.json, lines or ["no bundled maps"])
    return 0


# --- validate -----------------------------------------------------------------
def cmd_validate(args: argparse.Namespace) -> int:
    from game.maps import validate_map

    report = []
    for path in args.maps:
        problems = validate_map(path, allow_outside=args.allow_outside)
        report.append({"map": path, "ok": not problems, "problems": problems})
        if getattr(args, "lint", False) or getattr(args, "playtest", False):
            from game.maps.lint import lint_map
            from game.playtest import quick_playtest  # the runner loads only when asked
            from game.playtest.progress import wants_bar

            bar = sys.stderr if wants_bar(args.json) else None  # a progress bar for people, never in a pipe
            playtest = (functools.partial(quick_playtest, bar=bar) if getattr(args, "playtest", False)
                        else None)
            # A refused map is still told its misspelt properties: often they are why it is refused.
            report[-1]["warnings"] = lint_map(path, playtest=None if problems else playtest,
                                              allow_outside=args.allow_outside)
    bad = [p for r in report for p in r["problems"]]
    if args.json:  # the document holds every problem; repeating them on stderr would say each twice
        sys.stdout.write(json.dumps({"maps": report}) + "\n")
    else:
        for r in report:
            if r["ok"]:
                sys.stdout.write(printable(f"{r['map']}: ok", keep_lines=False) + "\n")
            for w in r.get("warnings", ()):  # legal but likely wrong: warn, exit 0
                sys.stdout.write(error_line(f"warning: {w}") + "\n")
        for line in bad:
            sys.stderr.write(error_line(line) + "\n")
    return 2 if bad else 0


# --- render and play (the only commands that import pygame) ---------------------
def parse_overlay(text: str | None) -> tuple[str, str] | None:
    if text is None:
        return None
    kind, sep, arg = text.partition(":")
    if not sep or kind not in ("reach", "threat") or not arg:
        raise UsageError(f'--overlay "{text}" is not reach:UNIT or threat:FACTION')
    if kind == "threat" and arg.lower() not in FACTIONS:
        raise UsageError(f'--overlay "{text}": faction "{arg}" is not one of {", ".join(FACTIONS)}'
                         + did_you_mean(arg, FACTIONS))
    return kind, arg.lower() if kind == "threat" else arg


def cmd_render(args: argparse.Namespace) -> int:
    overlay = parse_overlay(args.overlay)
    out = check_output_file("-o", args.output, ".png")
    path = args.map or str(default_map())
    scenario, enc = load_encounter(path, args.log, allow_outside=args.allow_outside)
    from .render_cmd import render_to_png

    size, scale, shaded = render_to_png(path, enc, out, overlay=overlay, tokens=not args.no_tokens,
                                        scale=args.scale, objects=args.objects, allow_outside=args.allow_outside)
    what = _overlay_words(enc, overlay, shaded)
    if args.scale is None and scale != 1:  # a map of tiny tiles, drawn larger so that its hexes show
        what += f", at --scale {scale:g}, the least that draws its hexes 8 px wide"
    sys.stdout.write(one_line(f"wrote {out} ({size[0]}x{size[1]} px): {scenario.title}, {what}") + "\n")
    return 0


def _overlay_words(enc: Any, overlay: tuple[str, str] | None, shaded: int) -> str:
    """What the picture shades, in ``threat``'s and ``reach``'s words: "threat overlay against player, 36
    hexes" (not "of player", which read as the hexes the player threatens), and a reach that shades nothing
    says why, as ``reach`` does."""
    if overlay is None:
        return "no overlay"
    kind, arg = overlay
    if kind == "threat":
        return f"threat overlay against {arg}, " + (_hexes(shaded) if shaded else "no hex threatened")
    if shaded:
        return f"reach overlay of {arg}, {_hexes(shaded)}"
    return f"reach overlay of {arg}, no hex: " + _nowhere(arg, enc.state_json()["units"][arg]["movement"], None)


def _hexes(n: int) -> str:
    return f"{n} hex" if n == 1 else f"{n} hexes"


def cmd_play(args: argparse.Namespace) -> int:
    from .play_cmd import play_config

    cfg = play_config(args)
    from .render_cmd import play

    play(cfg)
    return 0
