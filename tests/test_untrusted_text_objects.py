"""Text objects from strangers' maps, as ``playmat render --objects`` paints them.

A text object is a few bytes of XML, but painting it costs what its font and its lines cost: a map of
20,000 labels each naming its own font family took render 2.5 minutes (a fontconfig process per
family), and a line of 1,000 characters at 200 pixels took a second to paint even placed far off the
picture. Each case is what a user sees: exit status 2 and one line naming the layer, the object and
the limit (docs/limits.md), and a map within the limits still draws.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.main import main
from game.render import qtext
from game.rules import limits
from tests.hostile import plain_map, swap
from tests.test_untrusted_text import refused


def with_texts(folder: Path, texts: list[str]) -> Path:
    """The plain map with a layer "notes" of text objects, each ``<text ATTRS>BODY</text>`` given whole."""
    objs = "".join(f'<object id="{900 + i}" x="10" y="10" width="40" height="20">{t}</object>'
                   for i, t in enumerate(texts))
    return swap(plain_map(folder), "<objectgroup", f'<objectgroup id="77" name="notes">{objs}</objectgroup>\n '
                '<objectgroup')


def render(tmx: Path) -> int:
    return main(["render", str(tmx), "-o", str(tmx.parent / "out.png"), "--objects"])


@pytest.fixture
def without_qt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text painted by the SDL_ttf fallback, as where Qt (the ``text`` extra) is not installed."""
    monkeypatch.setattr(qtext, "_qt", {"failed": True})


@pytest.mark.parametrize("painter", ["qt", "sdl"])
def test_text_objects_asking_for_more_fonts_than_the_limit_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, painter: str) -> None:
    if painter == "sdl":
        monkeypatch.setattr(qtext, "_qt", {"failed": True})
    many = 33  # one more than MAX_TEXT_FONTS
    tmx = with_texts(tmp_path, [f'<text fontfamily="Family{i}">x</text>' for i in range(many)])
    assert render(tmx) == 2
    refused(capsys, 'm.tmx: layer "notes": object 932: the text objects ask for more than 32 different fonts')
    # As many labels in one family draw.
    tmx = with_texts(tmp_path, ['<text fontfamily="Family0" bold="1">x</text>'] * many)
    assert render(tmx) == 0


def test_more_text_objects_than_the_limit_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_TEXT_OBJECTS", 20)  # the real limit is 5,000: seconds of painting
    tmx = with_texts(tmp_path, ["<text>Ford</text>"] * 21)
    assert render(tmx) == 2
    refused(capsys, 'm.tmx: layer "notes": object 920: the map has more than 20 text objects, the limit')
    tmx = with_texts(tmp_path, ["<text>Ford</text>"] * 20 + ["<text></text>"] * 5)  # empty ones paint nothing
    assert render(tmx) == 0


@pytest.mark.parametrize("where", ['x="10"', 'x="-100000"'])
def test_a_huge_line_of_text_is_refused_before_it_is_painted(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             without_qt: None, where: str) -> None:
    # 1,000 characters at 200 pixels: a line 198,000 pixels wide, painted in about a second each time, on
    # the picture or off it. Measured first, it is refused before any pixel is painted.
    tmx = with_texts(tmp_path, ['<text pixelsize="200">' + "W" * 1000 + "</text>"] * 3)
    swap(tmx, '<object id="900" x="10"', f'<object id="900" {where}')
    assert render(tmx) == 2
    refused(capsys, 'm.tmx: layer "notes": object 900: the text objects\' lines take more than '
            "32,000,000 pixels to paint, the limit")


def test_a_turned_line_counts_its_turned_box(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             without_qt: None) -> None:
    # A line 20,000 pixels long is 0.5 million pixels straight and 200 million turned by 45 degrees.
    line = '<text pixelsize="20">' + "W" * 1000 + "</text>"
    tmx = with_texts(tmp_path, [line])
    assert render(tmx) == 0
    capsys.readouterr()
    swap(tmx, 'width="40" height="20">', 'width="40" height="20" rotation="45">')
    assert render(tmx) == 2
    refused(capsys, "object 900: the text objects' lines take more than 32,000,000 pixels to paint")
