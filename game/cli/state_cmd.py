"""``playmat state``: the phase, round, whose turn, the initiative order and every combatant, as a table."""

from __future__ import annotations

import argparse

from game.rules import CombatEnded
from game.ui.narration import at_war_from, ended_line  # pure Python: the combat log's words for the end

from .emit import cell_text, emit
from .printable import printable
from .session import load_encounter


def cmd_state(args: argparse.Namespace) -> int:
    scenario, enc = load_encounter(args.map, args.log, allow_outside=args.allow_outside)
    doc = enc.state_json()
    for name, u in doc["units"].items():  # the tracker's "2/6": how hurt, not only how many hp are left
        u["hp_max"] = enc.view(name).hp_max
    outcome = enc.outcome()
    over = ""
    if outcome is not None:  # who won, as the tracker's heading and the combat log say it
        doc["outcome"] = {"reason": str(outcome.reason), "winners": list(outcome.winners)}
        over = ended_line(CombatEnded(outcome.reason, outcome.winners), at_war_from(enc))[0].removeprefix("Combat over")
    shown = {name: printable(name, keep_lines=False) for name in doc["units"]}  # as printed, for the widths
    width = max([16, *(len(name) for name in shown.values())])  # long names keep the columns aligned
    lines = [
        f"{scenario.title}: {doc['phase']}, round {doc['round']}" + (f", {doc['turn']} to act" if doc["turn"] else "")
        + (" (its action is used: it may still move and turn, R16)" if doc["turn"] and
           doc["units"][doc["turn"]].get("acted") else "") + over,
        "order: " + (", ".join(f"{n} ({doc['units'][n]['initiative']})" for n in doc["order"]) or "(nobody)")
        + _tie_note(doc),
        "",
    ]
    turns = turn_words(doc)
    turn_col = "turn    " if turns else ""  # only in combat: setup and the end have no turns to mark
    lines.append(f"{'unit':<{width}} {'faction':<8} {'at':>7} {'facing':<6} {'move':>7} {'hp':>7}  {turn_col}status")
    for name, u in table_order(doc):
        move = f"{u['movement']}/{u['movement_max']}"
        flags = [u["status"]]
        on_board = u["at"] is not None
        if u["zoc_exhausted"] and on_board:  # off the board it marks nothing a GM can use: the tracker's "defeated"
            flags.append("ZoC-exhausted")
        if not u["threatening"]:
            flags.append("not threatening")
        flags += _kind_flags(u) + _ranged_flags(u)
        if u.get("disengaged_from") and on_board:
            flags.append("disengaged from " + ", ".join(printable(n, keep_lines=False) for n in u["disengaged_from"]))
        at = cell_text(u["at"]) if u["at"] is not None else "-"
        hp = f"{max(u['hp'], 0)}/{u['hp_max']}"  # as the tracker: a blow past 0 leaves 0, not -3
        lines.append(
            f"{shown[name]:<{width}} {u['faction']:<8} {at:>7} {u['facing'] if on_board else '-':<6} {move:>7} "
            f"{hp:>7}  "
            + (f"{turns.get(name, ''):<6}  " if turns else "")
            + ", ".join(flags)
        )
    emit(doc, args.json, lines)
    return 0


def table_order(doc: dict) -> list[tuple[str, dict]]:
    """The rows as the window's initiative tracker lists them (Foundry's combat tracker): the order (R14), then
    the defeated and fled, highest initiative first. The map's order made a GM stepping through a round hunt
    for the next actor's row."""
    units = doc["units"]
    out = [(n, units[n]) for n in doc["order"]]
    rest = [n for n in units if n not in doc["order"]]  # the map's order within a tie (R14's own tie-break)
    return out + [(n, units[n]) for n in sorted(rest, key=lambda n: -units[n]["initiative"])]


def turn_words(doc: dict) -> dict[str, str]:
    """The tracker's marks: "to act" for the actor, "done" for whoever comes before it in the order this round
    (a joiner placed there too: it first acts next round, R15); nothing in setup or after the end."""
    if doc["phase"] != "active" or doc["turn"] not in doc["order"]:
        return {}
    current = doc["order"].index(doc["turn"])
    return {n: ("to act" if i == current else "done") for i, n in enumerate(doc["order"][:current + 1])}


def _tie_note(doc: dict) -> str:
    """Said once under the order when two in it share an initiative: which goes first then is R14's tie rule,
    not a number the GM can see in the brackets."""
    values = [doc["units"][n]["initiative"] for n in doc["order"]]
    return "; ties: earlier on the map first, a joiner after them (R14)" if len(set(values)) < len(values) else ""


def _kind_flags(u: dict) -> list[str]:
    """``state``'s words for the JSON's ``movement_type``, ``size`` and ``reach`` (present only where a
    combatant differs from a plain one): "flying", "large", "reach 2" (a pike: no adjacent hex, R8)."""
    out = [k for k in (u.get("movement_type"), u.get("size")) if k]
    if "reach" in u:
        lo, hi = u["reach"]
        out.append(f"reach {hi}" if lo == hi else f"reach {lo}-{hi}")
    return out


def _ranged_flags(u: dict) -> list[str]:
    """``state``'s words for the R29 profile and the R32 ability with its uses left (the JSON's
    ``ranged`` and ``area``), so the table says what ``--json`` says."""
    out = []
    r, a = u.get("ranged"), u.get("area")
    if r is not None:
        out.append(f"ranged {r['min']}-{r['max']} {r['attack']:+d} {r['damage']}")
    if a is not None:
        push = f", push {a['push']}" if a["push"] else ""
        out.append(f"area r{a['radius']} within {a['range']}, {a['damage']} damage{push}: "
                   f"{a['uses_left']} of {a['uses']} uses left")
    return out
