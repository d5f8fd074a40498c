"""What a battle picker shows of a map before it is played: a thumbnail with the tokens, and the sides.

:func:`sides` groups the factions on the map into sides (factions that share
their enemies and are not hostile to each other fight together, R3) and
counts their combatants; :func:`map_preview` draws the map small with every
combatant where it starts. Both read the map once, through the loader the
battle uses, so a map the picker shows is a map the battle opens.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from game.render.pg import pygame
from game.rules import FACTIONS, Scenario

BIG_THUMB = (700, 300)  # the title's and the Load list's picture of the chosen map


@dataclass(frozen=True)
class Side:
    """Factions fighting together and how many combatants each brings (and how many are large, how many giant)."""

    counts: tuple[tuple[str, int], ...]  # (faction, combatants), in FACTIONS order
    big: int = 0  # large and giant combatants among them
    bystanders: bool = False  # hostile to nobody on the map
    giant: int = 0  # giants among ``big``

    @property
    def size(self) -> int:
        return sum(n for _, n in self.counts)

    def text(self) -> str:
        out = " + ".join(f"{f} {n}" for f, n in self.counts)
        # Each size counted apart: "(2 large or giant)" for the Giant's Hearth left a player to guess how
        # many giants the band had.
        sizes = [f"{n} {size}" for n, size in ((self.big - self.giant, "large"), (self.giant, "giant")) if n]
        if sizes:
            out += f" ({', '.join(sizes)})"
        return out + (" (hostile to nobody)" if self.bystanders else "")


def sides(scenario: Scenario) -> list[Side]:
    """The sides of a map: factions with the same enemies on the map and no quarrel between them (R3)."""
    h = scenario.hostility
    count = Counter(c.faction for c in scenario.combatants)
    big = Counter(c.faction for c in scenario.combatants if c.radius > 0)
    giant = Counter(c.faction for c in scenario.combatants if c.radius > 1)  # R26: radius 2
    present = [f for f in FACTIONS if count[f]]
    groups = h.sides(present)
    return [Side(tuple((f, count[f]) for f in g), sum(big[f] for f in g),
                 bystanders=not any(h.hostile(f, x) for f in g for x in present), giant=sum(giant[f] for f in g))
            for g in groups]


def sides_text(scenario: Scenario) -> str:
    """"player 3 + ally 1  vs  enemy 5", bystanders after a dot."""
    all_sides = sides(scenario)
    fighting = [s.text() for s in all_sides if not s.bystanders]
    others = [s.text() for s in all_sides if s.bystanders]
    return "  ·  ".join(["  vs  ".join(fighting)] * bool(fighting) + others)


@dataclass
class MapPreview:
    """A picker's view of one map: its thumbnail (None if it could not be drawn), sides, or why it fails."""

    path: Path
    thumbnail: pygame.Surface | None = None
    sides: str = ""
    combatants: int = 0
    problem: str | None = None


def map_preview(path: Path, box: tuple[int, int]) -> MapPreview:
    """Read, load and draw ``path`` to fit ``box`` pixels, tokens at their starting hexes."""
    from game.maps import MapError, load_scenario, read_tmx
    from game.render.compose import decorate, scaled_base
    from game.render.errors import RenderError
    from game.render.tilemap import load_map_art
    from game.render.tokens import TokenView

    try:
        tmx = read_tmx(path)
        scenario = load_scenario(tmx)
        art = load_map_art(tmx)
    except (MapError, RenderError, OSError) as err:
        return MapPreview(path, problem=" ".join(str(err).split()))
    w, h = art.size
    scale = min(box[0] / max(1, w), box[1] / max(1, h))
    tokens = [TokenView(c.name, c.faction, c.cell, c.radius, c.facing, c.hp, c.hp) for c in scenario.combatants]
    picture = decorate(scaled_base(art, scale), art, tokens=tokens, scale=scale)
    return MapPreview(path, picture, sides_text(scenario), len(scenario.combatants))


class Previews:
    """Map pictures and sides, made once per map and shared by the title and the Load list."""

    def __init__(self) -> None:
        self.done: dict[Path, MapPreview] = {}
        self._small: dict[tuple[Path, tuple[int, int]], pygame.Surface] = {}

    def get(self, path: Path) -> MapPreview | None:
        return self.done.get(path)

    def make(self, path: Path) -> MapPreview:
        if path not in self.done:
            self.done[path] = map_preview(path, BIG_THUMB)
        return self.done[path]

    def small(self, path: Path, box: tuple[int, int]) -> pygame.Surface | None:
        """The picture shrunk to ``box`` (kept: rows redraw every frame)."""
        p = self.done.get(path)
        if p is None or p.thumbnail is None:
            return None
        key = (path, box)
        if key not in self._small:
            w, h = p.thumbnail.get_size()
            s = min(box[0] / w, box[1] / h)
            size = (max(1, round(w * s)), max(1, round(h * s)))
            self._small[key] = pygame.transform.smoothscale(p.thumbnail, size)
        return self._small[key]
