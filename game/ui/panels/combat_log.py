"""The combat log: every event the engine reports, every roll with what it had to beat.

Fed by the engine's events (``Applied.events``), never by guessing from the
state. :func:`event_line` words one event; :class:`CombatLog` is the panel:
it follows ``ctx.match.applied`` (and, for a resumed game, the events of the
earlier log lines, rebuilt by replaying them through the public API), wraps
long lines and scrolls with the mouse wheel.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from game.render.pg import pygame

from ..context import BattleContext, Reply
from . import theme as th

WIDTH = 350  # clear of the action bar (bottom centre, ~560 px wide)
HEIGHT = 188
Entry = tuple[str, str]  # (text, colour role)
Bonus = Callable[[str, "str | None"], "int | None"]


def _cell(c: Any) -> str:
    return f"{c[0]},{c[1]}"


def _vs(roll: int, needed: int, hit: bool, bonus: int | None) -> str:
    """ "rolled 14 +3 = 17 vs 8: success" (``needed`` is the total to reach, R21/R23)."""
    verdict = "success" if hit else "failed"
    if bonus is None:
        return f"rolled {roll}, needed a total of {needed}: {verdict}"
    sign = f"+{bonus}" if bonus >= 0 else f"−{-bonus}"
    return f"rolled {roll} {sign} = {roll + bonus} vs {needed}: {verdict}"


def _hit_or_miss(text: str, hit: bool, damage: int) -> str:
    return text.replace(": success", f": hit, {damage} damage") if hit else text.replace(": failed", ": miss")


def _arc(arc: str, penalty: int) -> str:
    if arc == "front" or not penalty:
        return ""
    return f" from the {'rear' if arc == 'rear' else arc + ' flank'} (defence −{penalty})"


def event_line(ev: Any, bonus: Bonus | None = None) -> Entry | None:  # one branch per kind
    """One event as a line of the log, or None for events not worth a line.

    ``bonus(unit, skill)`` gives the roller's bonus (its attack, or a skill's value) so the line can show
    the whole sum; events carry the d20 face and the total it had to reach.
    """

    def b(skill: str | None = None) -> int | None:
        return bonus(g("unit"), skill) if bonus is not None else None

    k = type(ev).__name__
    g = ev.__getattribute__
    if k == "CombatBegan":
        return "Combat begins", "accent"
    if k == "RoundStarted":
        return f"Round {g('round')}", "accent"
    if k == "TurnStarted":
        hz = g("hazard_damage")
        return f"{g('unit')}'s turn" + (f": takes {hz} hazard damage" if hz else ""), "muted" if not hz else "warn"
    if k == "Moved":
        path = g("path")
        text = f"{g('unit')} moves to {_cell(path[-1])} (cost {g('cost')})"
        stop = g("stopped_by")
        if stop:
            text += f", stopped by {', '.join(stop)}"
        return text, "text"
    if k == "Turned":
        return f"{g('unit')} turns to face {g('facing')}", "muted"
    if k == "Attacked":
        who = f"{g('unit')} attacks {g('target')}{_arc(g('arc'), g('penalty'))}"
        text = f"{who}: {_vs(g('roll'), g('needed'), g('hit'), b())}"
        if g("hit"):
            text = text.replace(": success", ": hit") + f", {g('damage')} damage"
        else:
            text = text.replace(": failed", ": miss")
        return text, "good" if g("hit") else "muted"
    if k == "Shoved":
        who = f"{g('unit')} shoves {g('target')}{_arc(g('arc'), g('penalty'))}"
        text = f"{who}: {_vs(g('roll'), g('needed'), g('hit'), b())}"
        return text, "good" if g("hit") else "muted"
    if k == "Shot":
        extras = [f"cover +{g('cover')}" if g("cover") else "", f"shooting threatened −{g('shooter_penalty')}"
                  if g("shooter_penalty") else ""]
        extra = "".join(f", {e}" for e in extras if e)
        who = f"{g('unit')} shoots {g('target')}{_arc(g('arc'), g('penalty'))}{extra}"
        text = f"{who}: {_vs(g('roll'), g('needed'), g('hit'), b('@ranged'))}"
        text = _hit_or_miss(text, g("hit"), g("damage"))
        return text, "good" if g("hit") else "muted"
    if k == "AreaCast":
        caught = ", ".join(g("affected")) or "nobody"
        left = g("uses_left")
        return (f"{g('unit')} casts at {_cell(g('at'))}, catching {caught} "
                f"({left} use{'s' if left != 1 else ''} left)"), "accent"
    if k == "AreaHit":
        cover = f" (cover +{g('cover')})" if g("cover") else ""
        text = f"  the burst on {g('target')}{cover}: {_vs(g('roll'), g('needed'), g('hit'), b('@area'))}"
        text = _hit_or_miss(text, g("hit"), g("damage"))
        return text, "good" if g("hit") else "muted"
    if k == "Pushed":
        path = g("path")
        text = f"{g('unit')} is pushed to {_cell(path[-1])}" if len(path) > 1 else f"{g('unit')} cannot be pushed"
        if g("hazard_damage"):
            text += f", takes {g('hazard_damage')} hazard damage"
        if g("fell"):
            text += " and falls"
        return text, "warn" if g("hazard_damage") or g("fell") else "text"
    if k == "Disengaged":
        text = f"{g('unit')} disengages ({g('skill')}): {_vs(g('roll'), g('needed'), g('success'), b(g('skill')))}"
        if g("success") and g("cancels"):
            text += f"; free of {', '.join(g('cancels'))}"
        return text, "good" if g("success") else "muted"
    if k == "Defeated":
        cause = {"attack": "", "hazard": " by the hazard", "fall": " by the fall", "gm": " (GM)"}.get(g("cause"), "")
        return f"{g('unit')} is defeated{cause}", "bad"
    if k == "Fled":
        return f"{g('unit')} flees the battle", "warn"
    if k == "Placed":
        return f"GM places {g('unit')} at {_cell(g('at'))}", "muted"
    if k == "Joined":
        return f"{g('unit')} joins at {_cell(g('at'))}", "accent"
    if k == "Removed":
        return f"GM removes {g('unit')} as {g('as_')}", "warn"
    if k == "MovementGranted":
        return f"GM grants {g('unit')} {g('amount')} movement", "muted"
    if k == "ThreateningSet":
        return f"GM: {g('unit')} {'now threatens' if g('value') else 'no longer threatens'}", "muted"
    if k == "HpSet":
        change = g("change")
        how = f"{-change} damage" if change < 0 else f"heals {change}" if change > 0 else "no change"
        return f"GM sets {g('unit')} to {g('hp')} hp ({how})", "warn" if change < 0 else "muted"
    if k == "Edited":
        shown = ", ".join(f"{key} {'default' if v is None else v}" for key, v in g("changes"))
        return f"GM edits {g('unit')}: {shown}", "muted"
    if k == "CombatEnded":
        winners = tuple(g("winners"))
        who = (" and ".join(winners) + (" wins" if len(winners) == 1 else " win")) if winners else "nobody wins"
        why = "ended by the GM" if g("reason") == "gm" else "no hostile pair remains"
        return f"Combat over ({why}): {who}", "accent"
    return None


def event_lines(events: Iterable[Any], bonus: Bonus | None = None) -> list[Entry]:
    return [e for e in (event_line(ev, bonus) for ev in events) if e is not None]


def bonus_from(enc: Any) -> Bonus:
    """The roller's bonus from the encounter's views: attack, the ranged or area attack (``@ranged``,
    ``@area``), or the named skill (missing = 0, R23)."""

    def bonus(unit: str, skill: str | None) -> int | None:
        try:
            v = enc.view(unit)
        except Exception:  # an unknown name only loses the sum, never the line
            return None
        if skill == "@ranged":
            return v.ranged.attack if v.ranged is not None else None
        if skill == "@area":
            return v.area.attack if v.area is not None else None
        return v.attack if skill is None else dict(v.skills).get(skill, 0)

    return bonus


class CombatLog:
    layer = "panel"

    def __init__(self, rect: pygame.Rect | None = None) -> None:
        self.rect = rect  # None: bottom-right, above the status bar
        self.entries: list[Entry] = []
        self.scroll = 0  # lines scrolled up from the newest
        self._seen = 0  # how many of match.applied are in entries
        self._frame = pygame.Rect(0, 0, 0, 0)
        self._resumed = False

    # --- feeding -----------------------------------------------------------------
    def add_events(self, events: Sequence[Any], bonus: Bonus | None = None) -> None:
        self.entries.extend(event_lines(events, bonus))
        self.scroll = 0  # something new happened: show it

    def sync(self, ctx: BattleContext) -> None:
        """Take the events of every action applied since the last call."""
        match = ctx.match
        applied = list(getattr(match, "applied", ()))
        if not self._resumed:
            self._resumed = True
            self._replay_earlier(ctx, len(ctx.encounter.history) - len(applied))
        if len(applied) < self._seen:  # undo removed some: rebuild from the whole history
            self.entries.clear()
            self._seen = 0
            self._replay_earlier(ctx, len(ctx.encounter.history) - len(applied))
        for a in applied[self._seen:]:
            self.add_events(a.events, bonus_from(ctx.encounter))
        self._seen = len(applied)

    def _replay_earlier(self, ctx: BattleContext, n: int) -> None:
        """Events of log lines applied before this session (a resumed game), rebuilt through the public API."""
        if n <= 0:
            return
        from game.rules import replay  # the public replay; imported late so panels load without the engine

        enc = replay(ctx.encounter.scenario, [])
        for action in list(ctx.encounter.history)[:n]:
            self.add_events(enc.apply(action).events, bonus_from(enc))

    # --- widget ------------------------------------------------------------------
    def frame(self, area: pygame.Rect) -> pygame.Rect:
        if self.rect is not None:
            return self.rect
        return pygame.Rect(area.right - WIDTH - 8, area.bottom - HEIGHT - 8, WIDTH, HEIGHT)

    @property
    def cover(self) -> pygame.Rect:
        """The screen rectangle this panel took when last drawn (empty when hidden): the opening view keeps
        tokens out from under it."""
        return self._frame

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        th.claim_hover(ctx, self._frame, event)
        if event.type == pygame.MOUSEWHEEL and self._frame.collidepoint(ctx.mouse):
            self.scroll = max(0, self.scroll + (3 if event.y > 0 else -3))
            return Reply()
        return None  # clicks go through to the map: the log only scrolls

    def wrapped(self, width: int) -> list[Entry]:
        key = (len(self.entries), width, self.entries[-1] if self.entries else None)
        if getattr(self, "_wrap_key", None) == key:
            return self._wrapped
        out: list[Entry] = []
        for text, role in self.entries:
            parts = th.wrap(text, width, th.SMALL)
            out.extend((p if i == 0 else "   " + p, role) for i, p in enumerate(parts))
        self._wrap_key, self._wrapped = key, out
        return out

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        self.sync(ctx)
        frame = self.frame(th.area(screen, ctx))
        self._frame = frame
        th.draw_frame(screen, frame)
        th.text(screen, "Combat log", (frame.x + th.PAD, frame.y + 6), size=th.SMALL, colour=th.MUTED, bold=True)
        lines = self.wrapped(frame.width - 2 * th.PAD - 10)
        per = (frame.height - 32) // 19
        self.scroll = min(self.scroll, max(0, len(lines) - per))
        end = len(lines) - self.scroll
        shown = lines[max(0, end - per):end]
        y = frame.y + 26
        for text, role in shown:
            th.text(screen, text, (frame.x + th.PAD, y), size=th.SMALL, colour=th.ROLE.get(role, th.TEXT))
            y += 19
        if self.scroll:
            th.text(screen, f"{self.scroll} newer below (wheel)", (frame.right - th.PAD, frame.y + 6), size=th.SMALL,
                    colour=th.WARN, anchor="topright")
        elif not lines:
            th.text(screen, "nothing has happened yet", (frame.x + th.PAD, y), size=th.SMALL, colour=th.FAINT)
