"""The status bar's key hints under the battle's summary (a fresh-eyes pass on ship_boarding at 1280x800).

Once the battle was over and its summary open, the footer under it still read "H help  P panels  V enemy reach
G GM  Esc menu": but the summary takes every key, and its Esc quits Playmat outright (no menu, no question;
every action is already saved). A player who read "Esc menu" and pressed it to look at the last board lost the
window. The footer now says what the summary's keys do.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.render.pg import pygame  # noqa: E402
from game.rules import SetHp  # noqa: E402
from game.ui import hud  # noqa: E402
from game.ui.scene import QUIT  # noqa: E402
from game.ui.summary import SummaryScene  # noqa: E402
from tests.scene_harness import frame, open_battle, until_summary  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"


def _hints(scene, screen, monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """The key hints the next drawing of the battle puts in its status bar."""
    seen: list[str] = []
    real = hud.draw_status
    monkeypatch.setattr(hud, "draw_status", lambda s, ctx, hint: (seen.append(hint), real(s, ctx, hint))[1])
    scene.draw(screen, 1.0)
    return seen


def _esc(scene) -> object:  # type: ignore[no-untyped-def]
    return scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b",
                                                 scancode=0))


def test_the_footer_under_the_summary_says_esc_quits_as_it_does(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    scene, screen = open_battle(tmp_path, MAPS / "ship_boarding.tmx", humans=("player", "ally"), setup=False,
                                size=(1280, 800))
    frame(scene, screen, 5)
    during = _hints(scene, screen, monkeypatch)
    assert len(during) == 1 and "Esc menu" in during[0]  # in the fight Esc opens the pause menu
    enc = scene.match.encounter
    for v in enc.views():
        if v.faction == "enemy":
            scene.submit(SetHp(v.name, 0))  # the GM ends it
    summary = until_summary(scene, screen)
    assert isinstance(summary, SummaryScene)
    under = _hints(scene, screen, monkeypatch)
    summary.draw(screen, 1.0)
    assert _esc(summary) is QUIT  # what Esc does under the summary...
    assert len(under) == 1 and "Esc menu" not in under[0]
    assert "Esc quits" in under[0]  # ...is what the footer says
    for gone in ("P panels", "V enemy reach", "G GM"):  # the summary takes those keys: they do nothing there
        assert gone not in under[0]
