"""The summary's first line, wrapped, leaves no word alone on a row.

Found ending the ambush by the GM at 960x600: "The GM ended the fight in round 9. Still standing: 1 of the player
side and 1 of the enemy side. No side won the" filled the first row and "fight." stood alone on the second.
"""

from __future__ import annotations

from pathlib import Path

from game.rules import EndCombat, SetHp
from game.ui import chrome
from game.ui.summary import SummaryScene
from tests.scene_harness import frame, open_battle, until_summary
from tests.ui_harness import ROOT


def test_the_headline_rows_are_even_when_it_wraps(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    scene, screen = open_battle(tmp_path, ROOT / "maps" / "ambush.tmx", humans=("player", "ally"), setup=False,
                                size=(960, 600))
    frame(scene, screen, 5)
    keep = {"Sir Corin", "Bandit Archer 2"}  # as the battle stood: one of each side standing, the neutrals gone
    for v in scene.match.encounter.views():
        if v.name not in keep:
            scene.submit(SetHp(v.name, 0))
    frame(scene, screen, 5)
    scene.submit(EndCombat())
    summary = until_summary(scene, screen)
    assert isinstance(summary, SummaryScene)
    drawn: list[tuple[str, int]] = []
    real = chrome.text

    def spy(surf, s, pos, size, *a, **k):  # type: ignore[no-untyped-def]
        drawn.append((s, size))
        return real(surf, s, pos, size, *a, **k)

    monkeypatch.setattr("game.ui.summary.text", spy)
    summary.draw(screen, 1.0)
    rows = [s for s, size in drawn if size == 22]  # the headline's rows (the title is 40, the table smaller)
    assert len(rows) >= 2, rows  # it wraps at this width
    assert " ".join(rows) == summary.lines[0]
    assert all(len(r.split()) >= 3 for r in rows), rows  # no row of a word or two
