"""Plain wording of the engine's previews: what a player reads before committing.

Pure functions from a preview (``AttackPreview``, ``ShovePreview``,
``DisengagePreview`` of game.rules) to :class:`Line` rows. The wording
follows what Wesnoth and MegaMek players asked for (Wesnoth #4483, #5610,
MegaMek #619): the roll that is needed and its chance first ("hits on 12+
(45 %)"), then the damage and the chance to defeat, then every modifier that
went into the number, each named.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from game.rules import (
    AttackPreview,
    CastPreview,
    DisengagePreview,
    EncounterView,
    Moved,
    ShootPreview,
    ShovePreview,
    cover_words,
    joined,
    side_words,
)
from game.ui.compact import card_full
from game.ui.context import BattleContext
from game.ui.narration import reason_words, zone_of
from game.ui.theme import BODY, SMALL, Line, fit_name, text_width, wrap, wrap_list


def pct(p: float) -> str:
    """A probability as a whole percentage; never rounds a possibility to 0 % or 100 %."""
    if p <= 0:
        return "0 %"
    if p >= 1:
        return "100 %"
    v = round(p * 100)
    if v == 0:
        return "<1 %"
    if v == 100:
        return ">99 %"
    return f"{v} %"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def roll_phrase(verb: str, roll_needed: int, chance: float) -> str:
    """ "hits on 12+ (45 %)", "hits on any roll (100 %)", "cannot hit: needs 21+ on a d20"."""
    if roll_needed <= 1:
        return f"{verb} on any roll ({pct(chance)})"
    if roll_needed > 20:
        return f"cannot {verb.removesuffix('s')}: would need {roll_needed}+ on a d20"
    return f"{verb} on {roll_needed}+ ({pct(chance)})"


def _arc_phrase(arc: str, penalty: int) -> str:
    if arc == "front":
        return "from the front: no penalty"
    side = "rear" if arc == "rear" else f"{arc} flank"
    return f"from the {side}: defence {signed(-penalty)}"


def roll_line(verb: str, roll_needed: int, chance: float) -> Line:
    """An allowed roll's odds, bold: "Hits on 10+ (55 %)"."""
    return Line(roll_phrase(verb, roll_needed, chance).capitalize(), "text", bold=True)


def arc_line(arc: str, penalty: int) -> Line:
    """The arc a blow or shot lands in (R17-R19), a warning when it lowers the defence."""
    return Line(_arc_phrase(arc, penalty), "warn" if penalty else "muted")


def defeat_line(target: str, chance: float) -> Line:
    return Line(f"Chance to defeat {target}: {pct(chance)}", "good")


def damage_phrase(p: AttackPreview | ShootPreview) -> str:
    """ "A hit deals 2–7 damage (4.5 on average)"; the average is per hit (expected damage / hit chance)."""
    if p.damage_min == p.damage_max:
        return f"A hit deals {p.damage_max} damage"
    text = f"A hit deals {p.damage_min}–{p.damage_max} damage"
    if p.hit_chance > 0:
        text += f" ({p.expected_damage / p.hit_chance:.1f} on average)"
    return text


def breakdown(modifiers: Iterable[tuple[str, int]], roll_needed: int) -> list[Line]:
    """After a blank line, every modifier as the engine reports it, then the d20 face they add up to: how
    every roll's preview ends."""
    rows = [Line(""), Line(BREAKDOWN_HEAD, "muted", size=SMALL)]
    for label, value in modifiers:
        rows.append(Line(f"  {label}", "muted", right=_value(label, value), size=SMALL))
    face = "any" if roll_needed <= 1 else "21+ (never)" if roll_needed > 20 else f"{roll_needed}+"
    rows.append(Line("  so the d20 needs", "text", right=face, size=SMALL, bold=True))
    return rows


BREAKDOWN_HEAD = "How the roll is worked out"


def without_breakdown(lines: list[Line]) -> list[Line]:
    """``lines`` up to the roll's breakdown: the compact tooltip of a small window (found at 800x560 on the
    Black Gull: the full one covered most of the board, the path and the target). Its chance, arc and damage
    lines already say what the breakdown adds up to; I shows the full one, as it does the full card."""
    for i, ln in enumerate(lines):
        if ln.text == BREAKDOWN_HEAD:
            return lines[: i - 1] if i and not lines[i - 1].text else lines[:i]
    return lines


def fitted_to(ctx: BattleContext, lines: list[Line]) -> list[Line]:
    """A preview's lines for this window: whole where the card is whole, else without the roll's breakdown
    (the small window's compact card and tooltips follow one choice: the window's size, or I)."""
    return lines if card_full(ctx, ctx.view_rect) else without_breakdown(lines)


DETAIL_KEY = "Alt"  # held, a blow's preview shows every row (the long form and the roll's breakdown)


def wants_detail(ctx: BattleContext, held: bool) -> bool:
    """Whether a blow's preview shows its long form: while Alt is ``held``, or when the player chose the full
    card (I). Otherwise the short form (:func:`attack_brief`): at 1280x800 on the Giant's Hearth the long one
    was 391x254 px, twelve rows, and buried Goblin 2 or the Cave Troll wherever it went."""
    return held or ctx.card_full is True


def dmg_range(p: AttackPreview) -> str:
    return f"{p.damage_max}" if p.damage_min == p.damage_max else f"{p.damage_min}–{p.damage_max}"


def arc_needs(arc: str, penalty: int, roll_needed: int) -> Line:
    """The arc and the d20 face in one short row: "front · needs 13+", "left flank: defence −2 · needs 11+"
    (R17-R19)."""
    side = "front" if arc == "front" else "rear" if arc == "rear" else f"{arc} flank"
    where = side if not penalty else f"{side}: defence {signed(-penalty)}"
    face = "any roll" if roll_needed <= 1 else "never" if roll_needed > 20 else f"{roll_needed}+"
    return Line(f"{where} · needs {face}", "warn" if penalty else "muted", size=SMALL)


def head_line(verb: str, target: str, tail: str, short: str) -> Line:
    """The essential row, bold: "Attack Bandit Spear: 65 % to hit, 2–7 dmg"; where that is too wide for the short
    box, the odds' words dropped ("Attack Bandit Spear: 65 %, 2–7 dmg", ``short``: the row under it says what the
    roll needs), then the target's name cut too, keeping its number (theme.fit_name, as in the tracker). It
    dropped the verb instead ("Bandit Spear: 65 % to hit, ..."): the row no longer said what the click does."""
    for row in (f"{verb} {target}: {tail}", f"{verb} {target}: {short}"):
        if text_width(row, BODY, True) <= BRIEF_WIDTH:
            return Line(row, "accent", bold=True)
    room = BRIEF_WIDTH - text_width(f"{verb} : {short}", BODY, True)
    return Line(f"{verb} {fit_name(target, room, BODY, True)}: {short}", "accent", bold=True)


BRIEF_WIDTH = 300  # px of text: the short preview's box stays about 320 px wide at 1280x800


def attack_brief(p: AttackPreview, odds: bool = True) -> list[Line]:
    """An allowed blow in a few rows, the way Wesnoth's attack prediction reads: the odds and the damage first
    ("Attack Goblin 2: 65 % to hit, 4–9 dmg"), then the arc and the d20 face, then the chance to defeat. A
    refused blow keeps :func:`attack_lines` (three rows already). Alt shows the long form and the breakdown."""
    if p.legal:
        return attack_lines(p, odds)
    tail = f"{pct(p.hit_chance)} to hit, {dmg_range(p)} dmg"
    lines = [head_line("Attack", p.target, tail, f"{pct(p.hit_chance)}, {dmg_range(p)} dmg"),
             arc_needs(p.arc, p.penalty, p.roll_needed)]
    if p.defeat_chance > 0:
        lines.append(Line(f"Chance to defeat {p.target}: {pct(p.defeat_chance)}", "good", size=SMALL))
    else:
        lines.append(Line(f"Cannot defeat {p.target} with this attack", "muted", size=SMALL))
    return lines


def shove_brief(p: ShovePreview, odds: bool = True) -> list[Line]:
    """An allowed shove in a few rows: the odds first ("Shove Ogre: 45 % to succeed"), the arc and the d20
    face, then where the target ends up (:func:`push_outcome_lines`)."""
    if p.legal:
        return shove_lines(p, odds)
    tail = f"{pct(p.hit_chance)} to succeed"
    lines = [head_line("Shove", p.target, tail, pct(p.hit_chance)),
             arc_needs(p.arc, p.penalty, p.roll_needed)]
    return lines + push_outcome_lines(p)


def detail_hint() -> Line:
    """The short preview's last row: where the rest is."""
    return Line(f"hold {DETAIL_KEY}: how the roll is worked out", "muted", size=SMALL)


def _value(label: str, value: int) -> str:
    # What the roll must reach (defence, the disengage base, the threatener's attack) is not a bonus:
    # shown unsigned; what adjusts it (arcs, the roller's own bonus) is signed.
    return str(value) if label.lower().startswith(("defen", "base", "highest")) else signed(value)


def _reason(p: AttackPreview | ShovePreview | DisengagePreview) -> str | None:
    """Why the previewed action is not allowed now (None: it is)."""
    return p.legal or None


REASON_WIDTH = 360  # px: a refusal wraps in the preview instead of being cut
ROW_WIDTH = 480  # px: a one-row reason ("out of reach: distance 13, Lysa strikes at distance 1") wraps only past this


def not_possible(reason: str) -> list[Line]:
    """The engine's refusal, without its action prefix (the heading says what was tried), wrapped."""
    return [Line(part, "bad") for part in wrap(f"not possible: {reason_words(reason)}", REASON_WIDTH)]


def if_allowed(verb: str, roll_needed: int, chance: float) -> Line:
    """The odds of a refused blow or shot, muted and conditional: shown like an offered one (bright, with its
    damage and whole roll) they read as a blow the next click makes, and a player clicked it and nothing
    happened. A refused shot's chance is 0: its roll is shown without it ("hits on 10+ (0 %)" contradicts itself)."""
    phrase = roll_phrase(verb, roll_needed, chance)
    return Line(f"if it were allowed: {phrase if chance > 0 else phrase.split(' (')[0]}", "muted")


def attack_lines(p: AttackPreview, odds: bool = True) -> list[Line]:
    """An :class:`AttackPreview` in words (``odds``: a refused blow's roll is still told, as it would be)."""
    lines = [Line(f"{p.attacker} attacks {p.target}", "accent", bold=True)]
    reason = _reason(p)
    if reason:
        return lines + not_possible(reason) + [if_allowed("hits", p.roll_needed, p.hit_chance)] * odds
    lines += [roll_line("hits", p.roll_needed, p.hit_chance), arc_line(p.arc, p.penalty)]
    lines.append(Line(damage_phrase(p)))
    if p.defeat_chance > 0:
        lines.append(defeat_line(p.target, p.defeat_chance))
    else:
        lines.append(Line(f"Cannot defeat {p.target} with this attack", "muted"))
    lines.extend(breakdown(p.modifiers, p.roll_needed))
    return lines


def shove_lines(p: ShovePreview, odds: bool = True) -> list[Line]:
    """A :class:`ShovePreview` in words: the roll, then where the target ends up (``odds``: as attack_lines)."""
    lines = [Line(f"{p.attacker} shoves {p.target}", "accent", bold=True)]
    reason = _reason(p)
    if reason:
        return lines + not_possible(reason) + [if_allowed("succeeds", p.roll_needed, p.hit_chance)] * odds
    lines += [roll_line("succeeds", p.roll_needed, p.hit_chance), arc_line(p.arc, p.penalty)]
    lines.extend(push_outcome_lines(p))
    lines.extend(breakdown(p.modifiers, p.roll_needed))
    return lines


def push_outcome_lines(p: ShovePreview) -> list[Line]:
    """Where a successful shove leaves the target (R22, R12): the hex, hazard damage, a fall."""
    col, row = p.lands_at
    moved = len(p.push_path) > 1
    if p.falls:
        return [Line(f"On success {p.target} is pushed {side_words(p.direction)} and falls: defeated", "good")]
    out = [Line(f"On success {p.target} is pushed {side_words(p.direction)} to {col},{row}") if moved
           else Line(f"Even on a success {p.target} stays put: the way {side_words(p.direction)} is blocked", "warn")]
    if p.hazard_damage:
        out.append(Line(f"and takes {p.hazard_damage} hazard damage", "warn"))
    if p.defeat_chance > 0:
        out.append(defeat_line(p.target, p.defeat_chance))
    return out


def threatened_there(enc: EncounterView, name: str, target: str, at: tuple[int, int],
                     brief: bool = False) -> list[Line]:
    """A calm warning when the hex a blow or shove first moves to lies in the zone of control of a hostile other
    than its target, as the move preview warns ("stops here: threatened by ..."): found on giants_lair, Astrid
    walked to strike a goblin beside the giant and took 9 damage on his turn, nothing having said so."""
    who = [w for w in enc.threateners_of_hex(at, name) if w != target]
    if not who:
        return []
    whose = "its" if len(who) == 1 else "their"
    text = f"at {at[0]},{at[1]} {joined(who)} can strike {name} too ({whose} zone of control)"
    if brief:  # the actor is the one the preview is about: not named again
        text = f"at {at[0]},{at[1]} {joined(who)} can strike back ({whose} zone of control)"
        return [Line(part, "warn", size=SMALL) for part in wrap(text, BRIEF_WIDTH, SMALL)]
    return [Line(part, "warn") for part in wrap(text, ROW_WIDTH)]


def disengage_lines(p: DisengagePreview) -> list[Line]:
    """A :class:`DisengagePreview` in words: the roll and which threateners it would cancel (R23)."""
    how = f"with {p.skill} ({signed(p.skill_value)})" if p.skill_value or p.skill != "none" \
        else "with no combat skill (the d20 alone)"
    lines = [Line(f"{p.unit} tries to disengage {how}", "accent", bold=True)]
    reason = _reason(p)
    if reason:
        # Refused, it reads as a refused blow does: the reason, then the roll only as it would be, muted. With
        # no hostile threatening the combatant there is nothing to roll against: "Succeeds on 7+ (0 %)" over a
        # breakdown with "highest threatener attack 0" contradicted the refusal (found on giants_lair, Kell).
        return lines + not_possible(reason) + [if_allowed("succeeds", p.roll_needed, p.chance)] * bool(p.cancels)
    lines.append(roll_line("succeeds", p.roll_needed, p.chance))
    if p.cancels:
        who = ", ".join(p.cancels)
        verb = "stops" if len(p.cancels) == 1 else "stop"
        lines.append(Line(f"On success {who} no longer {verb} {p.unit} this turn"))
    lines.extend(breakdown(p.modifiers, p.roll_needed))
    return lines


def other_skills_lines(chances: list[tuple[str, float]]) -> list[Line]:
    """What each of the combatant's other skills would give instead of the one the window uses (its best, R23):
    "other skills: shields 50 %" did not say it was a chance, nor that Disengage never picks it."""
    if not chances:
        return []
    each = [f"with {k} instead: {pct(c)}" if i == 0 else f"with {k}: {pct(c)}" for i, (k, c) in enumerate(chances)]
    rows = wrap_list("", each, REASON_WIDTH, SMALL) + ["(Disengage always uses the best skill)"]
    return [Line(row, "muted", size=SMALL) for row in rows]


def sight_phrase(p: ShootPreview) -> Line:
    """R30-R31 in one line: clear, through cover (and what it adds), or blocked (by which hexes)."""
    if not p.sees and not p.blocked_by:  # no pair of hexes in the bow's band at all: range, not terrain
        return Line("Sight: no line within range", "muted", bold=True)
    if not p.sees:
        where = ", ".join(f"{c[0]},{c[1]}" for c in p.blocked_by)
        return Line(f"Sight: blocked by {where}", "bad", bold=True)
    if p.cover:
        # What gives the cover, as the engine names it: "through cover" alone left the player to guess between
        # a friend in the way and the trees (found on fortress_assault: it was Ilse).
        what = cover_words(p.cover_by)
        return Line(f"Sight: through cover{f' ({what})' if what else ''}, defence +{p.cover_bonus} (R31)", "warn")
    return Line("Sight: clear", "good")


def shoot_lines(p: ShootPreview, odds: bool = True) -> list[Line]:
    """A :class:`ShootPreview` in words: the sight, the roll, the shooter's penalty, damage, every modifier
    (``odds``: as attack_lines)."""
    lines = [Line(f"{p.attacker} shoots {p.target}", "accent", bold=True)]
    if p.legal:  # the reason and the sight (why it may be refused), the roll only as what it would be
        return lines + not_possible(p.legal) + [sight_phrase(p)] + [if_allowed("hits", p.roll_needed,
                                                                             p.hit_chance)] * odds
    lines.append(sight_phrase(p))
    lines += [roll_line("hits", p.roll_needed, p.hit_chance), arc_line(p.arc, p.penalty)]
    if p.shooter_penalty:
        who = ", ".join(p.threatened_by)
        lines.append(Line(f"Shooting while threatened by {who}: roll {signed(-p.shooter_penalty)} (R29)", "warn"))
    lines.append(Line(damage_phrase(p)))
    if p.defeat_chance > 0:
        lines.append(defeat_line(p.target, p.defeat_chance))
    lines.extend(breakdown(shot_rows(p), p.roll_needed))
    return lines


THREATENED = "shooting while threatened"  # the engine's name for the R29 penalty in a shot's modifiers


def shot_rows(p: ShootPreview) -> list[tuple[str, int]]:
    """A shot's modifiers as its breakdown reads them: the threatened-shooter penalty (R29), which the engine
    reports as what it adds to the total to reach (+2), as what it takes off the roll (−2), beside the ranged
    attack it is taken from. Found playing the ambush: the line above said "roll −2" and the row "+2", as if
    the penalty helped; the other rows read as the lines above them do (the arc and cover on the defence, the
    attack on the roll), so the sum still comes to the d20 face below."""
    rows = [(label, value) for label, value in p.modifiers if label != THREATENED]
    if p.shooter_penalty:
        rows.append((THREATENED, -p.shooter_penalty))
    return rows


def cast_lines(p: CastPreview) -> list[Line]:
    """A :class:`CastPreview` in words: everyone caught, in the order resolved, friendly fire marked."""
    uses = f"{p.uses_left} use{'s' if p.uses_left != 1 else ''} left"
    if p.legal:
        return refused_cast_lines(p)
    lines = [Line(f"{p.caster} casts at {p.at[0]},{p.at[1]} ({uses})", "accent", bold=True)]
    if not p.affected:
        lines.append(Line("catches nobody", "muted"))
    for a in p.affected:
        push = ""
        if len(a.push_path) > 1:
            end = a.push_path[-1]
            way = side_words(a.push_direction or "")
            push = f", pushed {way} to {end[0]},{end[1]}" + (" and falls" if a.falls else "")
        elif a.push_direction:
            push = ", cannot be pushed"
        cover = " (in cover)" if a.cover else ""  # R32: judged from the caster's hexes
        who = f"{a.target}{cover}" + (" - friendly fire" if a.friendly else "")
        lines.append(Line(who, "warn" if a.friendly else "text", bold=a.friendly))
        lines.append(Line(f"  {roll_phrase('hit', a.roll_needed, a.hit_chance)}, {a.expected_damage:.1f} damage "
                          f"expected{push}", "muted", size=SMALL))
    foes = sum(a.expected_damage for a in p.affected if not a.friendly)
    friends = sum(a.expected_damage for a in p.affected if a.friendly)
    lines.append(Line(""))
    # Named by the caster's side, not "your": a GM casting for the Sea Witch read "expected damage to your
    # side 5.6" for her own Harpy (found on the Black Gull).
    lines.append(Line(f"expected damage to {p.caster}'s enemies", right=f"{foes:.1f}", role="good"))
    if friends:
        lines.append(Line(f"expected damage to {p.caster}'s side", right=f"{friends:.1f}", role="bad"))
    return lines


def refused_cast_lines(p: CastPreview) -> list[Line]:
    """A centre the caster may not choose now (out of its area range, out of sight, R32), read as a hex out of
    reach reads: a plain heading and the engine's reason in grey, then whom the burst would catch there, by name
    only. Found playing the Black Gull as the corsairs: pointing the Sea Witch at the party eight hexes off read a
    red "not possible" over each one's chance, expected damage and push, and "expected damage to Sea Witch's
    enemies 3.9" in green, as if a click would deal it; the click was refused. Pointing at a far hex is a
    question, not a mistake, and odds for a burst that cannot happen from here are not the ones it would get from
    where the caster could stand (cover is judged from the caster's hexes, R32)."""
    lines = [Line(f"{p.caster} cannot cast at {p.at[0]},{p.at[1]}", "text", bold=True)]
    lines += [Line(part, "muted") for part in wrap(reason_words(p.legal or ""), REASON_WIDTH)]
    if p.affected:
        names = [a.target + (" (friendly fire)" if a.friendly else "") for a in p.affected]
        lines += [Line(row, "muted", size=SMALL) for row in wrap_list("there it would catch", names, REASON_WIDTH,
                                                                        SMALL)]
    return lines


def spent_lines(name: str, target: str, movement: int) -> list[Line]:
    """Hovering ``target`` once ``name`` has used its action this turn (R16): the hostile's name, that the action
    is spent, and what is left to do, all calm. The attack or shot preview's red "not possible: ... has already
    used their action", headed "Fenn attacks Hale" after Fenn had shot him, read like an error the moment the
    player's own blow landed, under a verb the player had not chosen (found in fortress_assault and the ambush)."""
    rest = (f"{movement} movement left to move on; Enter ends the turn" if movement > 0
            else "Enter ends the turn")
    return [Line(target, "text", bold=True), Line(f"{name} has used their action this turn", "muted"),
            Line(rest, "muted")]


# Refusals that depend on where the actor stands (a step could lift them): the engine's words for them.
POSITIONAL = ("adjacent", "out of reach", "out of range", "distance", "sight", "see ")


def refusal_notes(enc: EncounterView, name: str, target: str, verb: str, moved_for: bool,
                  reason: str = "out of reach", zoc: Iterable[str] = (),
                  closed: str = "", blind: bool = False, brief: bool = False) -> tuple[bool, list[Line]]:
    """(tell the refused roll?, lines to add) for a blow or shot refused (``reason``) from where ``name`` stands.

    A refusal no step lifts (a target too large to shove, found on giants_lair) does not tell the roll: it is
    beside the point. (With the action spent there is no refusal at all: :func:`spent_lines`.) With no hex in
    reach offered (``moved_for`` False), the refusal from here ("out of reach: distance 2") did not say why
    stepping would not help: :func:`stuck_lines` does (``zoc``: the hostiles whose zone of control stops every
    way to a hex the action works from, as the caller found them; ``closed``: what keeps it off every such hex,
    "taken", "impassable" or "taken or impassable"; ``blind``: for a shot, the hexes in range it can reach
    give no line of sight; ``brief``: the short rows of :func:`brief_rows`)."""
    if not any(word in reason for word in POSITIONAL):
        return False, []
    if moved_for:
        return True, []
    return True, stuck_lines(enc, name, target, verb, list(zoc), closed, reason, blind, brief)


def brief_clause(name: str, target: str, clause: str) -> str:
    """A clause of :func:`stuck_lines` for the short preview, under a heading that names ``target``
    (:func:`out_of_reach`, ``brief``), without what it says again: "Captain Vessa strikes at distance 1" is
    "reach 1", "6 movement left: Vessa gets no nearer than" is "6 movement left: no nearer than", and "to Kell
    this turn" after "stops every way" is the heading's."""
    return (clause.replace(f", {name} strikes at distance ", ", reach ").replace(f", {name} shoots at distance ",
                                                                                   ", range ")
            .replace(f": {name} gets no nearer", ": no nearer").replace(f"to {target} this turn", "there")
            .replace(f"every hex {name} could ", "every hex to ").replace(f" {target} from is ", " from is "))


def no_widow(parts: list[str], width: int = BRIEF_WIDTH, size: int = SMALL) -> list[str]:
    """A wrapped row's parts with no lone word on the last: the word before it goes down too, where that fits
    (the short preview read "Bandit Spear's zone of control stops every way" over a lone "there", on ambush)."""
    if len(parts) < 2 or " " in parts[-1].strip() or parts[-2].count(" ") < 2:
        return parts
    head, _, word = parts[-2].rpartition(" ")
    last = f"{word} {parts[-1]}"
    return [*parts[:-2], head, last] if text_width(last, size) <= width else parts


def stopped_by(enc: EncounterView, name: str) -> list[str]:
    """Whose zone of control stopped ``name``'s last move this turn (R9), as the combat log said it."""
    for applied in reversed(enc.turn_actions()):
        for event in applied.of(Moved):
            if isinstance(event, Moved) and event.unit == name:
                return list(event.stopped_by)
    return []


def stuck_lines(enc: EncounterView, name: str, target: str, verb: str, zoc: list[str],
                closed: str = "", reason: str = "out of reach", blind: bool = False,
                brief: bool = False) -> list[Line]:
    """Why no hex ``name`` can reach this turn lets it ``verb`` ``target``, in a player's words: its movement is
    spent (a zone of control ended it, R9), it is held in the zone of control it stands in (a disengage, R23,
    lifts that), another zone of control stops every way there, every hex it could strike from is held by another
    combatant or is ground it may not stand on (``closed``: "taken", "impassable" or both, R4, R5), or it is
    too far (:func:`too_far`, from the engine's ``reason``). "nowhere Lysa can reach this turn to attack Orc 2
    from" said all five alike (found on fortress_assault: the Militia pointing at a sergeant ringed by her
    friends read it too, as if he stood out of her range).

    A shot first says what keeps it from where the shooter stands (:func:`too_far`: out of range, or no line of
    sight and what blocks it, R29, R30), which a blow's reach makes plain and a bow's band and the ground do
    not; then why a step would not help, as a blow's does, or, ``blind``, that no hex in range it can reach
    this turn sees the target."""
    v = enc.view(name)
    # First what a click gets from the engine, from where it stands ("out of reach: distance 4"), then why no step
    # helps: found on giants_lair, Bjorn's preview said only "every hex ... is taken or impassable" and the click
    # "out of reach: distance 4", as if they disagreed.
    here = [Line(part, "muted") for part in wrap(too_far(name, target, verb, reason), ROW_WIDTH)]
    if v.movement == 0:
        who = stopped_by(enc, name) if v.zoc_exhausted else []
        clauses = ([f"{name} was stopped by {zone_of(who)}:", "no movement left this turn"] if who
                   else [f"{name} has no movement left this turn"])
    elif zoc:
        held = [w for w in zoc if w in enc.threateners_of(name)]
        clauses = ([f"{name} is held in {zone_of(held)}:", "disengage (the turn's action) to move away"] if held
                   else [f"{zone_of(zoc)} stops every way", f"to {target} this turn"])
    elif closed:  # one row, as the "nowhere" it stands for
        clauses = [f"every hex {name} could {verb} {target} from is {closed}"]
    elif verb == "shoot":
        clauses = [f"no hex in range {name} can reach this turn sees {target}"] if blind else []
    else:
        # Too far: how near its movement brings it this turn ("out of reach: distance 9, Wynn strikes at distance
        # 1" never said why moving would not help, found on giants_lair).
        clauses = closest_clause(enc, name, target, 1 if verb == "shove" else v.reach)
    if brief:  # small rows no wider than the short box, nothing the heading says said again
        rows = [brief_clause(name, target, c) for c in [too_far(name, target, verb, reason), *clauses]]
        if len(rows) == 3 and rows[2] == "there":  # "the zone of control of Kell stops every way" / "there"
            rows = [rows[0], f"{rows[1]} there"]
        return [Line(part, "muted", size=SMALL) for row in rows for part in no_widow(wrap(row, BRIEF_WIDTH, SMALL))]
    # A clause to a row (wrapped only when too wide), so no row ends on a lone word: "... of Orc 1" over "and
    # Orc 2:" at the refusal's width split the names of one zone.
    return here + [Line(part, "muted") for clause in clauses for part in wrap(clause, ROW_WIDTH)]


def closest_clause(enc: EncounterView, name: str, target: str, reach: int) -> list[str]:
    """ "7 movement left: Wynn gets no nearer than distance 3": the nearest ``name``'s footprint
    comes to ``target``'s from any hex it can reach this turn (R21 counts between footprints), or nothing when
    that is within ``reach`` (then it is not distance that keeps it away)."""
    me, them = enc.view(name), enc.view(target)
    cells = [me.cell, *(c for c, _, _ in enc.reach_for(name).destinations())]
    near = min(max(0, enc.layout.distance(c, them.cell) - me.radius - them.radius) for c in cells)
    if near <= reach:
        return []
    return [f"{me.movement} movement left: {name} gets no nearer than distance {near}"]


def too_far(name: str, target: str, verb: str, reason: str) -> str:
    """Why ``name`` cannot ``verb`` ``target`` from where it stands, in a player's words: the engine's refusal, the
    one a click gets, without the target's name the heading already gives nor the rule's number ("out of reach:
    distance 13, Lysa strikes at distance 1": one row, where the "(R21)" wrapped onto a row of its own; "out of
    range: distance 9, Fenn shoots at distance 2 to 6"). A shot with no line says so and names the hexes in the
    way, as the map marks them ("no line of sight from here: blocked by 3,4 and 4,4", not "Fenn cannot see Orc:
    blocked by 3,4 4,4")."""
    words = re.sub(r" \(R\d+\)$", "", reason_words(reason))
    blocked = words.removeprefix(f"{name} cannot see {target}: blocked by ")
    if blocked != words:
        return f"no line of sight from here: blocked by {joined(blocked.split())}"
    return words.removeprefix(f"{target} is ")


def out_of_reach(name: str, target: str, verb: str, why: list[Line], brief: bool = False) -> list[Line]:
    """Pointing at a foe ``name`` can reach from no hex this turn, in attack or shove mode: one plain heading and
    the reason in grey (``why``: :func:`stuck_lines`), as a hex out of reach reads. A GM or a player often points
    at a far enemy only to look at it: "not possible: Orc is out of reach: distance 13, Lysa strikes at distance
    1 (R21)" in red, "if it were allowed: hits on 10+ (55 %)" and "nowhere Lysa can reach this turn to attack Orc
    from" said one thing three times, loudly (playtest). No roll: from a hex it cannot reach this turn the odds
    from where it stands (its arc, its flank) are not the ones it would get; they are told once it can reach."""
    if brief:  # the short preview: the actor is the one selected, named again in no row (brief_rows)
        return [Line(f"Cannot {verb} {target} this turn", "text", bold=True), *why]
    return [Line(f"{name} cannot {verb} {target} this turn", "text", bold=True), *why]
