"""A GM's slip in a unit name is named with the option it was given to, the name meant when one is close, and
the combatants there are: the bare `unknown unit "Nobody"` said neither which of arc's two names was wrong nor
what to type instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.main import main
from game.maps.tmxwrite import write_map


@pytest.fixture
def duel(tmp_path: Path) -> str:
    return str(write_map(tmp_path / "duel.tmx", ["." * 6] * 3, units=[
        {"name": "Aldric", "at": (1, 1), "faction": "player"},
        {"name": "Orc Chief", "at": (4, 1), "faction": "enemy"}]))


@pytest.mark.parametrize("argv, line", [
    (["reach", "{m}", "--unit", "Nobody"],
     'playmat: --unit: unknown unit "Nobody"; the combatants are Aldric, Orc Chief (playmat state lists them)'),
    (["arc", "{m}", "--attacker", "Aldric", "--defender", "orc_chief"],
     'playmat: --defender: unknown unit "orc_chief" (did you mean "Orc Chief"?); the combatants are Aldric, '
     "Orc Chief (playmat state lists them)"),
    (["targets", "{m}", "--unit", "Aldirc"],
     'playmat: --unit: unknown unit "Aldirc" (did you mean "Aldric"?); the combatants are Aldric, Orc Chief '
     "(playmat state lists them)"),
    (["danger", "{m}", "--against", "player", "--unit", "Orc"],
     'playmat: --unit: unknown unit "Orc"; the combatants are Aldric, Orc Chief (playmat state lists them)'),
])
def test_an_unknown_unit_names_its_option_and_who_there_is(capsys, duel: str, argv: list[str], line: str) -> None:
    code = main([a.format(m=duel) for a in argv])
    out, err = capsys.readouterr()
    assert (code, out, err) == (2, "", line + "\n")
