"""Short, legible animations driven by the engine's events, played one after another.

The encounter is already in its new state when an action's events arrive; the
screen catches up: each animation changes the displayed tokens (see
:mod:`tokenlayer`) and, when it ends, leaves them as the event says. When the
queue is empty the display is re-synchronised from the encounter, so a missed
detail can never linger. Time is the front end's own (fixed 60 Hz updates);
the rules engine has no clock.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import singledispatch

from game.rules import (
    AreaCast,
    AreaHit,
    Attacked,
    Defeated,
    Disengaged,
    Fled,
    Joined,
    Moved,
    Placed,
    Pushed,
    Removed,
    Shot,
    Shoved,
    Turned,
    TurnStarted,
)

from .tokenlayer import TokenState

Cell = tuple[int, int]
Centre = Callable[[Cell], tuple[float, float]]

STEP_S = 0.14  # seconds per hex of a move at 1x
LUNGE_S = 0.42
FADE_S = 0.45
BURST_S = 0.5
TEXT_S = 1.1


@dataclass
class FloatText:
    """A number or word rising from a hex ("-5", "miss", "fell!")."""

    text: str
    at: tuple[float, float]  # map pixels
    colour: tuple[int, int, int]
    t: float = 0.0
    life: float = TEXT_S


@dataclass
class Anim:
    duration: float
    t: float = 0.0
    started: bool = False
    # Part of a player's own action (their move, attack, shot): the camera holds still while it plays unless the
    # token would leave the map area or go under a panel (game.ui.battle_camera.follow).
    by_player: bool = False

    def start(self, tokens: dict[str, TokenState], fx: list[FloatText]) -> None: ...
    def frame(self, tokens: dict[str, TokenState], u: float) -> None: ...
    def finish(self, tokens: dict[str, TokenState], fx: list[FloatText]) -> None: ...


@dataclass
class MoveAnim(Anim):
    unit: str = ""
    points: list[tuple[float, float]] = field(default_factory=list)
    end: Cell = (0, 0)
    shrink: bool = False  # a fall into a chasm

    def frame(self, tokens: dict[str, TokenState], u: float) -> None:
        tok = tokens.get(self.unit)
        if tok is None or len(self.points) < 2:
            return
        x = u * (len(self.points) - 1)
        i = min(int(x), len(self.points) - 2)
        f = x - i
        (ax, ay), (bx, by) = self.points[i], self.points[i + 1]
        tok.pos = (ax + (bx - ax) * f, ay + (by - ay) * f)
        if self.shrink and u > 0.6:
            tok.scale = max(0.05, 1 - (u - 0.6) / 0.4)

    def finish(self, tokens: dict[str, TokenState], fx: list[FloatText]) -> None:
        tok = tokens.get(self.unit)
        if tok is not None:
            tok.cell, tok.pos = self.end, None
            if self.shrink:
                tokens.pop(self.unit, None)


@dataclass
class LungeAnim(Anim):
    """The attacker leans toward its target and back; the outcome shows at the peak."""

    unit: str = ""
    target: str = ""
    towards: tuple[float, float] = (0.0, 0.0)
    text: str = ""
    colour: tuple[int, int, int] = (255, 255, 255)
    damage: int = 0
    at: tuple[float, float] = (0.0, 0.0)
    shown: bool = False
    fx: list[FloatText] | None = None

    def start(self, tokens: dict[str, TokenState], fx: list[FloatText]) -> None:
        self.fx = fx

    def frame(self, tokens: dict[str, TokenState], u: float) -> None:
        tok = tokens.get(self.unit)
        if tok is not None:
            ox, oy = self.at
            k = 0.32 * math.sin(math.pi * u)
            tok.pos = (ox + (self.towards[0] - ox) * k, oy + (self.towards[1] - oy) * k)
        target = tokens.get(self.target)
        if u >= 0.5 and not self.shown:
            self.shown = True
            if self.fx is not None:
                self.fx.append(FloatText(self.text, self.towards, self.colour))
            if target is not None and self.damage:
                target.hp -= self.damage
        if target is not None and self.damage:
            target.flash = max(0.0, 1 - abs(u - 0.55) * 3) if u >= 0.5 else 0.0

    def finish(self, tokens: dict[str, TokenState], fx: list[FloatText]) -> None:
        if not self.shown:
            self.fx = fx
            self.frame(tokens, 0.5)
        tok = tokens.get(self.unit)
        if tok is not None:
            tok.pos = None
        target = tokens.get(self.target)
        if target is not None:
            target.flash = 0.0


@dataclass
class FadeAnim(Anim):
    unit: str = ""
    out: bool = True
    text: str = ""
    colour: tuple[int, int, int] = (255, 255, 255)
    at: tuple[float, float] | None = None
    state: TokenState | None = None  # a joiner's token, faded in

    def start(self, tokens: dict[str, TokenState], fx: list[FloatText]) -> None:
        if not self.out and self.state is not None:
            tokens[self.unit] = self.state
        if self.text and self.at is not None:
            fx.append(FloatText(self.text, self.at, self.colour))

    def frame(self, tokens: dict[str, TokenState], u: float) -> None:
        tok = tokens.get(self.unit)
        if tok is not None:
            tok.alpha = 1 - u if self.out else u

    def finish(self, tokens: dict[str, TokenState], fx: list[FloatText]) -> None:
        if self.out:
            tokens.pop(self.unit, None)
        elif self.unit in tokens:
            tokens[self.unit].alpha = 1.0


@dataclass
class TextAnim(Anim):
    text: str = ""
    at: tuple[float, float] = (0.0, 0.0)
    colour: tuple[int, int, int] = (255, 255, 255)
    unit: str = ""
    damage: int = 0
    facing: int | None = None

    def start(self, tokens: dict[str, TokenState], fx: list[FloatText]) -> None:
        if self.text:
            fx.append(FloatText(self.text, self.at, self.colour))
        tok = tokens.get(self.unit)
        if tok is not None:
            tok.hp -= self.damage
            if self.facing is not None:
                tok.facing = self.facing


class Animator:
    """A queue of animations over the displayed tokens, plus floating texts."""

    def __init__(self) -> None:
        self.queue: deque[Anim] = deque()
        self.fx: list[FloatText] = []
        self.speed = 1.0  # 1, 2, or math.inf for instant

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def add(self, anims: list[Anim]) -> None:
        self.queue.extend(anims)

    def update(self, dt: float, tokens: dict[str, TokenState]) -> bool:
        """Advance by ``dt`` seconds; True when the queue just became empty."""
        for f in self.fx:
            f.t += dt
        self.fx[:] = [f for f in self.fx if f.t < f.life]  # in place: running animations hold this list
        if not self.queue:
            return False
        budget = dt * self.speed
        while self.queue and budget > 0:
            a = self.queue[0]
            if not a.started:
                a.started = True
                a.start(tokens, self.fx)
            use = min(budget, a.duration - a.t)
            a.t += use
            budget -= use
            if a.t >= a.duration - 1e-9:
                a.finish(tokens, self.fx)
                self.queue.popleft()
            else:
                a.frame(tokens, a.t / a.duration)
                break
        return not self.queue

    def skip(self, tokens: dict[str, TokenState]) -> None:
        """Instant speed: play everything to its end state now."""
        while self.queue:
            a = self.queue.popleft()
            if not a.started:
                a.start(tokens, self.fx)
            a.finish(tokens, self.fx)


@dataclass
class ShotAnim(Anim):
    """An arrow flies from the shooter to the target; the outcome shows where it lands (R29)."""

    unit: str = ""
    target: str = ""
    start_at: tuple[float, float] = (0.0, 0.0)
    end_at: tuple[float, float] = (0.0, 0.0)
    text: str = ""
    colour: tuple[int, int, int] = (255, 255, 255)
    damage: int = 0
    hit: bool = False
    u: float = 0.0

    def frame(self, tokens: dict[str, TokenState], u: float) -> None:
        self.u = u

    def finish(self, tokens: dict[str, TokenState], fx: list[FloatText]) -> None:
        self.u = 1.0
        fx.append(FloatText(self.text, self.end_at, self.colour))
        target = tokens.get(self.target)
        if target is not None:
            target.hp -= self.damage

    def arrow(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The arrow's tail and head in map pixels now (a shaft a third of a hex long)."""
        (ax, ay), (bx, by) = self.start_at, self.end_at
        hx, hy = ax + (bx - ax) * self.u, ay + (by - ay) * self.u
        length = math.hypot(bx - ax, by - ay) or 1.0
        k = min(1.0, 36.0 / length)
        return (hx - (bx - ax) * k, hy - (by - ay) * k), (hx, hy)


@dataclass
class BurstAnim(Anim):
    """An area ability goes off: a ring grows from its centre over the hexes it covers (R32)."""

    at: tuple[float, float] = (0.0, 0.0)
    reach_px: float = 0.0  # map pixels from the centre to the edge of the area
    u: float = 0.0

    def frame(self, tokens: dict[str, TokenState], u: float) -> None:
        self.u = u

    def finish(self, tokens: dict[str, TokenState], fx: list[FloatText]) -> None:
        self.u = 1.0


@dataclass(frozen=True)
class Stage:
    """What the animations of one batch of events need to know of the board."""

    tokens: dict[str, TokenState]
    centre: Centre
    direction_index: Callable[[str], int]
    area_px: Callable[[str], float]  # caster -> map pixels from an area's centre to its edge


def anims_for(events: tuple[object, ...] | list[object], tokens: dict[str, TokenState], centre: Centre,
              direction_index: Callable[[str], int], area_px: Callable[[str], float] | None = None) -> list[Anim]:
    """The animations that tell what ``events`` did (one per event type: :func:`anim_for`)."""
    stage = Stage(tokens, centre, direction_index, area_px or (lambda caster: 0.0))
    out: list[Anim] = []
    for ev in events:
        out.extend(anim_for(ev, stage))
    return out


@singledispatch
def anim_for(ev: object, stage: Stage) -> list[Anim]:
    return []  # an event with nothing to show (the status line and the log tell it)


@anim_for.register
def _(ev: Moved, stage: Stage) -> list[Anim]:
    path = list(ev.path)
    if len(path) < 2:
        return []
    return [MoveAnim(STEP_S * (len(path) - 1), unit=ev.unit, points=[stage.centre(c) for c in path], end=path[-1])]


@anim_for.register
def _(ev: Turned, stage: Stage) -> list[Anim]:
    return [TextAnim(0.05, unit=ev.unit, facing=stage.direction_index(ev.facing))]


def _lunge(stage: Stage, unit: str, target: str, word: str, hit: bool, damage: int) -> list[Anim]:
    a, b = stage.tokens.get(unit), stage.tokens.get(target)
    if a is None or b is None:
        return []
    colour = (255, 80, 60) if hit else (220, 220, 220)
    return [LungeAnim(LUNGE_S, unit=unit, target=target, towards=stage.centre(b.cell), at=stage.centre(a.cell),
                      text=word, colour=colour, damage=damage)]  # the rolls: status line and log


@anim_for.register
def _(ev: Attacked, stage: Stage) -> list[Anim]:
    dmg = ev.damage if ev.hit else 0
    return _lunge(stage, ev.unit, ev.target, f"-{dmg}" if ev.hit else "miss", ev.hit, dmg)


@anim_for.register
def _(ev: Shoved, stage: Stage) -> list[Anim]:
    return _lunge(stage, ev.unit, ev.target, "shoved" if ev.hit else "shove missed", ev.hit, 0)


@anim_for.register
def _(ev: Shot, stage: Stage) -> list[Anim]:
    a, b = stage.tokens.get(ev.unit), stage.tokens.get(ev.target)
    if a is None or b is None:
        return []
    start, end = stage.centre(a.cell), stage.centre(b.cell)
    flight = min(0.6, 0.18 + math.hypot(end[0] - start[0], end[1] - start[1]) / 1400)
    dmg = ev.damage if ev.hit else 0
    return [ShotAnim(flight, unit=ev.unit, target=ev.target, start_at=start, end_at=end,
                     text=f"-{dmg}" if ev.hit else "miss", colour=(255, 80, 60) if ev.hit else (220, 220, 220),
                     damage=dmg, hit=ev.hit)]


@anim_for.register
def _(ev: AreaCast, stage: Stage) -> list[Anim]:
    return [BurstAnim(BURST_S, at=stage.centre(ev.at), reach_px=stage.area_px(ev.unit))]


@anim_for.register
def _(ev: AreaHit, stage: Stage) -> list[Anim]:
    tok = stage.tokens.get(ev.target)
    if tok is None:
        return []
    return [TextAnim(0.18, text=f"-{ev.damage}" if ev.hit else "miss", at=stage.centre(tok.cell),
                     colour=(255, 80, 60) if ev.hit else (220, 220, 220), unit=ev.target,
                     damage=ev.damage if ev.hit else 0)]


@anim_for.register
def _(ev: Pushed, stage: Stage) -> list[Anim]:
    out: list[Anim] = []
    path = list(ev.path)
    if len(path) >= 2:
        out.append(MoveAnim(0.09 * (len(path) - 1) + (0.35 if ev.fell else 0), unit=ev.unit,
                            points=[stage.centre(c) for c in path], end=path[-1], shrink=ev.fell))
    if ev.hazard_damage:
        out.append(TextAnim(0.3, text=f"-{ev.hazard_damage} hazard", at=stage.centre(path[-1]),
                            colour=(255, 150, 40), unit=ev.unit, damage=ev.hazard_damage))
    if ev.fell:
        out.append(TextAnim(0.2, text="fell!", at=stage.centre(path[-1]), colour=(255, 120, 60)))
    return out


@anim_for.register
def _(ev: Disengaged, stage: Stage) -> list[Anim]:
    tok = stage.tokens.get(ev.unit)
    if tok is None:
        return []
    return [TextAnim(0.45, text="disengaged" if ev.success else "disengage failed", at=stage.centre(tok.cell),
                     colour=(120, 190, 255) if ev.success else (220, 220, 220))]


def _fade(stage: Stage, unit: str, word: str, colour: tuple[int, int, int]) -> list[Anim]:
    tok = stage.tokens.get(unit)
    if tok is None:
        return []
    return [FadeAnim(FADE_S, unit=unit, text=word, at=stage.centre(tok.cell), colour=colour)]


@anim_for.register
def _(ev: Defeated, stage: Stage) -> list[Anim]:
    return _fade(stage, ev.unit, "defeated", (255, 90, 70))


@anim_for.register
def _(ev: Fled, stage: Stage) -> list[Anim]:
    return _fade(stage, ev.unit, "fled", (230, 230, 180))


@anim_for.register
def _(ev: Removed, stage: Stage) -> list[Anim]:
    return _fade(stage, ev.unit, "removed", (230, 230, 180))


@anim_for.register(Placed)
@anim_for.register(Joined)
def _(ev: Placed | Joined, stage: Stage) -> list[Anim]:
    return [FadeAnim(FADE_S * 0.6, unit=ev.unit, out=False)]


@anim_for.register
def _(ev: TurnStarted, stage: Stage) -> list[Anim]:
    tok = stage.tokens.get(ev.unit)
    if not ev.hazard_damage or tok is None:
        return []
    return [TextAnim(0.35, text=f"-{ev.hazard_damage} hazard", at=stage.centre(tok.cell), colour=(255, 150, 40),
                     unit=ev.unit, damage=ev.hazard_damage)]
