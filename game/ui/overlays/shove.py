"""The shove made obvious, as Into the Breach shows a push: every way the hovered foe can be pushed this turn.

R22 fixes the push: one hex straight away from the shover (the side direction from its centre toward the
target's). What the player chooses is where to shove *from*, so each side of the target the shover can reach
this turn is one way to push it. Hovering a foe in shove mode shows them all on the map at once (a thin arrow
to each landing, red where it hurts), and the chosen one in full: a thick arrow, a ghost of the token where it
lands, the landing hex ringed (red for harm), a badge for what it suffers there, the hex the shover steps to.

Choosing, as Wesnoth chooses the hex an attack comes from:
- the pointer's side of the target: point at the foe from the side to shove from (the side the shover would
  stand on), and the push goes the other way; near the token's centre the way stays the default;
- ``W`` (``Shift+W`` back) steps through the ways, for the keyboard; moving the pointer to another side
  of the target takes the choice back;
- the default: from the hex last pointed at beside the target, else from where the shover stands, else the
  surest way (then the likelier defeat, then the fewest steps).

The click commits the way shown: a move to its hex first when it needs one (Wesnoth's move-then-attack),
then the shove.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from game.render.pg import pygame
from game.render.tokens import disc_scale
from game.rules import EncounterView, MovementType, ShovePreview, side_words

from .. import theme as th
from ..context import BattleContext
from ..theme import SMALL, Line
from . import draw, push_words
from .wording import pct, push_outcome_lines

Cell = tuple[int, int]
Way = tuple[Cell | None, ShovePreview]  # (the hex to shove from, None for where the shover stands; the preview)
Later = tuple[Cell, ShovePreview]  # a push from a side the shover cannot reach this turn
OTHER = (226, 226, 232)  # a way not chosen: light, thin (grey vanished on the brown cave floor)
CENTRE = 0.3  # of a hex's radius: a pointer this near the target's centre names no side (a resting hand)


def ways_for(enc: EncounterView, name: str, target: str, pointed: Cell | None = None) -> list[Way]:
    """Every way ``name`` can shove ``target`` this turn, one per push direction (R22), in R2's direction order:
    from where it stands when that works, else from the hex ``pointed`` at when that gives the direction, else
    from the hex it reaches most cheaply. Only shoves the engine allows from there (``legal`` None)."""
    me, them = enc.view(name), enc.view(target)
    reach = enc.reach_for(name)
    best: dict[str, tuple[tuple[int, int], Cell | None, ShovePreview]] = {}
    for cell in enc.layout.disc(them.cell, 1 + me.radius + them.radius):
        here = cell == me.cell
        end = (0, False) if here else reach.end_at(cell)
        if end is None:
            continue
        p = enc.preview_shove(name, target, at=cell)
        if p.legal is not None:
            continue
        rank = (0 if here else 1 if cell == pointed else 2, end[0])
        if p.direction not in best or rank < best[p.direction][0]:
            best[p.direction] = (rank, None if here else cell, p)
    order = list(enc.layout.direction_names)
    return [(at, p) for _, at, p in sorted(best.values(), key=lambda w: order.index(w[2].direction))]


def harmful_out_of_reach(enc: EncounterView, name: str, target: str, ways: list[Way]) -> list[Later]:
    """The pushes that would hurt ``target`` (a fall, hazard damage) from a side ``name`` cannot reach this turn
    (zone of control on every way there, too far), one per direction none of ``ways`` takes: worth knowing for
    next turn. Found on giants_lair: Astrid beside the giant could shove a goblin only east, onto bare floor,
    and nothing said that from its north side it would go into the fire."""
    me, them = enc.view(name), enc.view(target)
    taken = {p.direction for _, p in ways}
    out: dict[str, Later] = {}
    mt = me.movement_type.upper()
    for cell in enc.layout.disc(them.cell, 1 + me.radius + them.radius):
        if cell == me.cell or not enc.board.is_on_map(cell):
            continue
        body = enc.layout.disc(cell, me.radius)
        if enc.board.no_entry(body, MovementType[mt]) is not None or any(
                v.active and v.name != name and set(enc.footprint(v.name)) & set(body) for v in enc.views()):
            continue  # it could never stand there: not a way, this turn or the next
        p = enc.preview_shove(name, target, at=cell)
        if p.legal is None and p.direction not in taken and (p.falls or p.hazard_damage > 0):
            out.setdefault(p.direction, (cell, p))
    order = list(enc.layout.direction_names)
    return sorted(out.values(), key=lambda w: order.index(w[1].direction))


def default_way(ways: list[Way], pointed: Cell | None) -> int:
    """The way shown before the player picks one: from the hex pointed at, else from here, else the surest."""
    for i, (at, _) in enumerate(ways):
        if at is not None and at == pointed:
            return i
    for i, (at, _) in enumerate(ways):
        if at is None:
            return i
    return min(range(len(ways)), key=lambda i: (-ways[i][1].hit_chance, -ways[i][1].defeat_chance, i))


def pointer_way(ctx: BattleContext, target: str, ways: list[Way], pointer: tuple[float, float]) -> int | None:
    """The way whose shover side the pointer is on (the push goes the other way), or None near the centre."""
    enc = ctx.encounter
    cell = enc.view(target).cell
    cx, cy = ctx.cell_to_screen(cell)
    dx, dy = pointer[0] - cx, pointer[1] - cy
    if math.hypot(dx, dy) < CENTRE * ctx.hex_radius() or not ways:
        return None
    want = math.atan2(-dy, -dx)  # the push runs away from the side pointed at
    lay = enc.layout

    def off(i: int) -> float:
        nx, ny = ctx.cell_to_screen(lay.neighbor(cell, lay.direction_index(ways[i][1].direction)))
        a = math.atan2(ny - cy, nx - cx) - want
        return abs(math.atan2(math.sin(a), math.cos(a)))

    return min(range(len(ways)), key=off)


@dataclass
class Chooser:
    """Which way is chosen for the hovered target: the pointer's side, a key's step, or the default."""

    keyed: tuple[str, str, int | None] | None = None  # (target, direction chosen by W, the pointer's pick then)
    last: tuple[str, str] | None = None  # (target, direction) shown in the last frame: W steps on from it

    def pick(self, ctx: BattleContext, target: str, ways: list[Way], pointed: Cell | None,
             pointer: tuple[float, float]) -> int:
        """The way shown; ``pointer``: where the pointer is, or the foe's middle while Tab's focus is on it."""
        by_pointer = pointer_way(ctx, target, ways, pointer)
        if self.keyed is not None:
            who, direction, then = self.keyed
            found = [i for i, (_, p) in enumerate(ways) if p.direction == direction]
            if who == target and found and by_pointer == then:
                return self._shown(target, ways, found[0])
            self.keyed = None  # another target, or the pointer went to another side: the pointer chooses again
        chosen = by_pointer if by_pointer is not None else default_way(ways, pointed)
        return self._shown(target, ways, chosen)

    def _shown(self, target: str, ways: list[Way], i: int) -> int:
        self.last = (target, ways[i][1].direction)
        return i

    def step(self, ctx: BattleContext, target: str, ways: list[Way], by: int, pointer: tuple[float, float]) -> str:
        """``W``: the next way (``by`` -1: the previous); returns its direction."""
        now = next((i for i, (_, p) in enumerate(ways) if self.last == (target, p.direction)), 0)
        direction = ways[(now + by) % len(ways)][1].direction
        self.keyed = (target, direction, pointer_way(ctx, target, ways, pointer))
        self.last = (target, direction)  # a second press before the next frame steps on from this one
        return direction


# --- words -------------------------------------------------------------------------------------------------
def where(at: Cell | None) -> str:
    return "from here" if at is None else f"from {at[0]},{at[1]}"


def short_words(p: ShovePreview) -> str:
    """One way's push, short, for its row: "north-east: falls, defeated", "east to 10,4: 3 hazard
    damage", "west: stays put" (the side spelt out, R2)."""
    if len(p.push_path) <= 1 and not p.falls:
        return f"{side_words(p.direction)}: stays put"
    if p.falls:
        return f"{side_words(p.direction)}: falls, defeated"
    col, row = p.lands_at
    way = side_words(p.direction)
    return f"{way} to {col},{row}" + (f": {p.hazard_damage} hazard damage" if p.hazard_damage else "")


def outcome_lines(enc: EncounterView, p: ShovePreview, at: Cell | None) -> list[Line]:
    """Where a successful shove leaves its target and what it suffers there (R22, R12), in one row: "pushed e to
    4,2: 3 hazard damage (7 hp left)", "stays put: Sigrun is in the way at 2,6". The head row names the target and
    the odds, so neither is said again. With Alt held, the long form: "On success Orc is pushed ...", and whom
    it ends beside (a row the short box leaves out: the map shows the landing among its neighbours)."""
    long = detail_held()
    way = side_words(p.direction)  # "south-west" (R2): the log's "sw" is the action's token, not a word
    if len(p.push_path) <= 1 and not p.falls:
        why = push_words.stopped_words(p.stopped) or f"the way {way} is blocked"
        if not long:
            return [Line(f"stays put: {push_words.without_rule(why)}", "warn")]
        return [Line(f"Even on a success {p.target} stays put: {why}", "warn")]
    if p.falls and not long:  # (R12) the fall is the defeat: "falls" and the rule's tag were the row's widest words
        # The chasm's hex is left to the map (its ghost and "falls" badge): with the side spelt out ("north-east")
        # "at 3,1" made the short box 357 px wide, past its 340.
        return [Line(f"pushed {way} into the chasm: defeated", "good",
                     bold=True, size=SMALL)]
    moved = (p.attacker, at) if at is not None else None
    lead = f"On success {p.target} is pushed {way}" if long else f"pushed {way}"
    lines = push_words.landing_lines(enc, p.target, p.lands_at, len(p.push_path) - 1, p.hazard_damage, p.falls,
                                     lead=lead, harm_role="good", moved=moved)
    # Short: the landing row alone, in the small type (bold, in its colour, where it hurts): at full size "pushed
    # e to 4,2: 3 hazard damage (7 hp left)" made the box 366 px wide on the pen.
    return lines if long else [replace(lines[0], size=SMALL)]


def detail_held() -> bool:
    """Alt held: the shove's long form (every way in full), as the blow's preview shows its breakdown then."""
    return bool(pygame.key.get_mods() & pygame.KMOD_ALT)


def with_outcome(lines: list[Line], p: ShovePreview, outcome: list[Line]) -> list[Line]:
    """``lines`` (wording.shove_lines of ``p``) with its short outcome replaced by ``outcome``."""
    old = push_outcome_lines(p)
    for i in range(len(lines) - len(old) + 1):
        if lines[i:i + len(old)] == old:
            return [*lines[:i], *outcome, *lines[i + len(old):]]
    return lines


def way_rows(target: str, ways: list[Way], chosen: int,
             later: list[Later] | None = None, keyed: bool = False) -> list[Line]:
    """The other ways to shove ``target`` this turn, after the chosen one's odds and landing. Short: one row for
    a single other way ("or from 4,5, east to 5,5", its odds right), else a count ("+3 other ways (W), 1 hurts");
    the map draws every way's arrow, red where it hurts, and W / Shift+W shows each in full. Then the pushes
    that would hurt it from a side out of reach this turn (``later``), the first named, the rest counted.
    ``keyed``: Tab's focus is on ``target`` (game.ui.battle_focus), so the keys are named, not the pointer. With
    Alt held, the long form: every way one row each, the chosen one marked (:func:`way_rows_long`)."""
    if detail_held():
        return way_rows_long(target, ways, chosen, later, keyed)
    rows: list[Line] = []
    others = [w for i, w in enumerate(ways) if i != chosen]
    if len(others) == 1:
        at, p = others[0]
        # One colon to a row: "or from 5,8: south-east: stays put" read as if 5,8 lay south-east of something.
        rows.append(Line(f"or {where(at)}, {short_words(p)}{'' if keyed else ' (W)'}", "good" if _hurts(p) else "muted",
                         right=pct(p.hit_chance), size=SMALL))
    elif others:
        hurt = sum(_hurts(p) for _, p in others)
        hurts = f", {hurt} hurt{'s' if hurt == 1 else ''}" if hurt else ""
        w = "" if keyed else " (W)"
        rows.append(Line(f"+{len(others)} other ways{w}{hurts}", "good" if hurt else "muted", size=SMALL))
    if later:
        at, p = later[0]
        more = f" (+{len(later) - 1})" if len(later) > 1 else ""
        rows.append(Line(f"next turn {where(at)}, {short_words(p)}{more}", "muted", size=SMALL))
    if keyed:  # the keys, named: the pointer names no side while Tab's focus is on the foe
        rows.append(Line("W / Shift+W: another way   Enter shoves" if others
                         else "Enter shoves   Tab: the next foe   Esc: cancel", "accent", size=SMALL))
    return rows


def way_rows_long(target: str, ways: list[Way], chosen: int,
                  later: list[Later] | None = None, keyed: bool = False) -> list[Line]:
    """Every way to shove ``target`` this turn, one row each, the chosen one marked: where the shover stands for
    it, where the push sends the target and what it does there, and the odds from there (the arc changes with
    the side, R19). Then ``later``: the pushes that would hurt it from a side out of reach this turn."""
    rows: list[Line] = []
    if len(ways) >= 2:
        how = "W / Shift+W chooses, Enter shoves" if keyed else f"point at {target} from a side, or W / Shift+W"
        rows += [Line(""), Line(f"{len(ways)} ways: {how}", "muted", size=SMALL)]
        for i, (at, p) in enumerate(ways):
            mark = "> " if i == chosen else "   "
            hurt = p.falls or p.hazard_damage > 0
            role = "accent" if i == chosen else "good" if hurt else "muted"
            rows.append(Line(f"{mark}{where(at)}", role=role, bold=i == chosen,
                             right=f"{short_words(p)}  {pct(p.hit_chance)}", size=SMALL))
    if later:
        rows += [Line(""), Line("Out of reach this turn:", "muted", size=SMALL)]
        rows += [Line(f"   {where(at)}", "muted", right=short_words(p), size=SMALL) for at, p in later]
    if keyed and len(ways) < 2:  # (with more ways the header says it; Tab and Esc are on the status line)
        rows += [Line(""), Line("Enter shoves   Tab: the next foe   Esc: cancel", "accent", size=SMALL)]
    return rows


def facing_tie(enc: EncounterView, p: ShovePreview, at: Cell | None) -> tuple[str, ShovePreview] | None:
    """When the foe's centre lies exactly on the border of two side sectors as seen from where the shover stands
    for ``p`` (only a multi-hex shover can meet that: a large one beside a standard foe, from a corner), R22
    pushes toward the one nearer its facing and R20 turns it to face that one, hit or miss: (the other side, the
    shove as it would be facing that side first), or None."""
    start = enc.view(p.attacker).cell if at is None else at
    names = enc.layout.direction_names
    sides = [names[s] for s in enc.layout.direction_between(start, enc.view(p.target).cell)]
    if len(sides) < 2 or p.direction not in sides:
        return None
    other = next(d for d in sides if d != p.direction)
    return other, enc.preview_shove(p.attacker, p.target, at=at, facing=other)


def turn_keys(facing: int, to: int) -> str:
    """The presses that turn from side ``facing`` to side ``to``: "Q", "E twice" (Q counter-clockwise, R2)."""
    left, right = (to - facing) % 6, (facing - to) % 6
    times = {1: "", 2: " twice", 3: " three times"}
    return f"Q{times[left]}" if left <= right else f"E{times[right]}"


def facing_lines(enc: EncounterView, p: ShovePreview, at: Cell | None) -> list[Line]:
    """For a shove on a sector border (:func:`facing_tie`): the facing the shover ends with and why (R20, R22),
    then both choices as rows, the one in force marked: as it faces now, or turned to the other side first (free
    on its turn, R16), each with where the push then goes. Nothing when there is no tie."""
    tie = facing_tie(enc, p, at)
    if tie is None:
        return []
    other, alt = tie
    me = enc.view(p.attacker)
    keys = turn_keys(me.facing_index, enc.layout.direction_index(other))
    way, alt_way, now = side_words(p.direction), side_words(other), side_words(me.facing)
    return [Line(""),
            Line(f"Ends facing {way}, hit or miss (R20): {p.target} is exactly between", "muted", size=SMALL),
            Line(f"{way} and {alt_way}, and {p.attacker} faces {way} now" if me.facing == p.direction
                 else f"{way} and {alt_way}, and {way} is nearer {p.attacker}'s facing now ({now})",
                 "muted", size=SMALL),
            Line(f"> as {p.attacker} faces now", "accent", bold=True, right=short_words(p), size=SMALL),
            Line(f"   facing {alt_way} first ({keys}, free)", "good" if _hurts(alt) else "muted",
                 right=short_words(alt), size=SMALL)]


# --- drawing -----------------------------------------------------------------------------------------------
def _hurts(p: ShovePreview) -> bool:
    return p.falls or p.hazard_damage > 0


def badge_text(p: ShovePreview) -> str:
    """The word on a shove's landing: "falls", "-3", "-3 defeated", "stays" (push_words.badge_words)."""
    return push_words.badge_words(len(p.push_path) > 1, p.hazard_damage, p.falls, p.defeat_chance > 0)


def outline(surface: pygame.Surface, ctx: BattleContext, centre: Cell, radius: int,
            colour: tuple[int, int, int]) -> None:
    """Every hex a token of ``radius`` would cover centred on ``centre`` (R26), outlined: a large troll's landing
    is its seven hexes, not the middle one its ghost hides."""
    for cell in ctx.encounter.layout.disc(centre, radius):
        if ctx.encounter.board.is_on_map(cell):
            pygame.draw.polygon(surface, colour, ctx.hex_polygon(cell), 3 if radius == 0 else 2)


def draw_ways(screen: pygame.Surface, ctx: BattleContext, ways: list[Way], chosen: int) -> list[pygame.Rect]:
    """Every way on the map (thin arrows, red where it hurts), then the chosen one in full: a thick arrow, the
    landing ringed, a ghost of the token there and a badge for what it suffers. Returns the rects it marked
    (the tooltip and name tags keep off them where they can)."""
    enc = ctx.encounter
    marks: list[pygame.Rect] = []
    thin = max(1, round(2 * ctx.zoom))
    for i, (_, p) in enumerate(ways):
        if i == chosen or len(p.push_path) <= 1:
            continue
        a, b = draw.clear_of(ctx.cell_to_screen(p.push_path[0]), ctx.cell_to_screen(p.lands_at),
                             draw.token_disc(ctx, p.target), None)
        draw.arrow(screen, a, b, th.BAD if _hurts(p) else OTHER, thin)
        marks.extend(draw.along(a, b))  # the name tag kept off it (found on giants_lair: it hid the way to the chasm)
        if _hurts(p):
            marks.append(push_words.landing_badge(screen, ctx, ctx.cell_to_screen(p.lands_at), badge_text(p), th.BAD,
                                                  False))
    if not ways:
        return marks
    at, p = ways[chosen]
    v = enc.view(p.target)
    hurt = _hurts(p)
    colour = th.BAD if hurt else th.GOOD
    layer = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    if at is not None:  # the hex the shover steps to first
        pygame.draw.polygon(layer, (*th.ACCENT, 200), ctx.hex_polygon(at), max(2, round(2 * ctx.zoom)))
    land = ctx.cell_to_screen(p.lands_at)
    if len(p.push_path) > 1:
        outline(layer, ctx, p.lands_at, v.radius, colour)
        r = round(ctx.hex_radius() * disc_scale(v.radius))
        end = (round(land[0]), round(land[1]))
        pygame.draw.circle(layer, (*th.faction_colour(v.faction), 90 if not p.falls else 50), end, r)
        pygame.draw.circle(layer, (255, 255, 255, 180), end, r, 2)
    else:  # nowhere to go: the target's own hex in amber
        outline(layer, ctx, p.lands_at, v.radius, th.WARN)
    screen.blit(layer, (0, 0))
    if len(p.push_path) > 1:
        tail, head = draw.clear_of(ctx.cell_to_screen(p.push_path[0]), land, draw.token_disc(ctx, p.target), None)
        draw.arrow(screen, tail, head, th.BAD if hurt else th.ACCENT, max(3, round(4 * ctx.zoom)))
        marks.extend(draw.along(tail, head))
    word = badge_text(p)
    if word:
        # Nowhere to go: the word goes beside the target's own token, as the GM's push puts it (its initials and hp
        # bar, and its neighbours', stay in sight).
        stays = p.target if len(p.push_path) <= 1 and not p.falls else None
        marks.append(push_words.landing_badge(screen, ctx, land, word, th.BAD if hurt else th.WARN, stays=stays))
    r = round(ctx.hex_radius() * 0.6)
    marks.append(pygame.Rect(round(land[0]) - r, round(land[1]) - r, 2 * r, 2 * r))  # the ghost's middle
    return marks
