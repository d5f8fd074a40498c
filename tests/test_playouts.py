"""Seeded random playouts (OpenSpiel style) with invariants checked after every action.

A random policy picks among ``legal_actions()`` (shots and casts too: some
combatants carry bows and area abilities, R29, R32) and now and then a GM action
(push, grant, set_threatening, remove, join, set_hp; edit in setup). After every
action: footprints of active combatants are on the map and disjoint, movement is never
negative, hp never rises but by the GM's set_hp and edit, defeated or fled combatants never come back or
act, undo restores the exact prior state, a cheapest move replayed along an
explicit ``path`` gives the same state, and writing the log and replaying it
reproduces ``state_json`` byte for byte.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.rules import (
    Applied,
    AreaHit,
    Attacked,
    CombatEnded,
    Defeated,
    Edited,
    Fled,
    HpSet,
    Joined,
    Moved,
    Pushed,
    Removed,
    Shot,
    TurnStarted,
)
from game.rules.actionlog import read_log, replay, write_log
from game.rules.actions import (
    ACTION_CLASSES,
    Edit,
    GrantMovement,
    Join,
    Move,
    Push,
    Remove,
    SetHp,
    SetThreatening,
)
from game.rules.encounter import Encounter
from game.rules.errors import IllegalActionError
from game.rules.scenario import Scenario
from game.rules.textmap import scenario_from_rows

ROOT = Path(__file__).resolve().parents[1]
TERRAIN_WEIGHTS = {".": 60, "d": 12, "w": 6, "c": 4, "h": 4, "#": 6, "t": 4, "|": 1, "f": 1}


def random_scenario(seed: int, axis: str, index: str, cols: int = 14, rows: int = 11) -> Scenario:
    rng = random.Random(seed)
    chars, weights = zip(*TERRAIN_WEIGHTS.items(), strict=True)
    grid = ["".join(rng.choices(chars, weights, k=cols)) for _ in range(rows)]
    grid = [("_" if rng.random() < 0.3 else g[0]) + g[1:] for g in grid]  # a ragged off-map left edge
    probe = scenario_from_rows(grid, [], stagger_axis=axis, stagger_index=index)
    board = probe.board
    taken: set[tuple[int, int]] = set()
    units = []
    factions = ["player", "player", "ally", "enemy", "enemy", "enemy", "neutral"]
    for i in range(rng.randint(5, 8)):
        size = rng.choice(["standard"] * 5 + ["large"])
        mt = rng.choice(["ground"] * 4 + ["flying", "swimming"])
        radius = 1 if size == "large" else 0
        for _ in range(200):
            at = (rng.randrange(cols), rng.randrange(rows))
            cells = board.layout.disc(at, radius)
            mti = ["ground", "flying", "swimming"].index(mt)
            if all(board.is_on_map(c) and board.cost_at(c, mti) >= 1 and c not in taken for c in cells):
                taken.update(cells)
                reach = rng.choice([1, 1, 1, 2])
                units.append({
                    "name": f"U{i}", "at": at, "faction": factions[i % len(factions)], "size": size,
                    "movement_type": mt, "move": rng.randint(2, 7), "initiative": rng.randint(0, 3),
                    "reach": reach, "reach_min": rng.choice([1, reach]), "hp": rng.randint(4, 14),
                    "attack": rng.randint(0, 4), "defense": rng.randint(8, 14),
                    "damage": rng.choice(["1d6", "2", "1d4+1"]),
                    "skills": rng.choice(["", "blades:2", "acrobatics:3, shields:1"]),
                    "facing": rng.choice(board.layout.direction_names),
                    **ranged_profile(rng),
                })
                break
    hostile = rng.choice(["enemy/player, enemy/ally", "enemy/player, enemy/ally, neutral/player"])
    return scenario_from_rows(grid, units, stagger_axis=axis, stagger_index=index, seed=seed, hostile=hostile)


def ranged_profile(rng: random.Random) -> dict:
    """Now and then a bow (R29) or an area ability (R32), or both."""
    out: dict = {}
    if rng.random() < 0.4:
        lo = rng.randint(1, 3)
        out.update(ranged=f"{lo}-{lo + rng.randint(0, 6)}", ranged_attack=rng.randint(0, 4),
                   ranged_damage=rng.choice(["1d6", "1d4", "3"]))
    if rng.random() < 0.3:
        out.update(area_range=rng.randint(0, 5), area_radius=rng.randint(0, 2), area_attack=rng.randint(0, 3),
                   area_damage=rng.choice(["1d4", "2", "1d6+1"]), area_push=rng.randint(0, 3),
                   area_uses=rng.randint(1, 3))
    return out


def tmx_scenarios() -> list[Path]:
    return sorted((ROOT / "maps").glob("*.tmx")) + sorted((ROOT / "game" / "data").rglob("*.tmx"))


def gm_action(enc: Encounter, rng: random.Random, step: int):
    names = list(enc.units)
    names_dirs = enc.layout.direction_names
    kind = rng.random()
    name = rng.choice(names)
    if kind < 0.45:
        return Push(name, rng.choice(names_dirs), rng.randint(1, 3))
    if kind < 0.7:
        return GrantMovement(name, rng.randint(1, 3))
    if kind < 0.85:
        return SetThreatening(name, rng.random() < 0.6)
    if kind < 0.93:
        col, row = rng.randrange(enc.layout.cols), rng.randrange(enc.layout.rows)
        faction = rng.choice(["player", "enemy", "ally"])
        return Join.of({"name": f"J{step}", "faction": faction, "initiative": rng.randint(0, 3)}, (col, row))
    if kind < 0.97:
        return SetHp(name, rng.randint(-2, 14))
    return Remove(name, rng.choice(["defeated", "fled"]))


def gm_edit(enc: Encounter, rng: random.Random) -> Edit:
    """Setup: the GM changes one to three properties of someone (some values refused, some changes that
    make a combatant no longer fit where it stands)."""
    choices = {
        "hp": lambda: rng.randint(0, 16), "initiative": lambda: rng.randint(-1, 6), "move": lambda: rng.randint(1, 8),
        "threatening": lambda: rng.random() < 0.5, "facing": lambda: rng.choice(enc.layout.direction_names),
        "size": lambda: rng.choice(["standard", "large"]), "reach": lambda: rng.randint(1, 2),
        "faction": lambda: rng.choice(["player", "enemy", "ally"]), "attack": lambda: rng.randint(0, 4),
        "movement_type": lambda: rng.choice(["ground", "flying", "swimming"]),
        "ranged": lambda: rng.choice([None, "1-4"]), "area_range": lambda: rng.choice([None, 2]),
    }
    keys = rng.sample(sorted(choices), rng.randint(1, 3))
    return Edit.of(rng.choice(list(enc.units)), {k: choices[k]() for k in keys})


def check_invariants(enc: Encounter, prev_hp: dict[str, int], gone: set[str]) -> None:
    seen: set[tuple[int, int]] = set()
    for u in enc.units.values():
        assert u.movement >= 0, u.name
        if u.name in prev_hp:
            assert u.hp <= prev_hp[u.name], f"{u.name} hp rose"
        prev_hp[u.name] = u.hp
        if u.name in gone:
            assert not u.active, f"{u.name} came back"
        if not u.active:
            gone.add(u.name)
            continue
        cells = enc.footprint(u.name)
        assert all(enc.board.is_on_map(c) for c in cells), f"{u.name} off the map"
        assert not seen.intersection(cells), f"{u.name} overlaps another combatant"
        seen.update(cells)
    if enc.phase == "active":
        assert enc.turn is not None and enc.unit(enc.turn).active
    else:
        assert enc.turn is None


def check_events(applied: Applied, before: dict, after: dict, just_ended: bool) -> None:
    """The events tell what changed: every hp lost, every defeat, flight and final position is reported."""
    lost: dict[str, int] = {}
    for e in applied.events:
        if isinstance(e, Attacked | Shot | AreaHit) and e.hit:
            lost[e.target] = lost.get(e.target, 0) + e.damage
        elif isinstance(e, HpSet):
            lost[e.unit] = lost.get(e.unit, 0) - e.change
        elif isinstance(e, Edited) and "hp" in dict(e.changes):
            lost[e.unit] = before[e.unit].hp - after[e.unit].hp  # back to the new starting hp
        elif isinstance(e, Pushed | TurnStarted):
            lost[e.unit] = lost.get(e.unit, 0) + e.hazard_damage
    for name, now in after.items():
        was = before.get(name)
        if was is None:
            assert any(isinstance(e, Joined) and e.unit == name for e in applied.events)
            continue
        assert was.hp - now.hp == lost.get(name, 0), (name, applied)
        if was.active and now.status == "defeated":
            assert any(isinstance(e, Defeated | Removed) and e.unit == name for e in applied.events), applied
        if was.active and now.status == "fled":
            assert any(isinstance(e, Fled | Removed) and e.unit == name for e in applied.events), applied
        if now.active and now.cell != was.cell:
            last = [e for e in applied.events if isinstance(e, Moved | Pushed) and e.unit == name][-1]
            assert last.path[0] == was.cell and last.path[-1] == now.cell
    ended = [e for e in applied.events if isinstance(e, CombatEnded)]
    assert len(ended) == int(just_ended), applied


def canonical(enc: Encounter) -> str:
    return json.dumps(enc.state_json(), sort_keys=True)


def check_replay(scenario: Scenario, enc: Encounter, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    write_log(enc.history, path)
    again = replay(scenario, read_log(path, scenario.board.layout))
    assert canonical(again) == canonical(enc)
    assert [a.to_json() for a in again.history] == [a.to_json() for a in enc.history]


def playout(scenario: Scenario, seed: int, tmp_path: Path, steps: int = 160) -> Encounter:
    rng = random.Random(seed)
    enc = Encounter.from_scenario(scenario)
    prev_hp: dict[str, int] = {}
    gone: set[str] = set()
    check_invariants(enc, prev_hp, gone)
    for step in range(steps):
        if enc.is_over():
            break
        legal = enc.legal_actions()
        assert legal, "an active encounter always offers end_turn"
        gm = enc.phase == "active" and rng.random() < 0.12
        if gm or enc.phase == "setup" and rng.random() < 0.5:
            action = gm_action(enc, rng, step) if gm else gm_edit(enc, rng)
            if enc.check(action) is not None:
                before = enc.snapshot()
                with pytest.raises(IllegalActionError):
                    enc.apply(action)
                assert enc.snapshot() == before
                continue
        else:
            # pick a kind first so the five turns of "face" do not crowd out the rest;
            # end_turn less often, so turns see moves and actions
            by_kind: dict[str, list] = {}
            for a in legal:
                by_kind.setdefault(a.KIND, []).append(a)
            kinds = [k for k in by_kind if k != "end_turn"] if rng.random() < 0.75 else list(by_kind)
            action = rng.choice(by_kind[rng.choice(kinds or list(by_kind))])
        actor = action.actor
        if enc.phase == "active" and action.KIND in ("move", "attack", "shove", "shoot", "cast", "disengage", "flee",
                                                      "face"):
            assert actor == enc.turn and enc.unit(actor).active
        if isinstance(action, Move):
            # the same move along an explicit cheapest path must give the same state (R7)
            path = tuple(enc.reach_for(action.unit).path_to(action.to))
            twin = enc.clone()
            twin.apply(Move(action.unit, action.to, path))
        before = enc.snapshot()
        views_before = {v.name: v for v in enc.views()}
        was_over = enc.is_over()
        applied = enc.apply(action)
        recorded = applied.action
        check_events(applied, views_before, {v.name: v for v in enc.views()}, enc.is_over() and not was_over)
        after = enc.snapshot()
        for e in applied.events:  # the GM's healing is the one way up
            if isinstance(e, HpSet | Edited):
                prev_hp[e.unit] = enc.unit(e.unit).hp
        if isinstance(action, Move):
            assert canonical(twin) == canonical(enc)
        assert enc.undo() == recorded
        assert enc.snapshot() == before
        assert enc.apply(recorded).action == recorded  # the recorded form replays exactly
        assert enc.snapshot() == after
        check_invariants(enc, prev_hp, gone)
        if step == steps // 2:
            check_replay(scenario, enc, tmp_path)
    check_replay(scenario, enc, tmp_path)
    return enc


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize(("axis", "index"), [("y", "odd"), ("x", "even")])
def test_random_playout_on_generated_map(seed: int, axis: str, index: str, tmp_path: Path) -> None:
    scenario = random_scenario(seed * 31 + (axis == "x"), axis, index)
    playout(scenario, seed, tmp_path)


def test_playouts_reach_the_end_and_see_every_kind_of_action(tmp_path: Path) -> None:
    kinds: set[str] = set()
    ended = 0
    for seed in range(12):
        enc = playout(random_scenario(1000 + seed, "y", "even"), seed, tmp_path, steps=400)
        kinds.update(a.KIND for a in enc.history)
        ended += enc.is_over()
    assert ended >= 1
    assert set(ACTION_CLASSES) - {"place", "end_combat"} <= kinds


@pytest.mark.parametrize("path", tmx_scenarios(), ids=lambda p: p.name)
def test_random_playout_on_bundled_map(path: Path, tmp_path: Path) -> None:
    from game.maps.loader import load_scenario

    scenario = load_scenario(path)
    for seed in range(3):
        playout(scenario, seed, tmp_path, steps=120)
