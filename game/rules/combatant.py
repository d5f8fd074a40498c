"""A combatant as a map or a ``join`` action describes it (docs/map-format.md)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Protocol, TypeVar

from .errors import SpecError
from .factions import FACTIONS
from .hexgrid import Cell, HexLayout
from .limits import (
    INT_RE,
    MAX_NAME_CHARS,
    MAX_NUMBER,
    MAX_SHOT_HEXES,
    InputLimitError,
    check_digits,
    clip,
    digits_hint,
    whole_number,
)
from .terrain import MOVEMENT_TYPE_NAMES, MovementType
from .text import did_you_mean, direction_hint


class Size(IntEnum):
    """Footprint radius (R26)."""

    STANDARD = 0
    LARGE = 1
    GIANT = 2

    @property
    def label(self) -> str:
        return self.name.lower()


SIZE_NAMES = tuple(s.label for s in Size)
# Digits are 0-9 only: ``\d`` and ``int()`` take every script's digits (limits.INT_RE).
DICE_RE = re.compile(r"^\s*([0-9]*)\s*d\s*([0-9]+)\s*(?:([+-])\s*([0-9]+))?\s*$", re.IGNORECASE)
T = TypeVar("T")


class _Checked(Protocol):
    """``checked(parse, default)``: ``parse()``, or ``default`` with its problem noted."""

    def __call__(self, parse: Callable[[], T], default: T) -> T: ...


RANGED_KEYS = ("ranged_attack", "ranged_damage")
AREA_KEYS = ("area_radius", "area_attack", "area_damage", "area_push", "area_uses")
# Every map-format property of a combatant object but its name (docs/map-format.md), in that page's order.
COMBATANT_KEYS = ("faction", "movement_type", "move", "initiative", "threatening", "reach", "reach_min", "size",
                  "facing", "hp", "hp_max", "attack", "defense", "damage", "skills", "ranged", *RANGED_KEYS,
                  "area_range", *AREA_KEYS)


@dataclass(frozen=True)
class RangedProfile:
    """R29: a bow, a sling, a thrown spear: shoots at distances ``[min_range, max_range]``."""

    min_range: int
    max_range: int
    attack: int
    damage: str


@dataclass(frozen=True)
class AreaAbility:
    """R32: a burst centred up to ``range`` away, hitting everyone within ``radius``; ``uses`` per encounter."""

    range: int
    radius: int
    attack: int
    damage: str
    push: int
    uses: int


@dataclass(frozen=True)
class CombatantSpec:
    """Everything fixed about a combatant when it enters the encounter."""

    name: str
    faction: str
    cell: Cell
    object_id: int
    movement_type: MovementType = MovementType.GROUND
    move: int = 6
    initiative: int = 0
    threatening: bool = True
    reach: int = 1
    reach_min: int = 1
    size: Size = Size.STANDARD
    facing: int = 0  # direction index (hexgrid)
    hp: int = 10  # hit points at the start
    # Hit points unhurt; above ``hp`` for a combatant that starts the fight wounded (map-format "hp_max").
    # 0, or anything below ``hp``: as ``hp`` (__post_init__), so a spec built with only ``hp`` is unhurt.
    hp_max: int = 0
    attack: int = 0
    defense: int = 10
    damage: str = "1d6"
    skills: tuple[tuple[str, int], ...] = ()
    ranged: RangedProfile | None = None
    area: AreaAbility | None = None
    # The properties as the map (or a join line) gave them, name left out: an ``edit`` changes some
    # and rebuilds the spec from them, exactly as if the map had said so (defaults stay defaults).
    given: tuple[tuple[str, object], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.hp_max < self.hp:
            object.__setattr__(self, "hp_max", self.hp)  # frozen: set once, while it is being built

    @property
    def radius(self) -> int:
        return int(self.size)

    def skill(self, name: str) -> int:
        return dict(self.skills).get(name, 0)

    def properties(self, layout: HexLayout) -> dict[str, object]:
        """The map-format properties that rebuild this spec (for ``join`` lines)."""
        return {
            "name": self.name,
            "faction": self.faction,
            "movement_type": self.movement_type.label,
            "move": self.move,
            "initiative": self.initiative,
            "threatening": self.threatening,
            "reach": self.reach,
            "reach_min": self.reach_min,
            "size": self.size.label,
            "facing": layout.direction_names[self.facing],
            "hp": self.hp,
            # Only a wounded start says it, so a join line of an unhurt combatant reads as it always has.
            **({"hp_max": self.hp_max} if self.hp_max != self.hp else {}),
            "attack": self.attack,
            "defense": self.defense,
            "damage": self.damage,
            "skills": ", ".join(f"{k}:{v}" for k, v in self.skills),
            **_ranged_properties(self.ranged),
            **_area_properties(self.area),
        }


def _ranged_properties(p: RangedProfile | None) -> dict[str, object]:
    if p is None:
        return {}
    return {"ranged": f"{p.min_range}-{p.max_range}", "ranged_attack": p.attack, "ranged_damage": p.damage}


def _area_properties(a: AreaAbility | None) -> dict[str, object]:
    if a is None:
        return {}
    return {"area_range": a.range, "area_radius": a.radius, "area_attack": a.attack, "area_damage": a.damage,
            "area_push": a.push, "area_uses": a.uses}


RANGED_RE = re.compile(r"^\s*([0-9]+)\s*-\s*([0-9]+)\s*$")


def _short_numbers(text: str, what: str) -> None:
    """SpecError (one line) when ``text`` holds a number too long to convert (limits.MAX_NUMBER_DIGITS)."""
    try:
        check_digits(text, what)
    except InputLimitError as e:
        raise SpecError(str(e)) from None


def _digits(text: str) -> int:
    """The value of a run of ASCII digits ``_short_numbers`` passed (leading zeros do not reach ``int()``)."""
    return int(text.lstrip("0") or "0")


def parse_ranged(value: object) -> tuple[int, int]:
    """R29's ``ranged`` = ``MIN-MAX`` hexes, 1 <= MIN <= MAX."""
    _short_numbers(str(value), "ranged")
    m = RANGED_RE.match(str(value)) if not isinstance(value, bool) else None
    if m is None:
        raise SpecError(f'ranged "{clip(value)}" is not MIN-MAX hexes, e.g. 2-8{digits_hint(value)}')
    lo, hi = _digits(m.group(1)), _digits(m.group(2))
    if not 1 <= lo <= hi:
        raise SpecError(f'ranged "{clip(value)}": MIN must be at least 1 and at most MAX')
    if hi > MAX_SHOT_HEXES:
        raise SpecError(f'ranged "{clip(value)}": MAX {hi} is more than the limit of {MAX_SHOT_HEXES} hexes')
    return lo, hi


def _truth(value: bool) -> str:
    """A yes/no value as the log and Tiled write it (``true``): Python's ``True`` in a message matched nothing the
    GM or designer typed."""
    return "true" if value else "false"


def parse_int(value: object, what: str) -> int:
    if isinstance(value, bool):
        raise SpecError(f"{what} is not an integer: {_truth(value)} is a yes/no value")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        if abs(value) > MAX_NUMBER:  # int(1e308) has 309 digits, and a message would print them all
            raise SpecError(f"{what} {value:g} is out of range")
        return int(value)
    if isinstance(value, str) and INT_RE.match(value):
        try:
            return whole_number(value, what)
        except ValueError as e:  # InputLimitError: too many digits
            raise SpecError(str(e)) from None
    raise SpecError(f'{what} is not an integer: "{clip(value)}"{digits_hint(value)}')


def parse_bool(value: object, what: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "1", "0"):
        return value.strip().lower() in ("true", "1")
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise SpecError(f'{what} is not true or false: "{clip(value)}"')


def parse_choice(value: object, what: str, choices: tuple[str, ...],
                 hint: Callable[[Any, tuple[str, ...]], str] = did_you_mean) -> str:
    """``value`` as one of ``choices`` (case and surrounding space ignored); a slip is refused naming the
    choice meant when ``hint`` finds one (``"enemey"``: did you mean "enemy"?)."""
    text = str(value).strip().lower()
    if text not in choices:
        raise SpecError(f'{what} "{clip(value)}" is not one of {", ".join(choices)}{hint(value, choices)}')
    return text


def parse_damage(value: object) -> str:
    if isinstance(value, bool):
        raise SpecError(f"damage is not an integer or dice like 1d8+1: {_truth(value)} is a yes/no value")
    if isinstance(value, int):
        if value < 0:
            raise SpecError(f'damage "{value}" is negative')
        return str(value)
    text = str(value).strip()
    _short_numbers(text, "damage")
    flat = whole_number(text, "damage") if INT_RE.match(text) else -1
    if flat >= 0:
        return str(flat)
    m = DICE_RE.match(text)
    if not m or (m.group(1) and _digits(m.group(1)) == 0) or _digits(m.group(2)) == 0:
        raise SpecError(f'damage "{clip(value)}" is not an integer or dice like 1d8+1{digits_hint(value)}')
    count = _digits(m.group(1) or "1")
    sides = _digits(m.group(2))
    if count > 1000 or sides > 1000:
        raise SpecError(f'damage "{clip(value)}" has too many or too large dice')
    bonus = f"{m.group(3)}{_digits(m.group(4))}" if m.group(3) else ""
    return f"{count}d{sides}{bonus}"


def parse_skills(value: object) -> tuple[tuple[str, int], ...]:
    text = str(value).strip()
    if not text:
        return ()
    out: dict[str, int] = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        if ":" not in item:
            raise SpecError(f'skills entry "{clip(item)}" is not of the form name:number')
        key, _, num = item.partition(":")
        key = key.strip()
        if not key:
            raise SpecError(f'skills entry "{clip(item)}" has no skill name')
        out[key] = parse_int(num, f'skill "{clip(key)}"')
    return tuple(out.items())


def name_problem(name: str) -> str | None:
    """What makes ``name`` no combatant's name, or None (docs/map-format.md, "Names").

    Names are told apart by what a person reads, so a name may not hide what it is: no space at
    either end ("Hero " beside "Hero"), no invisible format character (a zero-width space, a joiner, a
    direction mark or override: U+202E shows "Hero" as "oreH"), no control character (a line break, a
    tab, ESC, NUL, the C1 controls U+0080-U+009F: a terminal acts on them or shows nothing), and at most
    ``MAX_NAME_CHARS`` characters. The one check wherever a name comes in: a map object, a join (a log
    line or ``playmat do``), a GM's edit of a combatant (rebuilt through :func:`combatant_from_properties`).
    """
    if not name.strip():
        return "a combatant has no name"
    if len(name) > MAX_NAME_CHARS:
        return f"name is {len(name):,} characters long, more than the limit of {MAX_NAME_CHARS}"
    if name != name.strip():
        return f'name "{clip(name)}" begins or ends with white space'
    hidden = next((ch for ch in name if unicodedata.category(ch) in ("Cf", "Cc")), None)
    if hidden is None:
        return None
    if unicodedata.category(hidden) == "Cc":  # unicodedata names none of them
        # Written as escapes here: a map's message folds a line break to a space, and a tab prints as a gap.
        shown = "".join(ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) == "Cc" else ch
                        for ch in clip(name))
        return f'name "{shown}" holds U+{ord(hidden):04X} (a control character), which a name may not hold'
    return (f'name "{clip(name)}" holds U+{ord(hidden):04X} ({unicodedata.name(hidden, "a format character")}), '
            "an invisible character a name may not hold")


def name_key(name: str) -> str:
    """What tells names apart: their NFKC normal form. ``Oré`` written with a combining accent, or ``Ｈero``
    in fullwidth letters, is the same name as ``Oré`` or ``Hero`` (one is refused as a duplicate)."""
    return unicodedata.normalize("NFKC", name)


def same_name(name: str, names: Iterable[str]) -> str | None:
    """The name among ``names`` that ``name`` duplicates (equal, or equal under NFKC), or None."""
    key = name_key(name)
    return next((other for other in names if other == name or name_key(other) == key), None)


def lookalike(name: str, other: str) -> str:
    """What a duplicate's message adds when ``name`` is ``other`` written with other characters, else ``""``."""
    return "" if name == other else \
        ", written with other Unicode characters (names equal under NFKC normalization are one name)"


class CombatantSpecError(SpecError):
    """Every fault of one combatant's properties (``problems``, one line each); ``str()`` joins them."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(self.problems))


def combatant_from_properties(
    name: object,
    props: Mapping[str, object],
    cell: Cell,
    object_id: int,
    layout: HexLayout,
) -> CombatantSpec:
    """Build a spec from map-format properties; :class:`CombatantSpecError` lists everything wrong.

    Values may be typed (Tiled typed properties, JSON) or strings (untyped
    Tiled properties). Unknown properties are ignored: designers keep notes.
    Every property is checked even after a bad one, so a designer fixes a
    combatant in one pass instead of one error per run.
    """
    if not isinstance(name, str) or not name.strip():
        raise CombatantSpecError(["a combatant has no name"])
    bad_name = name_problem(name)
    if bad_name is not None:
        raise CombatantSpecError([bad_name])
    r = _Props(props)
    # Read in one fixed order: a combatant's faults are listed in it.
    fac = r.checked(r.faction, "neutral")
    mt = r.checked(lambda: r.choice("movement_type", MOVEMENT_TYPE_NAMES), None)
    move = r.checked(lambda: r.integer("move", 6, 0), 6)
    reach, reach_min = _reach(r)
    sz = r.checked(lambda: r.choice("size", SIZE_NAMES), None)
    fc = r.checked(lambda: r.choice("facing", layout.direction_names, direction_hint), None)
    th = r.get("threatening")
    threatening = True if th is None else r.checked(lambda: parse_bool(th, "threatening"), True)
    initiative = r.checked(lambda: r.integer("initiative", 0), 0)
    hp, hp_max = _hit_points(r)
    attack = r.checked(lambda: r.integer("attack", 0), 0)
    defense = r.checked(lambda: r.integer("defense", 10), 10)
    dmg = r.get("damage")
    damage = "1d6" if dmg is None else r.checked(lambda: parse_damage(dmg), "1d6")
    no_skills: tuple[tuple[str, int], ...] = ()
    skills = r.checked(lambda: parse_skills(props.get("skills") or ""), no_skills)
    ranged = _ranged_profile(r.get, r.checked, r.integer, r.problems, attack, damage)
    area = _area_ability(r.get, r.checked, r.integer, r.problems, attack)
    if r.problems:
        raise CombatantSpecError(r.problems)
    given = tuple(sorted(((k, v) for k, v in props.items() if k != "name"), key=lambda kv: kv[0]))
    return CombatantSpec(
        name=name,
        faction=fac,
        cell=cell,
        object_id=object_id,
        movement_type=MovementType[mt.upper()] if mt is not None else MovementType.GROUND,
        move=move,
        initiative=initiative,
        threatening=threatening,
        reach=reach,
        reach_min=reach_min,
        size=Size[sz.upper()] if sz is not None else Size.STANDARD,
        facing=layout.direction_index(fc) if fc is not None else layout.default_facing,
        hp=hp,
        hp_max=max(hp_max, hp),
        attack=attack,
        defense=defense,
        damage=damage,
        skills=skills,
        ranged=ranged,
        area=area,
        given=given,
    )


class _Props:
    """A combatant's map properties as they are read: every fault noted in :attr:`problems` and reading goes
    on, so a designer fixes a combatant in one pass instead of one error per run."""

    def __init__(self, props: Mapping[str, object]) -> None:
        self.props = props
        self.problems: list[str] = []

    def get(self, key: str) -> object | None:
        """``key``'s value; None when unset or blank (a blank ``skills`` is read: it means no skills)."""
        v = self.props.get(key)
        return None if v is None or (isinstance(v, str) and v.strip() == "" and key != "skills") else v

    def checked(self, parse: Callable[[], T], default: T) -> T:
        """``parse()``, or ``default`` with its problem noted."""
        try:
            return parse()
        except SpecError as e:
            self.problems.append(str(e))
            return default

    def faction(self) -> str:
        if self.get("faction") is None:
            # Say the words it may take: the designer adds the property, and needs its values to type.
            raise SpecError(f"faction is missing: give it one of {', '.join(FACTIONS)}")
        return parse_choice(self.get("faction"), "faction", FACTIONS)

    def integer(self, key: str, default: int, minimum: int | None = None) -> int:
        v = self.get(key)
        if v is None:
            return default
        n = parse_int(v, key)
        if minimum is not None and n < minimum:
            raise SpecError(f"{key} {n} is less than {minimum}")
        if abs(n) > 1_000_000:
            raise SpecError(f"{key} {n} is out of range")
        return n

    def choice(self, key: str, names: tuple[str, ...],
               hint: Callable[[Any, tuple[str, ...]], str] = did_you_mean) -> str | None:
        v = self.get(key)
        return None if v is None else parse_choice(v, key, names, hint)


def _reach(r: _Props) -> tuple[int, int]:
    """(reach, reach_min): reach_min defaults to 1 for a reach of 1, else to the reach itself."""
    before = len(r.problems)
    reach = r.checked(lambda: r.integer("reach", 1, 1), 1)
    reach_ok = len(r.problems) == before
    reach_min = r.checked(lambda: r.integer("reach_min", 1 if reach == 1 else reach), reach)
    if reach_ok and not 1 <= reach_min <= reach:  # judged only against a reach that parsed
        r.problems.append(f"reach_min {reach_min} is outside 1..{reach}")
    return reach, reach_min


def _hit_points(r: _Props) -> tuple[int, int]:
    """(hp, hp_max). A wounded start: hp is where it begins, hp_max what healing and the hit-point bar count
    up to."""
    before_hp = len(r.problems)
    hp = r.checked(lambda: r.integer("hp", 10, 1), 10)
    hp_max = r.checked(lambda: r.integer("hp_max", hp, 1), hp)
    # Compared only when both were read: a bad hp is told once, not again as "more than hp_max".
    if r.get("hp_max") is not None and len(r.problems) == before_hp and hp_max < hp:
        r.problems.append(f"hp {hp} is more than hp_max {hp_max} (hp is the hit points it starts with, "
                          "hp_max those it has unhurt: raise hp_max or lower hp)")
    return hp, hp_max


def edited_spec(spec: CombatantSpec, changes: Mapping[str, object], layout: HexLayout) -> CombatantSpec:
    """``spec`` rebuilt from its map properties with ``changes`` applied (a GM's ``edit``).

    A value of ``None`` removes the property (back to its default); removing ``ranged`` or ``area_range``
    removes the profile's other properties with it. :class:`CombatantSpecError` lists what is wrong."""
    props = dict(spec.given) if spec.given else {k: v for k, v in spec.properties(layout).items() if k != "name"}
    for key, value in changes.items():
        if value is not None:
            props[key] = value
            continue
        props.pop(key, None)
        for gone in {"ranged": RANGED_KEYS, "area_range": AREA_KEYS}.get(key, ()):
            props.pop(gone, None)
    return combatant_from_properties(spec.name, props, spec.cell, spec.object_id, layout)


def _damage_or(get: Callable[[str], object | None], checked: _Checked, key: str, default: str) -> str:
    raw = get(key)
    if raw is None:
        return default

    def parse() -> str:
        try:
            return parse_damage(raw)
        except SpecError as e:
            raise SpecError(str(e).replace("damage ", f"{key} ", 1)) from None

    return checked(parse, default)


def _orphans(get: Callable[[str], object | None], keys: Sequence[str], missing: str, problems: list[str]) -> None:
    """One line for every detail set without the property that enables them: one slip, one line to fix."""
    found = [key for key in keys if get(key) is not None]
    if len(found) == 1:
        problems.append(f"{found[0]} is set but {missing} is missing")
    elif found:
        listed = ", ".join(found[:-1]) + f" and {found[-1]}"
        problems.append(f"{listed} are set but {missing} is missing")


def _ranged_profile(get: Callable[[str], object | None], checked: _Checked,
                    integer: Callable[..., int], problems: list[str], attack: int,
                    damage: str) -> RangedProfile | None:
    """R29's profile; ``ranged_*`` without ``ranged`` is a fault that names what is missing."""
    if get("ranged") is None:
        _orphans(get, RANGED_KEYS, "ranged (the range MIN-MAX)", problems)
        return None
    band = checked(lambda: parse_ranged(get("ranged")), None)
    ranged_attack = checked(lambda: integer("ranged_attack", attack), attack)
    ranged_damage = _damage_or(get, checked, "ranged_damage", damage)
    if not isinstance(band, tuple):
        return None
    return RangedProfile(band[0], band[1], ranged_attack, ranged_damage)


def _shot_hexes(n: int, key: str) -> int:
    """``n``, or SpecError past MAX_SHOT_HEXES (sight tables grow with the cube of a shot's reach)."""
    if n > MAX_SHOT_HEXES:
        raise SpecError(f"{key} {n} is more than the limit of {MAX_SHOT_HEXES} hexes")
    return n


def _area_ability(get: Callable[[str], object | None], checked: _Checked,
                  integer: Callable[..., int], problems: list[str], attack: int) -> AreaAbility | None:
    """R32's ability; ``area_*`` without ``area_range`` is a fault that names what is missing."""
    if get("area_range") is None:
        _orphans(get, AREA_KEYS, "area_range (how far the area's centre may be)", problems)
        return None
    before = len(problems)
    reach = checked(lambda: _shot_hexes(integer("area_range", 0, 0), "area_range"), 0)
    radius = checked(lambda: integer("area_radius", 0, 0), 0)
    area_attack = checked(lambda: integer("area_attack", attack), attack)
    area_damage = _damage_or(get, checked, "area_damage", "1d6")
    push = checked(lambda: integer("area_push", 0, 0), 0)
    uses = checked(lambda: integer("area_uses", 1, 1), 1)
    if len(problems) > before:
        return None
    return AreaAbility(reach, radius, area_attack, area_damage, push, uses)
