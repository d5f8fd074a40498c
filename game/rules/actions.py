"""An action's JSON line read back: every field checked, a malformed line refused in one line.

``parse_action`` reads one line of the action log (or a GM form's submission) into
the frozen value of its kind (:mod:`.action_kinds`, whose names are all importable
from here too: ``from game.rules.actions import Move`` is the engine's usual import).
``_FIELDS`` says, per kind, which JSON keys it has, how each is read and whether
it is required. A line a stranger wrote is bounded here: no repeated keys, no
number of more than ``MAX_NUMBER_DIGITS`` digits, no lone surrogates.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .action_kinds import (
    ACTION_CLASSES,
    DICE_ACTIONS,
    REMOVE_AS,
    TURN_ACTIONS,
    Action,
    Attack,
    Begin,
    Cast,
    CastRoll,
    Disengage,
    Edit,
    EndCombat,
    EndTurn,
    Face,
    Flee,
    GrantMovement,
    Join,
    Move,
    Place,
    Push,
    Remove,
    SetHp,
    SetThreatening,
    Shoot,
    Shove,
)
from .combatant import COMBATANT_KEYS, combatant_from_properties, name_problem
from .errors import RulesError
from .hexgrid import Cell, HexLayout
from .limits import MAX_NUMBER_DIGITS, InputLimitError, clip, has_long_number, whole_number
from .property_synonyms import property_did_you_mean
from .text import did_you_mean, direction_hint

# The action values live in action_kinds; the engine and its clients import them from here.
__all__ = [
    "Action", "Begin", "Place", "Move", "Face", "Attack", "Shove", "Shoot", "CastRoll", "Cast", "Disengage", "Flee",
    "EndTurn", "Push", "GrantMovement", "SetThreatening", "Join", "Remove", "SetHp", "Edit", "EndCombat",
    "ACTION_CLASSES", "TURN_ACTIONS", "DICE_ACTIONS", "REMOVE_AS", "ActionParseError", "action_from_dict",
    "parse_action",
]


class ActionParseError(RulesError):
    """A log line or submitted action is malformed (not JSON, bad field, ...)."""


Reader = Callable[[Any, str, HexLayout], Any]


def _fail(reason: str) -> ActionParseError:
    return ActionParseError(reason)


def _name(value: Any, key: str, layout: HexLayout) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail(f"{key} must be a non-empty string, not {_show(value)}")
    return value


def _text(value: Any, key: str, layout: HexLayout) -> str:
    if not isinstance(value, str):
        raise _fail(f"{key} must be a string, not {_show(value)}")
    return value


def _int(value: Any, key: str, layout: HexLayout) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(f"{key} must be an integer, not {_show(value)}")
    if abs(value) > 1_000_000_000:
        raise _fail(f"{key} {value} is out of range")
    return value


def _bool(value: Any, key: str, layout: HexLayout) -> bool:
    if not isinstance(value, bool):
        raise _fail(f"{key} must be true or false, not {_show(value)}")
    return value


def _cell(value: Any, key: str, layout: HexLayout) -> Cell:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        raise _fail(f"{key} must be a cell [col, row] of two integers, not {_show(value)}")
    cell = (value[0], value[1])
    if not layout.in_grid(cell):
        # The range too: "18x12" alone leaves a GM guessing which is columns and whether they count from 0.
        raise _fail(f"{key} {cell[0]},{cell[1]} is outside the {layout.cols}x{layout.rows} map "
                    f"(columns 0-{layout.cols - 1}, rows 0-{layout.rows - 1})")
    return cell


def _path(value: Any, key: str, layout: HexLayout) -> tuple[Cell, ...]:
    if not isinstance(value, list):
        raise _fail(f"{key} must be a list of cells [col, row], not {_show(value)}")
    return tuple(_cell(v, f"{key} step {i + 1}", layout) for i, v in enumerate(value))


def _dir(value: Any, key: str, layout: HexLayout) -> str:
    names = layout.direction_names
    if not isinstance(value, str) or value not in names:
        raise _fail(f"{key} {_show(value)} is not one of {', '.join(names)}{direction_hint(value, names)}")
    return value


def _remove_as(value: Any, key: str, layout: HexLayout) -> str:
    if not isinstance(value, str) or value not in REMOVE_AS:
        raise _fail(f"{key} {_show(value)} is not one of {', '.join(REMOVE_AS)}")
    return value


def _rolls(value: Any, key: str, layout: HexLayout) -> tuple[CastRoll, ...]:
    if not isinstance(value, list):
        raise _fail(f'{key} must be a list of {{"target": name, "roll": r, "damage": d}}, not {_show(value)}')
    out = []
    for i, item in enumerate(value, start=1):
        where = f"{key} entry {i}"
        if not isinstance(item, dict):
            raise _fail(f"{where} must be an object with a target, not {_show(item)}")
        if "target" not in item:
            raise _fail(f'{where} has no "target"')
        target = _name(item["target"], f"{where} target", layout)
        roll = None if item.get("roll") is None else _int(item["roll"], f"{where} roll", layout)
        damage = None if item.get("damage") is None else _int(item["damage"], f"{where} damage", layout)
        out.append(CastRoll(target, roll, damage))
    return tuple(out)


def _join_unit(value: Any, key: str, layout: HexLayout) -> tuple[tuple[str, Any], ...]:
    if not isinstance(value, dict):
        raise _fail(f"{key} must be an object with a name and map-format properties, not {_show(value)}")
    name = value.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _fail(f"{key} has no name")
    bad_name = name_problem(name)
    if bad_name is not None:
        raise _fail(f"{key}: {bad_name}")
    for k, v in value.items():
        if isinstance(v, dict | list):
            raise _fail(f'{key} "{clip(name)}": property {clip(k)} must be a plain value, not {_show(v)}')
    try:  # validate now so a bad joiner is refused with its line, not at replay time
        combatant_from_properties(name, value, (0, 0), 0, layout)
    except RulesError as exc:
        raise _fail(f'{key} "{clip(name)}": {exc}') from None
    return tuple(sorted(value.items()))


def _edit_set(value: Any, key: str, layout: HexLayout) -> tuple[tuple[str, Any], ...]:
    """Known property names with plain values; whether the values make a valid combatant is the handler's
    question (it depends on the combatant's other properties)."""
    if not isinstance(value, dict) or not value:
        raise _fail(f"{key} must be an object of map-format properties and values, not {_show(value)}")
    for k, v in value.items():
        if k == "name":
            raise _fail(f"{key}: a combatant's name cannot be changed (the log knows it by its name)")
        if k not in COMBATANT_KEYS:
            # "attak": the property meant, as an unknown action or unit names the one meant; "speed" or
            # "movement": another game's word for move (the movement points), not the nearest spelling.
            hint = (" (place moves a combatant)" if k in ("at", "x", "y", "cell")
                    else property_did_you_mean(k, COMBATANT_KEYS))
            raise _fail(f"{key}: {_show(k)} is not a combatant property{hint}; known: {', '.join(COMBATANT_KEYS)}")
        if isinstance(v, dict | list):
            raise _fail(f"{key}: property {k} must be a plain value, not {_show(v)}")
    return tuple(sorted(value.items()))


# kind -> [(json key, attribute, reader, required)]
_FIELDS: dict[str, list[tuple[str, str, Reader, bool]]] = {
    "begin": [],
    "place": [("unit", "unit", _name, True), ("at", "at", _cell, True), ("facing", "facing", _dir, False)],
    "move": [("unit", "unit", _name, True), ("to", "to", _cell, True), ("path", "path", _path, False)],
    "face": [("unit", "unit", _name, True), ("dir", "dir", _dir, True)],
    "attack": [("unit", "unit", _name, True), ("target", "target", _name, True), ("roll", "roll", _int, False),
               ("damage", "damage", _int, False)],
    "shove": [("unit", "unit", _name, True), ("target", "target", _name, True), ("roll", "roll", _int, False)],
    "shoot": [("unit", "unit", _name, True), ("target", "target", _name, True), ("roll", "roll", _int, False),
              ("damage", "damage", _int, False)],
    "cast": [("unit", "unit", _name, True), ("at", "at", _cell, True), ("rolls", "rolls", _rolls, False)],
    "disengage": [("unit", "unit", _name, True), ("method", "method", _name, True),
                  ("skill", "skill", _text, True), ("roll", "roll", _int, False)],
    "flee": [("unit", "unit", _name, True)],
    "end_turn": [],
    "push": [("unit", "unit", _name, True), ("dir", "dir", _dir, True), ("distance", "distance", _int, True)],
    "grant_movement": [("unit", "unit", _name, True), ("amount", "amount", _int, True)],
    "set_threatening": [("unit", "unit", _name, True), ("value", "value", _bool, True)],
    "join": [("unit", "unit", _join_unit, True), ("at", "at", _cell, True)],
    "remove": [("unit", "unit", _name, True), ("as", "as_", _remove_as, True)],
    "set_hp": [("unit", "unit", _name, True), ("hp", "hp", _int, True)],
    "edit": [("unit", "unit", _name, True), ("set", "set_", _edit_set, True)],
    "end_combat": [],
}


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if _jsonable(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def action_from_dict(data: Any, layout: HexLayout) -> Action:
    """Build an action from a decoded JSON object; ActionParseError says what is wrong."""
    if not isinstance(data, dict):
        raise _fail(f"an action must be a JSON object, not {_show(data)}")
    kind = data.get("action")
    if kind is None:
        raise _fail('the object has no "action" key')
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise _fail(f"unknown action {_show(kind)}{did_you_mean(kind, _FIELDS)}; known: {', '.join(_FIELDS)}")
    kwargs: dict[str, Any] = {}
    for key, attr, reader, required in _FIELDS[kind]:
        if key not in data or data[key] is None:
            if required:
                raise _fail(f'{kind}: missing field "{key}"')
            continue
        try:
            kwargs[attr] = reader(data[key], key, layout)
        except ActionParseError as exc:
            raise _fail(f"{kind}: {exc}") from None
    return ACTION_CLASSES[kind](**kwargs)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are unique: a repeated key leaves the line's meaning open."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _fail(f'the key "{key}" appears twice in one object')
        out[key] = value
    return out


def _json_int(text: str) -> int:
    """A JSON integer of at most ``MAX_NUMBER_DIGITS`` digits (longer ones cost quadratic time to convert)."""
    try:
        return whole_number(text, "the line")
    except InputLimitError:
        raise _fail(f"a number has {len(text.lstrip('-'))} digits, more than the limit of {MAX_NUMBER_DIGITS}") \
            from None


def parse_action(line: str, layout: HexLayout) -> Action:
    """Parse one JSON line. Extra fields are ignored (docs/action-log.md)."""
    # Every number is checked for its length only when the line holds a long run of digits somewhere: without
    # one, no number can be too long, and json's own int() is several times faster than a hook per number.
    parse_int = _json_int if has_long_number(line) else None
    try:
        data = json.loads(line, object_pairs_hook=_unique_keys, parse_int=parse_int)
    except ActionParseError:
        raise
    except (ValueError, RecursionError) as exc:
        # json's msg alone stops mid-phrase ("Unterminated string starting at"): finish it with where.
        what = exc.msg.removesuffix(" at") if isinstance(exc, json.JSONDecodeError) else ""
        reason = f"{what[:1].lower()}{what[1:]} at column {exc.colno}" if isinstance(exc, json.JSONDecodeError) \
            else "too deeply nested"
        raise _fail(f"not valid JSON ({reason})") from None
    # "\ud800" is valid JSON but not text: it could never be written back to a UTF-8 log. A string can hold
    # a lone surrogate only from a \u escape or from the line itself (lines handed in as Python strings).
    if "\\u" in line or not line.isascii():
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise _fail("a string holds a lone surrogate escape (not valid Unicode text)") from None
    return action_from_dict(data, layout)
