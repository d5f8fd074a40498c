"""Hold Alt for a moment: the attack and shove previews show their long form (the roll's breakdown) while it is
held (game.ui.overlays.wording.wants_detail)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame


@contextmanager
def alt_held() -> Iterator[None]:
    before = pygame.key.get_mods()
    pygame.key.set_mods(before | pygame.KMOD_LALT)
    try:
        yield
    finally:
        pygame.key.set_mods(before)
