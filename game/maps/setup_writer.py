"""Save a setup as a Tiled map: the source TMX with its combatants where the GM put them.

The GM places, edits, adds and removes combatants in setup (docs/action-log.md);
:func:`save_setup` writes a copy of the map the battle was loaded from in which
each combatant object stands where it stands now and carries the properties
that make it what it is now. Everything else is the designer's file as it was:
tile layers, tilesets, other objects, every property Playmat does not read. So
Tiled opens it as it opened the original, and Playmat loads it back as the same
encounter (same combatants, same places, same properties, same order).

- A moved combatant's object moves by the distance between the two hex centres
  (so a tile object keeps its anchor and an off-centre one its offset).
- Only the properties that changed are written (as typed Tiled properties);
  a property the GM reset to its default is removed from the object.
- A combatant that joined gets a new point object, named, of class
  ``combatant``, in the layer the map's combatants live in; a removed one loses
  its object.
- Saved elsewhere than beside the source, the relative paths of tilesets,
  images and templates are rewritten to still point at the same files, as
  long as those sit in the new folder's tree. A file outside it (the shipped
  tilesets, when the setup of a shipped map goes to the user's maps folder) is
  copied in beside the map with the images it names, so the saved map stands
  alone: Playmat reads only files in a map's own folder tree (docs/limits.md),
  and the setup still opens after Playmat is installed somewhere else.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from game.rules import EncounterView, InputLimitError, limits

from .pixels import TiledPixels
from .safe_xml import XmlError, parse_untrusted

COMBATANT_CLASS = "combatant"


def default_setup_path(source: Path, now: float | None = None) -> Path:
    """Beside the source map when that folder may be written and is not the shipped maps' own, else in the
    user's maps folder (``$XDG_DATA_HOME/playmat/maps``): ``MAP-setup-YYYYMMDD-HHMMSS.tmx``."""
    from .shipped import maps_folder

    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    folder = source.parent
    if _same(folder, maps_folder()) or not os.access(folder, os.W_OK):
        folder = user_maps_folder()
    return folder / f"{source.stem}-setup-{stamp}.tmx"


class SetupSourceError(OSError):
    """The map a setup is saved from no longer reads as a map (changed on disk since it was loaded)."""


def user_maps_folder() -> Path:
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "playmat" / "maps"


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def save_setup(source: Path, enc: EncounterView, out: Path) -> Path:
    """Write ``source`` with ``enc``'s combatants as they stand now to ``out``; OSError if it cannot be written.

    ``source`` is read again from disk, where it may have changed since it was loaded: it is read as any
    stranger's map is (a regular file within the size limit, XML without a DTD or entities, bounded depth
    and size), and refused with :class:`SetupSourceError` (an OSError, one line) before ``out`` is touched.
    """
    try:
        root = parse_untrusted(limits.read_regular_file(source, "map", limits.MAX_MAP_FILE_BYTES))
    except (InputLimitError, XmlError) as exc:
        reason = exc.reason if isinstance(exc, InputLimitError) else str(exc)
        raise SetupSourceError(f"the map {source.name} cannot be read again: {reason}") from None
    pixels = TiledPixels(enc.layout)
    original = {c.name: c for c in enc.scenario.combatants}
    objects = dict(_map_objects(root))  # object id -> (element, its parent, the layer's pixel offset)
    home: tuple[ET.Element, tuple[float, float]] | None = None
    for v in enc.views():
        spec = original.get(v.name)
        if spec is None:  # joined (R15)
            if v.active:
                group, offset = home or _combatant_layer(root, objects, original)
                _add_object(root, group, offset, v.name, pixels.cell_center(v.cell), enc.map_properties(v.name))
            continue
        found = objects.get(spec.object_id)
        if found is None:
            continue
        node, parent, offset = found
        home = home or (parent, offset)
        if not v.active:
            parent.remove(node)
            continue
        if v.cell != spec.cell:
            (x0, y0), (x1, y1) = pixels.cell_center(spec.cell), pixels.cell_center(v.cell)
            node.set("x", _num(float(node.get("x", "0")) + x1 - x0))
            node.set("y", _num(float(node.get("y", "0")) + y1 - y0))
        _set_properties(node, dict(spec.given), enc.map_properties(v.name))
    if out.parent.resolve() != source.parent.resolve():
        _repoint(root, source.parent, out.parent)
    ET.indent(root, space=" ")
    # As Tiled writes it: double-quoted declaration, "<point/>" (ElementTree writes "<point />"; in
    # attribute values ">" is escaped, so " />" only ever closes an empty element).
    body = ET.tostring(root, encoding="unicode").replace(" />", "/>")
    out.write_bytes(('<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n").encode("utf-8"))
    return out


def _map_objects(root: ET.Element) -> Iterator[tuple[int, tuple[ET.Element, ET.Element, tuple[float, float]]]]:
    """The map's objects (not a tile's collision shapes) by id, with the group holding them and its offset."""
    def walk(node: ET.Element, ox: float, oy: float) -> Iterator[tuple[int, tuple[ET.Element, ET.Element,
                                                                                    tuple[float, float]]]]:
        for child in node:
            if child.tag not in ("group", "objectgroup"):
                continue
            cx, cy = ox + float(child.get("offsetx", "0")), oy + float(child.get("offsety", "0"))
            if child.tag == "group":
                yield from walk(child, cx, cy)
                continue
            for obj in child.findall("object"):
                raw = obj.get("id", "")
                if raw.isdigit():
                    yield int(raw), (obj, child, (cx, cy))

    return walk(root, 0.0, 0.0)


def _combatant_layer(root: ET.Element, objects: dict[int, Any],
                     original: dict[str, Any]) -> tuple[ET.Element, tuple[float, float]]:
    """Where a joiner's object goes: the layer of the map's first combatant, else a new "combatants" layer."""
    for spec in sorted(original.values(), key=lambda s: s.object_id):
        found = objects.get(spec.object_id)
        if found is not None:
            return found[1], found[2]
    layer = ET.SubElement(root, "objectgroup", {"id": _next(root, "nextlayerid"), "name": "combatants"})
    return layer, (0.0, 0.0)


def _next(root: ET.Element, attribute: str) -> str:
    n = int(root.get(attribute, "1") or 1)
    root.set(attribute, str(n + 1))
    return str(n)


def _add_object(root: ET.Element, group: ET.Element, offset: tuple[float, float], name: str,
                centre: tuple[float, float], props: dict[str, object]) -> None:
    attrs = {"id": _next(root, "nextobjectid"), "name": name, _class_attribute(root): COMBATANT_CLASS,
             "x": _num(centre[0] - offset[0]), "y": _num(centre[1] - offset[1])}
    node = ET.SubElement(group, "object", attrs)
    _set_properties(node, {}, props)
    ET.SubElement(node, "point")


def _class_attribute(root: ET.Element) -> str:
    """Tiled 1.9 renamed an object's "type" to "class"; write what the file's own combatants use."""
    for obj in root.iter("object"):
        for attr in ("class", "type"):
            if (obj.get(attr) or "").strip().lower() == COMBATANT_CLASS:
                return attr
    version = tuple(int(p) for p in (root.get("version") or "1.0").split(".")[:2] if p.isdigit())
    return "class" if version >= (1, 9) else "type"


def _set_properties(node: ET.Element, before: dict[str, object], now: dict[str, object]) -> None:
    """Write the properties that differ between ``before`` (what the object said) and ``now``."""
    changed = {k: v for k, v in now.items() if k not in before or before[k] != v}
    gone = [k for k in before if k not in now]
    if not changed and not gone:
        return
    props = node.find("properties")
    if props is None:
        props = ET.Element("properties")
        node.insert(0, props)  # Tiled writes properties before a point/ellipse/text child
    by_name = {p.get("name"): p for p in props.findall("property")}
    for key in gone:
        if key in by_name:
            props.remove(by_name[key])
    for key, value in sorted(changed.items()):
        p = by_name.get(key)
        if p is None:
            p = ET.SubElement(props, "property", {"name": key})
        p.text = None
        for attr in ("type", "value"):
            p.attrib.pop(attr, None)
        kind = _tiled_type(value)
        if kind:
            p.set("type", kind)
        p.set("value", _value(value))
    if len(props) == 0:
        node.remove(props)


def _tiled_type(value: object) -> str | None:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return None  # a string: Tiled's default type


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.3f}".rstrip("0").rstrip(".")


def _refs(root: ET.Element) -> Iterator[tuple[ET.Element, str, str]]:
    """(element, attribute, relative path) of each file an XML tree names: tilesets, images, templates."""
    for node in root.iter():
        for attr in ("source", "template"):
            ref = node.get(attr)
            if ref and not os.path.isabs(ref) and "://" not in ref:
                yield node, attr, ref


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except (OSError, ValueError):
        return False


def _repoint(root: ET.Element, was: Path, now: Path) -> None:
    """Relative file references (tilesets, images, templates) rewritten from folder ``was`` to folder ``now``;
    one outside ``now``'s tree is copied in first (:func:`_bring_in`)."""
    brought: dict[Path, Path] = {}
    for node, attr, ref in _refs(root):
        target = Path(os.path.normpath(was / ref))
        if not _inside(target, now) and target.is_file():
            target = brought.get(target) or brought.setdefault(target, _bring_in(target, now))
        node.set(attr, Path(os.path.relpath(target, now)).as_posix())


def _bundle(file: Path) -> dict[Path, bytes]:
    """``file`` and what it names inside its own folder tree (a tileset's images, recursively), by path
    relative to that folder."""
    out: dict[Path, bytes] = {}
    todo = [file]
    while todo:
        f = todo.pop()
        rel = Path(os.path.relpath(f, file.parent))
        if rel in out or not f.is_file():
            continue
        out[rel] = f.read_bytes()
        if f.suffix.lower() in (".tsx", ".tx"):
            try:
                tree = ET.fromstring(out[rel])
            except ET.ParseError:
                continue  # the map's reader says what is wrong with it
            todo += [Path(os.path.normpath(f.parent / ref)) for _, _, ref in _refs(tree)
                     if _inside(Path(os.path.normpath(f.parent / ref)), file.parent)]
    return out


def _bring_in(file: Path, now: Path) -> Path:
    """Copy ``file`` (with what it names) into a folder under ``now`` named after its own folder (``assets``,
    ``assets-2`` when an ``assets`` holding other versions of those files is already there), reusing a copy
    made by an earlier save; its path there."""
    bundle = _bundle(file)
    n = 1
    while True:
        folder = now / (file.parent.name + ("" if n == 1 else f"-{n}"))
        clash = [rel for rel, data in bundle.items() if (folder / rel).exists() and (folder / rel).read_bytes() != data]
        if not clash:
            break
        n += 1
    for rel, data in bundle.items():
        dest = folder / rel
        if not dest.exists():
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(data)
    return folder / file.name
