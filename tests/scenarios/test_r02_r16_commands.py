"""R2 direction names per layout, R16 granted movement, and the commands' plain forms."""

from __future__ import annotations

from .conftest import rows, run_cli, unit

BEGIN = {"action": "begin"}
END = {"action": "end_turn"}


def flat(encounter):
    # Flat-top (staggeraxis x, odd columns shifted down). P on (3,3) (odd column):
    # ne (4,3) n (3,2) nw (2,3) sw (2,4) s (3,4) se (4,4).
    return encounter(
        rows(7, 7),
        [unit("P", (3, 3), "player", initiative=10), unit("E", (0, 0), "enemy", threatening=False)],
        stagger_axis="x",
    )


def test_r02_flat_top_names(encounter):
    enc = flat(encounter)
    log = [BEGIN, {"action": "face", "unit": "P", "dir": "s"}]
    assert enc.unit("P", log)["facing"] == "s"
    # "e" names no side of a flat-top hex (R2): refused on line 2.
    enc.refused([BEGIN, {"action": "face", "unit": "P", "dir": "e"}], 2)


def test_r02_flat_top_push_steps(encounter):
    enc = flat(encounter)
    # (3,3) odd column: ne -> (4,3); (4,3) even column: ne -> (5,2).
    push = {"action": "push", "unit": "P", "dir": "ne", "distance": 2}
    assert enc.unit("P", [BEGIN, push])["at"] == [5, 2]
    # s twice: (3,4), (3,5).
    push = {"action": "push", "unit": "P", "dir": "s", "distance": 2}
    assert enc.unit("P", [BEGIN, push])["at"] == [3, 5]


def test_r02_pointy_names_refuse_flat_ones(encounter):
    enc = encounter(rows(7, 5), [unit("P", (3, 2), "player", initiative=10), unit("E", (0, 0), "enemy")])
    enc.refused([BEGIN, {"action": "face", "unit": "P", "dir": "n"}], 2)


def test_r05_flat_top_reach(encounter):
    # Flat-top, move 1: the six neighbours of (3,3) listed above, cost 1 each.
    enc = flat(encounter)
    neighbours = [(4, 3), (3, 2), (2, 3), (2, 4), (3, 4), (4, 4)]
    assert enc.reach("P", [BEGIN], budget=1) == {c: (1, False) for c in neighbours}


def test_r16_grant_movement_adds_and_any_time(encounter):
    # GM grants come at any time in the active phase and add to what remains (R16).
    enc = encounter(
        rows(9, 5),
        [unit("P", (1, 2), "player", initiative=10), unit("E", (7, 2), "enemy", threatening=False)],
    )
    log = [BEGIN, {"action": "move", "unit": "P", "to": [3, 2]}, {"action": "grant_movement", "unit": "P", "amount": 2}]
    assert enc.unit("P", log)["movement"] == 6  # 6 - 2 + 2
    # Granted to E before its turn: 6 + 3 = 9 for now, but its turn starts by setting
    # movement to its maximum (R6): 6.
    log.append({"action": "grant_movement", "unit": "E", "amount": 3})
    assert enc.unit("E", log)["movement"] == 9
    log.append(END)
    assert enc.unit("E", log)["movement"] == 6


def test_plain_output_is_nonempty(encounter):
    enc = encounter(rows(7, 5), [unit("P", (3, 2), "player"), unit("E", (0, 0), "enemy")])
    for args in (
        ["state"],
        ["reach", "--unit", "P"],
        ["threat", "--against", "player"],
        ["arc", "--attacker", "E", "--defender", "P"],
    ):
        res = enc.run(args[0], *args[1:])
        assert res.code == 0, res.err
        assert res.out.strip()


def test_validate(encounter, tmp_path):
    good = encounter(rows(5, 3), [unit("P", (1, 1), "player"), unit("E", (3, 1), "enemy")])
    res = run_cli(["validate", str(good.path)])
    assert res.code == 0, res.err
    bad = encounter(rows(5, 3), [unit("P", (1, 1), "player"), unit("Orc 2", (3, 1), "orcs")])
    res = run_cli(["validate", str(good.path), str(bad.path)])
    assert res.code == 2
    lines = res.err.strip().splitlines() or res.out.strip().splitlines()
    assert len(lines) == 1
    assert bad.path.name in lines[0] and "Orc 2" in lines[0] and "orcs" in lines[0]
    assert "Traceback" not in res.err


def test_bad_arguments_exit_2(encounter):
    enc = encounter(rows(5, 3), [unit("P", (1, 1), "player"), unit("E", (3, 1), "enemy")])
    res = enc.run("reach", "--unit", "Nobody", "--json")
    assert (res.code, res.out) == (2, "")
    assert "Nobody" in res.err and "Traceback" not in res.err
    res = enc.run("threat", "--against", "orcs", "--json")
    assert (res.code, res.out) == (2, "")
