"""Tokens drawn every frame over the cached map: position (animated), facing, hp bar, status, hover name.

What a token shows, at 100 % zoom:
- its faction-and-size sprite (assets/tokens, tools/make_tokens.py) scaled to the zoom, with initials,
  a facing wedge, its side's shape on a chip at the rim (disc, square, diamond, ring: game.render.marks) and a
  flying / swimming badge (game.ui.tokenart: scaled and composed once per zoom step);
- an hp bar under it (green / amber / red);
- markers: a thin red ring = threatening (R8), an amber "stop" octagon = zone of control exhausted
  this turn (R9), a blue double arrow = disengaged (R23), a grey tick = has acted this round;
- rings: gold = the current actor, white = selected, cyan = highlighted from the initiative tracker;
- its name in a tag above it while hovered (a line to it when the tag stands off it: game.ui.leader); a large or
  giant creature tints its whole footprint (R26).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from game.render.marks import chip_angle, chip_centre, chip_radius
from game.render.pg import pygame
from game.render.style import FACTION_STYLE, font, hp_colour
from game.render.tokens import initials
from game.rules import EncounterView

from .context import BattleContext
from .drawn import Drawn
from .leader import Segment, crosses, draw_leader, leader_segment
from .tokenart import TokenArt, movement_discs, token_radius_px, wedge_disc

_ART: TokenArt | None = None


def shared_art() -> TokenArt:
    """The token pictures every battle in this process shares (the sprites load once)."""
    global _ART
    if _ART is None:
        _ART = TokenArt()
    return _ART


Cell = tuple[int, int]


@dataclass
class TokenState:
    """What the screen shows of one combatant right now (animations move it away from the encounter's state)."""

    name: str
    faction: str
    cell: Cell
    radius: int  # footprint radius (R26)
    facing: int
    hp: int
    hp_max: int
    pos: tuple[float, float] | None = None  # map pixels while animating; None = the cell's centre
    alpha: float = 1.0  # fading in/out
    scale: float = 1.0  # falling into a chasm shrinks it
    flash: float = 0.0  # 0..1 red hit flash
    threatening: bool = False
    zoc_exhausted: bool = False
    disengaged: bool = False
    acted: bool = False
    movement: str = "ground"  # ground, flying, swimming: the badge on the token

    def copy(self) -> TokenState:
        return replace(self)


def states_from(ctx: BattleContext) -> dict[str, TokenState]:
    """Tokens for every combatant still on the board, as the encounter stands now."""
    enc = ctx.encounter
    out: dict[str, TokenState] = {}
    acted = acted_this_round(enc)
    for v in enc.views():
        if not v.active:
            continue
        out[v.name] = TokenState(
            v.name, v.faction, v.cell, v.radius, v.facing_index, v.hp, v.hp_max,
            threatening=v.threatening, zoc_exhausted=v.zoc_exhausted, disengaged=bool(v.disengaged_from),
            acted=v.name in acted, movement=str(getattr(v, "movement_type", "ground")),
        )
    return out


def acted_this_round(enc: EncounterView) -> set[str]:
    """Who has had their turn this round: everyone before the current actor in the order (R14)."""
    turn = enc.turn
    order = list(enc.order()) if turn is not None else []
    if turn not in order:
        return set()
    done = set(order[: order.index(turn)])
    if getattr(enc, "acted", False):
        done.add(turn)
    return done


def _angle(ctx: BattleContext, cell: Cell, facing: int) -> int:
    geo = ctx.geometry
    ax, ay = geo.cell_center(cell)
    bx, by = geo.cell_center(ctx.encounter.layout.neighbor(cell, facing))
    return round(math.degrees(math.atan2(by - ay, bx - ax)))


def draw_tokens(screen: pygame.Surface, ctx: BattleContext, tokens: dict[str, TokenState],
                art: TokenArt | None = None, tag: bool = True) -> pygame.Rect | None:
    """Every token, and the hovered one's name tag (its rectangle is returned; None: no tag). ``tag=False``
    leaves the tag to :func:`draw_name_tag`, for a caller that draws it above what goes over the tokens."""
    art = art or shared_art()
    inr = ctx.hex_radius()
    turn = ctx.encounter.turn
    ordered = sorted(tokens.values(), key=lambda t: (t.pos or ctx.geometry.cell_center(t.cell))[1])
    for tok in ordered:
        if tok.radius > 0:
            _footprint(screen, ctx, tok)
    for tok in ordered:
        _token(screen, ctx, art, tok, inr, ring=_ring(ctx, tok, turn))
    return draw_name_tag(screen, ctx, tokens) if tag else None


@dataclass(frozen=True)
class NameTag:
    """A name tag as drawn: its rectangle, and its leader line (tag edge to its token's rim; None: it hugs)."""

    rect: pygame.Rect
    leader: Segment | None


def draw_name_tag(screen: pygame.Surface, ctx: BattleContext, tokens: dict[str, TokenState]) -> pygame.Rect | None:
    """The hovered (or highlighted) token's name tag; its rectangle, None when nobody is hovered."""
    tag = draw_name_tag_leader(screen, ctx, tokens)
    return tag.rect if tag is not None else None


def draw_name_tag_leader(screen: pygame.Surface, ctx: BattleContext,
                         tokens: dict[str, TokenState]) -> NameTag | None:
    """:func:`draw_name_tag`, telling its leader line too (None when nobody is hovered)."""
    hovered = ctx.hovered_unit or ctx.highlight
    if hovered in tokens:
        return _name_tag(screen, ctx, tokens, tokens[hovered], ctx.hex_radius())
    return None


def _ring(ctx: BattleContext, tok: TokenState, turn: str | None) -> tuple[int, int, int] | None:
    if tok.name == ctx.highlight:
        return (90, 230, 255)
    if tok.name == turn:
        return (255, 206, 64)
    if tok.name == ctx.selected:
        return (255, 255, 255)
    return None


def _centre(ctx: BattleContext, tok: TokenState) -> tuple[float, float]:
    return ctx.to_screen(*(tok.pos or ctx.geometry.cell_center(tok.cell)))


def _token(screen: pygame.Surface, ctx: BattleContext, art: TokenArt, tok: TokenState, inr: float,
           ring: tuple[int, int, int] | None) -> None:
    full = token_radius_px(inr, tok.radius)
    r_px = max(4, round(full * tok.scale))
    cx, cy = _centre(ctx, tok)
    if cx < -3 * r_px or cy < -3 * r_px or cx > screen.get_width() + 3 * r_px or cy > screen.get_height() + 3 * r_px:
        return
    label = tok.name if tok.radius > 0 and len(tok.name) <= 6 else initials(tok.name)
    # Composed once per zoom step; only a token shrinking into a chasm is rescaled frame by frame.
    angle = _angle(ctx, tok.cell, tok.facing)
    sprite = art.token(tok.faction, tok.radius, label, angle, full, tok.movement, zoom_key=ctx.zoom_index,
                       chip_deg=chip_spot(tok, full, angle))
    if r_px != full:
        side = max(1, round(sprite.get_width() * r_px / full))
        sprite = pygame.transform.smoothscale(sprite, (side, side))
    if tok.threatening:
        pygame.draw.circle(screen, (210, 40, 30), (cx, cy), r_px + 3, 2)
    if ring is not None:
        pygame.draw.circle(screen, ring, (cx, cy), r_px + 6, 3)
    if tok.alpha < 1.0 or tok.flash > 0:
        sprite = sprite.copy()
        if tok.flash > 0:
            sprite.fill((int(200 * tok.flash), 0, 0, 0), special_flags=pygame.BLEND_RGBA_ADD)
        if tok.alpha < 1.0:
            sprite.set_alpha(round(255 * max(tok.alpha, 0.0)))
    screen.blit(sprite, sprite.get_rect(center=(round(cx), round(cy))))
    if tok.alpha < 0.99:
        return
    _hp_bar(screen, cx, cy + r_px + 2, r_px, tok.hp, tok.hp_max)
    for kind, at, r in _badges(tok, cx, cy, r_px):
        BADGES[kind](screen, at, r)


def _badges(tok: TokenState, cx: float, cy: float, r_px: int) -> list[tuple[str, tuple[float, float], float]]:
    """The status markers round a token's disc: (which, centre, radius); drawn and measured from here."""
    return _status_marks(tok.zoc_exhausted, tok.disengaged, tok.acted, cx, cy, r_px)


def _status_marks(stop: bool, disengaged: bool, acted: bool, cx: float, cy: float, r_px: int
                  ) -> list[tuple[str, tuple[float, float], float]]:
    bx, by = cx + r_px * 0.72, cy - r_px * 0.72
    out: list[tuple[str, tuple[float, float], float]] = []
    if stop:
        out.append(("stop", (bx, by), max(6, r_px * 0.32)))
    if disengaged:
        out.append(("disengaged", (cx - r_px * 0.72, by), max(6, r_px * 0.32)))
    if acted:
        out.append(("acted", (bx, cy + r_px * 0.55), max(6, r_px * 0.3)))
    return out


def chip_spot(tok: TokenState, r_px: int, angle: int) -> int:
    """Where ``tok``'s side chip sits on the rim of its disc of radius ``r_px`` facing ``angle``: the first free
    spot (game.render.marks.chip_angle) clear of its wedge, its flying / swimming badge, the status markers it
    shows now and its hp bar, so a marker coming up may move it."""
    return _chip_deg(tok.movement, tok.zoc_exhausted, tok.disengaged, tok.acted, r_px, angle)


@lru_cache(maxsize=4096)  # asked for every token in every frame, and by every tooltip's placing: a look repeats
def _chip_deg(movement: str, stop: bool, disengaged: bool, acted: bool, r_px: int, angle: int) -> int:
    status = tuple((x, y, r) for _, (x, y), r in _status_marks(stop, disengaged, acted, 0, 0, r_px))
    bar = _hp_bar_rect(0, r_px + 2, r_px).inflate(2, 2)
    return chip_angle(angle, r_px, movement_discs(movement, r_px, angle) + status,
                      ((bar.left, bar.top, bar.right, bar.bottom),))


def chip_disc(ctx: BattleContext, tok: TokenState) -> tuple[float, float, float]:
    """``tok``'s side chip on screen as drawn (centre x, y, radius): for a tooltip or a name tag to keep clear of."""
    full = token_radius_px(ctx.hex_radius(), tok.radius)
    return _chip_at(tok, full, _centre(ctx, tok), _angle(ctx, tok.cell, tok.facing))


def _chip_at(tok: TokenState, full: int, centre: tuple[float, float], angle: int) -> tuple[float, float, float]:
    """The chip of ``tok`` (disc radius ``full`` at rest) drawn at ``centre`` facing ``angle``."""
    r_px = max(4, round(full * tok.scale))
    return (*chip_centre(centre[0], centre[1], r_px, chip_spot(tok, full, angle)), float(chip_radius(r_px)))


def _hp_bar_rect(cx: float, top: float, r_px: int) -> pygame.Rect:
    """The hp bar's coloured part under a disc of radius ``r_px`` (its dark edge is a pixel wider all round)."""
    rect = pygame.Rect(0, 0, max(16, int(r_px * 1.6)), max(4, r_px // 6))
    rect.midtop = (round(cx), round(top))
    return rect


def _hp_bar(screen: pygame.Surface, cx: float, top: float, r_px: int, hp: int, hp_max: int) -> None:
    rect = _hp_bar_rect(cx, top, r_px)
    w, h = rect.size
    pygame.draw.rect(screen, (16, 16, 20), rect.inflate(2, 2))
    frac = max(0.0, min(1.0, hp / hp_max if hp_max else 0.0))
    if frac > 0:
        pygame.draw.rect(screen, hp_colour(frac), (rect.x, rect.y, max(1, round(w * frac)), h))


def stop_badge(screen: pygame.Surface, c: tuple[float, float], r: float) -> None:
    pts = [(c[0] + r * math.cos(math.radians(22.5 + 45 * i)), c[1] + r * math.sin(math.radians(22.5 + 45 * i)))
           for i in range(8)]
    pygame.draw.polygon(screen, (230, 140, 20), pts)
    pygame.draw.polygon(screen, (60, 30, 0), pts, 1)
    pygame.draw.line(screen, (255, 255, 255), (c[0] - r * 0.5, c[1]), (c[0] + r * 0.5, c[1]), max(1, int(r / 3)))


def disengage_badge(screen: pygame.Surface, c: tuple[float, float], r: float) -> None:
    pygame.draw.circle(screen, (40, 110, 220), c, r)
    pygame.draw.circle(screen, (10, 30, 70), c, r, 1)
    y = c[1]
    pygame.draw.line(screen, (255, 255, 255), (c[0] - r * 0.6, y), (c[0] + r * 0.6, y), max(1, int(r / 4)))
    for s in (-1, 1):
        tip = c[0] + s * r * 0.65
        pygame.draw.line(screen, (255, 255, 255), (tip, y), (tip - s * r * 0.35, y - r * 0.3), max(1, int(r / 4)))
        pygame.draw.line(screen, (255, 255, 255), (tip, y), (tip - s * r * 0.35, y + r * 0.3), max(1, int(r / 4)))


def tick_badge(screen: pygame.Surface, c: tuple[float, float], r: float) -> None:
    pygame.draw.circle(screen, (90, 94, 104), c, r)
    pygame.draw.lines(screen, (240, 240, 240), False,
                      [(c[0] - r * 0.5, c[1]), (c[0] - r * 0.1, c[1] + r * 0.4), (c[0] + r * 0.55, c[1] - r * 0.45)],
                      max(1, int(r / 3.5)))


BADGES = {"stop": stop_badge, "disengaged": disengage_badge, "acted": tick_badge}


def token_shape(ctx: BattleContext, tok: TokenState) -> Drawn:
    """What :func:`_token` draws of ``tok`` on screen, from the same numbers: its disc (out to the outermost
    ring round it: threat, actor, selected), the initials or short name inside it, the facing wedge's point
    outside it, the side chip on its rim, its hp bar with the bar's dark edge, and its status badges. A tooltip
    weighs how much of this it hides (theme.place_beside)."""
    full = token_radius_px(ctx.hex_radius(), tok.radius)
    r_px = max(4, round(full * tok.scale))
    cx, cy = _centre(ctx, tok)
    outer = float(r_px)
    if tok.threatening:
        outer = r_px + 3.0
    if _ring(ctx, tok, ctx.encounter.turn) is not None:
        outer = r_px + 6.0
    bar = _hp_bar_rect(cx, cy + r_px + 2, r_px).inflate(2, 2)
    badges = tuple((at[0], at[1], r) for _, at, r in _badges(tok, cx, cy, r_px))
    angle = _angle(ctx, tok.cell, tok.facing)
    wedge = wedge_disc(cx, cy, r_px, angle)
    # The chip from the numbers above, not chip_disc's own: tooltips weigh every token's shape at every spot
    # they try (twice the frame's cost on a 64x64 battle, tools/bench_frames.py, when each chip was worked out anew).
    return Drawn(discs=((cx, cy, outer), wedge, _chip_at(tok, full, (cx, cy), angle), *badges), rects=(bar,))


def token_shapes(ctx: BattleContext) -> dict[str, Drawn]:
    """Every token on the board as drawn (where the encounter has it: a tip is placed once the token stands).

    Each shape is kept while its token, the camera, the map's geometry and its ring are as they were: asked for
    three times a frame (the tooltips, V's box, the name tag), working them all out anew was a tenth of a frame
    on the 64x64 benchmark map (tools/bench_frames.py)."""
    memo = ctx.shape_memo
    turn = ctx.encounter.turn
    view = (ctx.to_screen(0.0, 0.0), ctx.hex_radius(), turn)
    out: dict[str, Drawn] = {}
    for name, tok in states_from(ctx).items():
        key = (tok, view, _ring(ctx, tok, turn))
        was = memo.get(name)
        if was is not None and was[0] is ctx.geometry and was[1] == key:
            out[name] = was[2]
        else:
            out[name] = token_shape(ctx, tok)
            memo[name] = (ctx.geometry, key, out[name])
    return out


def _footprint(screen: pygame.Surface, ctx: BattleContext, tok: TokenState) -> None:
    style = FACTION_STYLE.get(tok.faction, FACTION_STYLE["neutral"])
    cells = ctx.encounter.layout.disc(tok.cell, tok.radius)
    polys = [ctx.hex_polygon(c) for c in cells]
    xs = [p[0] for poly in polys for p in poly]
    ys = [p[1] for poly in polys for p in poly]
    x0, y0 = int(min(xs)) - 2, int(min(ys)) - 2
    w, h = int(max(xs)) - x0 + 3, int(max(ys)) - y0 + 3
    if w <= 0 or h <= 0 or w > 4 * screen.get_width():
        return
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    a = round(70 * tok.alpha)
    for poly in polys:
        local = [(x - x0, y - y0) for x, y in poly]
        pygame.draw.polygon(layer, (*style.fill, a), local)
        pygame.draw.lines(layer, (*style.rim, round(160 * tok.alpha)), True, local, 1)
    screen.blit(layer, (x0, y0))


def _name_tag(screen: pygame.Surface, ctx: BattleContext, tokens: dict[str, TokenState], tok: TokenState,
              inr: float) -> NameTag:
    """The hovered token's name and hp, clear of its facing arcs' labels, in view and clear of the panels, and
    where it covers the fewest other tokens: first just above, below or beside its body, then a hex out from it
    (no further than its facing-arc ring) above, else below, beside, or at a corner (the first that is clear), and
    where all of those cover someone, up to two hexes out. Where every spot covers someone, the one over the fewest
    token centres, then the least of their area; never over its own initials. A tag that does not hug its disc
    gets a leader line to it, preferably one over no other token."""
    f = font(20, bold=True)
    text = f.render(f"{tok.name}  {max(tok.hp, 0)}/{tok.hp_max}", True, (255, 255, 255))
    bg = text.get_rect().inflate(12, 6)
    cx, cy = _centre(ctx, tok)
    ring = 2 * inr * (tok.radius + 1.45) + 2  # the facing arcs' outer edge (overlays.arcs)
    others = [_disc_rect(ctx, t, inr) for t in tokens.values() if t.name != tok.name and t.alpha > 0]
    view = ctx.view_rect if ctx.view_rect.width > 0 else screen.get_rect()
    best: tuple[tuple[int, ...], pygame.Rect, Segment | None] | None = None
    r = token_radius_px(inr, tok.radius)
    bar = _hp_bar_rect(cx, cy + r + 2, r)
    near: list[tuple[tuple[float, float], float]] = [
        (_centre(ctx, t), token_radius_px(inr, t.radius)) for t in tokens.values()
        if t.name != tok.name and t.alpha > 0]
    # Its side chip: the spot just above the disc stood on a big token's chip (Grundvald's, giants_lair), for the
    # tag was placed by the disc's edge alone; token_shape weighs the chip for a tooltip, and so does the tag.
    hx, hy, hr = chip_disc(ctx, tok)
    chip = pygame.Rect(math.floor(hx - hr - 1), math.floor(hy - hr - 1), math.ceil(2 * hr + 3), math.ceil(2 * hr + 3))
    # Its own face: the middle of its disc, where its initials are (a tag over its rim or the foot of its disc
    # still leaves them in sight).
    face = pygame.Rect(round(cx - r * 0.4), round(cy - r * 0.4), round(r * 0.8), round(r * 0.8))
    for i, (anchor, at) in enumerate(_tag_spots(cx, cy, ring, r, tok.radius, 2 * inr)):
        rect = bg.copy()
        setattr(rect, anchor, at)
        rect = off_chip(rect, chip, anchor, (cx, cy))
        own = tag_gap(rect, (cx, cy), r)
        if own > tag_reach(inr, TAG_FAR) or rect.colliderect(face):
            continue  # never over its own initials; two hexes off, even its leader line reads as a stranger's
        # More than a hex off it reads as whatever stands by it: taken only where every spot within a hex covers
        # another token or a label.
        far = own > tag_reach(inr)
        # Beside another token more than its own: "Fenn 10/10" above Captain Vessa (Harrow Keep, GM, 1280x800).
        # Taken only where every other spot clear of the tokens and labels is too (found there, for covering a
        # token hides more than a tag a little off: Charcoal Burner 1's in a gap between neighbours at 800x560).
        nearer_other = any(tag_gap(rect, c, rr) < own for c, rr in near)
        stray = own > 2 * inr * TAG_HUG and nearer_other
        # Off its body, or nearer another's disc: a callout line to its own rim says whose it is ("Bandit 3  9/9"
        # right under the Bandit Chief, the Greenway at 1280x800); one that runs over another token points at it
        # as much, so a spot whose line crosses none is better. Right under its own hp bar it hugs the body (a
        # giant's bar is thick: Grundvald's tag there got a stub of a line over his bar, on giants_lair).
        hugs = min(own, _rect_gap(rect, bar)) <= 2 * inr * TAG_HUG
        leader = leader_segment(rect, (cx, cy), r) if not hugs or nearer_other else None
        crossing = leader is not None and crosses(leader, [(x, y, rr) for (x, y), rr in near])
        inside = view.contains(rect) and rect.collidelist(ctx.panels) < 0  # "Sergeant Hale" ran under the tracker
        covered = sum(_overlap(rect, o) for o in others)
        # Where every spot covers someone, a token's centre (its initials) hidden is worse than an edge of one.
        centres = sum(rect.collidepoint(o.center) for o in others) if covered else 0
        hides_label = any(rect.colliderect(k) for k in ctx.keep_clear) or rect.colliderect(chip)  # "rear −4"
        # Another token under the tag is as bad as a hidden label: on giants_lair at 960x600 "Wynn 10/10" sat on
        # Astrid (the panel above, arc labels either side), the nearest spots tried first and none further out.
        score = (0 if inside else 1, int(hides_label or covered > 0), int(hides_label), centres, covered, int(far),
                 int(stray), int(crossing), i)
        if best is None or score < best[0]:
            best = (score, rect, leader)
        if inside and not covered and not hides_label and not stray and not crossing and not far:
            break
    assert best is not None
    _, rect, leader = best
    style = FACTION_STYLE.get(tok.faction, FACTION_STYLE["neutral"])
    if leader is not None:
        # Under the tag, over the map; left out over other tokens (ring and hp bar) and the labels kept clear.
        # ...and its own status badges: Bandit 3's "stop" octagon sat on its rim right where the line met it.
        badges = [(bx, by, br + 1) for t in tokens.values() if t.alpha > 0
                  for _, (bx, by), br in _badges(t, *_centre(ctx, t), token_radius_px(inr, t.radius))]
        skip = [(x, y, rr + 3) for (x, y), rr in near] + badges
        bars = [_hp_bar_rect(x, y + rr + 2, round(rr)).inflate(2, 2) for (x, y), rr in [*near, ((cx, cy), r)]]
        # Under the arcs' labels' letters (a box-shaped gap round "left −2" read as a broken line), round the
        # rest of what is kept clear (an attack arrow).
        labels = [rect for _, rect in ctx.label_art]
        clear = [k for k in ctx.keep_clear if k not in labels]
        draw_leader(screen, leader, style.fill, skip, [*clear, *bars], over=ctx.label_art)
    pygame.draw.rect(screen, (16, 18, 24), rect, border_radius=6)
    pygame.draw.rect(screen, style.fill, rect, 2, border_radius=6)
    screen.blit(text, text.get_rect(center=rect.center))
    return NameTag(pygame.Rect(rect), leader)


TAG_REACH = 1.0  # how far (in hexes) a name tag may stand off its token's disc: past that it reads as a neighbour's
TAG_HUG = 0.3  # a tag this close (in hexes) to its token's disc reads as its own whoever stands by (else: nearer
# its own disc than any other's, where a spot clear of the tokens allows)


TAG_FAR = 2.0  # how far (in hexes) a tag with its leader line may stand off, where every nearer spot covers someone


def tag_reach(inr: float, hexes: float = TAG_REACH) -> float:
    """``hexes`` (:data:`TAG_REACH` unless said) on screen (px), for a hex of inradius ``inr``: with 5 % to spare,
    for a spot off a corner of the ring a hex out (tokenlayer.TAG_SPOTS, 0.72 of the way both ways) lies 2 % past
    it, and a pixel's rounding."""
    return 2 * inr * hexes * 1.05 + 1


def tag_gap(rect: pygame.Rect, centre: tuple[float, float], r: float) -> float:
    """How far (px) the nearest point of a tag at ``rect`` lies outside a disc of radius ``r`` at ``centre``."""
    x, y = centre
    dx = max(rect.left - x, 0, x - rect.right)
    dy = max(rect.top - y, 0, y - rect.bottom)
    return max(0.0, math.hypot(dx, dy) - r)


def off_chip(rect: pygame.Rect, chip: pygame.Rect, anchor: str, centre: tuple[float, float]) -> pygame.Rect:
    """A name tag at ``rect`` moved just off its token's side chip (2 px clear), away from the token's centre:
    sideways for a tag beside the token (``anchor`` midleft / midright), else up or down. Unmoved when clear.
    Fenn's tag pulled in over his rim at the left (fortress_assault) would sit on his 9 o'clock chip."""
    if not rect.colliderect(chip):
        return rect
    out = rect.copy()
    if anchor in ("midleft", "midright"):
        if out.centerx < centre[0]:
            out.right = chip.left - 2
        else:
            out.left = chip.right + 2
    elif out.centery < centre[1]:
        out.bottom = chip.top - 2
    else:
        out.top = chip.bottom + 2
    return out


def _tag_spots(cx: float, cy: float, ring: float, r: int, footprint: int,
               step: float) -> list[tuple[str, tuple[int, int]]]:
    """Where the name tag may go, in order: (which point of the tag, at which screen point); ``step``: a hex
    across on screen. First hugging the token's body (above its disc, below its hp bar, beside it), then a hex
    out from its disc's edge, at most its facing-arc ring. Found on giants_lair: every tag went outside the arcs'
    ring, a hex and more from the disc ("Wynn 10/10" 138 px above her at the closest zoom, "Grundvald 32/32"
    159 px to his left at 800x560, crowded round), and read as another token's; where the body has room, a tag
    beside it covers no token and no arc label either."""
    above, below = round(cy - r - 9), round(cy + r + 6 + max(4, r // 6))
    near = [("midbottom", (round(cx), above)), ("midtop", (round(cx), below)),
            ("midleft", (round(cx + r + 10), round(cy))), ("midright", (round(cx - r - 10), round(cy)))]
    if footprint > 0:
        # ...then slid along the top and the bottom, its end over the body's middle (a panel or a neighbour
        # stands over one end: on giants_lair at 800x560 the tracker and the Cave Troll above Grundvald)
        near += [(anchor, (round(cx), y)) for y, ends in ((above, ("bottomleft", "bottomright")),
                                                         (below, ("topleft", "topright"))) for anchor in ends]
        # ...then across the foot of its own disc, above its hp bar, where a neighbour, a panel or an arc's label
        # stands on every side (its initials stay in sight above)
        near.append(("midbottom", (round(cx), round(cy + r - 2))))
    # ...then beside it, pulled in over the rim of its own disc (its initials still in sight): a panel's edge or a
    # neighbour a few px too close to the plain beside spots (Fenn between Militia, Sir Bram, Captain Vessa and the
    # GM card at Harrow Keep, 1280x800)
    near += [("midleft", (round(cx + r * 0.55), round(cy))), ("midright", (round(cx - r * 0.55), round(cy)))]
    out = min(ring, r + step)
    spots = near + [(anchor, (round(cx + dx * out), round(cy + dy * out))) for anchor, dx, dy in TAG_SPOTS]
    # Last, every 30 degrees half a hex and a hex from its disc: a crowded token's tag in a gap between its
    # neighbours reads as its own better than one over a neighbour's disc (tried only when the spots above are taken).
    for d in (r + step / 2, r + step):
        for k in range(12):
            dx, dy = math.cos(math.pi * k / 6), -math.sin(math.pi * k / 6)
            anchor = _ANCHOR[(0 if dy < -0.3 else 2 if dy > 0.3 else 1, 0 if dx > 0.3 else 2 if dx < -0.3 else 1)]
            spots.append((anchor, (round(cx + dx * d), round(cy + dy * d))))
    # Last of all, further out: a hex and a half and two hexes from its disc, every 30 degrees and slid along the
    # top and the bottom. Where every spot within a hex covers someone (a token ringed by its neighbours), a tag in
    # a gap of the next ring, with its leader line, hides no one: "Captain Vessa 15/15" sat on Fenn with Do, Mi,
    # Fe, SB, IL, P1 and P2 round her (Harrow Keep, 1280x800), where 1.5 hexes up and right was clear.
    for d in (r + 1.5 * step, r + 2 * step):
        for k in range(12):
            dx, dy = math.cos(math.pi * k / 6), -math.sin(math.pi * k / 6)
            anchor = _ANCHOR[(0 if dy < -0.3 else 2 if dy > 0.3 else 1, 0 if dx > 0.3 else 2 if dx < -0.3 else 1)]
            spots.append((anchor, (round(cx + dx * d), round(cy + dy * d))))
        spots += [(anchor, (round(cx), round(cy + sign * d))) for sign, ends in ((-1, ("bottomleft", "bottomright")),
                                                                               (1, ("topleft", "topright")))
                  for anchor in ends]
    return spots


# The point of the tag that faces its token, by (above / level / below, right / level / left of the token).
_ANCHOR = {(0, 0): "bottomleft", (0, 1): "midbottom", (0, 2): "bottomright", (1, 0): "midleft", (1, 2): "midright",
           (2, 0): "topleft", (2, 1): "midtop", (2, 2): "topright"}


# (which point of the tag, direction from the token's centre in units of the arc ring's radius)
TAG_SPOTS = (("midbottom", 0, -1), ("midtop", 0, 1), ("midleft", 1, 0), ("midright", -1, 0),
             ("bottomleft", 0.72, -0.72), ("bottomright", -0.72, -0.72), ("topleft", 0.72, 0.72),
             ("topright", -0.72, 0.72))


def _disc_rect(ctx: BattleContext, tok: TokenState, inr: float) -> pygame.Rect:
    """A token's disc with its ring and hp bar, on screen."""
    cx, cy = _centre(ctx, tok)
    r = token_radius_px(inr, tok.radius) + 7
    return pygame.Rect(round(cx - r), round(cy - r), 2 * r, 2 * r + 6)


def _rect_gap(a: pygame.Rect, b: pygame.Rect) -> float:
    """How far (px) apart two rectangles are (0 when they touch or overlap)."""
    dx = max(b.left - a.right, 0, a.left - b.right)
    dy = max(b.top - a.bottom, 0, a.top - b.bottom)
    return math.hypot(dx, dy)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.width * c.height
