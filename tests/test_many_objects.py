"""A map's objects are read once per object with one look at its children (`validate` of 100,000 objects was
3.2 s, its time spread over reading each object's shape, id and box): what each object reads as is unchanged."""

from __future__ import annotations

from pathlib import Path

from game.maps.tmx_adapter import read_tmx
from game.maps.tmxwrite import write_map

OBJECTS = """
  <object id="10" name="a" x="8" y="9"><point/></object>
  <object id="11" name="b" x="8" y="9" width="4" height="6"><ellipse/></object>
  <object id="12" name="c" x="8" y="9"><polygon points="0,0 4,0 4,4"/></object>
  <object id="0013" name="d" x="8" y="9" width="4" height="6"/>
  <object id=" 14" name="e" x="8" y="9"><text wrap="1">hello</text></object>
  <object id="15" name="f" x="8" y="9"><properties/><ellipse/><point/></object>
 </objectgroup>
"""


def test_each_object_reads_with_its_shape_id_and_place(tmp_path: Path) -> None:
    tmx = write_map(tmp_path / "m.tmx", ["...."] * 3, units=[{"name": "Hero", "at": (1, 1), "faction": "player"}])
    text = tmx.read_text()
    tmx.write_text(text.replace(" </objectgroup>\n", OBJECTS, 1))
    m = read_tmx(tmx)
    assert not m.problems
    got = {o.name: (o.id, o.shape, o.anchor) for o in m.objects if o.name != "Hero"}
    # By hand: a point, polygon and text stand on their x, y; an ellipse and a rectangle (no shape element) on
    # the centre of their 4x6 box. An id of leading zeros or a space reads as its number (Tiled's ids are
    # plain digits; a hand-edited one still reads). One holding two shapes is the first of Tiled's order,
    # point before ellipse.
    assert got == {"a": (10, "point", (8.0, 9.0)), "b": (11, "ellipse", (10.0, 12.0)),
                   "c": (12, "polygon", (8.0, 9.0)), "d": (13, "rectangle", (10.0, 12.0)),
                   "e": (14, "text", (8.0, 9.0)), "f": (15, "point", (8.0, 9.0))}
    shapes = {o.name: (o.id, o.shape, o.outline(), o.text) for layer in m.layers
              for o in getattr(layer, "objects", ()) if o.name != "Hero"}
    assert shapes["c"] == (12, "polygon", ((0.0, 0.0), (4.0, 0.0), (4.0, 4.0)), "")
    assert shapes["e"] == (14, "text", (), "hello")
    assert shapes["f"][:2] == (15, "point") and shapes["d"][:2] == (13, "rectangle")
