"""The shipped maps: they load, say what they are, cover the format between them, and match their tools."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from xml.etree import ElementTree as ET

import numpy as np
import pytest

from game.maps.loader import load_scenario, validate_map
from game.rules.combatant import Size
from game.rules.terrain import MovementType, Terrain

ROOT = Path(__file__).resolve().parent.parent
MAPS = sorted((ROOT / "maps").glob("*.tmx"))
SCENARIOS = ("ambush", "fortress_assault", "ship_boarding", "giants_lair")
sys.path.insert(0, str(ROOT / "tools"))


def map_properties(path: Path) -> dict[str, str]:
    """Map properties straight from the XML (what Tiled's Map Properties panel shows)."""
    root = ET.parse(path).getroot()
    return {p.get("name"): p.get("value") for p in root.findall("./properties/property")}


def test_every_scenario_is_shipped() -> None:
    assert {p.stem for p in MAPS} >= {"default", *SCENARIOS}


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_map_validates(path: Path) -> None:
    assert validate_map(path) == []


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario_has_title_and_description(name: str) -> None:
    props = map_properties(ROOT / "maps" / f"{name}.tmx")
    assert props.get("title", "").strip()
    assert 40 <= len(props.get("description", "")) <= 600  # a short paragraph, not a novel
    # The human side's odds, measured in AI-vs-AI playtests, are stated for the player choosing a fight.
    assert re.search(r"party wins \d+(\.\d+)? % of \d+ games", props["description"])


def test_maps_together_cover_the_format() -> None:
    """Designers learn from the shipped maps: every layout, terrain, mover, size and band appears somewhere."""
    layouts, terrains, movers, sizes, bands = set(), set(), set(), set(), set()
    exits = neutral_override = False
    for path in MAPS:
        sc = load_scenario(path)
        lay = sc.board.layout
        layouts.add((lay.stagger_axis, lay.stagger_index))
        on = sc.board.on_map
        terrains |= {Terrain(int(t)) for t in np.unique(sc.board.terrain[on])}
        exits |= bool(sc.board.exit[on].any())
        for c in sc.combatants:
            movers.add(c.movement_type)
            sizes.add(c.size)
            bands.add((c.reach_min, c.reach))
        factions = {c.faction for c in sc.combatants}
        # R3: neutral is hostile to nobody by default; a map that makes it hostile to someone overrides that.
        if "neutral" in factions and sc.hostility.hostile_to("neutral"):
            neutral_override = True
    assert layouts == {("x", "odd"), ("x", "even"), ("y", "odd"), ("y", "even")}
    assert terrains == set(Terrain)
    assert movers == set(MovementType)
    assert sizes == set(Size)
    assert bands >= {(1, 1), (2, 2), (1, 2)}
    assert exits and neutral_override


def test_maps_together_show_ranged_attacks_sight_cover_and_areas() -> None:
    """R29-R33 appear in the shipped maps: bows, an area ability, a slit or parapet, cover tiles."""
    shooters = casters = 0
    slits = cover = False
    for path in MAPS:
        sc = load_scenario(path)
        b = sc.board
        shooters += sum(1 for c in sc.combatants if c.ranged is not None)
        casters += sum(1 for c in sc.combatants if c.area is not None)
        slits |= bool(((b.terrain == Terrain.BLOCKED) & ~b.blocks_sight & b.on_map).any())
        cover |= bool((b.cover & b.on_map).any())
    assert shooters >= 4 and casters >= 1 and slits and cover


def _enc(name: str):
    from game.rules import Encounter

    return Encounter(load_scenario(ROOT / "maps" / f"{name}.tmx"))


def test_fortress_archers_stand_behind_an_arrow_slit_and_a_parapet_and_see_the_party() -> None:
    enc = _enc("fortress_assault")
    b = enc.board
    archers = [v for v in enc.views() if v.faction == "enemy" and v.ranged is not None]
    assert len(archers) == 2
    party = [v for v in enc.views() if v.faction in ("player", "ally")]
    for a in archers:
        walls = [(c, r) for c, r in enc.layout.neighbors(a.cell) if b.terrain[r, c] == Terrain.BLOCKED]
        # an arrow slit: a wall hex that does not block sight (R30); a parapet: one that also gives cover (R31)
        assert any(not b.blocks_sight[r, c] and not b.cover[r, c] for c, r in walls), a.name
        assert any(not b.blocks_sight[r, c] and b.cover[r, c] for c, r in walls), a.name
        assert any(enc.sees(a.name, p.name) for p in party), f"{a.name} sees nobody it should shoot"
    # the garrison's wall still keeps ground troops out: the only ways in are the gate and the breach
    assert not any(b.terrain[r, c] != Terrain.BLOCKED for c, r in ((9, 0), (9, 1), (9, 2), (9, 9), (9, 10)))


def test_ambush_bowmen_shoot_from_trees_that_give_cover() -> None:
    enc = _enc("ambush")
    b = enc.board
    trees = np.argwhere(b.cover & b.on_map)
    assert len(trees) >= 20  # a forest, not a copse
    assert all(b.terrain[r, c] == Terrain.DIFFICULT for r, c in trees)  # undergrowth: still hard going
    bowmen = [v for v in enc.views() if v.faction == "enemy" and v.ranged is not None]
    assert len(bowmen) == 2 and all(b.terrain[v.cell[1], v.cell[0]] == Terrain.DIFFICULT for v in bowmen)
    # the party's scout can shoot back, and a shot into the forest at a bowman crosses trees: cover (R31)
    scout = next(v for v in enc.views() if v.faction == "ally" and v.ranged is not None)
    lay = enc.layout
    covered = [v.name for v in bowmen
               if any(b.cover[r, c] for c, r in enc.sight_line(scout.cell, v.cell).crossed)]
    assert covered and lay.distance(scout.cell, bowmen[0].cell) > 1


def test_ship_has_a_caster_aboard_the_corsairs_deck() -> None:
    enc = _enc("ship_boarding")
    casters = [v for v in enc.views() if v.area is not None]
    assert [(v.faction, v.area_uses_left > 0, v.area.push > 0) for v in casters] == [("enemy", True, True)]
    c, r = casters[0].cell
    assert enc.board.terrain[r, c] == Terrain.NORMAL and c > enc.board.cols // 2  # on the corsairs' deck


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario_maps_are_what_the_tool_writes(name: str) -> None:
    """maps/*.tmx are reproducible: tools/make_maps.py writes them byte for byte (edit the tool, rerun it)."""
    import make_maps

    from game.maps.tmxdoc import render_tmx

    spec = make_maps.SPECS[name]
    odds = make_maps.ODDS[name]
    text = render_tmx(make_maps.build(make_maps.with_odds(spec, odds)))
    assert (ROOT / "maps" / f"{name}.tmx").read_text(encoding="utf-8") == text


def test_the_default_map_is_what_its_tool_writes() -> None:
    """maps/default.tmx is tools/make_default_map.py's output byte for byte: a fix to the map is made in the tool."""
    import make_default_map

    from game.maps.tmxdoc import render_tmx

    assert (ROOT / "maps" / "default.tmx").read_text(encoding="utf-8") == render_tmx(make_default_map.build())


def test_the_default_map_troll_can_wade_the_ford_to_the_party() -> None:
    # The Troll is large (R26): its footprint is its centre and the six hexes round it, and every
    # step needs the whole footprint on ground it may enter (R27; water is closed to ground movers,
    # R5). The river is two hexes wide, so it crosses only where a centre hex and all six of its
    # neighbours are dry or ford. Worked out on the map's rows (odd rows shifted right): the ford
    # round 9,6 -- 9,5 10,5 / 8,6 [9,6] 10,6 / 8,7 9,7, with 8,5 grass and 8,6 road -- holds no
    # water, nor does the ring round 10,6 (11,6 road, 10,7 grass). With a budget that does not
    # limit it, it can end on the west bank's road (7,6) before any fight has begun.
    enc = _enc("default")
    troll = next(v for v in enc.views() if v.name == "Troll")
    assert troll.size == "large"
    b = enc.board
    for centre in ((9, 6), (10, 6)):
        ring = [centre, *enc.layout.neighbors(centre)]
        assert all(b.terrain[r, c] in (Terrain.NORMAL, Terrain.DIFFICULT) for c, r in ring), centre
    assert enc.reach_for("Troll", 40).end_at((7, 6)) is not None


def test_token_art_is_reproducible() -> None:
    """The stored token PNGs are what the seeded painter draws (same pixels, every run)."""
    import make_tokens

    from game.render.pg import pygame

    for faction, size in (("enemy", "standard"), ("player", "large")):
        img = pygame.image.load(str(make_tokens.token_path(faction, size)))
        stored = np.dstack([pygame.surfarray.array3d(img).transpose(1, 0, 2), pygame.surfarray.array_alpha(img).T])
        painted = np.clip(np.round(make_tokens.paint_token(faction, size)), 0, 255).astype(np.uint8)
        assert stored.shape == painted.shape
        assert np.array_equal(stored, painted)


def test_every_faction_and_size_has_a_token_sprite() -> None:
    names = {p.name for p in (ROOT / "assets" / "tokens").glob("*.png")}
    for faction in ("player", "ally", "enemy", "neutral"):
        for size in ("standard", "large", "giant"):
            assert f"{faction}_{size}.png" in names
    assert {"badge_flying.png", "badge_swimming.png"} <= names
