"""The short attack preview's first row keeps its verb (u24): at 1024x640 on the Greenway, Lysa's blow on Bandit Spear
read "Bandit Spear: 65 % to hit, 1–8 dmg", the "Attack" dropped for room, unlike every other row of its kind.
Now the odds' words go first ("65 %, 1–8 dmg": the row under it says what the roll needs), then the target's
name is cut, keeping the number that tells the charcoal burners apart."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui import theme as th  # noqa: E402
from game.ui.overlays import ActionPreview  # noqa: E402
from tests.scene_harness import frame, hover, open_battle, to_turn  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"
EVERYONE = ("player", "ally", "enemy", "neutral")
BRIEF = 300  # px of text: the short preview's rows (about a 320 px box)


def heads(tmp_path: Path, actor: str, targets: list[str]) -> list[str]:
    """The first row of ``actor``'s short preview on each of ``targets`` (the Greenway at 1024x640)."""
    scene, screen = open_battle(tmp_path, MAPS / "ambush.tmx", humans=EVERYONE, setup=False, size=(1024, 640))
    frame(scene, screen, 30)
    to_turn(scene, actor)
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    out = []
    for t in targets:
        hover(scene, scene.tokens[t].cell)
        frame(scene, screen, 2)
        assert preview.lines and preview.lines[0].bold, t
        out.append(preview.lines[0].text)
    return out


def test_a_long_name_keeps_the_verb_and_drops_the_odds_words(tmp_path: Path) -> None:
    """Lysa (1d8 blade) on Bandit Spear: the whole row is too wide for the box (the case this is about); the row
    shown says Attack, the name whole, the odds and the damage, and fits."""
    whole = "Attack Bandit Spear: 65 % to hit, 1–8 dmg"
    assert th.text_width(whole, th.BODY, True) > BRIEF
    (row,) = heads(tmp_path, "Lysa", ["Bandit Spear"])
    assert row == "Attack Bandit Spear: 65 %, 1–8 dmg"
    assert th.text_width(row, th.BODY, True) <= BRIEF


def test_a_name_cut_short_keeps_its_number(tmp_path: Path) -> None:
    """Bandit 2 on each charcoal burner: even without the odds' words the row is too wide, so the name is cut with
    an ellipsis before its number: the two rows still say Attack and tell the burners apart."""
    rows = heads(tmp_path, "Bandit 2", ["Charcoal Burner 1", "Charcoal Burner 2"])
    for row, n in zip(rows, "12", strict=True):
        assert row.startswith("Attack Charcoal") and f"… {n}: " in row, row
        assert th.text_width(row, th.BODY, True) <= BRIEF, row
    assert rows[0] != rows[1]
