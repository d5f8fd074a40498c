"""Move previews are short, as the attack preview is: the essential row first ("Move Hero to 2,2: 2 of 5
movement", or "Cannot move to 6,2"), then at most two small rows: the movement left, or whose zone of
control stops the move there (R9), an exit (R24), or why a hex cannot be reached. Before, a refusal's box was
up to 400 px wide ("may not enter a chasm at 13,12 (ground movement, R5)" under "Goblin 1 cannot move to
13,12": the hex twice), and at 1024x768 on giants_lair move boxes hid tokens 20 times over a sweep of every hex.

The pen, worked by hand (pointy-top, odd rows shifted right; plain ground costs 1 a hex):

    row 0  . . . . . . .
    row 1  . . . R . . .      Rat on 3,1
    row 2  H . . . . . .      Hero on 0,2, movement 5
    row 3  . . . S . . .      Rat 2 on 3,3

- 2,2 by 1,2: 2 of 5, 3 left. Neither hex touches a rat (2,2's neighbours: 1,1 2,1 1,2 3,2 1,3 2,3).
- 3,2 by 1,2 and 2,2: 3 of 5; 3,2 touches both rats (its neighbours 3,1 and 3,3, row 2 being even), so the move
  ends there (R9) with nothing left.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.match import Match  # noqa: E402
from game.rules import Begin  # noqa: E402
from game.rules.textmap import scenario_from_rows  # noqa: E402
from game.ui import overlays  # noqa: E402
from game.ui import theme as th  # noqa: E402
from game.ui.overlays import PathPreview  # noqa: E402
from game.ui.theme import Line  # noqa: E402
from tests.test_ui_room import HIDES, hidden, sweep_tips  # noqa: E402
from tests.ui_harness import frame, hover, make_ctx, screen  # noqa: E402

WIDE = 310  # px: the short move box (it reached 404)
UNITS = [{"name": "Hero", "at": (0, 2), "faction": "player", "initiative": 9, "move": 5},
         {"name": "Rat", "at": (3, 1), "faction": "enemy", "initiative": 3},
         {"name": "Rat 2", "at": (3, 3), "faction": "enemy", "initiative": 2}]


def _tip(units: list[dict], cell: tuple[int, int]) -> list[Line]:
    m = Match(scenario_from_rows(["." * 7] * 5, units))
    m.submit(Begin())
    ctx, ws, s = make_ctx(m), overlays.widgets(), screen()
    hover(ctx, cell)
    frame(s, ctx, ws)
    return next(w for w in ws if isinstance(w, PathPreview)).lines or []


def test_a_move_says_its_cost_of_the_movement_first_then_what_is_left() -> None:
    lines = _tip(UNITS, (2, 2))
    assert [ln.text for ln in lines] == ["Move Hero to 2,2: 2 of 5 movement", "then 3 movement left"]
    assert lines[0].bold and lines[1].size == th.SMALL
    assert th.lines_size(lines, 220)[0] <= WIDE


def test_a_move_into_two_zones_of_control_names_both_and_says_nothing_is_left() -> None:
    lines = _tip(UNITS, (3, 2))
    assert [ln.text for ln in lines] == ["Move Hero to 3,2: 3 of 5 movement",
                                         "stops here: zone of Rat and Rat 2, 0 left"]
    assert lines[1].role == "warn"
    assert th.lines_size(lines, 220)[0] <= WIDE


def test_a_hex_out_of_reach_says_so_in_a_few_words_without_the_hex_again() -> None:
    """Hero, 5 movement, on 0,2, the rat far off on 6,4; 6,2 is six hexes east along the row: one too far."""
    lines = _tip([UNITS[0], {**UNITS[1], "at": (6, 4)}], (6, 2))
    said = [ln.text for ln in lines]
    assert said[0] == "Cannot move to 6,2" and len(said) == 2  # the mover is the one selected: not named again
    assert "6,2" not in said[1] and "Hero" not in said[1] and "6" in said[1] and "5" in said[1]
    assert th.lines_size(lines)[0] <= 220  # a narrow box: refusals crowd the party's side of the map


@pytest.mark.parametrize(("map_name", "size"), [("giants_lair.tmx", (1024, 768)),
                                                ("fortress_assault.tmx", (1024, 768))])
def test_every_move_preview_is_short_says_its_cost_first_and_hides_few_tokens(map_name: str,
                                                                             size: tuple[int, int]) -> None:
    """Point at every hex: each move box has at most three rows, is at most 310 px wide, leads with the move and
    its cost (or the refusal); over the whole sweep boxes hide a token at most 8 times (before: 20 on giants_lair,
    19 on fortress_assault, with boxes up to 397 px wide; the hexes by the party there were the ones covered)."""
    seen = [s for s in sweep_tips(map_name, size, Path(tempfile.mkdtemp()))
            if s["lines"][0].startswith(("Move ", "Cannot move to "))]
    assert len(seen) >= 100
    bad, hides = [], 0
    for s in seen:
        tip, lines = s["tip"], s["lines"]
        where = f"at {s['at']}: {tuple(tip.size)} {lines}"
        if len(lines) > 3 or tip.width > WIDE:
            bad.append(f"too big {where}")
        if lines[0].startswith("Move ") and not lines[0].endswith(" movement"):
            bad.append(f"cost not first {where}")
        hides += sum(hidden(tip, t) > HIDES for t in s["tokens"].values())
    assert not bad, "\n".join(bad[:8])
    assert hides <= 8, hides
