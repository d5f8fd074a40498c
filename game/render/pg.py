"""The one place the front end imports pygame, and refuses plain pygame.

pygame and pygame-ce install into the same ``pygame/`` folder; whichever was
installed last wins. Playmat uses pygame-ce APIs (FRect, draw.aacircle,
scale_by), so the wrong one would fail later with a confusing AttributeError.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from .errors import PYGAME_CE_FIX, NotPygameCEError  # noqa: E402

if not getattr(pygame, "IS_CE", False):
    raise NotPygameCEError(
        "the 'pygame' distribution is installed instead of 'pygame-ce', which Playmat needs; "
        f"fix: {PYGAME_CE_FIX}"
    )

__all__ = ["NotPygameCEError", "pygame"]
