"""Test-wide settings: hypothesis never fails on wall-clock time (tests assert
behaviour, not speed), and under CI it is derandomised so a run is repeatable."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("playmat", deadline=None, print_blob=True)
settings.register_profile("ci", parent=settings.get_profile("playmat"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "playmat")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def _own_saves_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets an empty saves folder (game.saves): the title's Continue and Load never read, and
    no test writes, the saves of whoever runs the suite."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg")))
