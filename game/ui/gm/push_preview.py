"""The GM's push, aimed: while the pointer rests on a push direction of the GM card, the map shows what the
click would do, from the engine's ``preview_push`` (R12), as the shove preview shows its push.

- the push arrow from where the token stands to where it would land (amber; red when it would take hazard
  damage or fall), the landing hex outlined green and a ghost of the token there, as a dragged token's
  landing is shown in setup;
- whatever stops it short (a combatant, blocked terrain, a chasm a large creature is never pushed onto) has
  its hex outlined red;
- the shove preview's badge on the landing ("falls", "-3"), or "stays" beside a token that goes nowhere, off
  it and off its neighbours' initials, by the same function (``push_words.landing_badge``);
- a tooltip just outside the card, level with the direction pointed at: the push, where it ends, and the
  engine's words for what stops it ("cannot be pushed w: Orc 1 is in the way at 3,2 (R12)"), or its
  refusal; where it lands, what it suffers there and whom it ends beside, in the shove preview's words.

The marks are the map's: they stay out from under the panels and the action bar drawn before them.
"""

from __future__ import annotations

from game.render.pg import pygame
from game.render.tokens import disc_scale
from game.rules import EncounterView, PushPreview, side_words

from .. import narration
from .. import theme as th
from ..context import BattleContext
from ..overlays import draw, push_words, shove


def push_lines(enc: EncounterView, p: PushPreview) -> list[th.Line]:
    """The tooltip of a push aimed at: what it is, then where it lands and what it suffers there, in the words
    of the shove preview (overlays.push_words: the two never disagree), or why it does not go."""
    hexes = "hex" if p.distance == 1 else "hexes"
    way = side_words(p.direction)  # "south-west", not the action's token "sw" (R2)
    # Wrapped to the short box as the rows under it: with the side spelt out "push Charcoal Burner 1 1 hex
    # north-east" made the tip 337 px wide on the Greenway.
    # Capitalised as every other tip's head ("Cannot move to 10,9", "Shove Goblin 1: ..."): "push Wynn 1 hex
    # south-west" stood out lower-case on giants_lair.
    head = [th.Line(t, "accent", bold=True) for t in th.wrap(f"Push {p.unit} {p.distance} {hexes} {way}", WIDTH,
                                                             th.BODY, True)]
    if p.legal is not None:
        return [*head, *_rows(narration.refusal(p.legal), "bad")]
    if p.steps == 0:
        return [*head, *_rows(f"cannot be pushed {way}: {push_words.stopped_words(p.stopped)}", "bad")]
    # The landing, what stops it short and whom it ends beside, each wrapped to the short box: at zoom 0.8 on
    # the ambush a tip up to 552 px wide covered both bandits.
    land, *near = push_words.landing_lines(enc, p.unit, p.lands_at, p.steps, p.hazard_damage, p.falls,
                                           lead=f"{p.unit} is pushed {way}", harm_role="bad")
    # The shove preview's words, wrapped to the short box ("Bandit Archer 2 is pushed se into the chasm at ..."
    # made it 470 px wide on one row).
    lines = [*head, *[th.Line(t, land.role, bold=land.bold) for t in th.wrap(land.text, WIDTH, th.BODY, land.bold)]]
    if p.stopped is not None:
        lines += _rows(f"stops after {p.steps} of {p.distance}: {push_words.stopped_words(p.stopped)}", "warn")
    return lines + [r for ln in near for r in _rows(ln.text, ln.role)]


WIDTH = 300  # px of text: the push's tip stays about 320 px wide, as the attack preview's


def _rows(text: str, role: str) -> list[th.Line]:
    return [th.Line(t, role, size=th.SMALL) for t in th.wrap(text, WIDTH, th.SMALL)]


def draw_push(screen: pygame.Surface, ctx: BattleContext, p: PushPreview) -> list[pygame.Rect]:
    """The marks of ``p`` on the map; returns the hexes they mark (its tooltip keeps off them where it can)."""
    enc = ctx.encounter
    v = enc.view(p.unit)
    layer = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    marked = [ctx.hex_rect(c) for c in p.path]
    if p.stopped_at is not None and enc.board.is_on_map(p.stopped_at):
        pygame.draw.polygon(layer, th.BAD, ctx.hex_polygon(p.stopped_at), 3)
        marked.append(ctx.hex_rect(p.stopped_at))
    if p.legal is None and p.steps > 0:
        hurt = p.falls or p.hazard_damage > 0
        pts = [ctx.cell_to_screen(c) for c in p.path]
        shove.outline(layer, ctx, p.lands_at, v.radius, th.BAD if hurt else th.GOOD)  # as the shove's
        r = round(ctx.hex_radius() * disc_scale(v.radius))
        end = (round(pts[-1][0]), round(pts[-1][1]))
        pygame.draw.circle(layer, (*th.faction_colour(v.faction), 110), end, r)
        pygame.draw.circle(layer, (255, 255, 255, 200), end, r, 2)
        # Rim to rim, as the attack line runs: drawn centre to centre it crossed the token's initials.
        tail, head = draw.clear_of(pts[0], pts[-1], draw.token_disc(ctx, p.unit), (pts[-1], float(r)))
        draw.arrow(layer, tail, head, th.BAD if hurt else th.ACCENT, max(2, round(3 * ctx.zoom)))
    word = push_words.badge_words(p.steps > 0, p.hazard_damage, p.falls,
                                  p.falls or p.hazard_damage >= enc.view(p.unit).hp)
    if p.legal is None and word:  # the badge the shove preview puts on its landing: "falls", "-3", "stays"
        # Going nowhere, it stands beside the token (its initials, and its neighbours', stay in sight).
        stays = p.unit if p.steps == 0 and not p.falls else None
        marked.append(push_words.landing_badge(layer, ctx, ctx.cell_to_screen(p.lands_at), word,
                                               th.BAD if p.falls or p.hazard_damage else th.WARN, stays=stays))
    for rect in ctx.covers:  # the panels and the action bar drawn so far keep their face
        layer.fill((0, 0, 0, 0), rect)
    screen.blit(layer, (0, 0))
    return marked


def draw_push_tip(screen: pygame.Surface, ctx: BattleContext, p: PushPreview, button: pygame.Rect,
                  card: pygame.Rect, marked: list[pygame.Rect]) -> pygame.Rect:
    """The push's tooltip just outside the GM card, level with the direction pointed at (where the GM is
    looking; beside the landing it went wherever the map had room, or far off when the token was under the
    card), kept off the hexes ``marked`` and off the other tokens where it can, as the attack preview's
    (theme.place_beside counts them in tokens hidden: at zoom 0.8 on the ambush it sat on both bandits). It
    stays beside the direction pointed at whatever it covers: before, kept off Wren by going below the card,
    it left the pointer. Returns its rect."""
    edge = th.BAD if p.legal is not None or p.steps == 0 else th.ACCENT
    enc = ctx.encounter
    tokens = [ctx.token_rect(v.name) for v in enc.views() if v.active and v.name != p.unit]
    lines = push_lines(enc, p)
    return th.tooltip(screen, lines, ctx.mouse, min_width=MIN_WIDTH, edge=edge,
                      within=level_with(button, card, ctx.view_rect, th.lines_size(lines, MIN_WIDTH)),
                      anchor=button, avoid=[*ctx.covers, card],
                      spare=[*marked, *(t for t in tokens if t.collidelist(marked) < 0)], step_past=[card])


MIN_WIDTH = 220


def level_with(button: pygame.Rect, card: pygame.Rect, view: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """Where the push's tip may go: the band just outside the card on the map's side, as tall as lets a tip of
    ``size`` still overlap ``button`` (theme.place_beside then slides it along that band off the tokens)."""
    w, h = size
    left, right = (card.right, view.right) if card.centerx <= view.centerx else (view.left, card.left)
    top = max(view.top, button.top - h)
    bottom = min(view.bottom, button.bottom + h)
    band = pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))
    return band if band.width >= w + 8 and band.height >= h + 8 else view
