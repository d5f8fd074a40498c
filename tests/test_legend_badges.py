"""The legend says what the flying and swimming badges on tokens are, on a map where someone wears one.

Found on the Black Gull: Kestrel and the Harpy carry a grey chevron, the Selkie and the Sahuagin blue waves,
and the legend (L) explained every other mark on a token but not these, which decide who may cross the water.
"""

from __future__ import annotations

from pathlib import Path

from game.maps.loader import load_scenario
from game.render.pg import pygame
from game.rules import Encounter
from game.ui.panels import legend

MAPS = Path(__file__).resolve().parent.parent / "maps"


def mark_labels(map_name: str) -> list[str]:
    enc = Encounter.from_scenario(load_scenario(MAPS / map_name))
    rows = legend.marks(v.movement_type for v in enc.views() if v.active)
    return [label for row in rows for _, label in row]


def test_the_black_gull_legend_names_both_badges() -> None:
    labels = mark_labels("ship_boarding.tmx")
    assert labels[-2:] == ["flying", "swimming"]
    assert "acted" in labels  # the state marks stay


def test_a_map_of_walkers_lists_no_badge() -> None:
    assert not {"flying", "swimming"} & set(mark_labels("ambush.tmx"))


def test_each_badge_is_drawn_as_the_token_wears_it() -> None:
    """The legend's mark is the token's own badge picture: something is drawn at the spot, not a blank."""
    pygame.display.init()
    surf = pygame.Surface((40, 40), pygame.SRCALPHA)
    for kind, _ in legend.BADGES:
        surf.fill((0, 0, 0, 0))
        legend.MARK_DRAW[kind](surf, (20, 20), 8)
        assert surf.get_bounding_rect().width >= 12, kind
