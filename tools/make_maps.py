"""Write the shipped scenario maps: maps/ambush.tmx, fortress_assault.tmx, ship_boarding.tmx, giants_lair.tmx.

Each is a plain Tiled map (open and edit it in Tiled); this tool is only how the first version was
drawn, reproducibly (every random choice is a hash of the file name and cell). Together with
maps/default.tmx they cover both stagger axes and indices, every terrain kind, movement type,
size, weapon bands [1,1], [2,2] and [1,2], exit tiles, a neutral faction under a map-level
``hostile`` override, and ranged attacks, sight and cover (R29-R33): archers behind arrow slits and
parapets (fortress), bowmen among thick trees (ambush), a caster with a pushing burst (ship). The
odds in each description come from AI-vs-AI playtests at ``normal``.

Run: ``python tools/make_maps.py [NAME ...]`` (default: all).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mapkit import MapSpec, Unit, build  # noqa: E402

from game.maps.tmxdoc import write_tmx  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"


def fighter(hp: int, attack: int, defense: int, damage: str, **extra: object) -> dict[str, object]:
    return {"hp": hp, "attack": attack, "defense": defense, "damage": damage, **extra}


# --- ambush: pointy-top, even rows shifted ----------------------------------------------------
AMBUSH = MapSpec(
    file="ambush.tmx",
    title="Ambush on the Greenway",
    description=(
        "A forest road through thick undergrowth. Bandits burst from the brush on both flanks "
        "while their bowmen shoot from behind the old trees, and the party is strung out on the road; "
        "two charcoal burners who hate the bandits join in from their clearing. ODDS"
    ),
    axis="y",
    index="even",
    rows=[
        "bbbbb;bbbbbb.;Fbbb",
        "bb,bbbbb.bbbb;..bb",
        "b.bbb#bbbbb.bbb.bb",
        ".bbb.bbb,bbbb.bb,b",
        "..;.,....,..;...,.",
        "xddddddddddddddddx",
        ".,...;....,....,..",
        "b.bbbb,bbbbb.bbb.b",
        "bbbb.bbbb#bbbbb,bb",
        "bb,bbbbbbbbb.bbbbb",
        "bbbbb..;..bbbbbbbb",
        "bbb,bbbbbbbbbbbbbb",
    ],
    units=[
        Unit("Sir Corin", "player", (8, 5), fighter(14, 3, 14, "1d8+1", initiative=2,
                                                   skills="blades:3, shields:2", facing="e")),
        Unit("Lysa", "player", (6, 5), fighter(11, 3, 12, "1d8", reach=2, reach_min=1, initiative=3,
                                              skills="polearms:2", facing="e")),
        Unit("Brother Odo", "player", (5, 5), fighter(12, 2, 12, "1d6+1", initiative=1, skills="maces:2",
                                                     facing="e")),
        Unit("Pell", "ally", (10, 5), fighter(9, 2, 12, "1d6", move=7, initiative=4, skills="blades:2",
                                             ranged="2-6", ranged_attack=2, ranged_damage="1d6", facing="e")),
        Unit("Charcoal Burner 1", "neutral", (14, 1), fighter(8, 1, 11, "1d6", initiative=0, facing="sw")),
        Unit("Charcoal Burner 2", "neutral", (16, 2), fighter(8, 1, 11, "1d6", initiative=0, facing="sw")),
        Unit("Bandit Chief", "enemy", (8, 2), fighter(13, 3, 13, "1d8+1", initiative=3, facing="se")),
        Unit("Bandit Archer 1", "enemy", (9, 1), fighter(8, 1, 11, "1d4", ranged="2-7", ranged_attack=2,
                                                        ranged_damage="1d6", initiative=2, facing="se")),
        Unit("Bandit 2", "enemy", (11, 3), fighter(9, 2, 11, "1d6+1", initiative=2, facing="sw")),
        Unit("Bandit 3", "enemy", (5, 8), fighter(9, 2, 11, "1d6+1", initiative=2, facing="ne")),
        Unit("Bandit Archer 2", "enemy", (6, 9), fighter(8, 1, 11, "1d4", ranged="2-7", ranged_attack=2,
                                                        ranged_damage="1d6", initiative=2, facing="ne")),
        Unit("Bandit Spear", "enemy", (8, 8), fighter(10, 2, 11, "1d8", reach=2, initiative=1, facing="ne")),
    ],
    seed=4411,
    tree_density=0.3,
    tree="thick_tree",  # the bandits shoot from behind them (R31)
    decor={(4, 4): "flowers", (12, 6): "stones", (1, 6): "flowers", (15, 4): "bush", (2, 4): "bush",
           (9, 4): "stones", (13, 1): "stones", (7, 10): "flowers"},
    properties={"hostile": "enemy/player, enemy/ally, enemy/neutral"},
)

# --- fortress assault: flat-top, even columns shifted --------------------------------------------
FORTRESS = MapSpec(
    file="fortress_assault.tmx",
    title="Assault on Harrow Keep",
    description=(
        "Storm the keep across the ditch and moat: through the gate over the drawbridge, or up the "
        "rubble of the breach where two pikemen wait with their long reach, while archers shoot from "
        "behind the arrow slits and parapets of the wall. ODDS"
    ),
    axis="x",
    index="even",
    rows=[
        "e..b.;Dw.WWWWWWW",
        "e.b..,Dw.|SSSSSW",
        "..,...Dw.mSSSSWW",
        "xddddddGdGSSSSSW",
        ".;..b.Dw.WSSSSSW",
        "e...,.Dw.WSSSSSW",
        "e.b...Dw.WSSSSSX",
        "......rrrrSSSSSW",
        ".,...,rrrrSSSSSW",
        "e..b..Dw.mSSSSWW",
        "e.;...Dw.|SSSSSW",
        "..b...Dw.WWWWWWW",
    ],
    units=[
        Unit("Captain Vessa", "player", (3, 6), fighter(15, 4, 14, "1d8+1", initiative=3,
                                                       skills="blades:3, shields:2")),
        Unit("Doran", "player", (3, 8), fighter(14, 2, 15, "1d6+1", initiative=1, skills="shields:3")),
        Unit("Ilse", "player", (2, 7), fighter(12, 3, 12, "1d10", reach=2, reach_min=1, initiative=2,
                                              skills="polearms:3")),
        Unit("Fenn", "player", (1, 6), fighter(10, 1, 12, "1d4", ranged="2-8", ranged_attack=3,
                                              ranged_damage="1d6", initiative=2)),
        Unit("Grum", "ally", (2, 3), fighter(12, 2, 12, "1d8", initiative=2, skills="axes:2")),
        Unit("Militia", "ally", (1, 5), fighter(9, 1, 11, "1d6", initiative=0)),
        Unit("Sir Bram", "ally", (1, 7), fighter(14, 3, 14, "1d8", initiative=1, skills="blades:2, shields:2")),
        Unit("Pikeman 1", "enemy", (11, 7), fighter(11, 2, 12, "1d8", reach=2, initiative=2, facing="sw")),
        Unit("Pikeman 2", "enemy", (11, 8), fighter(11, 2, 12, "1d8", reach=2, initiative=2, facing="sw")),
        Unit("Sergeant Hale", "enemy", (11, 5), fighter(13, 3, 13, "1d8", initiative=3, facing="sw")),
        Unit("Gate Warden", "enemy", (11, 3), fighter(10, 2, 13, "1d8", initiative=1, facing="sw")),
        Unit("Castellan Mord", "enemy", (13, 6), fighter(13, 3, 13, "1d8+1", initiative=2, facing="sw",
                                                        skills="blades:2")),
        # On the wall-walk behind an arrow slit and a parapet each (R30, R31).
        Unit("Archer 1", "enemy", (10, 1), fighter(8, 1, 11, "1d6", ranged="2-8", ranged_attack=2,
                                                  ranged_damage="1d6", move=5, initiative=3, facing="sw")),
        Unit("Archer 2", "enemy", (10, 9), fighter(8, 1, 11, "1d6", ranged="2-8", ranged_attack=2,
                                                  ranged_damage="1d6", move=5, initiative=3, facing="sw")),
    ],
    seed=5150,
    decor={(3, 0): "bush", (4, 4): "bush", (2, 6): "bush", (3, 9): "bush", (2, 11): "bush", (1, 8): "flowers",
           (5, 2): "stones", (4, 10): "flowers", (8, 1): "reeds", (8, 5): "reeds", (8, 10): "reeds",
           (6, 9): "reeds"},
)

# --- ship boarding: flat-top, odd columns shifted ------------------------------------------------
SHIP = MapSpec(
    file="ship_boarding.tmx",
    title="Boarding the Black Gull",
    description=(
        "Two ships lashed side by side; two gangplanks are the only dry way across, and a boarding "
        "ladder amidships on each outer side lets swimmers climb aboard. Sahuagin swim the gap, a "
        "harpy wheels overhead and a sea witch on the corsairs' deck hurls a burst of brine that "
        "throws people back, while the crew's selkie and hawk fight on the party's side. ODDS"
    ),
    axis="x",
    index="odd",
    rows=[
        "wwwwwwwwwwwwwww",
        "wwHHHwwvwwHHHww",
        "wHpppHwvwHpppHw",
        "wHpMpppppppMpHw",
        "wHpppHwvwHpppHw",
        "wppppHvvvHppppw",
        "wHpppHwvwHpppHw",
        "wHpMpppppppMpHw",
        "wHpppHwvwHpppHw",
        "wHpppHwvwHpppHw",
        "wHPpPHwwwHpPpHw",
        "wwHHHwwwwwHHHww",
    ],
    units=[
        Unit("Captain Rhys", "player", (3, 5), fighter(18, 3, 14, "1d8+1", initiative=3,
                                                      skills="blades:3, acrobatics:2", facing="ne")),
        Unit("Marla", "player", (2, 6), fighter(15, 3, 12, "1d6+1", initiative=2, skills="blades:2")),
        Unit("Tobin", "player", (4, 8), fighter(15, 2, 12, "1d8", reach=2, reach_min=1, initiative=1,
                                               skills="polearms:2")),
        Unit("Selkie", "ally", (0, 6), fighter(9, 2, 12, "1d6", movement_type="swimming", move=7,
                                              initiative=4)),
        Unit("Kestrel", "ally", (3, 9), fighter(6, 2, 14, "1d4+1", movement_type="flying", move=8,
                                               initiative=5)),
        Unit("Corsair Captain", "enemy", (11, 5), fighter(14, 3, 13, "1d8+1", initiative=3, facing="sw",
                                                         skills="blades:3")),
        Unit("Corsair 1", "enemy", (10, 4), fighter(10, 2, 12, "1d6+1", initiative=2, facing="sw")),
        Unit("Corsair 2", "enemy", (12, 8), fighter(10, 2, 12, "1d6+1", initiative=2, facing="sw")),
        Unit("Sahuagin 1", "enemy", (14, 3), fighter(9, 2, 12, "1d6+1", movement_type="swimming", move=7,
                                                    initiative=3, facing="sw")),
        Unit("Sahuagin 2", "enemy", (7, 11), fighter(9, 2, 12, "1d6+1", movement_type="swimming", move=7,
                                                    initiative=3, facing="n")),
        Unit("Sea Witch", "enemy", (13, 5), fighter(9, 1, 12, "1d4", area_range=5, area_radius=1, area_attack=3,
                                                   area_damage="1d6", area_push=1, area_uses=1, initiative=2,
                                                   facing="sw")),
        Unit("Harpy", "enemy", (12, 2), fighter(8, 2, 13, "1d6", movement_type="flying", move=8, initiative=4,
                                               facing="sw")),
    ],
    seed=7707,
)


# --- giants' lair: pointy-top, even rows shifted ---------------------------------------------------
def lair_rows() -> list[str]:
    """A 22x15 cave hall: open enough for a giant's 19-hex footprint to walk round the crack in its floor.

    No floor hex lies beyond the giant's reach-2 club from every place its footprint fits, so a hurt
    hero cannot hide in a nook until the round limit (only flyers over the chasm can).
    """
    cols, rows = 22, 15
    grid = [["d"] * cols for _ in range(rows)]
    for c in range(cols):
        grid[0][c] = grid[rows - 1][c] = "#"
    for r in range(rows):
        grid[r][0] = "x" if r in (6, 7, 8) else "#"  # the cave mouth: where the party may flee (R24)
        grid[r][cols - 1] = "#"
    features = {
        "#": [(1, 1), (2, 1), (1, 2), (1, 13), (2, 13), (1, 12), (20, 1), (19, 1), (20, 2), (20, 13), (19, 13),
              (20, 12), (8, 1), (9, 1), (19, 2), (20, 3),
              (7, 3), (6, 11), (3, 1), (15, 1)],
        "c": [(10, 1), (11, 1), (10, 2), (11, 2), (10, 3), (11, 3), (11, 4), (10, 5), (11, 5), (13, 12), (14, 12),
              (13, 13)],
        "F": [(19, 4), (19, 5), (17, 13), (18, 13), (15, 2)],
        "r": [(4, 3), (5, 12), (12, 9), (8, 8), (17, 3), (3, 9)],
    }
    for ch, cells in features.items():
        for c, r in cells:
            grid[r][c] = ch
    return ["".join(row) for row in grid]


LAIR = MapSpec(
    file="giants_lair.tmx",
    title="The Giant's Hearth",
    description=(
        "A hill giant and its cave troll hold a smoky hall split by a chasm, with fire pits by the "
        "hearth. Shove the goblins into the flames or the deep; keep the giant from doing the same "
        "to you. The party's war bear is the only one big enough to shove the troll. ODDS"
    ),
    axis="y",
    index="even",
    rows=lair_rows(),
    units=[
        Unit("Astrid", "player", (3, 6), fighter(18, 4, 14, "1d10+1", initiative=3,
                                                 skills="blades:3, shields:2")),
        Unit("Kell", "player", (3, 8), fighter(12, 3, 12, "1d8+1", reach=2, reach_min=1, initiative=2,
                                              skills="polearms:3")),
        Unit("Wynn", "player", (2, 4), fighter(10, 3, 13, "1d6+1", movement_type="flying", move=7,
                                              initiative=4, skills="acrobatics:3")),
        Unit("Sigrun", "player", (2, 6), fighter(12, 3, 13, "1d8", initiative=2, skills="blades:2")),
        Unit("Bjorn", "ally", (4, 10), fighter(24, 4, 12, "1d10", size="large", move=5, initiative=1)),
        Unit("Grundvald", "enemy", (16, 7), fighter(32, 4, 12, "2d6+1", size="giant", reach=2, reach_min=1,
                                                   move=4, initiative=0, facing="w")),
        Unit("Cave Troll", "enemy", (13, 4), fighter(16, 2, 11, "1d8+1", size="large", move=5,
                                                    initiative=1, facing="sw")),
        Unit("Goblin 1", "enemy", (9, 6), fighter(6, 1, 12, "1d6", move=7, initiative=5, facing="w")),
        Unit("Goblin 2", "enemy", (12, 11), fighter(6, 1, 12, "1d6", move=7, initiative=5, facing="w")),
        Unit("Goblin 3", "enemy", (9, 2), fighter(6, 1, 12, "1d6", move=7, initiative=5, facing="sw")),
    ],
    seed=9090,
    decor={(4, 2): "stones", (5, 9): "stones", (18, 2): "stones", (7, 12): "stones", (15, 10): "stones"},
)

SPECS = {s.file.removesuffix(".tmx"): s for s in (AMBUSH, FORTRESS, SHIP, LAIR)}
# Measured human-side odds (player or ally among the winners) at normal vs normal; see the map's description.
# `python tools/balance_maps.py maps/MAP.tmx --games 200 --jobs 2`: the games of `playmat playtest MAP --games 200`
# (the map's own seed), every faction at normal (the AI of a268997, 2026-12-05).
ODDS = {
    "ambush": ("Playtested AI vs AI at normal: the party wins 49 % of 200 games (95 % interval 42-56 %), "
               "the bandits 50 %."),
    "fortress_assault": ("Playtested AI vs AI at normal: the party wins 54 % of 200 games (95 % interval "
                         "47-61 %), the garrison 46 %."),
    "ship_boarding": ("Playtested AI vs AI at normal: the party wins 52 % of 200 games (95 % interval 45-59 %), "
                      "the corsairs 47.5 %."),
    "giants_lair": ("Playtested AI vs AI at normal: the party wins 64.5 % of 200 games (95 % interval 57.5-71 %), "
                    "the giant's band 35.5 %."),
}


def with_odds(spec: MapSpec, odds: str) -> MapSpec:
    """The spec with its measured odds written where the description says ODDS."""
    return replace(spec, description=spec.description.replace(" ODDS", (" " + odds) if odds else ""))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"maps to write (default: all): {', '.join(SPECS)}")
    names = parser.parse_args(argv).names or list(SPECS)
    unknown = [n for n in names if n.removesuffix(".tmx") not in SPECS]
    if unknown:
        parser.error(f"no such map: {unknown[0]} (one of {', '.join(SPECS)})")
    for name in names:
        key = name.removesuffix(".tmx")
        path = write_tmx(MAPS / SPECS[key].file, build(with_odds(SPECS[key], ODDS[key])))
        print("wrote", path.relative_to(ROOT))


if __name__ == "__main__":
    main()
