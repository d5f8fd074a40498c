"""The fixed-timestep accumulator from "Fix Your Timestep!" (Glenn Fiedler).

Real frame time is accumulated and consumed in constant ``dt`` slices, so the
simulation (camera motion, later animations) advances the same way at any
frame rate; the renderer interpolates with ``alpha = acc / dt``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# Subtracting 1/60 fifteen times from 0.25 leaves a float a hair below dt;
# without this slack a capped frame would run 14 updates instead of 15.
EPSILON = 1e-9


@dataclass
class FixedStep:
    dt: float = 1 / 60
    max_frame: float = 0.25  # a longer frame (breakpoint, window drag) is clamped: no spiral of death
    max_steps: int = 20  # belt and braces if dt is made smaller than max_frame / max_steps
    acc: float = 0.0

    def advance(self, frame_time: float) -> int:
        """Add one frame's real time; returns how many ``dt`` updates to run now."""
        self.acc += min(max(frame_time, 0.0), self.max_frame)
        steps = 0
        while self.acc + EPSILON >= self.dt and steps < self.max_steps:
            self.acc -= self.dt
            steps += 1
        if self.acc + EPSILON >= self.dt:  # hit max_steps: drop the backlog, keep the phase
            self.acc -= self.dt * math.floor((self.acc + EPSILON) / self.dt)
        self.acc = max(self.acc, 0.0)
        return steps

    @property
    def alpha(self) -> float:
        """How far the render time lies between the previous and the current update, 0..1."""
        return min(self.acc / self.dt, 1.0)
