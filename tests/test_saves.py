"""Saved battles (game.saves) and the title screen's Continue and Load, headless with real pygame events.

The arena (as tests/test_play.py): pointy-top 8x5; Hero (player, initiative 9) at 2,2 acts first, then the
Orc (enemy, initiative 5) at 5,2. Every test has its own empty saves folder (tests/conftest.py).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from game.maps import default_map, shipped_maps
from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import scenario_from_rows
from game.saves import (
    SaveMeta,
    describe_controllers,
    list_saves,
    map_of,
    meta_path,
    read_meta,
    read_save,
    saves_folder,
    when,
    write_meta,
)
from game.ui.app import PlayConfig, play
from game.ui.battle import BattleScene
from game.ui.load import LoadScene
from game.ui.mapinfo import sides, sides_text
from game.ui.title import TitleScene
from tests.ui_harness import drawn_by

UNITS = [
    {"name": "Hero", "at": (2, 2), "faction": "player", "initiative": 9, "hp": 12},
    {"name": "Orc", "at": (5, 2), "faction": "enemy", "initiative": 5, "facing": "w", "hp": 9},
]


@pytest.fixture
def arena(tmp_path: Path) -> Path:
    return write_map(tmp_path / "arena.tmx", ["." * 8] * 5, units=UNITS, title="Arena")


def save(arena: Path, name: str, lines: list[str], controllers: dict[str, str] | None = None,
         age: float = 0.0) -> Path:
    """A save in the saves folder, last played ``age`` seconds ago."""
    folder = saves_folder()
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / name
    log.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    write_meta(log, SaveMeta(arena, None, controllers or {"player": "human", "enemy": "human"}))
    stamp = time.time() - age
    os.utime(log, (stamp, stamp))
    return log


BEGUN = ['{"action": "begin"}', '{"action": "end_turn"}']  # round 1, the Orc to act


# --- the saves folder and what a save holds -------------------------------------------------------------------
def test_saves_live_under_xdg_data_home_and_the_note_round_trips(arena: Path, tmp_path: Path) -> None:
    assert saves_folder() == Path(os.environ["XDG_DATA_HOME"]) / "playmat" / "saves"
    log = save(arena, "arena-1.jsonl", BEGUN, {"player": "human", "enemy": "hard"})
    assert meta_path(log).name == "arena-1.meta.json"
    assert read_meta(log) == SaveMeta(arena, None, {"player": "human", "enemy": "hard"})
    meta_path(log).write_text('{"map": 3}')  # a stranger's note is only data: ignored, never trusted
    assert read_meta(log) is None
    meta_path(log).write_text("[" * 100000)
    assert read_meta(log) is None


def test_read_save_tells_round_whose_turn_and_the_end(arena: Path) -> None:
    info = read_save(save(arena, "a.jsonl", BEGUN))
    assert (info.phase, info.round, info.turn, info.side, info.actions) == ("active", 1, "Orc", "enemy", 2)
    assert info.where == "round 1, Orc (enemy) to act" and info.title == "Arena"
    over = read_save(save(arena, "b.jsonl", [*BEGUN, '{"action": "set_hp", "unit": "Orc", "hp": 0}']))
    assert over.finished and over.where == "over after 1 round: player won"
    setup = read_save(save(arena, "c.jsonl", ['{"action": "place", "unit": "Hero", "at": [1, 1]}']))
    assert setup.where == "setup, before round 1"


def test_the_load_list_names_only_factions_on_the_board(arena: Path) -> None:
    """Found playing: Miller's Ford's save read "AI: enemy, neutral" though no neutral stands on it (the window
    records a controller for every faction)."""
    everyone = {"player": "human", "ally": "human", "enemy": "normal", "neutral": "normal"}
    info = read_save(save(arena, "d.jsonl", BEGUN, everyone))
    assert describe_controllers(info.meta.controllers) == "you: player · AI: enemy"
    joined = ['{"action": "begin"}', '{"action": "join", "unit": {"name": "Hermit", "faction": "neutral", '
              '"initiative": 1, "hp": 5}, "at": [7, 4]}']
    assert describe_controllers(read_save(save(arena, "e.jsonl", joined, everyone)).meta.controllers) == \
        "you: player · AI: enemy, neutral"  # a neutral the GM brought in counts


def test_a_save_that_cannot_be_opened_says_why_in_one_line(arena: Path, tmp_path: Path) -> None:
    broken = read_save(save(arena, "bad.jsonl", ['{"action": "begin"}', '{"action": "move", "unit": "Orc"}']))
    assert broken.problem == 'bad.jsonl:2: move: missing field "to"'
    assert broken.where.startswith("cannot open: bad.jsonl:2")
    gone = save(tmp_path / "elsewhere.tmx", "gone.jsonl", BEGUN)
    assert read_save(gone).problem == f"its map {tmp_path / 'elsewhere.tmx'} is missing"
    stray = saves_folder() / "notes.jsonl"
    stray.write_text('{"action": "begin"}\n')
    assert read_save(stray).problem == "no note says which map it was played on"


def test_an_older_save_without_a_note_is_matched_to_its_shipped_map_by_name() -> None:
    shipped = [m.path for m in shipped_maps()]
    folder = saves_folder()
    folder.mkdir(parents=True)
    log = folder / "default-20250101-120000.jsonl"
    log.write_text('{"action": "begin"}\n')
    assert map_of(log, shipped) == (default_map(), None)
    assert read_save(log, shipped).where == "round 1, Goblin (enemy) to act"


def test_saves_are_listed_most_recently_played_first(arena: Path) -> None:
    old = save(arena, "old.jsonl", BEGUN, age=3600)
    new = save(arena, "new.jsonl", BEGUN, age=10)
    assert list_saves() == [new, old]


def test_dates_read_as_a_player_says_them() -> None:
    now = time.mktime((2025, 3, 12, 15, 0, 0, 0, 0, -1))
    assert when(now - 3600, now) == "today 14:00"
    assert when(now - 86400, now) == "yesterday 15:00"
    assert when(now - 5 * 86400, now) == "7 Mar 15:00"
    assert when(now - 400 * 86400, now) == "6 Feb 2024"


# --- the sides of a map ---------------------------------------------------------------------------------------
def test_sides_group_factions_that_share_their_enemies_r3() -> None:
    units = [{"name": f"P{i}", "at": (i, 0), "faction": "player"} for i in range(3)] + [
        {"name": "A", "at": (0, 2), "faction": "ally"},
        {"name": "Ogre", "at": (4, 4), "faction": "enemy", "size": "large"},
        {"name": "E", "at": (7, 2), "faction": "enemy"},
        {"name": "N", "at": (7, 0), "faction": "neutral"},
    ]
    rows = ["." * 9] * 7
    assert sides_text(scenario_from_rows(rows, units)) == \
        "player 3 + ally 1  vs  enemy 2 (1 large)  ·  neutral 1 (hostile to nobody)"
    grudge = scenario_from_rows(rows, units, hostile="enemy/player, enemy/ally, neutral/player")
    assert [s.text() for s in sides(grudge)] == ["player 3", "ally 1", "enemy 2 (1 large)", "neutral 1"]


def test_large_and_giant_combatants_are_counted_apart() -> None:
    """The Giant's Hearth on the title read "enemy 5 (2 large or giant)": how many giants? By the map, the cave
    troll is large and Grundvald a giant; the party's war bear Bjorn (an ally) is large."""
    from game.maps import load_scenario

    giants = next(m.path for m in shipped_maps() if m.path.name == "giants_lair.tmx")
    assert sides_text(load_scenario(giants)) == "player 4 + ally 1 (1 large)  vs  enemy 5 (1 large, 1 giant)"


# --- the title screen: Continue, Load, descriptions -----------------------------------------------------------
def run_title(script: Any, frames: int = 200, until: Any = None, size: tuple[int, int] = (1280, 720)) -> Any:
    return play(PlayConfig(headless=True, frames=frames, size=size), script=script, until=until)


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]


def open_load(stack: Any, seen: dict[str, Any]) -> tuple[LoadScene | None, list[pygame.event.Event]]:
    """The Load screen, if it is open; else, once the title has read the saves, the click on its Load
    button (made once: ``seen["opened"]``)."""
    title, load = stack.find(TitleScene), stack.find(LoadScene)
    if load is None and title is not None and title.saves is not None and "opened" not in seen:
        seen["opened"] = True
        return None, click(title.load_rect.center)
    return load, []


def test_continue_resumes_the_latest_battle_not_yet_over(arena: Path) -> None:
    save(arena, "finished.jsonl", [*BEGUN, '{"action": "set_hp", "unit": "Orc", "hp": 0}'], age=5)
    going = save(arena, "going.jsonl", BEGUN, age=60)  # older, but not over: Continue picks it
    seen: dict[str, Any] = {}

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        title = stack.find(TitleScene)
        if title is not None and stack.top is title and title.latest is not None and "where" not in seen:
            seen["where"] = title.latest.where
            return click(title.continue_rect.center)
        return []

    result = run_title(script, until=lambda s: s.find(BattleScene) is not None)
    battle = result.stack.find(BattleScene)
    assert seen["where"] == "round 1, Orc (enemy) to act"
    assert battle is not None and battle.opts.log_path == going
    assert battle.match.encounter.turn == "Orc" and battle.match.controllers["enemy"] == "human"


def test_with_every_saved_battle_over_continue_says_so_not_yet(arena: Path) -> None:
    """Found playing: after a battle fought to its end the greyed Continue said "no battle in progress yet"."""
    from game.ui.title import continue_note

    save(arena, "finished.jsonl", [*BEGUN, '{"action": "set_hp", "unit": "Orc", "hp": 0}'])
    seen: dict[str, Any] = {}

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        title = stack.find(TitleScene)
        if title is not None and title.saves is not None and not title._save_queue:
            seen["latest"], seen["saves"] = title.latest, list(title.saves)
        return []

    run_title(script, until=lambda s: "saves" in seen)
    assert seen["latest"] is None and len(seen["saves"]) == 1  # nothing to continue, one save, over
    assert continue_note(seen["saves"], looking=False) == "no battle in progress: every saved one is over"
    assert continue_note([], looking=False) == "no battle in progress yet"


def test_load_lists_every_save_scrolls_with_the_wheel_and_opens_one(arena: Path) -> None:
    logs = [save(arena, f"s{i:02d}.jsonl", BEGUN[: 1 + i % 2], age=100 * i) for i in range(12)]
    seen: dict[str, Any] = {}

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        load, opening = open_load(stack, seen)
        if opening:
            return opening
        if load is not None and "wheel" not in seen and load.rows:
            seen["wheel"] = load.scroll
            seen["names"] = [p.name for p in load.saves]
            return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)]
        if load is not None and "scrolled" not in seen and "wheel" in seen:
            seen["scrolled"] = load.scroll
            return []
        if load is not None and "scrolled" in seen:
            i, rect = load.rows[-1]
            seen["picked"] = load.saves[i]
            return click(rect.center) if load.saves[i] in load.infos else []  # once it has been read
        return []

    result = run_title(script, frames=400, until=lambda s: s.find(BattleScene) is not None)
    assert seen["names"] == [p.name for p in logs]  # the most recent first
    assert seen["wheel"] == 0 and seen["scrolled"] == 3
    battle = result.stack.find(BattleScene)
    assert battle is not None and battle.opts.log_path == seen["picked"]
    assert [type(s).__name__ for s in result.stack.scenes] == ["TitleScene", "BattleScene"]


def test_the_load_list_fills_its_panel_at_1280x720(arena: Path) -> None:
    """Nine saves at 1280x720: six rows show, all inside the list's panel (it showed five above an empty band)."""
    for i in range(9):
        save(arena, f"s{i:02d}.jsonl", BEGUN, age=100 * i)
    seen: dict[str, Any] = {}

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        load, opening = open_load(stack, seen)
        if opening:
            return opening
        if load is not None and load.rows:
            seen["rows"] = [r for _, r in load.rows]
        return []

    run_title(script, frames=40, until=lambda s: "rows" in seen)
    rows = seen["rows"]
    assert len(rows) == 6
    assert rows[-1].bottom <= 720 - 96 - 10  # above the panel's bottom edge and the Back button


@pytest.mark.parametrize("size", [(1280, 720), (800, 560)])
def test_every_description_is_shown_whole(tmp_path: Path, size: tuple[int, int]) -> None:
    """Each battle's description is drawn in full beside its picture, never cut with "..." (issue 20), and
    above the Play button: at 800x560 the ambush's last lines ran under it (the picture is shorter there)."""
    shown: dict[str, list[str]] = {}
    clear: dict[str, bool] = {}

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        title = stack.find(TitleScene)
        if title is not None and frame > 2:
            shown[title.entries[title.index].title] = list(title.desc_lines)
            clear[title.entries[title.index].title] = title.desc_bottom <= title.play_rect.top
            return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)]
        return []

    run_title(script, frames=4 + 2 * len(shipped_maps()), size=size)
    for m in shipped_maps():
        assert " ".join(shown[m.title]) == " ".join(m.description.split()), m.title
        assert not any(line.endswith(("...", "…")) for line in shown[m.title])
        assert clear[m.title], m.title


def test_a_new_battle_leaves_a_save_the_title_can_find(tmp_path: Path) -> None:
    play(PlayConfig(map_path=default_map(), headless=True, frames=5))
    (log,) = list_saves()
    assert log.name.startswith("default-") and log.read_text().startswith('{"action": "begin"}')
    note = json.loads(meta_path(log).read_text())
    assert note["map"] == str(default_map().resolve())
    assert note["controllers"] == {"player": "human", "ally": "human", "enemy": "normal", "neutral": "normal"}
    assert note["shipped"] is True  # one of Playmat's own maps: any install plays it on its own copy
    assert read_save(log).where == "round 1, Goblin (enemy) to act"


@pytest.mark.parametrize("flagged", [True, False])
def test_a_save_of_a_shipped_map_opens_on_this_install_s_copy(flagged: bool, tmp_path: Path) -> None:
    """After Playmat is installed anew (a new virtual environment), a save's note still names the old install's
    copy of the shipped map, which may still stand there; Playmat refuses its tilesets (outside that map's folder,
    not this install's own), so Load said "cannot open: ... outside the map's folder". The save opens on this
    install's copy: by the note's "shipped" flag, or, for a note written before it, when the files are the same."""
    old = tmp_path / "old-venv" / "game" / "data"
    (old / "maps").mkdir(parents=True)
    (old / "assets").mkdir()
    stale = old / "maps" / "default.tmx"
    stale.write_bytes(default_map().read_bytes())
    (old / "assets" / "terrain.tsx").write_bytes((default_map().parent.parent / "assets" / "terrain.tsx").read_bytes())
    folder = saves_folder()
    folder.mkdir(parents=True)
    log = folder / "default-20261204-120000.jsonl"
    log.write_text('{"action": "begin"}\n')
    write_meta(log, SaveMeta(stale, None, {"player": "human"}, shipped=flagged))
    shipped = [m.path for m in shipped_maps()]
    assert map_of(log, shipped)[0] == default_map()
    info = read_save(log, shipped)
    assert info.problem is None and info.where == "round 1, Goblin (enemy) to act"


def test_a_designer_s_own_map_is_never_swapped_for_a_shipped_one(tmp_path: Path) -> None:
    mine = tmp_path / "maps" / "default.tmx"  # the designer's own map that happens to share the name
    mine.parent.mkdir()
    mine.write_text(default_map().read_text().replace("Miller's Ford", "Miller's Mill"))
    folder = saves_folder()
    folder.mkdir(parents=True)
    log = folder / "default-20261204-120001.jsonl"
    log.write_text('{"action": "begin"}\n')
    write_meta(log, SaveMeta(mine, None, {"player": "human"}))
    assert map_of(log, [m.path for m in shipped_maps()])[0] == mine


# --- playtest findings on the title and Load screens ------------------------------------------------------------
def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


@pytest.mark.parametrize("how", ["double-click", "enter", "play"])
def test_a_click_on_a_battle_chooses_it_and_a_double_click_enter_or_play_starts_it(how: str) -> None:
    """Found playtesting: a click on "Boarding the Black Gull" to read it started the battle at once and left a
    save behind. A click chooses (the right shows that battle, and keeps showing it while the pointer crosses
    the other rows); a double-click on it, Enter or Play starts it."""
    seen: dict[str, Any] = {}

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        title = stack.find(TitleScene)
        if "clicked" in seen and "top" not in seen:  # the frame after the click
            seen["top"], seen["saves"] = type(stack.top).__name__, list_saves()
        if title is None or stack.top is not title or not title.rows:
            return []
        pick = 3  # Boarding the Black Gull
        if "clicked" not in seen:
            seen["clicked"] = title.entries[pick]
            return click(title.rows[pick].center)
        if "crossed" not in seen:
            seen["crossed"] = True
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=title.rows[0].center, rel=(0, 0), buttons=(0, 0, 0))]
        if "shown" not in seen:
            seen["shown"] = title.entries[title.index]
            seen["desc"] = " ".join(title.desc_lines)
            if how == "double-click":
                return click(title.rows[pick].center) + click(title.rows[pick].center)
            return [key(pygame.K_RETURN)] if how == "enter" else click(title.play_rect.center)
        return []

    result = run_title(script, frames=60, until=lambda s: s.find(BattleScene) is not None and "top" in seen)
    picked = seen["clicked"]
    assert seen["top"] == "TitleScene" and seen["saves"] == []  # one click: no battle, no save
    assert seen["shown"] == picked and seen["desc"] == " ".join(picked.description.split())
    battle = result.stack.find(BattleScene)
    assert battle is not None and battle.opts.map_path == picked.path


def test_two_clicks_far_apart_choose_a_battle_twice_without_starting_it() -> None:
    started: list[Path] = []

    def start(path: Path) -> Any:
        started.append(path)
        return title

    from game.ui.title import shipped_entries

    pygame.font.init()
    title = TitleScene(shipped_entries(), start)
    title.draw(pygame.Surface((1280, 720)), 0)
    now = [100.0]
    title.clock = lambda: now[0]
    row = title.rows[2].center
    for t in (100.0, 100.8, 101.6):  # each click more than half a second after the last
        now[0] = t
        title.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row, button=1))
    assert started == [] and title.index == 2
    now[0] = 101.9  # 0.3 s later: a double-click
    title.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row, button=1))
    assert started == [title.entries[2].path]


def test_the_wheel_scrolls_past_the_chosen_battle_and_the_arrows_bring_it_back() -> None:
    """The list followed the chosen battle on every frame, which the pointer moved as it went: with the choice
    left where it was clicked, the wheel scrolls freely; Up/Down still scroll to what they choose."""
    from game.ui.title import shipped_entries

    pygame.font.init()
    title = TitleScene(shipped_entries(), lambda p: title, lambda info: title)  # with Continue and Load
    screen = pygame.Surface((800, 560))
    title.draw(screen, 0)
    assert title._max_scroll > 0  # five battles, three rows
    title.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    title.draw(screen, 0)
    assert (title.scroll, title.index) == (1, 0)
    for _ in range(4):
        title.handle_event(key(pygame.K_DOWN))
        title.draw(screen, 0)
    assert title.index == 4 and title.rows[4].h > 0  # the last battle, in view
    for _ in range(4):
        title.handle_event(key(pygame.K_UP))
    title.draw(screen, 0)
    assert title.index == 0 and title.scroll == 0


@pytest.mark.parametrize("size", [(800, 560), (1024, 640), (1280, 720)])
def test_the_load_screen_footer_ends_left_of_the_back_button(size: tuple[int, int],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Found playtesting at 800x560: "...plays one on from the command line" ran on under Back."""
    import game.ui.load as load_module

    pygame.font.init()
    seen = drawn_by(load_module, monkeypatch)
    load = LoadScene([], lambda info: load)  # type: ignore[arg-type, return-value]
    w, h = size
    load.draw(pygame.Surface(size), 0)
    footer = [(s, r) for s, r in seen if r.top > h - 96]  # under the list's panel
    assert len(footer) >= 2
    for s, r in footer:
        assert not r.colliderect(load.back.rect), (s, r, load.back.rect)
        assert r.right < load.back.rect.left and r.bottom <= h
    said = " ".join(s for s, _ in footer[1:])
    assert "playmat play MAP --log FILE" in said and not said.endswith(("...", "…"))


def test_continue_names_the_battle_played_last_when_it_is_over(arena: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found playtesting: just after a lost battle, Continue offered another one. That is the rule (a battle
    that is over has nothing to continue), so the button says why it passes over the battle played last."""
    import game.ui.title as title_module

    seen = drawn_by(title_module, monkeypatch)
    save(arena, "finished.jsonl", [*BEGUN, '{"action": "set_hp", "unit": "Orc", "hp": 0}'], age=5)
    going = save(arena, "going.jsonl", BEGUN, age=60)
    done: dict[str, Any] = {}

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        title = stack.find(TitleScene)
        if title is not None and title.latest is not None:
            seen.clear()  # this frame's words only
            done["title"] = title
        return []

    run_title(script, until=lambda s: "title" in done and seen)
    title = done["title"]
    assert title.latest.log == going
    inside = [s for s, r in seen if title.continue_rect.contains(r)]
    stamp = when(time.time() - 5)
    assert f"Arena, played last ({stamp}), is over" in inside, inside
    assert "Arena" in inside and "round 1, Orc (enemy) to act" in inside  # what it continues, as before


def test_continue_looks_past_a_dozen_battles_that_are_over(arena: Path) -> None:
    """Only the twelve most recently played saves were read: with those over, Continue said "no battle in
    progress: every saved one is over" beside an older battle still going."""
    for i in range(13):
        save(arena, f"over{i:02d}.jsonl", [*BEGUN, '{"action": "set_hp", "unit": "Orc", "hp": 0}'], age=1 + i)
    going = save(arena, "going.jsonl", BEGUN, age=100)
    seen: dict[str, Any] = {}

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        title = stack.find(TitleScene)
        if title is not None and title.saves is not None and not title._save_queue:
            seen["latest"] = title.latest
        return []

    run_title(script, until=lambda s: "latest" in seen)
    assert seen["latest"] is not None and seen["latest"].log == going


@pytest.mark.parametrize("over", [False, True])
def test_back_on_the_title_continue_offers_the_battle_just_left_wherever_its_log_is(
        arena: Path, tmp_path: Path, over: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A battle played with --log outside the saves folder, left for the title: Continue offers it (the most
    recently played), with its seed; over, Continue offers the latest save still going and names the one left."""
    import game.ui.title as title_module

    drawn = drawn_by(title_module, monkeypatch)
    older = save(arena, "older.jsonl", BEGUN, age=600)
    log = tmp_path / "elsewhere" / "mine.jsonl"
    log.parent.mkdir()
    if over:
        log.write_text("".join(line + "\n" for line in [*BEGUN, '{"action": "set_hp", "unit": "Orc", "hp": 0}']))
    seen: dict[str, Any] = {}

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        title = stack.find(TitleScene)
        if title is None:
            if frame == 5:  # the battle (or its summary) is up: back to the title
                return [key(pygame.K_ESCAPE)] if not over else []
            if frame == 8:
                return [key(pygame.K_t)]
            return []
        if title.latest is not None and "latest" not in seen:
            drawn.clear()
            seen["latest"] = title.latest
            return []
        if "latest" in seen and "said" not in seen:
            seen["said"] = [s for s, r in drawn if title.continue_rect.contains(r)]
            return click(title.continue_rect.center)
        return []

    cfg = PlayConfig(map_path=arena, log_path=log, seed=7, headless=True, frames=120)
    result = play(cfg, script=script, until=lambda s: "said" in seen and isinstance(s.top, BattleScene))
    battle = result.stack.top
    assert isinstance(battle, BattleScene)
    if over:
        assert seen["latest"].log == older and battle.opts.log_path == older
        assert any(s.startswith("Arena, played last (") and s.endswith("is over") for s in seen["said"])
    else:
        assert seen["latest"].log == log and battle.opts.log_path == log and battle.opts.seed == 7
        assert not any("played last" in s for s in seen["said"])


# --- deleting a save ---------------------------------------------------------------------------------------------
def test_delete_save_removes_the_log_and_its_note_and_nothing_outside_the_folder(arena: Path,
                                                                                  tmp_path: Path) -> None:
    from game.saves import delete_save, meta_path

    log = save(arena, "old.jsonl", BEGUN)
    assert meta_path(log).is_file()
    assert delete_save(log) is None
    assert not log.exists() and not meta_path(log).exists() and list_saves() == []
    elsewhere = tmp_path / "kept.jsonl"  # a --log kept by hand: not the Load list's to delete
    elsewhere.write_text("\n".join(BEGUN) + "\n", encoding="utf-8")
    problem = delete_save(elsewhere)
    assert problem is not None and "kept.jsonl is not a save in" in problem and elsewhere.is_file()
    link = saves_folder() / "link.jsonl"  # a link in the folder to a file outside: refused, not followed
    link.symlink_to(elsewhere)
    assert delete_save(link) is not None and link.is_symlink() and elsewhere.is_file()
    assert delete_save(saves_folder() / "gone.jsonl") is not None  # already gone: said, not raised


def test_delete_on_the_load_list_asks_then_removes_the_save_and_continue_looks_again(arena: Path) -> None:
    """Seventy-four saves and no way to clear them (found looking at the Load screen). Delete asks first
    (No keeps it), by the key or the chosen row's button; Yes removes the chosen save from the list and the
    folder, and when it was the battle Continue would resume, the title looks for the next one in progress."""
    from game.ui.confirm import ConfirmScene

    older = save(arena, "older.jsonl", BEGUN, age=60)
    newer = save(arena, "newer.jsonl", BEGUN, age=5)
    seen: dict[str, Any] = {}

    def release(k: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        title = stack.find(TitleScene)
        if "continue" not in seen:
            if title is not None and title.latest is not None:
                seen["continue"] = title.latest.log
            return []
        if seen.get("step", 0) >= 5:  # back on the title
            if title is not None and stack.top is title and title.latest is not None:
                seen["continue_after"] = title.latest.log
            return []
        load, opening = open_load(stack, seen)
        if opening or load is None or not load.rows or load.saves[load.index] not in load.infos:
            return opening
        ask = stack.find(ConfirmScene)
        step = seen.setdefault("step", 0)
        seen["step"] += 1
        if step == 0:
            return [key(pygame.K_DELETE)]
        if step == 1:
            seen["asked"] = ask is not None and ask.title
            return [key(pygame.K_n), release(pygame.K_n)]  # No: nothing deleted
        if step == 2:
            seen["after_no"] = (ask is None, [p.name for p in load.saves], newer.is_file())
            return click(load.delete.rect.center)  # the chosen row's own Delete button asks the same
        if step == 3:
            return [key(pygame.K_RETURN), release(pygame.K_RETURN)]
        if step == 4:
            seen["after_yes"] = ([p.name for p in load.saves], newer.exists(), load.message)
            return [key(pygame.K_ESCAPE)]
        return []

    run_title(script, frames=600, until=lambda s: "continue_after" in seen)
    assert seen["continue"] == newer
    assert seen["asked"] == "Delete this save?"
    assert seen["after_no"] == (True, ["newer.jsonl", "older.jsonl"], True)
    assert seen["after_yes"] == (["older.jsonl"], False, "Deleted newer.jsonl")
    assert seen["continue_after"] == older and older.is_file()


def test_back_on_the_title_the_battle_just_left_is_the_one_chosen(tmp_path: Path) -> None:
    """Left for the title, The Giant's Hearth stays the chosen battle (as Wesnoth keeps the campaign last
    played), not the first of the list: found going back to the title after a defeat there (1280x800), the
    list showed Ambush at Miller's Ford chosen, the battle just played two rows and a scroll away."""
    giants = next(m.path for m in shipped_maps() if m.path.name == "giants_lair.tmx")
    assert shipped_maps()[0].path != giants  # not the one chosen anyway
    seen: dict[str, Any] = {}

    def script(frame: int, stack: Any) -> list[pygame.event.Event]:
        title = stack.find(TitleScene)
        if title is None:
            return {5: [key(pygame.K_ESCAPE)], 8: [key(pygame.K_t)]}.get(frame, [])
        seen["chosen"] = title.entries[title.index].path
        return []

    cfg = PlayConfig(map_path=giants, log_path=tmp_path / "lair.jsonl", headless=True, frames=40)
    play(cfg, script=script, until=lambda s: "chosen" in seen)
    assert seen["chosen"] == giants


def test_a_small_title_scrolls_the_battle_just_left_into_view(tmp_path: Path) -> None:
    """At 800x480 the list shows four battles: the one just left, last of the list, is shown chosen."""
    from game.ui.title import shipped_entries

    giants = next(m.path for m in shipped_maps() if m.path.name == "giants_lair.tmx")
    title = TitleScene(shipped_entries(), lambda p: title, left=(tmp_path / "lair.jsonl", giants))
    pygame.display.init()
    pygame.font.init()
    title.draw(pygame.Surface((800, 480)), 1.0)
    assert title.entries[title.index].path == giants
    assert title._fits < len(title.entries)  # the small window: not every battle is in view
    assert title.rows[title.index].height > 0  # but the chosen one is


def test_a_note_whose_log_is_gone_is_cleared_when_the_title_lists_the_saves(arena: Path, tmp_path: Path) -> None:
    """A battle opened and left before its first action (``play --setup``, then quit) leaves no log, the empty save
    being removed as it closes, but its note stayed in the saves folder for good. The title screen, listing the
    saves, clears such notes; a note beside its log, whatever the log's name, and a link, are left alone."""
    from game.ui.title import shipped_entries

    kept = save(arena, "kept.jsonl", BEGUN)
    lone = save(arena, "lone.jsonl", BEGUN)
    lone.unlink()
    folder = saves_folder()
    by_hand = folder / "by-hand.log"  # a --log named by hand into the folder: its note is "by-hand.log.meta.json"
    by_hand.write_text(BEGUN[0] + "\n", encoding="utf-8")
    write_meta(by_hand, SaveMeta(arena, None, {"player": "human"}))
    outside = tmp_path / "outside.meta.json"
    outside.write_text("{}", encoding="utf-8")
    link = folder / "link.meta.json"
    link.symlink_to(outside)
    pygame.font.init()
    title = TitleScene(shipped_entries(), lambda p: title, lambda info: title)  # with Continue and Load
    title.update(0.0)
    assert not meta_path(lone).exists()
    assert meta_path(kept).exists() and meta_path(by_hand).exists()
    assert link.is_symlink() and outside.exists()
    assert title.saves == [kept]  # the list is of logs (.jsonl), as before
