"""``playmat playtest``: N AI-vs-AI games of a map, a JSON summary, and with --out a report and heatmaps."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from pathlib import Path
from typing import Any

from .argtypes import add_allow_outside, positive, whole
from .errors import UsageError
from .printable import printable, printable_lines

KEEP_LOGS = 3  # games whose action logs --out keeps for replay
WIDTH = 100  # columns the text summary keeps within: a terminal that wide wraps none of its lines


def add_parser(sub: Any) -> None:
    help_text = "play N AI-vs-AI games of a map and report win rates"
    sp = sub.add_parser("playtest", help=help_text, description=help_text)
    sp.add_argument("map", metavar="MAP", help="a Tiled .tmx hex map")
    sp.add_argument("--games", type=positive, required=True, metavar="N", help="how many games")
    sp.add_argument("--ai", action="append", default=[], metavar="FACTION=LEVEL",
                    help="a faction's AI level: random, greedy, easy, normal (default), hard or expert; repeatable")
    sp.add_argument("--seed", type=whole, metavar="S", help="game k uses seed S+k (default: the map's seed)")
    sp.add_argument("--jobs", type=positive, default=1, metavar="J",
                    help="local worker processes (default 1; at most one per core and per game)")
    sp.add_argument("--out", metavar="DIR", help="write summary.json, report.md, heatmaps and a few action logs")
    sp.add_argument("--scheduler", metavar="ADDRESS",
                    help="run the games on a Dask cluster, e.g. tcp://10.0.0.5:8786 (pip install 'playmat[cluster]')")
    sp.add_argument("--json", action="store_true", help="print one JSON document")
    add_allow_outside(sp)


def parse_ai(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        faction, sep, level = item.partition("=")
        faction, level = faction.strip().lower(), level.strip().lower()
        if not sep or not faction or not level:
            raise UsageError(f"playtest: --ai {item!r} is not FACTION=LEVEL (e.g. --ai enemy=hard)")
        if faction in out and out[faction] != level:
            raise UsageError(f"playtest: --ai names {faction} twice ({out[faction]} and {level})")
        out[faction] = level
    return out


def cmd_playtest(args: argparse.Namespace) -> int:
    from game.maps import load_scenario
    from game.playtest import PlaytestError, RunInfo, local_workers, run_batch
    from game.playtest.progress import ProgressBar, wants_bar

    levels = parse_ai(args.ai)
    if args.jobs > 1 and args.scheduler:
        raise UsageError("playtest: give --jobs or --scheduler, not both (the cluster decides its workers)")
    scenario = load_scenario(args.map, allow_outside=args.allow_outside)
    out_dir = check_out_dir(args.out) if args.out is not None else None
    with ProgressBar(args.games, wants_bar(args.json)) as bar:
        try:
            summary = run_batch(scenario, args.games, args.seed, levels, args.jobs, scheduler=args.scheduler,
                                map_label=args.map, keep_logs=KEEP_LOGS if out_dir else 0, progress=bar.update)
        except PlaytestError as err:
            raise UsageError(f"playtest: {err}") from None
        except KeyboardInterrupt:
            print(f"\nplaytest: interrupted after {bar.done} of {args.games} games; nothing written", file=sys.stderr)
            return 130  # 128 + SIGINT, as shells report it
        seconds = bar.elapsed
    run = RunInfo(seconds, local_workers(args.jobs, args.games), args.scheduler)
    if out_dir is not None:
        from game.playtest.output import write_outputs

        try:
            write_outputs(summary, scenario, args.map, out_dir, run=run)
        except OSError as err:
            raise UsageError(f"playtest: --out {args.out}: cannot write: {err.strerror or err}") from None
    if args.json:
        sys.stdout.write(summary.json_text())
        return 0
    sys.stdout.write(text_summary(summary, out_dir))
    sys.stdout.flush()  # the summary before the timing line when both go to one terminal
    rate = summary.games / seconds if seconds > 0 else float("inf")
    print(f"{summary.games} games in {seconds:.1f} s: {rate:.1f} games/s on {run.where}", file=sys.stderr)
    return 0


def check_out_dir(text: str) -> Path:
    """``--out DIR``: an existing folder, or a new one in an existing folder; checked before any game."""
    path = Path(text).expanduser()
    if not text.strip():
        raise UsageError('playtest: --out "": give a folder name')
    try:
        return _check_out_dir(text, path)
    except OSError as err:  # a name too long, a loop of links
        shown = text if len(text) <= 80 else text[:60] + "..."
        raise UsageError(f'playtest: --out "{shown}": {err.strerror or err}') from None


def _check_out_dir(text: str, path: Path) -> Path:
    if path.exists() and not path.is_dir():
        raise UsageError(f'playtest: --out "{text}" is a file; give a folder for the report')
    parent = path if path.exists() else path.parent
    if not parent.is_dir():
        raise UsageError(f'playtest: --out "{text}": the folder {parent} does not exist')
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UsageError(f'playtest: --out "{text}": cannot write in {parent} (permission denied)')
    return path


def text_summary(summary: Any, out_dir: Path | None) -> str:
    """What ``playmat playtest`` prints without ``--json``: lines of at most ``WIDTH`` columns, so a 100-column
    terminal wraps none of them (a title, map path or name too long for that aside)."""
    from game.playtest.report import balance_advice, per_game_lines

    s = summary
    lines = [
        f"{s.title} ({s.map}): {s.games} games, seeds {s.seed}..{s.seed + s.games - 1}",
        "  AI levels: " + ", ".join(f"{f} {lv}" for f, lv in s.levels.items()),
    ]
    named = [" + ".join(side) for side in s.sides]
    width = max(len(f) for f in [*s.factions, *named, "draws"])

    def row(name: str, p: Any, indent: str = "  ") -> str:
        return (f"{indent}{name:<{width + 2 - len(indent)}}  wins {p.successes:>5}  {100 * p.rate:5.1f} %  "
                f"(95 % interval {100 * p.low:.0f}-{100 * p.high:.0f} %)")

    together = any(len(side) > 1 for side in s.sides)
    if together:  # friends win together: a side's line is the map's balance, each game counted once
        lines += [row(name, s.side_wins(side)) for side, name in zip(s.sides, named, strict=True)]
        lines.append("  by faction (friends share each win):")
    lines += [row(f, s.win_rate(f), "    " if together else "  ") for f in s.factions]
    lines.append(f"  {'draws':<{width}}       {s.draws:>5}  {100 * s.draw_rate.rate:5.1f} %")
    lines.append(f"  rounds to finish: mean {s.rounds_mean:.1f}")
    lines += [f"  {line}" for line in per_game_lines(s)]
    advice = balance_advice(s)
    if advice:  # a paragraph, wrapped under its first word (a name's line break escaped first: it shows as \n)
        lines += textwrap.wrap(printable(advice, keep_lines=False), WIDTH, initial_indent="  balance: ",
                               subsequent_indent=" " * 11, break_long_words=False, break_on_hyphens=False)
    if out_dir is not None:
        lines.append(f"  report: {out_dir / 'report.md'}")
    return printable_lines(lines) + "\n"  # a title's line break prints as \n, not as a line of its own


__all__ = ["add_parser", "cmd_playtest"]
