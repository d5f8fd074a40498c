"""Factions and who is hostile to whom (R3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .errors import SpecError

FACTIONS = ("player", "ally", "enemy", "neutral")
DEFAULT_HOSTILE = "enemy/player, enemy/ally"


@dataclass(frozen=True)
class Hostility:
    """A symmetric set of hostile faction pairs."""

    pairs: frozenset[frozenset[str]]
    # Derived from pairs in __post_init__ (so neither compared nor shown).
    _ordered: frozenset[tuple[str, str]] = field(init=False, repr=False, compare=False)
    _hostile_to: dict[str, frozenset[str]] = field(init=False, repr=False, compare=False)

    @classmethod
    def parse(cls, text: str = DEFAULT_HOSTILE) -> Hostility:
        """Parse ``"enemy/player, enemy/ally"``; SpecError names a bad entry."""
        pairs: set[frozenset[str]] = set()
        for raw in str(text).split(","):
            item = raw.strip()
            if not item:
                continue
            parts = [p.strip() for p in item.split("/")]
            if len(parts) != 2:
                raise SpecError(f'hostile pair "{item}" is not of the form a/b')
            for p in parts:
                if p not in FACTIONS:
                    raise SpecError(f'hostile pair "{item}": faction "{p}" is not one of {", ".join(FACTIONS)}')
            if parts[0] == parts[1]:
                raise SpecError(f'hostile pair "{item}" names one faction twice')
            pairs.add(frozenset(parts))
        return cls(frozenset(pairs))

    def __post_init__(self) -> None:
        # Ordered pairs both ways: asked for every combatant pair in every state, a tuple lookup
        # is cheaper than building a frozenset each time.
        ordered = frozenset((a, b) for pair in self.pairs for a in pair for b in pair if a != b)
        object.__setattr__(self, "_ordered", ordered)
        hostile_to = {f: frozenset(g for g in FACTIONS if (g, f) in ordered) for f in FACTIONS}
        object.__setattr__(self, "_hostile_to", hostile_to)

    def hostile(self, a: str, b: str) -> bool:
        return (a, b) in self._ordered

    def hostile_to(self, faction: str) -> frozenset[str]:
        known = self._hostile_to.get(faction)
        return known if known is not None else frozenset(f for f in FACTIONS if self.hostile(f, faction))

    def sides(self, present: Iterable[str]) -> list[tuple[str, ...]]:
        """The sides among the factions ``present`` (R3): factions that share their enemies there and have no
        quarrel with each other fight as one side and win together; a faction hostile to none present is a
        side of its own. In the order of first appearance (FACTIONS order when ``present`` is)."""
        here = list(dict.fromkeys(present))
        groups: list[list[str]] = []
        for f in here:
            foes = frozenset(g for g in here if self.hostile(f, g))
            for group in groups:
                lead = group[0]
                if not self.hostile(f, lead) and foes == frozenset(g for g in here if self.hostile(lead, g)):
                    group.append(f)
                    break
            else:
                groups.append([f])
        return [tuple(g) for g in groups]
