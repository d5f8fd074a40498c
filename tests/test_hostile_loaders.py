"""Loaders attacked as a stranger would: each case here got through before (docs/limits.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps.loader import validate_map
from game.maps.tmxwrite import write_map
from game.rules import limits
from tests.test_bad_maps import edit, refused

UNITS = [{"name": "Hero", "at": (1, 1), "faction": "player"}, {"name": "Orc", "at": (3, 2), "faction": "enemy"}]


def small(tmp_path: Path, **kw) -> Path:
    kw.setdefault("units", UNITS)
    return write_map(tmp_path / "m.tmx", ["....."] * 4, **kw)


@pytest.mark.parametrize("key", ["margin", "spacing"])
def test_a_tileset_with_a_negative_margin_or_spacing_is_refused(tmp_path: Path, key: str) -> None:
    """Tiled allows neither below 0; the tiles were cut from outside the image (or, with a spacing of minus the
    tile width, all from one place) and the map drawn without a word."""
    tmx = edit(small(tmp_path), "<tileset ", f'<tileset {key}="-1000" ')
    refused(tmx, f'tileset "terrain": {key} -1000 is less than 0')


@pytest.mark.parametrize(("key", "value"), [("skills", "blades:2," * 20_000), ("damage", "1d6+" * 2_000)])
def test_a_huge_value_of_a_playmat_property_is_refused_unread(tmp_path: Path, key: str, value: str) -> None:
    """A ``skills`` of 27 million characters was read as 3 million skills (``validate`` took 40 s to accept
    it); every one of Playmat's keys is now refused past MAX_PROPERTY_CHARS, naming the object and key."""
    units = [{**UNITS[0], key: value}, UNITS[1]]
    message = refused(small(tmp_path, units=units), 'object 1 "Hero"', f'property "{key}" is {len(value):,} '
                      f"characters long, more than the limit of {limits.MAX_PROPERTY_CHARS:,}")
    assert len(message) < 200


def test_a_long_map_property_of_hostile_pairs_is_refused(tmp_path: Path) -> None:
    tmx = small(tmp_path, map_properties={"hostile": "player/enemy," * 400})
    refused(tmx, 'property "hostile" is 5,200 characters long')


def test_a_designers_own_long_property_is_still_read(tmp_path: Path) -> None:
    """Only Playmat's own keys are bounded: a designer's notes of any length are theirs (the file's size bounds
    them), and a value just under the limit is read."""
    skills = ",".join(f"s{i:04d}:1" for i in range(500))
    assert len(skills) == limits.MAX_PROPERTY_CHARS - 1
    units = [{**UNITS[0], "notes": "n" * 50_000, "skills": skills}, UNITS[1]]
    assert validate_map(small(tmp_path, units=units)) == []
