"""Test-wide settings: hypothesis never fails on wall-clock time (tests assert
behaviour, not speed), and under CI it is derandomised so a run is repeatable."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("playmat", deadline=None, print_blob=True)
settings.register_profile("ci", parent=settings.get_profile("playmat"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "playmat")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
