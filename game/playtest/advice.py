"""How a batch's games went, in words a designer acts on: flights, stalemates, sides that never met.

Who wins says little when the games end the wrong way: a side that mostly fled by one exit, games that
mostly ran out of rounds, or a side that mostly never struck a blow are each a map problem with its own
fix (an exit, the distance between the starts, a way across), and weakening the winners mends none of
them. Every sentence is counted from the batch's own records; a pattern is named when it happened in
more than half the games (:data:`MOSTLY`).
"""

from __future__ import annotations

from collections import Counter

from game.rules import joined

from .record import Cell
from .summary import DRAW_ROUNDS, Summary

MOSTLY = 0.5  # a pattern is worth a sentence when more than this share of the games show it
EXITS_NAMED = 2


def pattern_advice(s: Summary, *, pictures: bool = False) -> list[str]:
    """One sentence per pattern, in the order a designer would fix them: contact, stalemate, flight.

    ``pictures``: the batch drew its heatmaps (``--out``), so a sentence may point to the one that shows it.
    """
    if not s.games:
        return []
    met = _never_met(s, pictures)
    # When nobody ever struck, the draws are that same story: their count is news, their fix is said once.
    return [*met, *_stalemates(s, brief=any(m.startswith("Nobody") for m in met)), *_flights(s, pictures)]


def _sides(s: Summary) -> tuple[tuple[str, ...], ...]:
    return s.sides if s.sides else tuple((f,) for f in s.factions)


def _side_name(side: tuple[str, ...]) -> str:
    return "side " + " + ".join(side)


def _mostly(k: int, n: int) -> bool:
    return n > 0 and k > MOSTLY * n


def _never_met(s: Summary, pictures: bool) -> list[str]:
    """Sides that made no attack, shove, shot or cast in most games: they never came within reach."""
    known = [r for r in s.records if r.struck is not None]
    if not known:
        return []
    idle = []
    for side in _sides(s):
        k = sum(1 for r in known if not set(r.struck or ()) & set(side))
        if _mostly(k, len(known)):
            idle.append((side, k))
    if not idle:
        return []
    n = len(known)
    if len(idle) == len(_sides(s)):
        k = sum(1 for r in known if not r.struck)
        if _mostly(k, n):
            return [f"Nobody attacked, shoved, shot or cast in {k} of {n} games: the sides never came within reach "
                    "of each other. Bring the starts closer, open a way between them (a bridge, a ford, a gap in "
                    "the wall), or give them reach or range"
                    + ("; the heat_occupied pictures show where each side spent its turns." if pictures else ".")]
    out = []
    for side, k in idle:
        others = " or ".join(_side_name(o) for o in _sides(s) if o != side) or "its foes"
        shown = ", ".join(f"heat_occupied_{f}.png" for f in side)
        out.append(f"{_side_name(side).capitalize()} never attacked, shoved, shot or cast in {k} of {n} games: it "
                   f"did not get within reach of {others}. Open a way for it (a bridge, a ford, a gap), start it "
                   f"closer, or give it reach or range"
                   + (f"; {shown} shows where it spent its turns." if pictures else "."))
    return out


def _stalemates(s: Summary, *, brief: bool = False) -> list[str]:
    """Most games still going when the rounds ran out: nobody finished the fight."""
    if not _mostly(s.draws, s.games):
        return []
    if brief:
        return [f"{s.draws} of {s.games} games were still going after {DRAW_ROUNDS} rounds (draws)."]
    return [f"{s.draws} of {s.games} games were still going after {DRAW_ROUNDS} rounds (draws): neither side "
            "could finish the other. Bring the starts closer, cut the cover or the narrow ground that lets a "
            "side wait, or make one side stronger so the fight ends."]


def _flights(s: Summary, pictures: bool) -> list[str]:
    """A side that fled the map in most of the games it did not win, and by which exits (R24)."""
    out = []
    for side in _sides(s):
        members = {n for n, f in s.combatants if f in side}
        games = [r for r in s.records if set(r.fled) & members and not set(r.winners) & set(side)]
        if not _mostly(len(games), s.games):
            continue
        exits: Counter[Cell] = Counter()
        flights = 0
        for r in s.records:
            mine = [i for i, n in enumerate(r.fled) if n in members]
            flights += len(mine)
            if len(r.fled_from) == len(r.fled):
                exits.update(r.fled_from[i] for i in mine)
        by = ""
        if exits:
            top = exits.most_common(EXITS_NAMED)
            parts = [f"{k} from exit {c[0]},{c[1]}" for c, k in top]
            rest = sum(exits.values()) - sum(k for _, k in top)
            parts += [f"{rest} from other exits"] if rest else []
            by = ": " + joined(parts)
        out.append(f"{_side_name(side).capitalize()} fled the map in {len(games)} of {s.games} games and won none "
                   f"of them ({flights} flights{by}): it leaves rather than fights it out (R24). If it should "
                   "stand, move those exits further from the fighting or behind difficult ground, or strengthen "
                   "it" + ("; heat_fled.png shows every exit used." if pictures else "."))
    return out
