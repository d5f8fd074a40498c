"""Where a push leaves its target, in the same words for a player's shove (R22) and the GM's push (R12).

The shove preview (``overlays.shove``) and the GM's push preview (``gm.push_preview``) both tell what a push
does before the click: where the token lands, what it suffers there (hazard damage, a fall into the chasm),
what stops it short, and whom it ends beside. One module says it, so the two previews never disagree; and
one function puts the badge on the map (``landing_badge``: "falls", "-3", "stays"), so it sits alike in both.
"""

from __future__ import annotations

import math

from game.render.pg import pygame
from game.rules import EncounterView, Terrain, joined

from .. import theme as th
from ..context import BattleContext
from ..narration import reason_words
from ..theme import Line
from ..tokenart import token_radius_px

Cell = tuple[int, int]
MAX_NAMED = 3  # "beside A, B and C"; a crowd past that is counted ("and 2 more")


def beside(enc: EncounterView, unit: str, at: Cell, moved: tuple[str, Cell] | None = None) -> list[str]:
    """Who ``unit`` would stand next to with its centre on ``at`` (R1: footprints 1 hex apart, R28), in
    initiative order. ``moved``: (a combatant, the hex it would stand on first), for a shover that steps up
    before it shoves (it is beside the target's landing from there, not from where it stands now)."""
    lay = enc.layout
    me = enc.view(unit)
    out = []
    for name in enc.order():
        v = enc.view(name)
        if name == unit or not v.active:
            continue
        centre = moved[1] if moved is not None and moved[0] == name else v.cell
        # Two hex discs are as far apart as their centres, less both radii (R1 on footprints, R26).
        if lay.distance(at, centre) - me.radius - v.radius == 1:
            out.append(name)
    return out


def beside_phrase(names: list[str]) -> str:
    """ "Kell", "Kell and Sigrun", "A, B, C and 2 more"."""
    if len(names) <= MAX_NAMED:
        return joined(names)
    return f"{', '.join(names[:MAX_NAMED])} and {len(names) - MAX_NAMED} more"


def harm_words(hp: int, hazard_damage: int, falls: bool) -> str:
    """What the landing costs the pushed combatant (R12): "falls into the chasm: defeated", "3 hazard damage:
    defeated", "3 hazard damage (3 hp left)", or "" when it costs nothing."""
    if falls:
        return "falls into the chasm: defeated"
    if hazard_damage <= 0:
        return ""
    if hazard_damage >= hp:
        return f"{hazard_damage} hazard damage: defeated"
    return f"{hazard_damage} hazard damage ({hp - hazard_damage} hp left)"


def badge_words(moved: bool, hazard_damage: int, falls: bool, defeated: bool) -> str:
    """The word on a landing's badge on the map: "falls", "-3", "-3 defeated", "stays", or "" for a plain one."""
    if falls:
        return "falls"
    if not moved:
        return "stays"
    if hazard_damage:
        return f"-{hazard_damage}" + (" defeated" if defeated else "")
    return ""


def stopped_words(stopped: str | None) -> str:
    """The engine's clause for what stops a push, as the window writes it (names unquoted)."""
    return reason_words(stopped) if stopped else ""


def without_rule(words: str) -> str:
    """A reason without its rule tag, for a short row: "Sigrun is in the way at 2,6", not "... at 2,6 (R12)"."""
    head, sep, tail = words.rpartition(" (R")
    return head if sep and tail.rstrip(")").isdigit() and words.endswith(")") else words


def ground_words(enc: EncounterView, at: Cell) -> str:
    """ " (water)", " (difficult terrain)": the ground it lands on when that is not plain (found on Miller's Ford:
    an orc shoved into the river, and nothing said it would stand in water, where a walker may not step on).
    Hazards and chasms are told as harm instead."""
    kind = Terrain(int(enc.board.terrain[at[1], at[0]]))
    return f" ({kind.phrase})" if kind in (Terrain.WATER, Terrain.DIFFICULT) else ""


def landing_lines(enc: EncounterView, unit: str, lands_at: Cell, steps: int, hazard_damage: int, falls: bool,
                  *, lead: str, harm_role: str, moved: tuple[str, Cell] | None = None) -> list[Line]:
    """The landing of a push that moves ``unit`` ``steps`` hexes to ``lands_at``: ``lead`` then the hex ("On
    success Goblin 1 is pushed ne to 10,4"), what it suffers there (``harm_role``: "good" for the shover, whose
    foe it hurts; "bad" for the GM, who is told of harm), and whom it ends beside. For a push that moves no
    hex the caller says why (the engine's ``stopped``)."""
    col, row = lands_at
    harm = harm_words(enc.view(unit).hp, hazard_damage, falls)
    if falls:
        return [Line(f"{lead} into the chasm at {col},{row}: falls, defeated (R12)", harm_role, bold=True)]
    lines = [Line(f"{lead} to {col},{row}{ground_words(enc, lands_at)}" + (f": {harm}" if harm else ""),
                  harm_role if harm else "text", bold=bool(harm))]
    near = beside(enc, unit, lands_at, moved)
    if steps > 0 and near and "defeated" not in harm:
        lines.append(Line(f"{unit} ends beside {beside_phrase(near)}", "muted"))
    return lines


# --- the badge on the map ----------------------------------------------------------------------------------
RING_GAP = 9  # px between a token's disc and a badge's words beside it: clear of the turn / selection ring
# A token's initials (or a large one's short name), in disc radii, and its outline in px: what a badge must not
# hide. Measured on the token font: "WW" is 1.35 radii wide, two capitals 0.65 tall, "O12" 1.25 by 0.5.
LABEL_W, LABEL_H, LABEL_PAD = 1.4, 0.7, 4
Box = pygame.Rect


def landing_badge(screen: pygame.Surface, ctx: BattleContext, at: tuple[float, float], word: str,
                  colour: tuple[int, int, int], big: bool = True, stays: str | None = None) -> Box:
    """A word on a push's landing ("falls", "-3", "stays"), white on ``colour``; returns its box. A landing
    badge goes just above the hex's middle ``at`` (the ghost's, whose initials are not drawn). ``stays``: the
    combatant a push leaves where it stands; the badge then goes beside its token, clear of its disc, ring and
    hp bar, and of its neighbours' initials (:func:`stays_spot`; found on giants_lair: "stays" hid the Cave
    Troll's "CT", and then above a goblin it hid the initials of the two standing above it)."""
    size = th.BODY if big else th.SMALL
    surf = th.rendered(word, size, True, (255, 255, 255))
    if stays is None:
        box = surf.get_rect(midbottom=(round(at[0]), round(at[1] - ctx.hex_radius() * 0.35)))
    else:
        box = stays_spot(ctx, stays, surf.get_rect().inflate(8, 4).size).inflate(-8, -4)
    back = box.inflate(8, 4)
    if stays is not None:
        _leader(screen, ctx, stays, back, colour)
    pygame.draw.rect(screen, (12, 12, 16), back.inflate(2, 2), border_radius=4)
    pygame.draw.rect(screen, colour, back, border_radius=4)
    th.text(screen, word, box.topleft, size=size, colour=(255, 255, 255), bold=True)
    return back


def stays_spot(ctx: BattleContext, unit: str, size: tuple[int, int]) -> Box:
    """Where a badge of ``size`` goes beside ``unit``'s token, always clear of the token itself (its disc, ring
    and hp bar): above it, below its hp bar, right, left, at its four corners, then half a hex and a hex out
    all round; the first that is in view, off the panels and clear of every other token's initials
    and hp bar and of their discs, else the nearest clear of their initials and hp bars, else the one hiding
    least of them. Above first, as the token's own badges sit on its rim; near before far, so it reads as
    this token's."""
    enc = ctx.encounter
    v = enc.view(unit)
    cx, cy = ctx.cell_to_screen(v.cell)
    inr = ctx.hex_radius()
    r = token_radius_px(inr, v.radius)
    body = r + 6  # the disc and its turn / selection ring (drawn inward from r + 6)
    hp_bottom = r + 3 + max(4, r // 6)  # the hp bar under it (tokenlayer: r + 2 down, r // 6 tall, a 1 px rim)
    # The backing's edge RING_GAP - 2 out: its words RING_GAP from the disc, as the token's own badges sit.
    spots = _spots(cx, cy, r + RING_GAP - 2, max(body, hp_bottom) + 3, 2 * inr)
    others = []
    for o in enc.views():
        if o.active and o.name != unit:
            (ox, oy), ro = ctx.cell_to_screen(o.cell), token_radius_px(inr, o.radius)
            label = Box(0, 0, round(LABEL_W * ro) + LABEL_PAD, round(LABEL_H * ro) + LABEL_PAD)
            label.center = (round(ox), round(oy))
            others.append(((ox, oy), ro + 7, [label, _hp_bar(ox, oy, ro, ro + 3 + max(4, ro // 6))]))
    view = ctx.view_rect
    # The panels and the action bar as last drawn, and all round the map area. Not ctx.covers: drawn from the
    # map's layer it still held the last frame's marks, this badge among them, and the badge stepped off itself.
    blocked = ctx.panels
    best: tuple[tuple[int, ...], Box] | None = None
    for i, (anchor, (x, y), far) in enumerate(spots):
        box = Box((0, 0), size)
        setattr(box, anchor, (round(x), round(y)))
        hidden = int((view.width > 0 and not view.contains(box)) or box.collidelist(blocked) >= 0)
        own = int(_meets(box, (cx, cy), body) or box.colliderect(_hp_bar(cx, cy, r, hp_bottom)))
        labels = sum(_area(box.clip(part)) for _, _, parts in others for part in parts)
        discs = sum(_meets(box, centre, rad) for centre, rad, _ in others)
        score = (hidden, own, labels, discs if labels == 0 and not far else 1 << 20, i)
        if best is None or score < best[0]:
            best = (score, box)
        if score[:4] == (0, 0, 0, 0):
            break
    assert best is not None
    return best[1]


def _spots(cx: float, cy: float, d: float, below: float, step: float) -> list[tuple[str, tuple[float, float], bool]]:
    """(which point of the badge, at which screen point, far from the token?), in the order tried: ``d`` from the
    centre above, right and left and at the corners, ``below`` under it; then every 30 degrees half a hex and a
    hex (``step``) out from the disc, as the name tag's last spots (tokenlayer)."""
    c = d * math.sqrt(0.5)
    out = [("midbottom", (cx, cy - d), False), ("midtop", (cx, cy + below), False),
           ("midleft", (cx + d, cy), False), ("midright", (cx - d, cy), False),
           ("bottomleft", (cx + c, cy - c), False), ("bottomright", (cx - c, cy - c), False),
           ("topleft", (cx + c, cy + c), False), ("topright", (cx - c, cy + c), False)]
    for far in (d + step / 2, d + step):
        for k in range(12):
            dx, dy = math.cos(math.pi * k / 6), -math.sin(math.pi * k / 6)
            row = "bottom" if dy < -0.3 else "top" if dy > 0.3 else "mid"
            col = "left" if dx > 0.3 else "right" if dx < -0.3 else ""
            anchor = f"mid{row}" if not col else f"mid{col}" if row == "mid" else f"{row}{col}"  # its near side
            out.append((anchor, (cx + dx * far, cy + dy * far), True))
    return out


def _area(r: Box) -> int:
    return r.width * r.height


def _leader(screen: pygame.Surface, ctx: BattleContext, unit: str, back: Box, colour: tuple[int, int, int]) -> None:
    """A line from ``unit``'s ring to its badge ``back`` when the badge had to go out from the ring (a crowd
    round it at a far zoom): without it the badge read as the neighbour's it sat beside."""
    v = ctx.encounter.view(unit)
    cx, cy = ctx.cell_to_screen(v.cell)
    ring = token_radius_px(ctx.hex_radius(), v.radius) + 7
    nx, ny = min(max(cx, back.left), back.right), min(max(cy, back.top), back.bottom)
    gap = math.hypot(nx - cx, ny - cy)
    if gap < ring + 4:
        return  # it touches the ring: plainly this token's
    start = (cx + (nx - cx) * ring / gap, cy + (ny - cy) * ring / gap)
    pygame.draw.line(screen, (12, 12, 16), start, (nx, ny), 4)
    pygame.draw.line(screen, colour, start, (nx, ny), 2)


def _meets(box: Box, centre: tuple[float, float], radius: float) -> bool:
    """Whether ``box`` reaches into the disc of ``radius`` about ``centre``."""
    nx = min(max(centre[0], box.left), box.right)
    ny = min(max(centre[1], box.top), box.bottom)
    return math.hypot(nx - centre[0], ny - centre[1]) < radius


def _hp_bar(cx: float, cy: float, r: int, bottom: int) -> Box:
    w = max(16, int(r * 1.6)) + 2
    bar = Box(0, 0, w, bottom - r)
    bar.midbottom = (round(cx), round(cy + bottom))
    return bar
