"""Text cut to the room it has: the same cut as taking one character off at a time, found by halving, so a
stranger's 20,000-character title or name costs a window frame a few measurements, not thousands."""

from __future__ import annotations

import random

from game.ui import theme


def _one_at_a_time(s: str, room: int, width_of, ellipsis: str) -> str:
    """The cut as the window made it before: drop the last character until the rest and the ellipsis fit."""
    if width_of(s) <= room:
        return s
    while s and width_of(s + ellipsis) > room:
        s = s[:-1]
    return s + ellipsis


def test_the_cut_is_the_longest_start_that_fits_with_its_ellipsis() -> None:
    rng = random.Random(7)
    size = theme.BODY
    for _ in range(300):
        s = "".join(rng.choice("iIl WMmw.,-Orc 12éß") for _ in range(rng.randint(0, 40)))
        room = rng.randint(0, 400)
        width = lambda t: theme.text_width(t, size)  # noqa: E731
        assert theme.fit(s, room, size) == _one_at_a_time(s, room, width, "…")
        assert theme.text_width(theme.fit(s, room, size), size) <= max(room, theme.text_width("…", size))


def test_a_huge_title_is_cut_with_a_few_measurements() -> None:
    asked: list[str] = []

    def width_of(t: str) -> int:
        asked.append(t)
        return 7 * len(t)  # a fixed-width font of 7 px a character

    title = "The Siege of " + "A" * 20_000
    cut = theme.cut_to(title, 300, width_of, "...")
    assert cut == title[:39] + "..." and width_of(cut) <= 300
    assert len(asked) <= 20  # one measurement a character would be over 20,000
