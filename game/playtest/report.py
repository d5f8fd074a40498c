"""The batch report as Markdown: win rates with 95 % Wilson intervals, rounds, survivors,
damage by combatant, and the manoeuvres the engine's events counted.

Readable as plain text and rendered by any Markdown viewer (GitHub, VS Code) with
the heatmap PNGs inline. Timings go here and to stderr only, never to the JSON.
"""

from __future__ import annotations

import shlex
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .advice import pattern_advice
from .stats import Proportion
from .summary import DRAW_ROUNDS, Summary

LOPSIDED = 0.9  # the map lint's threshold: one side winning more than this is a balance problem


@dataclass(frozen=True)
class RunInfo:
    """How the batch ran (not part of the JSON: it changes run to run)."""

    seconds: float
    jobs: int
    scheduler: str | None = None

    @property
    def where(self) -> str:
        if self.scheduler:
            return f"Dask cluster at {self.scheduler}"
        return "one process" if self.jobs == 1 else f"{self.jobs} local processes"


def pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def ci(p: Proportion) -> str:
    return f"{100 * p.low:.0f}-{100 * p.high:.0f} %"


def _sides(s: Summary) -> tuple[tuple[str, ...], ...]:
    return s.sides if s.sides else tuple((f,) for f in s.factions)


def balance_advice(s: Summary, *, pictures: bool = False) -> str | None:
    """What a designer changes: the lean of the wins (:func:`lean_advice`), then how the games went when it
    was mostly not by fighting it out (:func:`game.playtest.advice.pattern_advice`: a side that fled, rounds
    that ran out, a side that never struck). ``pictures``: the heatmaps were drawn, and may be pointed to.
    None when neither has anything to say."""
    said = [a for a in (lean_advice(s), *pattern_advice(s, pictures=pictures)) if a]
    return " ".join(said) if said else None


def lean_advice(s: Summary) -> str | None:
    """What a designer changes when one side wins more than half the games beyond chance (the low end of its
    95 % interval above 50 %): its most damaging combatants, to weaken, or the other side to strengthen.
    None when no side is favoured beyond chance (a batch too small to tell says nothing either)."""
    for side in _sides(s):
        p = s.side_wins(side)
        if p.low <= 0.5:
            continue
        members = [name for name, f in s.combatants if f in side]
        dealers = sorted((d, name) for name in members for d in [s.damage_mean(name)[0]] if d > 0)[::-1][:2]
        others = [" + ".join(o) for o in _sides(s) if o != side]
        who = " and ".join(f"{name} ({d:.1f} hp per game)" for d, name in dealers)
        fix = (f"its most damaging combatants were {who}: weaken them, or strengthen "
               f"{'side ' + ' or '.join(others) if others else 'its foes'}" if dealers
               else f"strengthen {'side ' + ' or '.join(others) if others else 'its foes'}")
        return (f"Side {' + '.join(side)} wins {pct(p.rate)} (95 % interval {ci(p)}), more than half beyond "
                f"chance; {fix}, then run the batch again.")
    return None


def markdown_report(summary: Summary, *, run: RunInfo | None = None, heatmaps: Sequence[Path] = (),
                    logs: Sequence[Path] = ()) -> str:
    s = summary
    lines = [*_header_lines(s, run), *_outcome_lines(s, pictures=bool(heatmaps)), *_rounds_lines(s),
             *_survivor_lines(s), *_flight_lines(s, exits_drawn=any(p.name == "heat_fled.png" for p in heatmaps)),
             *_combatant_lines(s), *_manoeuvre_lines(s), *_heatmap_lines(s, heatmaps), *_log_lines(s, logs)]
    return "\n".join(lines) + "\n"


def _header_lines(s: Summary, run: RunInfo | None) -> list[str]:
    """The title and how the batch was run: map, seeds, AI levels, the draw rule, how to run it again."""
    n = s.games
    last = s.seed + n - 1
    lines = [
        f"# Playtest: {s.title}",
        "",
        f"- Map: `{s.map}`",
        f"- Games: {n} (seeds {s.seed}..{last}; game k uses seed {s.seed}+k), every faction AI-controlled",
        "- AI levels: " + ", ".join(f"{f} {lv}" for f, lv in s.levels.items()),
        f"- A game still active after {DRAW_ROUNDS} rounds is a draw and counts {DRAW_ROUNDS} rounds.",
        f"- Reproduce: `{reproduce_command(s)}` (any `--jobs` or `--scheduler` gives the same results)",
    ]
    if run is not None:
        rate = n / run.seconds if run.seconds > 0 else float("inf")
        lines.append(f"- Ran in {run.seconds:.1f} s on {run.where}: {rate:.1f} games/s")
    return lines


def _outcome_lines(s: Summary, *, pictures: bool) -> list[str]:
    """Who won how often (sides, then factions, draws, games nobody survived), then the balance verdict."""
    n = s.games
    allied = any(len(side) > 1 for side in s.sides)
    lines = ["", "## Outcome", "", "| outcome | games | rate | 95 % interval (Wilson) |", "|---|---:|---:|---:|"]
    if allied:
        for side in s.sides:  # the balance of the map: friends win together (R3)
            p = s.side_wins(side)
            lines.append(f"| **side {' + '.join(side)} wins** | {p.successes} | {pct(p.rate)} | {ci(p)} |")
    for f in s.factions:
        p = s.win_rate(f)
        lines.append(f"| {f} wins | {p.successes} | {pct(p.rate)} | {ci(p)} |")
    d = s.draw_rate
    lines.append(f"| draw | {d.successes} | {pct(d.rate)} | {ci(d)} |")
    if s.no_winner:
        lines.append(f"| nobody left | {s.no_winner} | {pct(s.no_winner / n)} | |")
    lines.append("")
    # Found reading an ambush report: "player wins 6, ally wins 2" looked like a bug when friends "win together".
    lines.append("Friendly factions win together, so the factions' win rates can add up to more than 100 %; a "
                 "faction shares a win only while one of its own combatants still stands. The sides' rows count "
                 "each game once.")
    lopsided = ([" + ".join(side) for side in s.sides if s.side_wins(side).rate > LOPSIDED]
                if allied else [f for f in s.factions if s.win_rate(f).rate > LOPSIDED])
    advice = balance_advice(s, pictures=pictures)
    if lopsided:
        lines += ["", f"**Balance:** {', '.join(lopsided)} won more than {pct(LOPSIDED)} of the games."
                  + (f" {advice}" if advice else "")]
    elif advice:
        lines += ["", f"**Balance:** {advice}"]
    elif n < 50:
        lines += ["", f"With {n} games the intervals are wide; run 200 or more to compare two versions of a map."]
    return lines


def _rounds_lines(s: Summary) -> list[str]:
    """How many rounds the games took: mean, median, extremes and a table of counts."""
    rounds = [r.rounds for r in s.records]
    hist = Counter(rounds)
    lines = [
        "",
        "## Rounds to finish",
        "",
        f"Mean {s.rounds_mean:.1f}, median {_median(rounds):g}, fewest {min(rounds)}, most {max(rounds)}.",
        "",
        "| rounds | games |",
        "|---:|---:|",
    ]
    return lines + [f"| {k}{' (draw)' if k == DRAW_ROUNDS and s.draws else ''} | {hist[k]} |" for k in sorted(hist)]


def _survivor_lines(s: Summary) -> list[str]:
    """Each faction's combatants and how many of them stand at the end of a game, on average."""
    lines = ["", "## Survivors", "", "| faction | combatants | survivors per game (mean) |", "|---|---:|---:|"]
    for f in s.factions:
        size = sum(1 for _, g in s.combatants if g == f)
        lines.append(f"| {f} | {size} | {s.faction_survivors_mean(f):.2f} |")
    return lines


def _combatant_lines(s: Summary) -> list[str]:
    """Each combatant's survival, flights and damage dealt and taken."""
    lines = [
        "",
        "## Combatants",
        "",
        "Damage is hp actually lost to attacks, shots, bursts and hazards (no overkill; a shove or a burst's "
        "push into a hazard counts for the shover or caster; a burst's friendly fire counts for nobody), "
        "mean per game.",
        "",
        "| combatant | faction | survived | 95 % interval | fled (games) | damage dealt | damage taken |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for name, f in s.combatants:
        p = s.survival(name)
        dealt, taken = s.damage_mean(name)
        lines.append(f"| {_cell(name)} | {f} | {pct(p.rate)} | {ci(p)} | {s.flights(name)} | {dealt:.1f} | "
                     f"{taken:.1f} |")
    return lines


def _manoeuvre_lines(s: Summary) -> list[str]:
    """The engine's events counted over the batch; the ranged rows only when anyone shot, cast or was unseen."""
    t = s.totals()
    n = s.games
    attacks = t["attacks"] or 1
    shoves = t["shoves"] or 1
    lines = [
        "",
        "## Manoeuvres (counted from the engine's events)",
        "",
        "| event | total | per game | note |",
        "|---|---:|---:|---|",
        f"| attacks | {t['attacks']} | {_per(t['attacks'], n)} | {pct(t['hits'] / attacks)} hit |",
        f"| flank attacks | {t['flank_attacks']} | {_per(t['flank_attacks'], n)} | "
        f"{pct(t['flank_attacks'] / attacks)} of attacks (left or right arc, R17-R18) |",
        f"| rear attacks | {t['rear_attacks']} | {_per(t['rear_attacks'], n)} | {pct(t['rear_attacks'] / attacks)} "
        "of attacks |",
        f"| ZoC stops | {t['zoc_stops']} | {_per(t['zoc_stops'], n)} | moves ended by zone of control (R9) |",
        f"| shoves | {t['shoves']} | {_per(t['shoves'], n)} | {pct(t['shove_hits'] / shoves)} succeeded (R22) |",
        f"| falls | {t['falls']} | {_per(t['falls'], n)} | pushed into a chasm (R12) |",
        f"| disengages | {t['disengages']} | {_per(t['disengages'], n)} | R23 |",
        f"| flights | {t['flees']} | {_per(t['flees'], n)} | R24 |",
        f"| defeats | {t['defeats']} | {_per(t['defeats'], n)} | |",
    ]
    if t["shots"] or t["casts"] or t["sight_blocks"]:
        rolls = (t["shots"] + t["area_rolls"]) or 1
        lines += [
            f"| shots | {t['shots']} | {_per(t['shots'], n)} | {pct(t['shot_hits'] / (t['shots'] or 1))} hit (R29) |",
            f"| casts | {t['casts']} | {_per(t['casts'], n)} | {t['area_rolls']} caught, {t['area_hits']} hit, "
            f"{t['friendly_fire']} of them friendly fire (R32) |",
            f"| in cover | {t['cover']} | {_per(t['cover'], n)} | {pct(t['cover'] / rolls)} of shots and area rolls "
            "were against a defender in cover (R31) |",
            f"| sight blocks | {t['sight_blocks']} | {_per(t['sight_blocks'], n)} | turns a shooter began with a "
            "hostile in range it could not see (R30) |",
        ]
    return lines


def _heatmap_lines(s: Summary, heatmaps: Sequence[Path]) -> list[str]:
    """The batch's heatmaps, each as a picture, with how to read their shades."""
    if not heatmaps:
        return []
    shades = ("A hex's colour is how much happened there per game (darker = more); the fewer games "
              "anything happened there at all, the fainter it is drawn, so a hex one game in a hundred "
              "reached reads as rare. " if s.games > 1 else "")
    lines = ["", "## Heatmaps", "", f"{shades}Rings mark where each combatant starts."]
    for path in heatmaps:
        lines += ["", f"![{path.stem}]({path.name})"]
    return lines


def _log_lines(s: Summary, logs: Sequence[Path]) -> list[str]:
    """The kept action logs, each with the command that replays it."""
    if not logs:
        return []
    # The commands a designer pastes, from where the batch ran (the map and the logs as it named them):
    # a replay steps through a finished game; `state --log` shows how it ended.
    lines = ["", "## Action logs", "", "Watch a game move by move in the window (the log is not changed):", ""]
    lines += [f"- [{p.name}](logs/{p.name}): `playmat play {shlex.quote(s.map)} --replay {shlex.quote(str(p))}`"
              for p in logs]
    lines += ["", f"`playmat state {shlex.quote(s.map)} --log FILE` prints where everyone stood when it ended."]
    return lines


def _flight_lines(s: Summary, *, exits_drawn: bool = False) -> list[str]:
    """Who fled the map (R24), per side and the combatants that fled most: a flight counts as neither a
    survivor nor a defeat, so without this line 17 flights in 20 games read as a mystery. ``exits_drawn``:
    the batch drew heat_fled.png, which shows by which exits."""
    total = s.totals()["flees"]
    if not total:
        return []
    sides = s.sides or tuple((f,) for f in s.factions)
    per_side = ", ".join(f"side {' + '.join(side)} {s.side_flights(side)}" for side in sides)
    ranked = sorted(((s.flights(n), i, n) for i, (n, _) in enumerate(s.combatants) if s.flights(n)),
                    key=lambda t: (-t[0], t[1]))
    who = ", ".join(f'"{_cell(n)}" in {k} of {s.games} games' for k, _, n in ranked[:3])
    where = " The exits they used: [heat_fled](heat_fled.png)." if exits_drawn else ""
    return ["", f"Flights off the map (R24): {total} in {s.games} games ({per_side}); most often {who}.{where}"]


PER_GAME = "per game: "


def per_game_lines(s: Summary) -> list[str]:
    """The batch's events, mean per game, for the terminal: the blows and zone-of-control stops, then on a line
    of its own, under the first figure, the shoves, falls, shots (R29, with how many hit) and flights off the
    map (R24), each only when the batch had any (a map of archers or exits shows them; a melee has no second
    line). At most about 80 columns each: the one line of all ten figures, ~125, wrapped in a terminal.
    Figures under one keep two decimals (3 flights in 100 games is 0.03)."""
    t, n = s.totals(), s.games
    lines = [f"{PER_GAME}{_per(t['attacks'], n)} attacks ({_per(t['flank_attacks'], n)} flank, "
             f"{_per(t['rear_attacks'], n)} rear), {_per(t['zoc_stops'], n)} ZoC stops"]
    rarer = [f"{_per(t['shoves'], n)} shoves" if t["shoves"] else "",
             f"{_per(t['falls'], n)} falls" if t["falls"] else "",
             f"{_per(t['shots'], n)} shots ({_per(t['shot_hits'], n)} hit)" if t["shots"] else "",
             f"{_per(t['flees'], n)} flights" if t["flees"] else ""]
    if any(rarer):
        lines.append(" " * len(PER_GAME) + ", ".join(r for r in rarer if r))
    return lines


def reproduce_command(s: Summary) -> str:
    ai = "".join(f" --ai {f}={lv}" for f, lv in s.levels.items() if lv != "normal")
    return f"playmat playtest {shlex.quote(s.map)} --games {s.games} --seed {s.seed}{ai}"


def _per(count: int, games: int) -> str:
    """Per game: one decimal, two when under one (9 flights in 200 games is 0.05, not 0.0)."""
    x = count / games
    return f"{x:.2f}" if 0 < x < 1 else f"{x:.1f}"


def _median(values: list[int]) -> float:
    v = sorted(values)
    m = len(v) // 2
    return float(v[m]) if len(v) % 2 else (v[m - 1] + v[m]) / 2


def _cell(text: str) -> str:
    """A name as a Markdown table cell: pipes escaped, one line."""
    return " ".join(text.split()).replace("|", "\\|")
