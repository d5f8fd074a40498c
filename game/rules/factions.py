"""Factions and who is hostile to whom (R3)."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import SpecError

FACTIONS = ("player", "ally", "enemy", "neutral")
DEFAULT_HOSTILE = "enemy/player, enemy/ally"


@dataclass(frozen=True)
class Hostility:
    """A symmetric set of hostile faction pairs."""

    pairs: frozenset[frozenset[str]]

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

    def hostile(self, a: str, b: str) -> bool:
        return a != b and frozenset((a, b)) in self.pairs

    def hostile_to(self, faction: str) -> frozenset[str]:
        return frozenset(f for f in FACTIONS if self.hostile(f, faction))
