"""F11 under a window system that re-creates the window: pygame-ce says so as a Python warning, which printed
"Warning: re-creating window in toggle_fullscreen" to the player's terminal (Xvfb, ninth-session review)."""

from __future__ import annotations

import warnings

import pytest

from game.render.pg import pygame
from game.ui import loop


def test_f11_keeps_pygames_window_warning_off_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    toggled: list[bool] = []

    def recreating() -> int:
        warnings.warn("re-creating window in toggle_fullscreen", Warning, stacklevel=1)
        toggled.append(True)
        return 1

    monkeypatch.setattr(pygame.display, "toggle_fullscreen", recreating)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning that escapes fails the test
        loop.toggle_fullscreen()
    assert toggled == [True]  # the window was still toggled


def test_f11_where_the_driver_cannot_leaves_the_window_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    def cannot() -> int:
        raise pygame.error("not supported")

    monkeypatch.setattr(pygame.display, "toggle_fullscreen", cannot)
    loop.toggle_fullscreen()  # no exception reaches the game loop
