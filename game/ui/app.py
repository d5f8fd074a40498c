"""``playmat play``: who plays whom, the match (log = save file), and the scenes, in a window or headless."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from game.maps import TmxMap, load_scenario, read_tmx
from game.match import Controller, Match
from game.render.map_art import MapArt
from game.render.pg import pygame
from game.rules import LogError, SaveError, Scenario
from game.saves import (
    SaveInfo,
    SaveMeta,
    log_refusal,
    new_save_path,
    replayed_elsewhere,
    saves_folder,
    write_meta,
)

from . import heap
from .aiturn import policy_for_level
from .loop import LoopResult, Script, run_loop
from .scene import Scene, SceneStack
from .window import WindowResult, run_window

DEFAULT_SIZE = (1280, 720)


@dataclass
class PlayConfig:
    map_path: Path | None = None  # None: the title screen's map picker
    log_path: Path | None = None  # resumes when it exists; None: a new file under saves
    seed: int | None = None
    humans: Sequence[str] = ()
    ais: Mapping[str, str | None] = field(default_factory=dict)  # faction -> level (None = default)
    autoplay: bool = False  # the AI plays every faction
    explain_ai: bool = False
    speed: float = 1.0
    setup: bool = False  # stay in setup (GM places combatants) instead of starting combat at once
    size: tuple[int, int] = DEFAULT_SIZE
    headless: bool = False
    frames: int | None = None
    screenshot: Path | None = None
    replay: Path | None = None  # watch this log in the replay viewer instead of playing (needs map_path)
    allow_outside: bool = False  # the map may name tilesets and images outside its folder (--allow-outside)


def controller_levels(cfg: PlayConfig) -> dict[str, str | None]:
    """faction -> None for human, else the AI level ("" = default). Default: player/ally human, enemy/neutral AI."""
    out: dict[str, str | None] = {"player": None, "ally": None, "enemy": "", "neutral": ""}
    for f in cfg.humans:
        out[f] = None
    for f, level in cfg.ais.items():
        out[f] = level or ""
    if cfg.autoplay:
        out = {f: (lvl if lvl else "") for f, lvl in out.items()}
    return out


def default_log_path(map_path: Path) -> Path:
    """Where a new session's log goes when --log is not given: it is the save file (game.saves)."""
    return new_save_path(map_path)


def config_for_save(cfg: PlayConfig, save: SaveInfo) -> PlayConfig:
    """Play a save on: its map, log, seed and who plays whom as its note says (else the defaults); a battle
    saved in setup stays in setup (the GM was placing combatants)."""
    assert save.map is not None
    meta = save.meta
    controllers = dict(meta.controllers) if meta is not None else {}
    humans = [f for f, c in controllers.items() if c == "human"]
    ais = {f: c for f, c in controllers.items() if c != "human"}
    # A log without a note is the command line's own --log (the title offers the battle just left): its --seed.
    seed = meta.seed if meta is not None else cfg.seed if save.log == cfg.log_path else None
    return replace(cfg, map_path=save.map, log_path=save.log, seed=seed,
                   humans=humans or cfg.humans, ais=ais if controllers else cfg.ais,
                   autoplay=cfg.autoplay and not controllers, setup=save.phase == "setup", replay=None)


def open_match(cfg: PlayConfig, map_path: Path, tmx: TmxMap | None = None) -> tuple[Match, Scenario,
                                                                                   dict[str, str], dict[str, str]]:
    """(match, scenario, faction -> on-screen label of its AI, faction -> AI level).

    ``tmx``: the map file already read (the art is drawn from the same reading). Raises MapError / LogError
    (one line)."""
    scenario = load_scenario(tmx if tmx is not None else map_path)
    controllers: dict[str, Controller] = {}
    labels: dict[str, str] = {}
    levels: dict[str, str] = {}
    for faction, level in controller_levels(cfg).items():
        if level is None:
            controllers[faction] = "human"
        else:
            policy, levels[faction], labels[faction] = policy_for_level(level or None)
            controllers[faction] = policy
    log = cfg.log_path or default_log_path(map_path)
    if log.parent and not log.parent.exists():
        log.parent.mkdir(parents=True, exist_ok=True)
    try:
        match = Match.open(scenario, log, seed=cfg.seed, controllers=controllers)
    except LogError as err:  # a log from another map says so (its save note, or the names it plays)
        raise log_refusal(err, log, map_path) from None
    return match, scenario, labels, levels


def battle_scene(cfg: PlayConfig, map_path: Path, size: tuple[int, int],
                 title: Callable[[], Scene] | None = None) -> Scene:
    from game.render.tilemap import load_map_art

    from .battle import BattleOptions, BattleScene

    cfg = replace(cfg, log_path=cfg.log_path or default_log_path(map_path))
    assert cfg.log_path is not None
    log_path = cfg.log_path
    tmx = read_tmx(map_path, allow_outside=cfg.allow_outside)  # one reading for the rules and the art
    art = load_map_art(tmx)  # before the save is opened: a map that cannot be drawn leaves no empty save
    match, scenario, labels, levels = open_match(cfg, map_path, tmx)
    if match.notice:  # a torn last line was mended: say so once, on the terminal and in the window
        print(match.notice, file=sys.stderr)
    # Before the note below is rewritten for this map: a log that replays here though its note names another
    # map (only begin and end_turn lines) is warned of, once, on the terminal and on the status line.
    elsewhere = _warn_elsewhere(log_path, map_path)
    if log_path.parent.resolve() == saves_folder().resolve():  # Continue and Load find it by this note
        controllers = {f: "human" if c == "human" else levels.get(f, "normal") for f, c in match.controllers.items()}
        from game.maps import shipped_maps

        shipped = any(m.path.resolve() == map_path.resolve() for m in shipped_maps())
        write_meta(log_path, SaveMeta(map_path.resolve(), cfg.seed, controllers, shipped))

    def reload() -> tuple[Match, MapArt]:
        again = read_tmx(map_path, allow_outside=cfg.allow_outside)
        m, _, _, _ = open_match(cfg, map_path, again)  # the same log: setup actions so far replay onto the new map
        return m, load_map_art(again)

    def replay() -> Scene:
        from game.rules import read_log
        from game.ui.replay import ReplayScene

        try:
            return ReplayScene(scenario, read_log(log_path, scenario.board.layout, scenario=scenario),
                               tmx_path=map_path, art=art, size=screen_size())
        except LogError as err:
            raise log_refusal(err, log_path, map_path) from None

    opts = BattleOptions(speed=cfg.speed, explain_ai=cfg.explain_ai, seed=cfg.seed or 0, auto_begin=not cfg.setup,
                         policy_labels=labels, policy_levels=levels, map_path=map_path, log_path=log_path,
                         reload=reload, title_scene=title, replay=replay, settle_ai=cfg.headless)
    scene = BattleScene(match, art, size, opts)
    said = [text for text in (match.notice, elsewhere) if text]
    if said:
        scene.announce("; ".join(said))
    return scene


class HeadlessClock:
    """Headless runs advance exactly one 60 Hz tick per frame: the same frames on every machine."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        self.t += 1 / 60
        return self.t


def on_screen(size: tuple[int, int]) -> tuple[int, int]:
    """The window size asked for, no larger than the desktop it opens on: ``--size 1600x900`` on a 1400x900
    screen opened a window whose right end (the tracker, the combat log, the status line's keys) lay off the
    screen, out of reach of the mouse. A window that fits shows all of them laid out for its real size."""
    desktops = pygame.display.get_desktop_sizes()
    if not desktops:
        return size
    dw, dh = desktops[0]
    return min(size[0], dw), min(size[1], dh)


def play(cfg: PlayConfig, *, script: Script | None = None, clock: Callable[[], float] | None = None,
         shots: Mapping[int, str | os.PathLike[str]] | None = None,
         until: Callable[[SceneStack], bool] | None = None) -> LoopResult:
    """Open the title screen (no map) or the battle (a map) and run until quit / ``frames`` / ``until``."""
    pygame.display.init()
    pygame.font.init()
    heap.begin()  # what the window loads from here on is settled (game.ui.heap.loaded)
    try:
        screen = _open_window(cfg)
        stack = SceneStack(_first_scene(cfg, _Session(cfg)))
        if until is None:
            until = _headless_end(cfg, script)
        if clock is None and cfg.headless:
            clock = HeadlessClock()
        result = run_loop(stack, screen, max_frames=cfg.frames, screenshot=cfg.screenshot, script=script,
                          clock=clock, shots=shots, until=until)
        failure = save_failure(result.stack)
        if cfg.headless and failure is not None:
            raise SaveError(failure)  # one line, exit status 2: the save holds every action played
        return result
    finally:
        heap.release()  # the battle's objects are the collector's again once the window is gone
        pygame.display.quit()


def _open_window(cfg: PlayConfig) -> pygame.Surface:
    """The window: resizable and no larger than the desktop, or exactly ``--size`` headless."""
    flags = 0 if cfg.headless else pygame.RESIZABLE
    screen = pygame.display.set_mode(cfg.size if cfg.headless else on_screen(cfg.size), flags)
    pygame.display.set_caption("Playmat")
    pygame.key.set_repeat(300, 40)
    return screen


class _Session:
    """The battles one window opens, from the command line, the title screen or a save, and the title screen
    that lists them."""

    def __init__(self, cfg: PlayConfig) -> None:
        from .mapinfo import Previews

        self.cfg = cfg
        self.started: list[Path] = []
        # (log, map) of each battle opened, the last one last: back on the title, Continue offers it first (the
        # title alone finds only the saves folder's logs, by the time each was last written).
        self.opened: list[tuple[Path, Path]] = []
        self.previews = Previews()  # map pictures, drawn once per session

    def start(self, p: Path) -> Scene:
        """A new battle on map ``p``."""
        # --log belongs to the first battle; another picked after "back to the title" gets a new log.
        run_cfg = self.cfg if not self.started else replace(self.cfg, log_path=None)
        log = run_cfg.log_path or default_log_path(p)
        scene = battle_scene(replace(run_cfg, log_path=log), p, screen_size(), self.title)
        heap.loaded()  # no collector pass over the loaded battle in a frame (game.ui.heap)
        self.started.append(p)
        self.opened.append((log, p))
        return scene

    def title(self) -> Scene:
        """The title screen: the shipped maps, the saves, and Continue on the last battle opened."""
        from .title import TitleScene, shipped_entries

        return TitleScene(shipped_entries(), self.start, self.open_save, self.previews,
                          left=self.opened[-1] if self.opened else None)

    def open_save(self, save: SaveInfo) -> Scene:
        """A saved battle, carried on."""
        self.started.append(save.log)  # a later new battle gets a log of its own
        scene = battle_scene(config_for_save(self.cfg, save), save.map or Path(), screen_size(), self.title)
        heap.loaded()
        self.opened.append((save.log, save.map or Path()))
        return scene


def _first_scene(cfg: PlayConfig, session: _Session) -> Scene:
    """What the window opens on: the replay viewer (``--replay``), the battle (a map) or the title screen."""
    if cfg.replay is not None and cfg.map_path is not None:
        return replay_scene(cfg.map_path, cfg.replay, allow_outside=cfg.allow_outside)
    return session.start(cfg.map_path) if cfg.map_path is not None else session.title()


def _headless_end(cfg: PlayConfig, script: Script | None) -> Callable[[SceneStack], bool] | None:
    """When a headless run stops by itself (None: at --frames, or when the window is closed)."""
    from .summary import SummaryScene

    if cfg.headless and cfg.frames is None and cfg.replay is not None:
        def first_frame(s: SceneStack) -> bool:  # headless replay: the first frame (e.g. for --screenshot)
            return True
        return first_frame
    if cfg.headless and script is None:
        # Headless: run to the end-of-battle summary (--frames only caps a battle that goes on longer),
        # or until the save cannot be written (nobody is there to read the status line); without
        # --frames, also until the battle waits for a human, whom nobody can be headless. The loop
        # saves --screenshot of that last frame.
        def battle_end(s: SceneStack) -> bool:
            if s.find(SummaryScene) is not None or save_failure(s) is not None:
                return True
            return cfg.frames is None and waits_for_a_human(s)
        return battle_end
    return None


def waits_for_a_human(stack: SceneStack) -> bool:
    """The battle on top stands still until someone clicks: a human's turn, or a setup kept for the GM."""
    from game.rules import ACTIVE, SETUP

    from .battle import BattleScene

    battle = stack.top
    if not isinstance(battle, BattleScene) or battle.anim.busy:
        return False
    enc = battle.match.encounter
    if enc.phase == SETUP:
        return not battle.begins_itself()
    return enc.phase == ACTIVE and battle.match.is_human_turn()


def save_failure(stack: SceneStack) -> str | None:
    """The battle's last failed save (a full disk), while it has not saved again since."""
    from .battle import BattleScene

    battle = stack.find(BattleScene)
    return battle.match.save_error if isinstance(battle, BattleScene) else None


def replay_scene(map_path: Path, log_path: Path, *, allow_outside: bool = False) -> Scene:
    """``playmat play MAP --replay LOG``: the viewer over a saved log. Raises MapError / LogError (one line)."""
    from game.render.tilemap import load_map_art
    from game.rules import read_log

    from .replay import ReplayScene

    tmx = read_tmx(map_path, allow_outside=allow_outside)
    scenario = load_scenario(tmx)
    # A line that does not replay raises LogError naming the log file and the line.
    try:
        scene = ReplayScene(scenario, read_log(log_path, scenario.board.layout, scenario=scenario),
                            art=load_map_art(tmx))
    except LogError as err:  # a log from another map says so (its save note, or the names it plays)
        raise log_refusal(err, log_path, map_path) from None
    scene.notice = _warn_elsewhere(log_path, map_path) or ""
    return scene


def _warn_elsewhere(log: Path, map_path: Path) -> str | None:
    """The window's line for a log that replays on ``map_path`` though its save note names another map ("Warning:
    a.jsonl was made on The Deck (deck.tmx), not on field.tmx; ..."), also printed on the terminal; None when
    the note agrees or there is none."""
    warning = replayed_elsewhere(log, map_path)
    if warning is None:
        return None
    print(f"playmat: warning: {warning}", file=sys.stderr)
    return f"Warning: {warning}"


def screen_size() -> tuple[int, int]:
    s = pygame.display.get_surface()
    return s.get_size() if s is not None else DEFAULT_SIZE


__all__ = ["PlayConfig", "WindowResult", "play", "run_window"]
