"""docs/map-format.md and docs/cli.md, the designer's and the scripter's reference, cover the code.

The lists are taken from the code, not typed here: the property names are the keys the loader
looks up while it reads a map (recorded by wrapping every property mapping it is given), and
the commands are the subparsers of ``playmat``'s argument parser. A property or command added
to the code without a line in the docs fails here.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from game.cli.args import build_parser
from game.maps.loader import load_scenario
from game.maps.tmx_adapter import TileLayer, read_tmx
from game.maps.tmxwrite import write_map

ROOT = Path(__file__).resolve().parents[1]
MAP_FORMAT = (ROOT / "docs" / "map-format.md").read_text(encoding="utf-8")
CLI = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


class Recording(Mapping[str, object]):
    """A property mapping that notes every key it is asked about (get, [], in)."""

    def __init__(self, asked: set[str], data: Mapping[str, object] | None = None) -> None:
        self.asked, self.data = asked, dict(data or {})

    def __getitem__(self, key: str) -> object:
        self.asked.add(key)
        return self.data[key]

    def __contains__(self, key: object) -> bool:
        self.asked.add(str(key))
        return key in self.data

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)


def _asked_by_loader(tmp_path: Path) -> dict[str, set[str]]:
    """The map, tile and combatant property names the loader looks up on a small map."""
    path = write_map(tmp_path / "m.tmx", ["...", "..."],
                     units=[{"name": "A", "at": (0, 0), "faction": "player"}],
                     tile_properties={"o": {}}, layers=[{"name": "Deco", "rows": ["o__", "___"]}])
    tmx = read_tmx(path)
    asked: dict[str, set[str]] = {"map": set(), "tile": set(), "combatant": set()}
    wrapped_tiles: dict[int, object] = {}

    def tile(t: object) -> object:
        if t is None:
            return None
        if id(t) not in wrapped_tiles:  # the loader caches by tile identity; keep that
            wrapped_tiles[id(t)] = dataclasses.replace(t, properties=Recording(asked["tile"], t.properties))  # type: ignore[type-var]
        return wrapped_tiles[id(t)]

    layers = tuple(TileLayer(la.name, la.visible, tuple(tile(t) for t in la.palette), la.index)
                   for la in tmx.tile_layers)
    objects = tuple(dataclasses.replace(o, properties=Recording(asked["combatant"], o.properties))
                    for o in tmx.objects)
    spy = dataclasses.replace(tmx, properties=Recording(asked["map"], tmx.properties),
                              tile_layers=layers, objects=objects)
    scenario = load_scenario(spy)
    assert [c.name for c in scenario.combatants] == ["A"]  # the spy changed nothing the loader reads
    return asked


def _documented_properties() -> set[str]:
    """Names in the first column of docs/map-format.md's property tables."""
    return set(re.findall(r"^\| `([a-z_]+)` \|", MAP_FORMAT, flags=re.MULTILINE))


def test_every_property_the_loader_reads_is_documented(tmp_path: Path) -> None:
    asked = _asked_by_loader(tmp_path)
    assert {"title", "seed", "flank_penalty"} <= asked["map"]  # the recording works at all
    assert {"terrain", "cost_ground", "exit"} <= asked["tile"]
    assert {"faction", "reach_min", "skills"} <= asked["combatant"]
    documented = _documented_properties()
    for kind, names in asked.items():
        missing = sorted(names - documented)
        assert not missing, f"{kind} properties the loader reads but docs/map-format.md does not list: {missing}"


def test_documented_tables_name_only_properties_or_spec_additions(tmp_path: Path) -> None:
    """The other way round: a row for a name the loader never reads is a stale doc line, unless it is
    one of R29-R33's properties (ranged, area abilities, sight and cover), which the docs list as the
    map format gives them while the loader is taught to read them."""
    asked = set().union(*_asked_by_loader(tmp_path).values())
    ranged_additions = {"ranged", "ranged_attack", "ranged_damage", "area_range", "area_radius", "area_attack",
                        "area_damage", "area_push", "area_uses", "blocks_sight", "cover", "cover_bonus",
                        "threatened_shooter_penalty"}
    stale = sorted(_documented_properties() - asked - ranged_additions)
    assert not stale, f"docs/map-format.md lists properties the loader never reads: {stale}"


def _subcommands() -> list[str]:
    parser = build_parser()
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert len(subs) == 1
    return sorted(subs[0].choices)


def test_every_command_has_a_section_in_docs_cli() -> None:
    commands = _subcommands()
    assert {"state", "render", "playtest"} <= set(commands)
    missing = [c for c in commands if not re.search(rf"^## `playmat {c}\b", CLI, flags=re.MULTILINE)]
    assert not missing, f"docs/cli.md has no section for: {missing}"


def test_json_examples_in_docs_cli_parse() -> None:
    """A user copies these; every ```json block is one valid JSON document."""
    blocks = re.findall(r"```json\n(.*?)```", CLI, flags=re.DOTALL)
    assert len(blocks) >= 8
    for block in blocks:
        json.loads(block)


def test_the_example_combatant_validates(tmp_path: Path) -> None:
    """The XML object of docs/map-format.md, pasted into a pointy-top map, loads with its values."""
    snippet = re.search(r"```xml\n(.*?)```", MAP_FORMAT, flags=re.DOTALL)
    assert snippet is not None
    path = write_map(tmp_path / "m.tmx", ["......"] * 4, units=[{"name": "placeholder", "at": (0, 0),
                                                                  "faction": "enemy"}])
    tree = ET.parse(path)
    group = tree.getroot().find("objectgroup")
    assert group is not None
    for old in list(group):
        group.remove(old)
    group.append(ET.fromstring(snippet.group(1)))
    tree.write(path)
    (spec,) = load_scenario(path).combatants
    assert (spec.name, spec.faction, spec.cell) == ("Wren", "player", (3, 2))  # x 224, y 147: cell 3,2
    assert (spec.initiative, spec.hp, spec.attack, spec.defense, spec.damage) == (3, 9, 2, 12, "1d6")
    assert dict(spec.skills) == {"acrobatics": 2, "blades": 1}


@pytest.mark.parametrize("doc", ["RULES.md", "README.md", "docs/cli.md", "docs/map-format.md",
                                 "docs/action-log.md", "docs/engine-api.md"])
def test_user_docs_cite_no_file_outside_the_project(doc: str) -> None:
    text = (ROOT / doc).read_text(encoding="utf-8")
    for link in re.findall(r"\]\(([^)#]+)", text):
        if not link.startswith(("http://", "https://")):
            assert (ROOT / doc).parent.joinpath(link).resolve().exists(), f"{doc} links to missing {link}"
    assert not re.findall(r"adjudication\.md|rulings\.md", text), f"{doc} cites a file the project does not have"
    unlinked = re.sub(r"docs/map-format\.md|\[[^\]]*\]\(map-format\.md\)", "", text)
    assert "map-format.md" not in unlinked, f"{doc} names map-format.md without linking the project's docs/ file"
