"""A tiny TMX writer for Playmat's tools (golden maps, the default map).

Writes Tiled 1.8-style XML (external tilesets, CSV layers, point objects with
``type="combatant"``) that both Tiled's tmxrasterizer and pytmx read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

FLIP_H = 0x80000000
FLIP_V = 0x40000000
FLIP_D = 0x20000000


@dataclass
class TileLayer:
    name: str
    gids: list[list[int]]  # [row][col], Tiled gids incl. flip bits, 0 = empty
    opacity: float = 1.0
    offset: tuple[int, int] = (0, 0)
    visible: bool = True


@dataclass
class PointObject:
    name: str
    x: float
    y: float
    type: str = "combatant"
    properties: dict[str, tuple[str, object]] = field(default_factory=dict)  # name -> (type, value)


@dataclass
class TmxMap:
    axis: str
    index: str
    cols: int
    rows: int
    tile_width: int
    tile_height: int
    side: int
    tilesets: list[tuple[int, str]]  # (firstgid, relative .tsx path)
    layers: list[TileLayer]
    objects: list[PointObject] = field(default_factory=list)
    properties: dict[str, tuple[str, object]] = field(default_factory=dict)


def _props(props: dict[str, tuple[str, object]], indent: str) -> list[str]:
    if not props:
        return []
    out = [f"{indent}<properties>"]
    for name, (typ, value) in props.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        type_attr = "" if typ == "string" else f' type="{typ}"'
        out.append(f"{indent} <property name={quoteattr(name)}{type_attr} value={quoteattr(str(value))}/>")
    out.append(f"{indent}</properties>")
    return out


def render_tmx(m: TmxMap) -> str:
    next_layer = len(m.layers) + 2
    next_obj = len(m.objects) + 1
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" '
        f'width="{m.cols}" height="{m.rows}" tilewidth="{m.tile_width}" tileheight="{m.tile_height}" '
        f'infinite="0" hexsidelength="{m.side}" staggeraxis="{m.axis}" staggerindex="{m.index}" '
        f'nextlayerid="{next_layer}" nextobjectid="{next_obj}">',
    ]
    lines += _props(m.properties, " ")
    for firstgid, source in m.tilesets:
        lines.append(f' <tileset firstgid="{firstgid}" source={quoteattr(source)}/>')
    for i, layer in enumerate(m.layers, 1):
        attrs = f'id="{i}" name={quoteattr(layer.name)} width="{m.cols}" height="{m.rows}"'
        if layer.opacity != 1.0:
            attrs += f' opacity="{layer.opacity:g}"'
        if not layer.visible:
            attrs += ' visible="0"'
        if layer.offset != (0, 0):
            attrs += f' offsetx="{layer.offset[0]}" offsety="{layer.offset[1]}"'
        lines.append(f" <layer {attrs}>")
        lines.append('  <data encoding="csv">')
        rows = [",".join(str(g) for g in row) for row in layer.gids]
        lines.append(",\n".join(rows))
        lines.append("</data>")
        lines.append(" </layer>")
    if m.objects:
        lines.append(f' <objectgroup id="{len(m.layers) + 1}" name="combatants">')
        for oid, obj in enumerate(m.objects, 1):
            lines.append(
                f'  <object id="{oid}" name={quoteattr(obj.name)} type={quoteattr(obj.type)} '
                f'x="{obj.x:g}" y="{obj.y:g}">'
            )
            lines += _props(obj.properties, "   ")
            lines.append("   <point/>")
            lines.append("  </object>")
        lines.append(" </objectgroup>")
    lines.append("</map>")
    return "\n".join(lines) + "\n"


def write_tmx(path: Path, m: TmxMap) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_tmx(m))
