"""``playmat reach`` on a big map where the unit can go anywhere: the answer is as long as the map is big,
and printing it costs little beyond the engine's own answer.

A stranger's 1000x1000 map (within the map limits) with a unit of ``move`` 1,000,000 made ``reach`` list a
million hexes; the command held a dict and a line for each at once and ran out of memory under 1 GB
after a minute. It now writes them a slice at a time (11 s, 730 MB, most of it the engine's answer).
Measured here on a 300x300 map (90,000 hexes) with tracemalloc, against the engine's answer alone.
"""

from __future__ import annotations

import contextlib
import io
import json
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from game.cli.main import main
from game.cli.session import load_encounter
from game.maps.tmxwrite import write_map

SIDE = 300


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    units = [{"name": "Hero", "at": (1, 1), "faction": "player", "move": 1_000_000},
             {"name": "Orc", "at": (SIDE - 2, SIDE - 2), "faction": "enemy"}]
    return write_map(tmp_path_factory.mktemp("big") / "m.tmx", ["." * SIDE] * SIDE, units=units,
                     encoding="base64-zlib", tile_width=8, tile_height=8, side_length=4)


def peak_mb(work: Callable[[], None]) -> float:
    """The most memory Python held while ``work`` ran, MB."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("as_json", [False, True])
def test_reach_of_a_unit_that_can_go_anywhere_prints_in_little_more_than_the_answer(big: Path,
                                                                                    as_json: bool) -> None:
    out = io.StringIO()

    def command() -> None:
        with contextlib.redirect_stdout(out):
            assert main(["reach", str(big), "--unit", "Hero"] + (["--json"] if as_json else [])) == 0

    ends: list[object] = []

    def answer() -> None:
        _, enc = load_encounter(str(big), None)
        ends[:] = enc.reach_for("Hero").destinations()

    answer()  # the first query builds the board's step tables once, for both
    engine, printed = peak_mb(answer), peak_mb(command)
    text = out.getvalue()
    if as_json:
        assert len(json.loads(text)["hexes"]) == len(ends) > SIDE * SIDE - 10  # nearly every hex
    else:
        assert text.startswith(f"Hero at 1,1 with 1000000 movement can end on {len(ends)} hexes:\n")
        assert text.count("\n") == len(ends) + 1
    # The output itself (a few MB of text in the StringIO) and a slice of lines: well under 10 MB more.
    assert printed - engine < 10 + len(text) / 2**20, (printed, engine)
