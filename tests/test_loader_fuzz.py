"""Broken TMX files never crash the loader: a Scenario or a one-line MapError, nothing else."""

from __future__ import annotations

import copy
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.maps.errors import MapError
from game.maps.loader import load_scenario, validate_map
from game.maps.tmxwrite import write_map
from game.rules.scenario import Scenario

UNITS = [
    {"name": "Hero", "at": (1, 1), "faction": "player", "move": 5, "reach": 2, "skills": "blades:3"},
    {"name": "Orc", "at": (3, 2), "faction": "enemy", "threatening": True, "facing": "nw"},
    {"name": "Troll", "at": (2, 4), "faction": "enemy", "size": "large", "movement_type": "ground"},
]
TERRAIN = ["......", ".dw.h.", "..x...", "#....c", ".....o", "_....."]

TEXTS = st.one_of(
    st.text(max_size=12),
    st.integers(-(2**40), 2**40).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.sampled_from(["", "0", "-1", "1", "true", "false", "x", "y", "odd", "even", "hexagonal", "csv", "base64",
                     "combatant", "enemy", "large", "giant", "gzip", "zstd", "missing.png", "other.tsx"]),
)
PROP_TYPES = st.sampled_from([None, "string", "int", "float", "bool", "color", "file", "object", "class", "list"])
PROP_NAMES = st.sampled_from(["terrain", "cost_ground", "cost_flying", "exit", "hazard_damage", "faction", "move",
                              "reach", "reach_min", "size", "facing", "hp", "damage", "skills", "name", "id", "x",
                              "title", "hostile", "seed", "flank_penalty", "type", "class", "width", "note"])


@pytest.fixture(scope="module")
def bases() -> Iterator[dict[str, tuple[bytes, bytes | None]]]:
    """Base files to mutate: name -> (tmx bytes, tsx bytes or None); PNGs stay on disk in workdir."""
    out: dict[str, tuple[bytes, bytes | None]] = {}
    work = Path(tempfile.mkdtemp(prefix="fuzzbase"))
    variants = [
        dict(stagger_axis="y", object_style="point", tileset="embedded"),
        dict(stagger_axis="x", stagger_index="even", object_style="tile", tileset="external", encoding="base64-zlib"),
        dict(stagger_axis="y", stagger_index="even", object_style="rect", class_attr="class", tileset="external"),
    ]
    for i, kw in enumerate(variants):
        p = write_map(work / f"base{i}.tmx", TERRAIN, units=UNITS, map_properties={"seed": 4, "title": "Fuzz"},
                      layers=[{"name": "Decor", "rows": ["o_____"] * 6}], **kw)  # type: ignore[arg-type]
        tsx = work / f"base{i}_tiles.tsx"
        out[f"base{i}"] = (p.read_bytes(), tsx.read_bytes() if tsx.exists() else None)
        assert validate_map(p) == [], validate_map(p)
    yield out
    shutil.rmtree(work)


def _mutate_tree(data: st.DataObject, raw: bytes) -> bytes:
    root = ET.fromstring(raw)
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        elements = list(root.iter())
        kind = data.draw(st.sampled_from(["attr", "prop", "remove", "text", "copy"]), label="kind")
        node = data.draw(st.sampled_from(elements), label="node")
        if kind == "attr" and node.attrib:
            name = data.draw(st.sampled_from(sorted(node.attrib)), label="attr")
            node.set(name, data.draw(TEXTS, label="value"))
        elif kind == "prop":
            target = data.draw(st.sampled_from([e for e in elements if e.tag in ("map", "object", "tile", "tileset",
                                                                                   "layer", "objectgroup")]))
            props = target.find("properties")
            if props is None:
                props = ET.SubElement(target, "properties")
            attrs = {"name": data.draw(PROP_NAMES, label="pname"), "value": data.draw(TEXTS, label="pvalue")}
            ptype = data.draw(PROP_TYPES, label="ptype")
            if ptype:
                attrs["type"] = ptype
            ET.SubElement(props, "property", attrs)
        elif kind == "remove" and node is not root:
            parent = next(p for p in root.iter() if node in list(p))
            parent.remove(node)
        elif kind == "text":
            node.text = data.draw(TEXTS, label="text")
        elif kind == "copy" and node is not root:  # duplicate ids, names, tilesets, layers...
            parent = next(p for p in root.iter() if node in list(p))
            parent.insert(data.draw(st.integers(0, len(parent)), label="at"), copy.deepcopy(node))
    return ET.tostring(root)


def _check(path: Path) -> None:
    try:
        result = load_scenario(path)
    except MapError as e:
        message = str(e)
        assert message and "\n" not in message and "\r" not in message
        assert message.startswith(path.name + ": ")
        loaded = False
    else:
        assert isinstance(result, Scenario)
        loaded = True
    lines = validate_map(path)
    assert all(line and len(line.splitlines()) == 1 for line in lines)
    assert (lines == []) == loaded  # validate accepts exactly the maps that load


@pytest.fixture(scope="module")
def png_source() -> dict[str, bytes]:
    """The files ``write_map(folder / "png_source.tmx", ["."])`` writes (the map and its tileset PNG), made once:
    drawing the PNG was two thirds of each case's time, and it is the same bytes every time (every case still
    gets both files, the PNG also under the tileset image's name)."""
    with tempfile.TemporaryDirectory(prefix="pngsource") as tmp:
        write_map(Path(tmp) / "png_source.tmx", ["."])
        return {p.name: p.read_bytes() for p in Path(tmp).iterdir()}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_maps_load_or_fail_with_one_line(
    bases: dict[str, tuple[bytes, bytes | None]], png_source: dict[str, bytes], data: st.DataObject,
    tmp_path_factory: pytest.TempPathFactory
) -> None:
    name = data.draw(st.sampled_from(sorted(bases)), label="base")
    tmx, tsx = bases[name]
    work = tmp_path_factory.mktemp("fuzz", numbered=True)
    target = data.draw(st.sampled_from(["tmx", "tsx"] if tsx else ["tmx"]), label="file")
    how = data.draw(st.sampled_from(["truncate", "tree", "tree", "tree"]), label="how")
    blob = tmx if target == "tmx" else tsx
    assert blob is not None
    if how == "truncate":
        mutated = blob[: data.draw(st.integers(0, len(blob) - 1), label="cut")]
    else:
        mutated = _mutate_tree(data, blob)
    (work / f"{name}.tmx").write_bytes(mutated if target == "tmx" else tmx)
    if tsx is not None:
        (work / f"{name}_tiles.tsx").write_bytes(mutated if target == "tsx" else tsx)
    for file, content in png_source.items():  # a PNG for the tileset image name below
        (work / file).write_bytes(content)
    (work / f"{name}_tiles.png").write_bytes(png_source["png_source_tiles.png"])
    _check(work / f"{name}.tmx")
