"""What every screen panel that draws a box shares: the box it took when last drawn."""

from __future__ import annotations

from game.render.pg import pygame


class FramedPanel:
    """A panel that keeps the screen rectangle it last drew in as ``_frame`` (an empty one when hidden);
    the subclass sets it in ``__init__`` and in ``draw``."""

    _frame: pygame.Rect

    @property
    def cover(self) -> pygame.Rect:
        """The screen rectangle this panel took when last drawn (empty when hidden): the opening view keeps
        tokens out from under it."""
        return self._frame
