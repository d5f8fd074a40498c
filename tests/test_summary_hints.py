"""The line under the end-of-battle table says in whole words what its terse headings count.

Found at the end of the Black Gull: "ZoC stops: hostile moves its zone stopped   Stopped: its moves stopped by
a zone" read as a garble. The golden line is written by hand; it still fits, uncut, in the summary's box of a
1280 px wide window (about 1190 px across).
"""

from __future__ import annotations

from game.render.pg import pygame
from game.ui import summary
from game.ui import theme as th

WORDS = ("Flank: attacks and shots from a flank   Rear: from the rear   "
         "ZoC stops: foes' moves its zone of control stopped   Stopped: its moves a foe's zone of control stopped")


def test_the_hint_line_says_zone_of_control_in_whole_words() -> None:
    assert summary.hint_line(list(summary.COLUMNS)) == WORDS


def test_the_hint_line_fits_a_1280_window_uncut() -> None:
    pygame.font.init()
    assert th.fit(WORDS, 1150, 17) == WORDS


def test_the_hint_line_explains_only_the_columns_shown() -> None:
    kept = [c for c in summary.COLUMNS if c[0] in ("Dealt", "Taken", "Defeats", "Rear")]
    assert summary.hint_line(kept) == "Rear: from the rear"
