"""A slip in an option's value names the one meant everywhere a GM may make it, as `suggest --level hrad` and
`--unit Mra` already did: `playtest --ai enemy=hrad`, `play --ai enemy=hrad`, `play --human plyer`,
`render --overlay rech:Mira` and `render --overlay reach:Mra` (which also says it was --overlay, and who there is).
One line, exit 2, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.main import main
from game.maps.tmxwrite import write_map


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    return write_map(tmp_path / "duel.tmx", ["." * 7] * 5, units=[
        {"name": "Mira", "at": (1, 2), "faction": "player", "initiative": 5},
        {"name": "Orc", "at": (4, 2), "faction": "enemy", "initiative": 9},
    ])


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert (code, out) == (2, "") and err.count("\n") == 1 and "Traceback" not in err, err
    return err.rstrip()


def test_playtest_names_the_level_meant(capsys, duel: Path) -> None:
    assert refused(capsys, "playtest", str(duel), "--games", "1", "--ai", "enemy=hrad") == (
        "playmat: playtest: unknown AI level 'hrad' for enemy (did you mean \"hard\"?) "
        "(one of: random, greedy, easy, normal, hard, expert)")


def test_play_names_the_level_and_the_faction_meant(capsys, duel: Path, tmp_path: Path) -> None:
    shot = str(tmp_path / "s.png")
    assert refused(capsys, "play", str(duel), "--headless", "--screenshot", shot, "--ai", "enemy=hrad") == (
        'playmat: --ai "enemy=hrad": level "hrad" is not one of random, greedy, easy, normal, hard, expert '
        '(did you mean "hard"?)')
    assert refused(capsys, "play", str(duel), "--headless", "--screenshot", shot, "--human", "plyer") == (
        'playmat: --human "plyer": faction is not one of player, ally, enemy, neutral (did you mean "player"?)')
    assert not Path(shot).exists()


def test_render_names_the_overlay_kind_and_the_unit_meant(capsys, duel: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.png"
    assert refused(capsys, "render", str(duel), "-o", str(out), "--overlay", "rech:Mira") == (
        'playmat: --overlay "rech:Mira" is not reach:UNIT or threat:FACTION (did you mean "reach"?)')
    assert refused(capsys, "render", str(duel), "-o", str(out), "--overlay", "reach:Mra") == (
        'playmat: --overlay reach: unknown unit "Mra" (did you mean "Mira"?); the combatants are Mira, Orc '
        "(playmat state lists them)")
    assert not out.exists()


def test_an_edit_names_the_property_meant(capsys, duel: Path, tmp_path: Path) -> None:
    # A GM adjusting a combatant in setup types "attak": the map format's "attack" is the one meant.
    log = tmp_path / "prep.jsonl"
    err = refused(capsys, "do", str(duel), "--log", str(log), '{"action": "edit", "unit": "Orc", "set": {"attak": 3}}')
    assert 'edit: set: "attak" is not a combatant property (did you mean "attack"?); known: faction, ' in err
    assert err.endswith(f"{log} was not created") and not log.exists()


@pytest.mark.parametrize(("typed", "meant"), [("movement", "move"), ("speed", "move"), ("max_hp", "hp_max"),
                                              ("AC", "defense"), ("armour", "defense")])
def test_an_edit_in_another_games_words_names_playmats_property(capsys, duel: Path, tmp_path: Path, typed: str,
                                                                meant: str) -> None:
    # A GM giving the Orc 3 movement points types "movement": the nearest spelling is movement_type (ground /
    # flying / swimming), which is not what was meant; the map format calls movement points "move".
    log = tmp_path / "prep.jsonl"
    err = refused(capsys, "do", str(duel), "--log", str(log),
                  f'{{"action": "edit", "unit": "Orc", "set": {{"{typed}": 3}}}}')
    assert f'edit: set: "{typed}" is not a combatant property (did you mean "{meant}"?); known: faction, ' in err


def test_an_edit_with_a_word_for_several_properties_names_them_all(capsys, duel: Path, tmp_path: Path) -> None:
    # "range" may be the bow's (R29), the weapon's reach (R8) or the burst's (R32): a guess at one is named
    # as if sure, so all three are, in one line, and nothing is written.
    log = tmp_path / "prep.jsonl"
    err = refused(capsys, "do", str(duel), "--log", str(log), '{"action": "edit", "unit": "Orc", "set": {"range": 3}}')
    assert ('edit: set: "range" is not a combatant property (did you mean "ranged", "reach" or "area_range"?); '
            "known: faction, ") in err
    assert len(err.splitlines()) == 1 and not log.exists()
