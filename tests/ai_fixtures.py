"""Small hand-made TMX maps for the AI's behaviour tests, and a way to play one AI turn on them.

Maps are pointy-top, ``staggerindex="odd"`` (odd rows shifted right) unless a
test says otherwise. Neighbours of ``(c, r)``:

- even row: e (c+1,r)  w (c-1,r)  ne (c,r-1)    nw (c-1,r-1)  se (c,r+1)    sw (c-1,r+1)
- odd row:  e (c+1,r)  w (c-1,r)  ne (c+1,r-1)  nw (c,r-1)    se (c+1,r+1)  sw (c,r+1)

Terrain chars (``game.maps.tmxwrite``): ``.`` normal, ``d`` difficult, ``w``
water, ``c`` chasm, ``h`` hazard (fire), ``#`` blocked, ``x`` exit.
"""

from __future__ import annotations

import random
from pathlib import Path

from game.maps import load_scenario
from game.maps.tmxwrite import write_map
from game.rules import Action, Begin, Encounter, EndTurn, Flee


def unit(name: str, at: tuple[int, int], faction: str, **props: object) -> dict[str, object]:
    return {"name": name, "at": at, "faction": faction, **props}


def three_a_side() -> list[dict[str, object]]:
    """Three against three in contact from round 1, mixed reach, damage and hit points (so plans differ in
    danger): the hard level's reply tests play it on an open map of 9 x 7 hexes or more."""
    return [
        unit("Orc", (3, 2), "enemy", hp=10, move=4, attack=4, damage="1d8", initiative=9),
        unit("Pike", (2, 1), "enemy", hp=8, move=4, attack=3, damage="1d6", reach=2, initiative=7),
        unit("Rat", (3, 1), "enemy", hp=5, move=5, attack=2, damage="1d4", initiative=5),
        unit("Knight", (5, 3), "player", hp=12, move=4, attack=4, damage="1d8", initiative=8),
        unit("Archer", (6, 4), "player", hp=6, move=4, attack=3, damage="1d6", reach=2, initiative=6),
        unit("Page", (5, 2), "player", hp=4, move=5, attack=2, damage="1d4", initiative=4),
    ]


def encounter(tmp_path: Path, terrain: list[str], units: list[dict[str, object]], **kw: object) -> Encounter:
    """The encounter of a freshly written map, begun; the first unit listed with the top initiative acts first."""
    path = write_map(tmp_path / "m.tmx", terrain, units=units, **kw)
    enc = Encounter(load_scenario(path))
    enc.apply(Begin())
    return enc


def play_turn(enc: Encounter, policy: object, seed: int = 1) -> list[Action]:
    """Let ``policy`` play the current actor's whole turn on ``enc`` (dice from the encounter); return its choices."""
    rng = random.Random(seed)
    name = enc.turn
    chosen: list[Action] = []
    for _ in range(20):
        action = policy.choose(enc.sandbox(rng), rng)
        chosen.append(action)
        enc.apply(action)
        if isinstance(action, EndTurn | Flee) or enc.turn != name:
            return chosen
    raise AssertionError(f"{name} never ended its turn: {chosen}")


def kinds(actions: list[Action]) -> list[str]:
    return [a.KIND for a in actions]
