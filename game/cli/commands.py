"""The commands of ``playmat``: which handler answers each, and the ones that hand work to other parts.

The rules questions live one module a concern: ``state_cmd`` (the state table), ``movement_cmds`` (reach,
threat, arc), ``sight_cmds`` (sight, targets), ``danger_cmd``, ``do_cmd`` (a GM's actions appended to a
log); ``suggest_cmd``, ``playtest_cmd``, ``play_cmd`` and ``render_cmd`` load the AI, the playtest runner
or pygame only when their command runs. Here: the table, ``maps``, ``validate`` and the front of ``render``
and ``play``."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from typing import Any

from game.maps import default_map, shipped_maps
from game.rules import FACTIONS

from .danger_cmd import cmd_danger
from .emit import emit, hexes
from .errors import UsageError, did_you_mean
from .movement_cmds import cmd_arc, cmd_reach, cmd_threat, nowhere
from .outputs import check_output_file
from .playtest_cmd import cmd_playtest
from .printable import error_line, one_line, printable
from .session import load_encounter, named_unit
from .sight_cmds import cmd_sight, cmd_targets
from .state_cmd import cmd_state


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
        "do": _do,
        "playtest": cmd_playtest,
    }[args.command]
    return handler(args)


def _suggest(args: argparse.Namespace) -> int:
    from .suggest_cmd import cmd_suggest  # the AI loads only when asked

    return cmd_suggest(args)


def _do(args: argparse.Namespace) -> int:
    from .do_cmd import cmd_do

    return cmd_do(args)


def _danger(args: argparse.Namespace) -> int:
    doc, lines = cmd_danger(args)
    emit(doc, args.json, lines)
    return 0


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
        # "rech:Mira" names the kind meant, as a misspelt option does.
        hint = did_you_mean(kind, ("reach", "threat")) if sep and arg else ""
        raise UsageError(f'--overlay "{text}" is not reach:UNIT or threat:FACTION{hint}')
    if kind == "threat" and arg.lower() not in FACTIONS:
        raise UsageError(f'--overlay "{text}": faction "{arg}" is not one of {", ".join(FACTIONS)}'
                         + did_you_mean(arg, FACTIONS))
    return kind, arg.lower() if kind == "threat" else arg


def cmd_render(args: argparse.Namespace) -> int:
    overlay = parse_overlay(args.overlay)
    out = check_output_file("-o", args.output, ".png")
    path = args.map or str(default_map())
    scenario, enc = load_encounter(path, args.log, allow_outside=args.allow_outside)
    if overlay is not None and overlay[0] == "reach":  # named as --unit is: the option, the one meant, who there is
        named_unit(enc, "--overlay reach", overlay[1])
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
        return f"threat overlay against {arg}, " + (hexes(shaded) if shaded else "no hex threatened")
    if shaded:
        return f"reach overlay of {arg}, {hexes(shaded)}"
    return f"reach overlay of {arg}, no hex: " + nowhere(arg, enc.state_json()["units"][arg]["movement"], None,
                                                        phase=enc.phase)


def cmd_play(args: argparse.Namespace) -> int:
    from .play_cmd import open_window, play_config

    open_window(play_config(args))
    return 0
