"""What one AI-vs-AI game leaves behind: a small, picklable record built from the engine's events.

Every figure in a playtest report comes from the ``Applied.events`` the engine
returns, so the report counts exactly what the rules did (a ZoC stop is a
``Moved`` event with ``stopped_by``, a flank attack an ``Attacked`` event from the
left or right arc, R17-R18), never a re-derivation of the rules.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

Cell = tuple[int, int]

# Counters every record carries (0 when nothing happened), in report order.
COUNTERS = (
    "attacks",
    "hits",
    "flank_attacks",
    "rear_attacks",
    "zoc_stops",
    "shoves",
    "shove_hits",
    "falls",
    "disengages",
    "flees",
    "defeats",
    "shots",  # R29
    "shot_hits",
    "casts",  # R32
    "area_rolls",  # one per combatant a burst caught
    "area_hits",
    "friendly_fire",  # area hits on the caster or a combatant not hostile to it
    "cover",  # shots and area rolls against a defender in cover (R31)
    "sight_blocks",  # turns a shooter began with a hostile in range that it could not see (R30)
)

# Heatmap layers every record carries; occupancy layers are "occupied:<faction>".
HEAT_DEFEATED = "defeated"
HEAT_ZOC = "zoc_stops"
HEAT_FLANK = "flank_attacks"
HEAT_REAR = "rear_attacks"
HEAT_FLED = "fled"  # the hex a combatant left the map from (R24)


def occupancy_layer(faction: str) -> str:
    return f"occupied:{faction}"


@dataclass(frozen=True)
class GameRecord:
    """One finished game. ``rounds`` is the round combat ended in, 50 for a draw (docs/cli.md, playtest)."""

    seed: int
    winners: tuple[str, ...]  # factions; () for a draw or a game nobody won
    draw: bool
    rounds: int
    actions: int  # actions applied, Begin included
    survivors: tuple[str, ...]  # combatants still active at the end, map order
    damage_dealt: dict[str, int] = field(default_factory=dict)  # combatant -> hp it took off others (no overkill)
    damage_taken: dict[str, int] = field(default_factory=dict)  # combatant -> hp it lost (any cause)
    counts: dict[str, int] = field(default_factory=dict)  # COUNTERS
    heat: dict[str, dict[Cell, int]] = field(default_factory=dict)  # layer -> {cell: count}
    log: str | None = None  # the match's JSON Lines action log, when the batch kept it
    fled: tuple[str, ...] = ()  # combatants that left the map (R24), in the order they fled
    fled_from: tuple[Cell, ...] = ()  # the exit hex each of ``fled`` left from, in the same order
    # Factions that attacked, shoved, shot or cast at least once: a side absent here never came to blows.
    # None for a record made without counting it (the balance advice then says nothing about contact).
    struck: tuple[str, ...] | None = None


class Tally:
    """Accumulates a game's figures from events as the game is played."""

    def __init__(self, hp: dict[str, int]) -> None:
        """``hp``: every combatant's hp at the start, so damage past 0 (overkill) is not counted."""
        self.hp = dict(hp)
        self.dealt: Counter[str] = Counter({n: 0 for n in hp})
        self.taken: Counter[str] = Counter({n: 0 for n in hp})
        self.counts: Counter[str] = Counter({k: 0 for k in COUNTERS})
        self.heat: dict[str, Counter[Cell]] = {}
        self.fled: list[str] = []
        self.fled_from: list[Cell] = []
        self.struck: set[str] = set()

    def mark(self, layer: str, cells: list[Cell] | tuple[Cell, ...]) -> None:
        c = self.heat.setdefault(layer, Counter())
        for cell in cells:
            c[(int(cell[0]), int(cell[1]))] += 1

    def count(self, key: str, n: int = 1) -> None:
        self.counts[key] += n

    def damage(self, dealer: str | None, victim: str, amount: int) -> None:
        """Count the hp ``victim`` actually lost: a 9-point hit on a 2-hp goblin deals 2."""
        lost = max(0, min(amount, self.hp.get(victim, amount)))
        if lost == 0:
            return
        self.hp[victim] = self.hp.get(victim, lost) - lost
        self.taken[victim] += lost
        if dealer is not None:
            self.dealt[dealer] += lost

    def heat_dict(self) -> dict[str, dict[Cell, int]]:
        return {layer: dict(sorted(c.items())) for layer, c in sorted(self.heat.items())}
