"""``playmat play``: its arguments -> a PlayConfig, checked before any window opens (one-line errors, exit 2),
then the window itself (:func:`open_window`, which loads pygame)."""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path
from typing import Any

from game.ai import LEVELS
from game.rules import FACTIONS, InputLimitError, RulesError, limits

from .errors import UsageError, did_you_mean
from .outputs import check_output_file
from .render_cmd import render_api

MIN_WINDOW = (640, 400)
# The largest window: an 8K screen (7680x4320) fits. SDL itself shrinks a larger one to 16384 a side with a
# RuntimeWarning, and the window's surfaces grow with it (20000x20000 headless: 1.85 GB; 8192x8192: 320 MB).
MAX_WINDOW = (8192, 8192)
_SIZE_RE = re.compile(r"([0-9]{1,6})[xX]([0-9]{1,6})")


def _faction(text: str, flag: str) -> str:
    f = text.strip().lower()
    if f not in FACTIONS:
        raise UsageError(f'{flag} "{text}": faction is not one of {", ".join(FACTIONS)}{did_you_mean(f, FACTIONS)}')
    return f


def window_size(text: str) -> tuple[int, int]:
    """``--size WxH`` in whole pixels (ASCII digits), within ``MIN_WINDOW`` and ``MAX_WINDOW``; else UsageError."""
    m = _SIZE_RE.fullmatch(text.strip())
    w, h = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        raise UsageError(f'--size "{text}" is not WIDTHxHEIGHT between {MIN_WINDOW[0]}x{MIN_WINDOW[1]} and '
                         f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}")
    return w, h


def play_config(args: argparse.Namespace) -> Any:
    """Check and gather the play options. Imports no pygame (the window module does, later)."""
    humans = [_faction(h, "--human") for h in args.human]
    if args.autoplay and humans:
        # Watch mode gives every faction to the AI: a faction also given to you would silently be the AI's.
        raise UsageError(f"--autoplay lets the AI play every faction, {humans[0]} too: leave out --human "
                         "to watch, or --autoplay to command it yourself")
    ais = _ai_levels(args.ai, humans)
    size = window_size(args.size)
    _check_outputs(args)
    map_path, replay = _map_and_replay(args)
    if args.headless:
        # Before pygame opens a display: no window, no sound device.
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        if map_path is None:
            from game.maps import default_map

            map_path = Path(default_map())  # nobody can click the title screen
    from game.ui.app import PlayConfig  # pygame-free until play() opens the display

    return PlayConfig(
        map_path=map_path,
        log_path=Path(args.log) if args.log else None,
        seed=args.seed,
        humans=humans,
        ais=ais,
        autoplay=args.autoplay,
        explain_ai=args.explain_ai,
        speed=float("inf") if args.speed == "instant" else float(args.speed),
        setup=args.setup,
        size=size,
        headless=args.headless,
        frames=args.frames,
        screenshot=Path(args.screenshot) if args.screenshot else None,
        replay=Path(replay) if replay else None,
        allow_outside=args.allow_outside,
    )


def _ai_levels(specs: list[str], humans: list[str]) -> dict[str, str | None]:
    """``--ai FACTION[=LEVEL]`` each: faction -> level (None: the default), never a faction of ``humans``."""
    ais: dict[str, str | None] = {}
    for spec in specs:
        name, _, level = spec.partition("=")
        f = _faction(name, "--ai")
        if level and level.lower() not in LEVELS:
            raise UsageError(f'--ai "{spec}": level "{level}" is not one of {", ".join(LEVELS)}'
                             + did_you_mean(level, LEVELS))
        if f in humans:
            raise UsageError(f'--ai "{spec}": {f} is also given to --human')
        ais[f] = level.lower() or None
    return ais


def _check_outputs(args: argparse.Namespace) -> None:
    """The screenshot and the log can be written, and a screenshot knows when to be taken."""
    # Refused now, not after the game ran; folders are never created behind the user's back.
    if args.screenshot is not None:
        check_output_file("--screenshot", args.screenshot, ".png")
    if args.log is not None:
        check_output_file("--log", args.log, None)  # resumed when it exists, else made: either way written
    if args.screenshot is not None and not args.headless and args.frames is None:
        raise UsageError("--screenshot needs --frames N or --headless (when to take it)")


def _map_and_replay(args: argparse.Namespace) -> tuple[Path | None, str | None]:
    """The map (None: the title screen's picker) and the log to replay, each an existing file; a replay
    needs the map it was played on and plays nothing on, so takes no --log."""
    map_path = None
    if args.map is not None:
        map_path = Path(args.map)
        _existing_file(args.map, "map", f"{args.map}: no such map file")
    replay = getattr(args, "replay", None)
    if replay is not None:
        if map_path is None:
            raise UsageError("--replay needs the MAP the log was played on")
        _existing_file(replay, "log", f"--replay {replay}: no such log file")
        if args.log is not None:
            raise UsageError("--replay shows a log without playing on: leave out --log")
    return map_path, replay


def open_window(cfg: Any) -> None:
    """The game window for ``cfg`` (a PlayConfig); a render fault or an unwritable screenshot ends as one line."""
    render = render_api()
    from game.ui.app import play as run_play

    if not cfg.headless:
        _need_a_display()
    try:
        run_play(cfg)
    except render.RenderError as err:
        raise RulesError(str(err)) from None
    except OSError as err:  # the screenshot (a full disk): one line, nothing half-written left
        raise RulesError(f'play: cannot write "{err.filename or cfg.screenshot}": {err.strerror or err}') from None


def _need_a_display() -> None:
    """Refuse to open an invisible window: with no screen SDL silently falls back to an
    off-screen driver and the game would run with nobody able to see or close it."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return  # asked for explicitly (e.g. dummy for headless runs)
    from game.render.pg import pygame

    pygame.display.init()
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy"):
        pygame.display.quit()
        raise RulesError(
            f"play: no screen to open a window on (SDL fell back to its {driver} driver); "
            "run it on a desktop, or use playmat render for a picture"
        )


def _existing_file(path: str, what: str, missing: str) -> None:
    """UsageError ``missing`` when ``path`` does not exist; when it is a pipe, a device or a folder, the line
    every other command gives (``play --replay /dev/zero`` said "no such log file" of a file that is there)."""
    try:
        limits.regular_file_size(path, what, limits.MAX_MAP_FILE_BYTES if what == "map" else limits.MAX_LOG_FILE_BYTES)
    except InputLimitError as e:
        raise UsageError(missing if e.missing else str(e)) from None
