"""Tiled's custom properties (``<properties><property .../></properties>``), checked and typed.

Tiled 1.8+ writes class-typed properties (nested ``<properties>``), enums (``propertytype``),
lists, colours, files and object references. Playmat reads its own keys (docs/map-format.md):
those are checked and a bad one is reported; any other property is kept when it is well-formed
and left out quietly when it is not (a designer's own data is not Playmat's to refuse).
"""

from __future__ import annotations

from collections.abc import Callable
from xml.etree import ElementTree as ET

from game.rules import InputLimitError, limits

INT_RE = limits.INT_RE  # ASCII digits only: int() would take any script's
BOOL_VALUES = ("true", "false", "1", "0")
# The property types Playmat reads; any other (class, list, ...) is left out.
PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object")
# The custom properties Playmat reads (docs/map-format.md); only these are reported when malformed.
PLAYMAT_KEYS = frozenset({
    "title", "hostile", "seed", "flank_penalty", "rear_penalty",
    "terrain", "cost_ground", "cost_flying", "cost_swimming", "hazard_damage", "exit",
    "faction", "movement_type", "move", "initiative", "threatening", "reach", "reach_min", "size", "facing",
    "hp", "attack", "defense", "damage", "skills",
})

# Playmat's keys bounded by MAX_PROPERTY_CHARS (the title has a tighter limit of its own, said in its own words).
_BOUNDED_KEYS = PLAYMAT_KEYS - {"title"}

Problem = Callable[[str | None, str], None]  # (where, what)


def read_properties(node: ET.Element, where: str, problem: Problem | None = None) -> dict[str, object]:
    """The custom properties of ``node`` by name (the last of a repeated name wins), typed as written.

    int and object properties are ints, float a float, bool a bool; string, color and file a str.
    A string property written empty reads as None (unset), as an absent one would. A malformed
    property is left out; when it is one of Playmat's keys and ``problem`` is given, it is reported,
    and so is one of Playmat's keys given twice (Tiled writes each once: which was meant is not guessed).
    """
    out: dict[str, object] = {}
    seen: set[str] = set()
    for props in node.findall("properties"):
        for prop in props.findall("property"):
            name = prop.get("name")
            kind = prop.get("type") or "string"
            value = prop.get("value")
            if problem is not None and name in PLAYMAT_KEYS:
                if name in seen:
                    problem(where, f'property "{name}" is given twice (Tiled writes each property once: keep the '
                                   "one you mean)")
                seen.add(name)
            bad = _fault(prop, name, kind, value)
            if bad is not None:
                if problem is not None and name in PLAYMAT_KEYS:
                    problem(where, bad)
                continue
            assert name  # _fault refuses a property without one
            out[name] = _typed(kind, value, prop.text)
    return out


def _fault(prop: ET.Element, name: str | None, kind: str, value: str | None) -> str | None:
    """What is wrong with one property, or None (a string's value is not checked: any text will do)."""
    if not name:
        return "a property has no name"
    name = limits.clip(name)
    if kind not in PROPERTY_TYPES or prop.find("properties") is not None:
        return f'property "{name}" has type "{limits.clip(kind)}", which Playmat cannot read here'
    if kind in ("int", "object", "float", "bool") and value is None:
        return f'property "{name}" ({kind}) has no value'
    if kind in ("int", "object") and not INT_RE.match(value or ""):
        return f'property "{name}" is not an integer: "{limits.clip(value or "")}"{limits.digits_hint(value)}'
    if kind in ("int", "object") and _too_long(value or "", name):
        return f'property "{name}" holds a number of more than {limits.MAX_NUMBER_DIGITS} digits ' \
               f"(the limit is {limits.MAX_NUMBER:,})"
    if kind == "float" and not is_float(value or ""):
        return f'property "{name}" is not a number: "{limits.clip(value or "")}"{limits.digits_hint(value)}'
    if kind == "bool" and (value or "").strip().lower() not in BOOL_VALUES:
        return f'property "{name}" is not true or false: "{limits.clip(value or "")}"'
    text = value if value is not None else prop.text or ""
    size = len(text)
    # A whole number is left to its reader, whose limit on digits says more ("more than 10 digits").
    if size > limits.MAX_PROPERTY_CHARS and name in _BOUNDED_KEYS and not INT_RE.match(text):
        return f'property "{name}" is {size:,} characters long, more than the limit of {limits.MAX_PROPERTY_CHARS:,}'
    return None


def _typed(kind: str, value: str | None, text: str | None) -> object:
    """The value of a property ``_fault`` passed (so the casts below cannot fail)."""
    if kind in ("int", "object"):
        return limits.whole_number(value or "", "property")
    if kind == "float":
        return float(value or "")
    if kind == "bool":
        return (value or "").strip().lower() in ("true", "1")
    return value or text  # string, color, file; Tiled writes a multi-line string as the element's text


def _too_long(text: str, what: str) -> bool:
    try:
        limits.check_digits(text, what)
    except InputLimitError:
        return True
    return False


def is_float(text: str) -> bool:
    """Whether ``text`` is a number as Tiled writes one: ASCII only (``float()`` also takes other scripts'
    digits, and underscores between digits)."""
    if not text.isascii() or "_" in text:
        return False
    try:
        float(text)
    except ValueError:
        return False
    return True


# The Tiled property type each of Playmat's number and true/false keys wants (docs/map-format.md);
# the other keys are text, and a text value is judged by what it says.
_INT_KEYS = ("move", "initiative", "reach", "reach_min", "hp", "attack", "defense", "ranged_attack",
             "area_range", "area_radius", "area_attack", "area_push", "area_uses",
             "seed", "flank_penalty", "rear_penalty", "cost_ground", "cost_flying", "cost_swimming",
             "hazard_damage")
_BOOL_KEYS = ("threatening", "exit", "blocks_sight", "cover")
WANTED_TYPE = {**dict.fromkeys(_INT_KEYS, "int"), **dict.fromkeys(_BOOL_KEYS, "bool")}


def type_slip(name: str, value: object) -> str | None:
    """What is wrong when a property's Tiled type cannot hold what Playmat reads from ``name``, or None.

    Tiled stores a type per property, and a designer who ticks a bool box for ``reach`` sees
    ``true`` in Tiled: the message names the type and value as Tiled shows them and the type to
    change it to, instead of Python's ``True``. A text property is left to the key's own check
    (``reach`` "two" is a wrong value, not a wrong type); so are an int 0 or 1 for a bool key and a
    whole float for an int key, which Playmat reads.
    """
    wanted = WANTED_TYPE.get(name)
    if wanted is None or value is None or isinstance(value, str):
        return None
    if isinstance(value, bool):
        if wanted == "bool":
            return None
        kind, shown = "bool", "true" if value else "false"
    elif isinstance(value, int):
        if wanted == "int" or value in (0, 1):
            return None
        kind, shown = "int", str(value)
    elif isinstance(value, float):
        if wanted == "int" and value.is_integer():
            return None
        kind, shown = "float", f"{value:g}"
    else:
        return None
    fix = f"change its type to {wanted} in Tiled"
    if kind == "float" and wanted == "int":
        fix += " and give it a whole number"

    def a(word: str) -> str:
        return f"an {word}" if word == "int" else f"a {word}"
    return f"{name} is {a(kind)} property ({shown}); Playmat wants {a(wanted)}: {fix}"
