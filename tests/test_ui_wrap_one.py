"""One word wrap for the whole window: the chrome's dialogs (title, load, summary, help) and the themed panels
break lines the same way, so a sentence read in the help and in a panel at the same width wraps alike."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.render.pg import pygame  # noqa: E402
from game.ui import chrome, theme  # noqa: E402

SENTENCES = (
    "target by keyboard, in attack, shove (S), shoot (R) and cast (B) mode: Tab to the next foe you can reach",
    "the AI won 46.5 % of 200 games on this map against the greedy level",
    "turn to face a hex / turn left, right",
)


def test_the_chrome_and_the_panels_break_a_line_at_the_same_words() -> None:
    pygame.font.init()
    for s in SENTENCES:
        for width in (120, 260, 400):
            assert chrome.wrap(s, theme.BODY, width) == theme.wrap(s, width, theme.BODY, cut=False), (s, width)


def test_a_dialog_keeps_its_paragraphs_and_its_long_words_whole() -> None:
    """A save's path wider than the dialog stays whole on a row of its own (the panels cut it with an
    ellipsis: a tooltip's row must fit); a blank line between paragraphs stays a blank row."""
    pygame.font.init()
    path = "/home/someone/.local/share/playmat/saves/ambush-on-the-greenway.jsonl"
    narrow = theme.text_width("Saved to", theme.BODY) + 20
    assert chrome.wrap(f"Saved to {path}", theme.BODY, narrow) == ["Saved to", path]
    assert theme.wrap(f"Saved to {path}", narrow, theme.BODY)[1].endswith("…")
    assert chrome.wrap("First line\n\nafter a blank", theme.BODY, 600) == ["First line", "", "after a blank"]
    # a percent sign stays with its number wherever the wrap falls
    rows = chrome.wrap("won 46.5 % of games", theme.BODY, theme.text_width("won 46.5", theme.BODY) + 2)
    assert "46.5 %" in " | ".join(rows) and not any(r.startswith("%") for r in rows), rows
