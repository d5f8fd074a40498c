"""A batch's results: wins per faction, draws, rounds, survivors, damage and event counts.

``Summary.to_json()`` is the document ``playmat playtest --json`` prints. It holds
nothing that depends on timing or on how the games were spread over workers, so
the same map, levels and seeds give byte-identical JSON with ``--jobs 1``,
``--jobs 2`` and a Dask cluster.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from .record import COUNTERS, Cell, GameRecord
from .stats import Proportion, mean, proportion

DRAW_ROUNDS = 50  # docs/cli.md (playtest): a game still active after 50 rounds is a draw, counting 50


def _r(x: float) -> float:
    """Four decimals: enough for a rate, short enough to read, identical on every machine."""
    return round(x, 4)


@dataclass(frozen=True)
class Summary:
    map: str  # the map as the user named it
    title: str
    seed: int  # game k used seed + k
    levels: dict[str, str]  # faction -> AI level
    factions: tuple[str, ...]  # factions on the map, in FACTIONS order
    combatants: tuple[tuple[str, str], ...]  # (name, faction), map order
    records: tuple[GameRecord, ...]  # game k at index k
    sides: tuple[tuple[str, ...], ...] = ()  # the factions that win together (R3), from the map's hostility

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def wins(self) -> dict[str, int]:
        c = Counter(f for r in self.records for f in r.winners)
        return {f: c[f] for f in self.factions}

    @property
    def draws(self) -> int:
        return sum(1 for r in self.records if r.draw)

    @property
    def no_winner(self) -> int:
        """Games that ended with nobody left to win (everyone defeated or fled at once)."""
        return sum(1 for r in self.records if not r.draw and not r.winners)

    def side_wins(self, side: tuple[str, ...]) -> Proportion:
        """Games won by ``side``: any of its factions among the winners (friends win together, R3), so the
        sides' rates and the draws add up to 100 % where the per-faction rates do not."""
        return proportion(sum(1 for r in self.records if set(r.winners) & set(side)), self.games)

    def win_rate(self, faction: str) -> Proportion:
        return proportion(self.wins.get(faction, 0), self.games)

    @property
    def draw_rate(self) -> Proportion:
        return proportion(self.draws, self.games)

    @property
    def rounds_mean(self) -> float:
        return mean(r.rounds for r in self.records)

    def survival(self, name: str) -> Proportion:
        return proportion(sum(1 for r in self.records if name in r.survivors), self.games)

    def faction_survivors_mean(self, faction: str) -> float:
        members = {n for n, f in self.combatants if f == faction}
        return mean(sum(1 for s in r.survivors if s in members) for r in self.records)

    def damage_mean(self, name: str) -> tuple[float, float]:
        """Mean hp (dealt, taken) per game."""
        return (mean(r.damage_dealt.get(name, 0) for r in self.records),
                mean(r.damage_taken.get(name, 0) for r in self.records))

    def flights(self, name: str) -> int:
        """Games in which ``name`` fled the map (R24): it survived none of them, and won none for its side."""
        return sum(1 for r in self.records if name in r.fled)

    def side_flights(self, side: tuple[str, ...]) -> int:
        """Flights by the members of ``side`` over the batch (a game may count several)."""
        members = {n for n, f in self.combatants if f in side}
        return sum(1 for r in self.records for n in r.fled if n in members)

    def totals(self) -> dict[str, int]:
        return {k: sum(r.counts.get(k, 0) for r in self.records) for k in COUNTERS}

    def heat(self, layer: str) -> dict[Cell, int]:
        c: Counter[Cell] = Counter()
        for r in self.records:
            c.update(r.heat.get(layer, {}))
        return dict(sorted(c.items()))

    def heat_games(self, layer: str) -> dict[Cell, int]:
        """Per hex, the games that counted anything on it in ``layer``: what tells a hex one game in a
        hundred touched from one every game did, where ``heat`` adds both up alike."""
        c: Counter[Cell] = Counter()
        for r in self.records:
            c.update(cell for cell, n in r.heat.get(layer, {}).items() if n > 0)
        return dict(sorted(c.items()))

    def heat_layers(self) -> list[str]:
        return sorted({layer for r in self.records for layer in r.heat})

    def to_json(self) -> dict[str, Any]:
        rounds = [r.rounds for r in self.records]
        return {
            "map": self.map,
            "title": self.title,
            "games": self.games,
            "seed": self.seed,
            "levels": dict(self.levels),
            "wins": self.wins,
            "sides": [
                {"factions": list(side), "wins": p.successes, "rate": _r(p.rate), "low": _r(p.low),
                 "high": _r(p.high)}
                for side in self.sides
                for p in [self.side_wins(side)]
            ],
            "draws": self.draws,
            "no_winner": self.no_winner,
            "win_rates": {
                f: {"rate": _r(p.rate), "low": _r(p.low), "high": _r(p.high)}
                for f in self.factions
                for p in [self.win_rate(f)]
            },
            "rounds": {"mean": _r(self.rounds_mean), "min": min(rounds, default=0), "max": max(rounds, default=0)},
            "survival": {name: _r(self.survival(name).rate) for name, _ in self.combatants},
            "damage": {
                name: {"dealt": _r(d), "taken": _r(t)}
                for name, _ in self.combatants
                for d, t in [self.damage_mean(name)]
            },
            "events": self.totals(),
            "flights": {
                "combatants": {name: self.flights(name) for name, _ in self.combatants},
                "sides": [{"factions": list(side), "flights": self.side_flights(side)} for side in self.sides],
            },
        }

    def json_text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False) + "\n"
