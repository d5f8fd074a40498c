"""Before you commit, you see the rules: the attack, shove or disengage preview.

Hovering a hostile combatant (with the current actor selected) shows what
the action chosen by ``ctx.action_mode`` would do, from the engine's own
previews: the roll needed and its chance, damage range, chance to defeat,
and every modifier. The attack is previewed from the hex the player last
pointed at in the actor's reach (Wesnoth: the end of the planned path) when
the blow is better from there than from where the actor stands, or does not
work from here at all; otherwise from where the actor stands if that is in
range, else from the reachable hex that gives the best chance (then the fewest
steps). So an attack on an adjacent hostile is not walked through a hex the
pointer only crossed on its way. A shove shows every way to push the foe, one
per side the actor can reach, and commits the one chosen (overlays.shove).
:attr:`ActionPreview.plan` tells the battle scene what a click would commit:
``(at, preview)``, ``at`` None when no move is needed.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.render.pg import pygame
from game.rules import AttackPreview, DisengagePreview, EncounterView, MovementType, ShovePreview, side_words

from .. import theme as th
from ..commands import CAST, SHOOT, best_skill
from ..context import ATTACK, DISENGAGE, SHOVE, BattleContext, Cell, Reply
from ..theme import Line
from . import draw, focus_mark, shove, wording
from .moves import hostiles_near, mover

WAY_KEY = pygame.K_w  # in shove mode, W (Shift+W back) steps through the ways to shove the hovered foe

ARC_COLOUR = {"front": th.GOOD, "left": th.WARN, "right": th.WARN, "rear": th.BAD}
BlowPreview = AttackPreview | ShovePreview


def better(p: BlowPreview, than: BlowPreview) -> bool:
    """A surer blow, or as sure and likelier to defeat: worth a step to make."""
    if abs(p.hit_chance - than.hit_chance) > 1e-9:
        return p.hit_chance > than.hit_chance
    return p.defeat_chance > than.defeat_chance + 1e-9


def _closed(enc: EncounterView, name: str, cells: list[Cell]) -> str:
    """What keeps ``name`` off every one of ``cells`` (the hexes a blow works from): "taken" (each is held by
    another combatant, R4), "impassable" (its movement type may not stand on any, R5), "taken or impassable"
    (some one, some the other), or "" when one of them is open to it (or there are none). Found on the Black
    Gull and fortress_assault: a foe ringed by water and by friends read "nowhere X can reach this turn", as if
    it stood out of range."""
    if not cells:
        return ""
    me = enc.view(name)
    mt = MovementType[me.movement_type.upper()]
    held = {c for v in enc.views() if v.active and v.name != name for c in enc.footprint(v.name)}
    why = set()
    for cell in cells:
        body = enc.layout.disc(cell, me.radius)
        if enc.board.no_entry(body, mt) is not None:
            why.add("impassable")
        elif any(tuple(c) in held for c in body):
            why.add("taken")
        else:
            return ""
    return " or ".join(w for w in ("taken", "impassable") if w in why)


def stuck_why(enc: EncounterView, name: str, works: list[Cell]) -> tuple[list[str], str]:
    """Why ``name`` reaches none of ``works`` (the hexes an action on a foe works from) this turn: (the hostiles
    whose zone of control stops every way to those within its movement, R9; what closes every one of them,
    :func:`_closed`). Shared by the blow's and the shot's previews, so both say it alike."""
    if enc.view(name).movement == 0 or not works:
        return [], ""
    who: dict[str, None] = {}
    for cell in works:
        stop = enc.zoc_stop_on_way(name, cell)
        if stop is not None:
            who.update(dict.fromkeys(stop[1]))
    return list(who), _closed(enc, name, works)


def tie_row(enc: EncounterView, p: ShovePreview, at: Cell | None) -> list[Line]:
    """The short preview's word on a large shover's facing tie (:func:`shove.facing_tie`), one row: the side it
    faces after (R20, R22), and the keys that turn it to the other side of the tie first with what that push does:
    "tie: faces east; Q twice first: north-east: falls, defeated" (with the sides spelt out, naming both up front,
    "tie east/north-east: ...", overran the 340 px box). The long form's five rows (why, and both choices as
    rows) made the short box eleven rows tall on a corner (RULES.md: at most six). Nothing without a tie."""
    tie = shove.facing_tie(enc, p, at)
    if tie is None:
        return []
    other, alt = tie
    keys = shove.turn_keys(enc.view(p.attacker).facing_index, enc.layout.direction_index(other))
    hurts = alt.falls or alt.hazard_damage > 0  # the other side would hurt the foe: worth the turn, so it stands out
    return [Line(f"tie: faces {side_words(p.direction)}; {keys} first: {shove.short_words(alt)}",
                 "good" if hurts else "muted", size=th.SMALL)]


@dataclass(frozen=True)
class _Blow:
    """The attack or shove previewed this frame: who strikes whom, from where, and how it would go."""

    kind: str  # ATTACK or SHOVE
    name: str
    target: str
    at: Cell | None  # the hex it moves to first, None to act from where it stands
    p: BlowPreview
    ways: list[shove.Way]  # every way to shove the foe (shove mode), else []
    start: Cell  # where the blow is struck from: ``at``, or where the actor stands


def _foe_hovered(ctx: BattleContext, name: str) -> str | None:
    """The hostile under the pointer that ``name`` could strike, or None (no one, a friend, or a foe that fell:
    the pointer still rests where a defeated target fell)."""
    enc = ctx.encounter
    target = ctx.hovered_unit
    if target is None or target == name or not enc.hostile(name, target):
        return None
    if not enc.view(target).active:
        return None
    return target


def _roll_rows(p: BlowPreview, odds: bool, detail: bool) -> list[Line]:
    """The blow's roll: the long form with its breakdown, or the short one (odds and damage first, a few rows:
    wording.attack_brief; Alt the rest)."""
    if detail:
        return wording.attack_lines(p, odds) if isinstance(p, AttackPreview) else wording.shove_lines(p, odds)
    return wording.attack_brief(p, odds) if isinstance(p, AttackPreview) else wording.shove_brief(p, odds)


def _insert_move_first(ctx: BattleContext, lines: list[Line], blow: _Blow, detail: bool) -> None:
    """Say that the first click (or Enter) moves to ``blow.at`` and the next strikes, and whether that hex is
    threatened: after the heading in the long form, after the odds in the short one (the essential row stays
    first; R9: where it steps may be threatened)."""
    assert blow.at is not None
    enc, at, kind = ctx.encounter, blow.at, blow.kind
    press = "Enter" if ctx.focus == blow.target else "click"
    if detail:
        lines.insert(1, Line(f"from {at[0]},{at[1]}: the first {press} moves there, the next {kind}s", "muted"))
        lines[2:2] = wording.threatened_there(enc, blow.name, blow.target, at)
    else:
        lines[3:3] = [Line(f"from {at[0]},{at[1]}: first {press} moves there, next {kind}s", "muted",
                           size=th.SMALL),
                      *wording.threatened_there(enc, blow.name, blow.target, at, brief=True)]


def _fitted_or_hinted(ctx: BattleContext, lines: list[Line], blow: _Blow, detail: bool, held: bool) -> list[Line]:
    """The long form fitted to the window (unless Alt holds it whole), a shove's facing tie after it (as the
    ways: a choice is kept); the short form with its one-row tie (R20, R22) and the hint that Alt says more."""
    enc, p, at = ctx.encounter, blow.p, blow.at
    if detail:
        lines = wording.fitted_to(ctx, lines) if not held else lines
        if isinstance(p, ShovePreview) and p.legal is None:
            lines += shove.facing_lines(enc, p, at)
    elif p.legal is None:
        if isinstance(p, ShovePreview):  # a large shover's facing tie in one row (R20, R22); Alt the rest
            lines += tie_row(enc, p, at)
        lines.append(wording.detail_hint())
    return lines


class ActionPreview:
    layer = "over"

    def __init__(self) -> None:
        self.from_cell: Cell | None = None  # last reachable hex pointed at: where the attack would come from
        self.plan: tuple[Cell | None, BlowPreview | DisengagePreview] | None = None
        self.arrow: tuple[draw.Point, draw.Point] | None = None  # the attack line as drawn (tests read it)
        self.lines: list[Line] | None = None
        self._cache: dict[tuple[int, str, str, str], tuple[Cell, BlowPreview] | None] = {}
        self._chosen_key: tuple[int, str, str, str, Cell | None] | None = None
        self._chosen: tuple[Cell | None, BlowPreview] | None = None
        self._reach_key: tuple[int, str, Cell] | None = None
        self._shot_key: tuple[int, str, str, bool] | None = None
        self._shot_hint: list[Line] = []
        self._stuck_key: tuple[int, str, str, str] | None = None
        self._stuck_why: tuple[list[str], str] = ([], "")
        self._ways_key: tuple[int, str, str, Cell | None] | None = None
        self._ways: list[shove.Way] = []
        self.ways: list[shove.Way] = []  # every way to shove the hovered foe, as listed (tests read it)
        self.way = -1  # the index in ``ways`` of the one a click commits (tests read it)
        self.chooser = shove.Chooser()
        self._later_key: tuple[int, str, str] | None = None
        self._later: list[shove.Later] = []
        self._shove_target: str | None = None  # the foe whose ways show: W steps through them

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        # A click on the target goes to the command mapper with approach_for's hex. W (Shift+W back) steps
        # through the ways to shove the hovered foe: the keyboard's way to choose one (overlays.shove).
        if event.type != pygame.KEYDOWN or event.key != WAY_KEY:
            return None
        if ctx.action_mode != SHOVE:
            return None
        target = self._shove_target
        if target is None:  # S is pressed already: "press S" read as if it were not (found on giants_lair)
            return Reply(status="W chooses the way to shove: point at an enemy you can shove more than one way "
                                "(or Tab to one)")
        then = "Enter shoves" if ctx.focus == target else f"click {target} to shove"
        if len(self.ways) < 2:  # nothing to choose: say the one way there is
            at, p = self.ways[0]
            return Reply(status=f"Only one way to shove {target} this turn ({shove.where(at)}): "
                                f"{shove.short_words(p)}; {then}")
        back = bool(event.mod & pygame.KMOD_SHIFT)
        direction = self.chooser.step(ctx, target, self.ways, -1 if back else 1, self._pointer(ctx, target))
        at, p = next(w for w in self.ways if w[1].direction == direction)
        return Reply(status=f"Shove {target} {shove.where(at)}: {shove.short_words(p)}; {then}")

    @staticmethod
    def _pointer(ctx: BattleContext, target: str) -> draw.Point:
        """Where the way and the tooltip go by: the pointer, or the foe's middle while Tab's focus is on it (the
        pointer, resting anywhere, names no side of it then; game.ui.battle_focus)."""
        if ctx.focus == target:
            return ctx.cell_to_screen(ctx.encounter.view(target).cell)
        return ctx.mouse

    def approach_for(self, target: str | None) -> Cell | None:
        """The hex a click on ``target`` first moves to (the previewed move-then-attack), or None: act from here
        (or, when nothing works from anywhere, let the engine say why from here)."""
        if self.plan is None or target is None:
            return None
        at, p = self.plan
        if at is None or isinstance(p, DisengagePreview) or p.target != target or p.legal is not None:
            return None
        return at

    def offers(self, target: str | None) -> bool:
        """Whether the blow or shove on ``target``, as last drawn, is legal (from here or after the previewed step):
        the window then contradicts a Tab line that said no foe was in reach (game.ui.battle_focus)."""
        if self.plan is None or target is None:
            return False
        p = self.plan[1]
        return not isinstance(p, DisengagePreview) and p.target == target and p.legal is None

    # --- what to preview ---------------------------------------------------------
    def _track_from(self, ctx: BattleContext, name: str) -> None:
        cell = ctx.hovered_cell
        enc = ctx.encounter
        if cell is None or (ctx.hovered_unit is not None and enc.hostile(name, ctx.hovered_unit)):
            return
        key = (ctx.version, name, cell)
        if key == self._reach_key:
            return  # same hex as last frame: nothing new to learn
        self._reach_key = key
        if cell == enc.view(name).cell:
            self.from_cell = None
        elif enc.reach_for(name).end_at(cell) is not None:
            self.from_cell = cell

    def _preview(self, enc: EncounterView, kind: str, name: str, target: str, at: Cell | None) -> BlowPreview:
        if kind == ATTACK:
            return enc.preview_attack(name, target, at=at)
        return enc.preview_shove(name, target, at=at)

    def choose(self, ctx: BattleContext, kind: str, name: str, target: str) -> tuple[Cell | None, BlowPreview]:
        """(hex to act from or None for here, the preview) for an attack or shove on ``target``."""
        enc = ctx.encounter
        reach = enc.reach_for(name)
        here_cell = enc.view(name).cell
        if self.from_cell == here_cell:  # pointed at before the actor moved there: it is "here" now
            self.from_cell = None
        here = self._preview(enc, kind, name, target, None)
        if self.from_cell is not None and reach.end_at(self.from_cell) is not None:
            p = self._preview(enc, kind, name, target, self.from_cell)
            # A blow that works from here is not walked to a hex the pointer merely crossed on its way
            # to the target, unless the blow is better from there (a shove's push changes with the hex).
            if p.legal is None and (here.legal is not None or kind == SHOVE or better(p, here)):
                return self.from_cell, p
        if here.legal is None:
            return None, here
        best = self._best(ctx, kind, name, target)
        # Nowhere works: the preview is the one from here, whose reason a click gets from the engine too.
        return best if best is not None else (None, here)

    def _best(self, ctx: BattleContext, kind: str, name: str, target: str) -> tuple[Cell, BlowPreview] | None:
        key = (ctx.version, kind, name, target)
        if key not in self._cache:
            self._cache.clear()
            enc = ctx.encounter
            found: list[tuple[float, float, int, Cell, BlowPreview]] = []
            for cell, cost, _stops in enc.reach_for(name).destinations():
                p = self._preview(enc, kind, name, target, cell)
                if p.legal is None:
                    found.append((-p.hit_chance, -p.defeat_chance, cost, cell, p))
            best = min(found, key=lambda t: t[:4]) if found else None
            self._cache[key] = (best[3], best[4]) if best is not None else None
        return self._cache[key]

    def stuck(self, ctx: BattleContext, kind: str, name: str, target: str) -> tuple[list[str], str]:
        """Why no hex within ``name``'s movement lets it strike ``target`` (R9, R4, R5): (the hostiles whose zone of
        control stops it on every way to a hex the blow works from, what closes every such hex to it: "taken" when
        each is held by another combatant, "impassable" when it may not stand on any, "taken or impassable" for a
        mix). ([], "") when it is something else (too far, no movement left). Asked once per state and target."""
        key = (ctx.version, kind, name, target)
        if key != self._stuck_key:
            enc = ctx.encounter
            me, them = enc.view(name), enc.view(target)
            works: list[Cell] = []
            if me.movement > 0:
                far = (me.reach if kind == ATTACK else 1) + me.radius + them.radius
                near = [c for c in enc.layout.disc(them.cell, far) if enc.board.is_on_map(c)]
                works = ([p.at for p in enc.preview_attacks(name, target, near) if p.legal is None] if kind == ATTACK
                         else [c for c in near if enc.preview_shove(name, target, at=c).legal is None])
            self._stuck_key, self._stuck_why = key, stuck_why(enc, name, works)
        return self._stuck_why

    def shove_ways(self, ctx: BattleContext, name: str, target: str) -> list[shove.Way]:
        """Every way ``name`` could shove ``target`` this turn (overlays.shove.ways_for), asked once per state."""
        key = (ctx.version, name, target, self.from_cell)
        if key != self._ways_key:
            self._ways_key, self._ways = key, shove.ways_for(ctx.encounter, name, target, self.from_cell)
        return self._ways

    def later(self, ctx: BattleContext, name: str, target: str, ways: list[shove.Way]) -> list[shove.Later]:
        """The pushes that would hurt ``target`` from a side out of reach this turn, asked once per state."""
        key = (ctx.version, name, target)
        if key != self._later_key:
            self._later_key, self._later = key, shove.harmful_out_of_reach(ctx.encounter, name, target, ways)
        return self._later

    # --- drawing -----------------------------------------------------------------
    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        self.plan, self.lines, self.arrow = None, None, None
        self.ways, self.way, self._shove_target = [], -1, None  # W steps through the ways of a foe shown now
        name = mover(ctx)
        if name is None or ctx.action_mode in (SHOOT, CAST):
            return  # the shot or area preview speaks instead (overlays.ranged)
        self._track_from(ctx, name)
        if ctx.action_mode == DISENGAGE:
            self._draw_disengage(screen, ctx, name)
            return
        target = _foe_hovered(ctx, name)
        if target is None:
            return
        enc = ctx.encounter
        if enc.acted:  # just struck or shot: a calm word of what is left, not a red refusal (wording.spent_lines)
            self.lines = wording.spent_lines(name, target, enc.view(name).movement)
            th.post_tip(ctx, self.lines, ctx.mouse)
            return
        blow = self._plan_blow(ctx, name, target)
        colour = self._draw_blow(screen, ctx, blow)
        held = bool(pygame.key.get_mods() & pygame.KMOD_ALT)  # Alt held: the long form, breakdown and all
        detail = wording.wants_detail(ctx, held)
        self.lines = self._blow_lines(ctx, blow, detail, held)
        self._post_blow_tip(ctx, blow, self.lines, colour)

    def _plan_blow(self, ctx: BattleContext, name: str, target: str) -> _Blow:
        """What a click on ``target`` would commit: the way chosen to shove it, or the hex to strike it from
        (:meth:`choose`); kept in :attr:`plan`, :attr:`ways` and :attr:`way` for the battle scene and W."""
        kind = SHOVE if ctx.action_mode == SHOVE else ATTACK
        if ctx.focus == target:  # Tab chose the foe: the hex the pointer last rested on (a reach hex it crossed by
            # chance) proposes no walk for a blow, nor a shove's way or the hex it is made from: the keys choose
            # those, from where the actor stands first (game.ui.focus_targets, overlays.shove; R22).
            self.from_cell = None
        ways = self.shove_ways(ctx, name, target) if kind == SHOVE else []
        self.ways, self.way, self._shove_target = ways, -1, target if ways else None
        at: Cell | None
        p: BlowPreview
        if ways:  # every way to push it, the chosen one committed by a click (overlays.shove)
            self.way = self.chooser.pick(ctx, target, ways, self.from_cell, self._pointer(ctx, target))
            at, p = ways[self.way]
        else:
            key = (ctx.version, kind, name, target, self.from_cell)
            if key != self._chosen_key or self._chosen is None:  # asked once per target and starting hex
                self._chosen_key, self._chosen = key, self.choose(ctx, kind, name, target)
            at, p = self._chosen
        self.plan = (at, p)
        start = at if at is not None else ctx.encounter.view(name).cell
        return _Blow(kind, name, target, at, p, ways, start)

    def _draw_blow(self, screen: pygame.Surface, ctx: BattleContext, blow: _Blow) -> tuple[int, int, int]:
        """The blow on the map: the walk it needs, its arrow (a legal one only), a shove's ways; returns the
        arc's colour, which the tip's edge repeats."""
        p = blow.p
        if blow.at is not None:  # the move the attack needs, as the path preview would draw it
            draw.approach_path(screen, ctx, blow.name, blow.at)
        colour = ARC_COLOUR.get(p.arc, th.TEXT) if p.legal is None else th.FAINT
        if p.legal is None:
            self._draw_arrow(screen, ctx, blow, colour)
        if blow.ways:  # the arcs' labels and the name tag step off the landings, the arrows and the badges
            marked = shove.draw_ways(screen, ctx, blow.ways, self.way)
            ctx.arc_labels_off = True  # each way's row gives its side's odds; the labels sat on the landings
            ctx.keep_clear.extend(marked)
            ctx.marks.extend(marked)
        return colour

    def _draw_arrow(self, screen: pygame.Surface, ctx: BattleContext, blow: _Blow,
                    colour: tuple[int, int, int]) -> None:
        """From the attacker's rim (or the path's end ring, where it moves first) to the target's rim. A blow
        that cannot be struck gets no arrow, only its reason: found at Harrow Keep, the grey line of an attack
        out of reach ran half across the map over the tokens between."""
        width = max(2, round(4 * ctx.zoom))
        origin = draw.token_disc(ctx, blow.name) if blow.at is None else (ctx.cell_to_screen(blow.at), width * 3.0 + 2)
        foe = ctx.cell_to_screen(ctx.encounter.view(blow.target).cell)
        self.arrow = draw.clear_of(ctx.cell_to_screen(blow.start), foe, origin, draw.token_disc(ctx, blow.target))
        draw.arrow(screen, *self.arrow, colour, width)
        # The hovered target's name tag goes where it hides no part of the arrow (found on giants_lair: "Cave
        # Troll 16/16" sat on the arrow's head), as it already keeps off the arcs' labels.
        ctx.keep_clear.extend(draw.along(*self.arrow))

    def _blow_lines(self, ctx: BattleContext, blow: _Blow, detail: bool, held: bool) -> list[Line]:
        """The tip's rows: the odds (or why not), the move it makes first, then what the keys may choose."""
        lines = self._odds_rows(ctx, blow, detail)
        if blow.at is not None and blow.p.legal is None:
            _insert_move_first(ctx, lines, blow, detail)
        lines = _fitted_or_hinted(ctx, lines, blow, detail, held)
        lines += self._choice_rows(ctx, blow)
        return lines

    def _odds_rows(self, ctx: BattleContext, blow: _Blow, detail: bool) -> list[Line]:
        """The roll and its damage, or why the blow is out of reach this turn, with a bow's shot offered
        instead where the blow is refused or needs a move."""
        enc = ctx.encounter
        kind, name, target, at, p = blow.kind, blow.name, blow.target, blow.at, blow.p
        zoc, closed = self.stuck(ctx, kind, name, target) if p.legal is not None and at is None else ([], "")
        odds, notes = (True, []) if p.legal is None else wording.refusal_notes(
            enc, name, target, kind, at is not None, p.legal, zoc=zoc, closed=closed, brief=not detail)
        shot = self._shot_instead(ctx, name, target, not detail) \
            if kind == ATTACK and (p.legal is not None or at is not None) else []
        if notes:  # out of reach wherever it steps this turn: a question, not a mistake (wording.out_of_reach)
            return wording.out_of_reach(name, target, kind, notes, brief=not detail) + shot
        # A bow's shot offered instead of a refused blow: its roll is the one to read. The blow's "if it were
        # allowed: hits on 12+ (45 %)" right above "R shoots ... instead: hits on 12+ (45 %)" told two rolls,
        # one of them moot (found on fortress_assault).
        odds = odds and not (shot and p.legal is not None)
        lines = _roll_rows(p, odds, detail)
        if blow.ways and isinstance(p, ShovePreview):  # where it lands, what it suffers, whom it ends beside
            lines = shove.with_outcome(lines, p, shove.outcome_lines(enc, p, at))
        lines += shot
        return lines

    def _choice_rows(self, ctx: BattleContext, blow: _Blow) -> list[Line]:
        """After the fitting: a small window drops the roll's breakdown, never the ways to choose from (nor the
        keys that choose the target)."""
        target = blow.target
        if blow.ways:
            later = self.later(ctx, blow.name, target, blow.ways)
            return shove.way_rows(target, blow.ways, self.way, later, ctx.focus == target)
        if ctx.focus == target and blow.kind == SHOVE:
            return shove.way_rows(target, [], -1, None, True)
        if blow.p.legal is None:
            return focus_mark.keys_rows(ctx, target, "Enter strikes")
        return []

    def _post_blow_tip(self, ctx: BattleContext, blow: _Blow, lines: list[Line],
                       colour: tuple[int, int, int]) -> None:
        """The enemy line around the target (who stands by it, who would strike the attacker where it steps) and
        the hex it steps to first: what the blow is weighed against, left in view before the panels. On
        fortress_assault at 960x600 the box for Pikeman 1 sat on Pikeman 2 and the Gate Warden beside him.
        The enemies by where the attacker stands, and by where it steps to, too: at 1280x800 on the ambush the
        box for Pell's blow on Bandit 2 went down over the Bandit Spear, two hexes from Pell."""
        enc = ctx.encounter
        name, target = blow.name, blow.target
        around = {enc.view(target).cell, blow.start, enc.view(name).cell}
        foes = {w for c in around for w in hostiles_near(enc, name, c)} - {target}
        line = [ctx.token_rect(w) for w in sorted(foes)]
        if blow.at is not None:
            line.append(ctx.hex_rect(blow.at))
        line += [ctx.hex_rect(w[1].lands_at) for w in blow.ways]  # a shove's tip leaves where each way lands in view
        th.post_tip(ctx, lines, self._pointer(ctx, target), min_width=280, edge=colour, describes=line)

    def _shot_instead(self, ctx: BattleContext, name: str, target: str, brief: bool) -> list[Line]:
        """For a bow in attack mode, whose blow is refused or needs a move: the shot it has from here (found at
        Harrow Keep: Fenn hovered the sergeant his bow could hit and read only "not possible: out of reach ...
        nowhere Fenn can reach this turn to attack", in red, with nothing said of the bow). ``brief``: as the short
        blow preview's first row, odds and damage, the target left to the heading ("R shoots Captain Vessa from
        here instead: hits on 14+ (35 %)" made the box 503 px wide on fortress_assault)."""
        enc = ctx.encounter
        if enc.acted or enc.view(name).ranged is None:
            return []
        key = (ctx.version, name, target, brief)
        if key != self._shot_key:
            s = enc.preview_shoot(name, target)
            self._shot_key = key
            if s.legal is not None:
                self._shot_hint = []
            elif brief:
                dmg = f"{s.damage_max}" if s.damage_min == s.damage_max else f"{s.damage_min}–{s.damage_max}"
                self._shot_hint = [Line(f"R shoots from here: {wording.pct(s.hit_chance)} to hit, {dmg} dmg", "good",
                                        bold=True, size=th.SMALL)]
            else:
                odds = wording.roll_phrase("hits", s.roll_needed, s.hit_chance)
                self._shot_hint = [Line(f"R shoots {target} from here instead: {odds}", "good", bold=True)]
        return self._shot_hint

    def _draw_disengage(self, screen: pygame.Surface, ctx: BattleContext, name: str) -> None:
        enc = ctx.encounter
        skill = best_skill(list(enc.view(name).skills)) or "none"
        p = enc.preview_disengage(name, skill)
        self.plan = (None, p)
        lines = wording.disengage_lines(p)
        if p.legal is None and enc.view(name).movement == 0:  # R23 lifts zone of control only: nowhere to go
            lines.insert(1, Line(f"{name} has no movement left: even a success gains nothing this turn", "warn"))
        others = [] if p.legal is not None else wording.other_skills_lines(  # refused whatever the skill
            [(k, enc.preview_disengage(name, k).chance) for k, _ in enc.view(name).skills if k != skill])
        held = bool(pygame.key.get_mods() & pygame.KMOD_ALT)
        if wording.wants_detail(ctx, held):
            lines = lines + others if held else wording.fitted_to(ctx, lines + others)
        elif p.legal is None:  # short, as the blow's: the roll's breakdown while Alt is held, the other skills kept
            lines = [*wording.without_breakdown(lines), *others, wording.detail_hint()]
        self.lines = lines
        for who in p.cancels:
            v = enc.view(who)
            draw.ring(screen, ctx.cell_to_screen(v.cell), ctx.hex_radius() * (1 + 2 * v.radius) * 0.95,
                      th.GOOD)
        # The hex under the pointer, beside the one breaking away: where it means to step once free. The box
        # keeps it in view as a burst's box keeps whom it catches (found on the Black Gull at 1280x720: Kestrel's
        # box, right of her, sat on 9,10 with the pointer on it).
        step = ctx.hovered_cell
        mine = {tuple(c) for c in enc.footprint(name)}
        describes = [ctx.hex_rect(step)] if step is not None and tuple(step) not in mine else []
        th.post_tip(ctx, lines, ctx.cell_to_screen(enc.view(name).cell), min_width=280, describes=describes)
