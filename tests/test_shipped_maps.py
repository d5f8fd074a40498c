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


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario_maps_are_what_the_tool_writes(name: str) -> None:
    """maps/*.tmx are reproducible: tools/make_maps.py writes them byte for byte (edit the tool, rerun it)."""
    import make_maps

    from game.maps.tmxdoc import render_tmx

    spec = make_maps.SPECS[name]
    odds = make_maps.ODDS[name]
    text = render_tmx(make_maps.build(make_maps.with_odds(spec, odds)))
    assert (ROOT / "maps" / f"{name}.tmx").read_text(encoding="utf-8") == text


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
