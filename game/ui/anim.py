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

from .tokenlayer import TokenState

Cell = tuple[int, int]
Centre = Callable[[Cell], tuple[float, float]]

STEP_S = 0.14  # seconds per hex of a move at 1x
LUNGE_S = 0.42
FADE_S = 0.45
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


def anims_for(events: tuple[object, ...] | list[object], tokens: dict[str, TokenState], centre: Centre,
              direction_index: Callable[[str], int]) -> list[Anim]:
    """The animations that tell what ``events`` did (the engine's events, matched by class name)."""
    out: list[Anim] = []
    for ev in events:
        kind = type(ev).__name__
        g = ev.__getattribute__
        if kind == "Moved":
            path = list(g("path"))
            if len(path) >= 2:
                out.append(MoveAnim(STEP_S * (len(path) - 1), unit=g("unit"),
                                    points=[centre(c) for c in path], end=path[-1]))
        elif kind == "Turned":
            facing = g("facing")
            idx = facing if isinstance(facing, int) else direction_index(facing)
            out.append(TextAnim(0.05, unit=g("unit"), facing=idx))
        elif kind in ("Attacked", "Shoved"):
            unit, target = g("unit"), g("target")
            a, b = tokens.get(unit), tokens.get(target)
            if a is None or b is None:
                continue
            hit = bool(g("hit"))
            dmg = int(getattr(ev, "damage", 0) or 0) if kind == "Attacked" and hit else 0
            word = ("shoved" if hit else "shove missed") if kind == "Shoved" else (f"-{dmg}" if hit else "miss")
            colour = (255, 80, 60) if hit else (220, 220, 220)
            out.append(LungeAnim(LUNGE_S, unit=unit, target=target, towards=centre(b.cell), at=centre(a.cell),
                                 text=word, colour=colour, damage=dmg))  # the rolls: status line and log
        elif kind == "Pushed":
            path = list(g("path"))
            fell = bool(g("fell"))
            if len(path) >= 2:
                out.append(MoveAnim(0.09 * (len(path) - 1) + (0.35 if fell else 0), unit=g("unit"),
                                    points=[centre(c) for c in path], end=path[-1], shrink=fell))
            hz = int(g("hazard_damage") or 0)
            if hz:
                out.append(TextAnim(0.3, text=f"-{hz} hazard", at=centre(path[-1]), colour=(255, 150, 40),
                                    unit=g("unit"), damage=hz))
            if fell:
                out.append(TextAnim(0.2, text="fell!", at=centre(path[-1]), colour=(255, 120, 60)))
        elif kind == "Disengaged":
            tok = tokens.get(g("unit"))
            if tok is not None:
                ok = bool(g("success"))
                out.append(TextAnim(0.45, text="disengaged" if ok else "disengage failed", at=centre(tok.cell),
                                    colour=(120, 190, 255) if ok else (220, 220, 220)))
        elif kind in ("Defeated", "Fled", "Removed"):
            tok = tokens.get(g("unit"))
            if tok is not None:
                word = {"Defeated": "defeated", "Fled": "fled", "Removed": "removed"}[kind]
                out.append(FadeAnim(FADE_S, unit=g("unit"), text=word, at=centre(tok.cell),
                                    colour=(255, 90, 70) if kind == "Defeated" else (230, 230, 180)))
        elif kind in ("Placed", "Joined"):
            out.append(FadeAnim(FADE_S * 0.6, unit=g("unit"), out=False))
        elif kind == "TurnStarted":
            hz = int(getattr(ev, "hazard_damage", 0) or 0)
            tok = tokens.get(g("unit"))
            if hz and tok is not None:
                out.append(TextAnim(0.35, text=f"-{hz} hazard", at=centre(tok.cell), colour=(255, 150, 40),
                                    unit=g("unit"), damage=hz))
    return out
