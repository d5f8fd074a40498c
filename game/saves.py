"""Saved battles: where the window keeps its logs (the save files) and what each one holds.

The log is the save (docs/action-log.md): a battle started without ``--log``
writes ``MAP-YYYYMMDD-HHMMSS.jsonl`` in :func:`saves_folder`. Beside it the
window keeps ``MAP-YYYYMMDD-HHMMSS.meta.json``: which map the log belongs to,
the dice seed and who plays whom, so the title screen can Continue or Load it
without asking. A save the folder holds without its note (older saves) is
matched to a shipped map by the start of its name.

:func:`read_save` replays a log to say where the battle stands (round, whose
turn, who won); a save that cannot be opened says why in one line instead.
Nothing here imports pygame.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

META_SUFFIX = ".meta.json"
MAX_LOG_BYTES = 32 * 1024 * 1024  # a save is a few kilobytes; a bigger file in the folder is not read
MAX_META_BYTES = 64 * 1024


def saves_folder() -> Path:
    """``$XDG_DATA_HOME/playmat/saves``, else ``~/.local/share/playmat/saves`` (created when a battle starts)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "playmat" / "saves"


def new_save_path(map_path: Path, now: float | None = None) -> Path:
    """A new save for ``map_path`` in the saves folder: ``MAP-YYYYMMDD-HHMMSS.jsonl`` (never an existing file)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    folder = saves_folder()
    path = folder / f"{map_path.stem}-{stamp}.jsonl"
    n = 2
    while path.exists():
        path = folder / f"{map_path.stem}-{stamp}-{n}.jsonl"
        n += 1
    return path


def meta_path(log: Path) -> Path:
    return log.with_name(log.stem + META_SUFFIX) if log.suffix == ".jsonl" else log.with_name(log.name + META_SUFFIX)


@dataclass(frozen=True)
class SaveMeta:
    """What a log alone does not say: its map, the dice seed and each faction's controller."""

    map: Path
    seed: int | None = None
    controllers: Mapping[str, str] = field(default_factory=dict)  # faction -> "human" or an AI level
    shipped: bool = False  # one of Playmat's own maps: whichever install opens the save plays it on its own copy

    def to_json(self) -> str:
        doc: dict[str, Any] = {"map": str(self.map), "seed": self.seed, "controllers": dict(self.controllers)}
        if self.shipped:
            doc["shipped"] = True
        # ASCII, so a map path that is not UTF-8 (m\xff.tmx, read as m\udcff.tmx) is written as an escape
        # and read back as the same path; written raw it ended ``play`` in a UnicodeEncodeError traceback.
        return json.dumps(doc, indent=1)


def write_meta(log: Path, meta: SaveMeta) -> None:
    """Note beside ``log`` which map and settings it belongs to (best effort: the log itself is the save)."""
    with contextlib.suppress(OSError):
        meta_path(log).write_text(meta.to_json() + "\n", encoding="utf-8")


def read_meta(log: Path) -> SaveMeta | None:
    """The note beside ``log``; None when there is none or it is not one (a stranger's file is only data)."""
    path = meta_path(log)
    try:
        if path.stat().st_size > MAX_META_BYTES:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("map"), str) or not data["map"]:
        return None
    seed = data.get("seed")
    controllers = data.get("controllers")
    return SaveMeta(
        map=Path(data["map"]),
        seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
        controllers={k: v for k, v in controllers.items() if isinstance(k, str) and isinstance(v, str)}
        if isinstance(controllers, dict) else {},
        shipped=data.get("shipped") is True,
    )


@dataclass(frozen=True)
class SaveInfo:
    """One saved battle as the Load list shows it."""

    log: Path
    modified: float  # the log's mtime: when it was last played
    map: Path | None = None
    title: str = ""
    phase: str = ""  # setup, active, ended ("" when it cannot be opened)
    round: int = 0
    turn: str | None = None  # who is to act
    side: str | None = None  # that combatant's faction
    winners: tuple[str, ...] = ()
    actions: int = 0
    problem: str | None = None  # why it cannot be opened, one line
    meta: SaveMeta | None = None

    @property
    def finished(self) -> bool:
        return self.phase == "ended"

    @property
    def where(self) -> str:
        """Where the battle stands: "round 3, Mira (player) to act", "setup", "over: player won"."""
        if self.problem:
            return f"cannot open: {self.problem}"
        if self.phase == "setup":
            return "setup, before round 1"
        if self.phase == "ended":
            won = " and ".join(self.winners)
            return f"over after {self.round} round{'s' if self.round != 1 else ''}: " + \
                (f"{won} won" if won else "nobody won")
        return f"round {self.round}, {self.turn} ({self.side}) to act"


def list_saves(folder: Path | None = None) -> list[Path]:
    """The logs in the saves folder, the most recently played first."""
    folder = saves_folder() if folder is None else folder
    try:
        logs = [p for p in folder.glob("*.jsonl") if p.is_file()]
    except OSError:
        return []
    return sorted(logs, key=_mtime, reverse=True)


def forget_lone_notes(folder: Path | None = None) -> int:
    """Remove the notes in the saves folder whose log is gone; how many. A battle opened and left before its first
    action (``play --setup``, then quit) leaves no log (an empty save is removed when it closes) but its note
    stayed, never listed and never cleared. A note is written after its log is opened, so a game still playing
    always has its log beside its note. Only regular files directly in the folder; a link is never followed."""
    folder = saves_folder() if folder is None else folder
    gone = 0
    try:
        notes = [p for p in folder.glob("*" + META_SUFFIX) if p.is_file() and not p.is_symlink()]
    except OSError:
        return 0
    for note in notes:
        base = note.name[: -len(META_SUFFIX)]
        if (folder / (base + ".jsonl")).exists() or (folder / base).exists():
            continue
        with contextlib.suppress(OSError):
            note.unlink()
            gone += 1
    return gone


def delete_save(log: Path, folder: Path | None = None) -> str | None:
    """Remove a save (its log and the note beside it) from the saves folder; None when done, else why not in
    one line. Only a ``.jsonl`` directly in the folder is removed: a path from anywhere else (a ``--log`` kept
    by hand, a link out of the folder) is refused, never followed."""
    folder = saves_folder() if folder is None else folder
    if log.suffix != ".jsonl" or log.parent.resolve() != folder.resolve() or log.is_symlink() or not log.is_file():
        return f"{log.name} is not a save in {folder}"
    try:
        log.unlink()
    except OSError as err:
        return f"{log.name} could not be deleted: {err.strerror or err}"
    note = meta_path(log)
    if note.is_file() and not note.is_symlink():
        with contextlib.suppress(OSError):
            note.unlink()  # best effort: a note without its log is never listed
    return None


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return 0.0


def map_of(log: Path, shipped: Iterable[Path]) -> tuple[Path | None, SaveMeta | None]:
    """The map a save belongs to: its note's map (else a shipped map of that file name, for an install that
    moved), else the shipped map whose name starts the log's name (``default-20250101-120000.jsonl``).

    A battle on a shipped map is played on this install's copy of it, even where another install's copy
    still stands at the noted path (a new virtual environment beside the old one): Playmat trusts only its
    own tilesets outside a map's folder, so the other copy would be refused."""
    meta = read_meta(log)
    maps = list(shipped)
    if meta is not None:
        same = [m for m in maps if m.name == meta.map.name]
        if same and (meta.shipped or not meta.map.is_file() or _same_bytes(meta.map, same[0])):
            return same[0], meta
        return meta.map, meta
    prefixed = [m for m in maps if log.stem.startswith(m.stem + "-")]
    best = max(prefixed, key=lambda m: len(m.stem), default=None)  # "giants_lair" before "giants"
    return best, None


def _same_bytes(a: Path, b: Path) -> bool:
    try:
        return a.stat().st_size == b.stat().st_size and a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def read_save(log: Path, shipped: Iterable[Path] = (), map_path: Path | None = None) -> SaveInfo:
    """Replay ``log`` on its map to tell where the battle stands; a problem in one line if it cannot be.

    ``map_path``: the map the log was played on, for a log without a note (a ``--log`` kept outside the saves
    folder, whose battle the window just left); a note, when there is one, still decides."""
    from game.maps import MapError, load_scenario
    from game.rules import RulesError, replay_log

    modified = _mtime(log)
    found, meta = map_of(log, shipped)
    map_path = found if meta is not None or map_path is None else map_path
    if map_path is None:
        return SaveInfo(log, modified, problem="no note says which map it was played on", meta=meta)
    if not map_path.is_file():
        return SaveInfo(log, modified, map_path, map_path.name, problem=f"its map {map_path} is missing", meta=meta)
    try:
        if log.stat().st_size > MAX_LOG_BYTES:
            return SaveInfo(log, modified, map_path, map_path.name, problem="the log is too large to be a save",
                            meta=meta)
        scenario = load_scenario(map_path)
        if meta is not None and meta.seed is not None:
            from dataclasses import replace

            scenario = replace(scenario, seed=meta.seed)
        enc = replay_log(scenario, log)
    except (MapError, RulesError, OSError) as err:
        return SaveInfo(log, modified, map_path, map_path.name, problem=" ".join(str(err).split()), meta=meta)
    turn = enc.turn
    if meta is not None:  # the window records every faction's controller; the list names those on the board
        from dataclasses import replace

        present = {v.faction for v in enc.views()}
        meta = replace(meta, controllers={f: c for f, c in meta.controllers.items() if f in present})
    return SaveInfo(log, modified, map_path, scenario.title or map_path.name, enc.phase, enc.round, turn,
                    enc.view(turn).faction if turn is not None else None,
                    outcome.winners if (outcome := enc.outcome()) else (), len(enc.history), meta=meta)


def when(stamp: float, now: float | None = None) -> str:
    """A save's date as a player reads it: "today 14:02", "yesterday 09:15", "3 Mar 14:02", "3 Mar 2024"."""
    now = time.time() if now is None else now
    t, today = time.localtime(stamp), time.localtime(now)
    clock = time.strftime("%H:%M", t)
    day = time.strftime("%d %b", t).lstrip("0")
    if t.tm_year != today.tm_year:
        return f"{day} {t.tm_year}"
    days = today.tm_yday - t.tm_yday
    if days == 0:
        return f"today {clock}"
    if days == 1:
        return f"yesterday {clock}"
    return f"{day} {clock}"


def describe_controllers(controllers: Mapping[str, Any]) -> str:
    """ "you: player, ally · AI: enemy, neutral" for a save's line."""
    humans = [f for f, c in controllers.items() if c == "human"]
    ais = [f for f, c in controllers.items() if c != "human"]
    parts = [f"you: {', '.join(humans)}" if humans else "", f"AI: {', '.join(ais)}" if ais else ""]
    return " · ".join(p for p in parts if p)


def made_on_another_map(log: Path, map_path: Path) -> str | None:
    """The map the note beside ``log`` says it was played on, as the window's saves record it, when that is not
    ``map_path`` (by file name: a shipped map is the same map in any install); None without a note."""
    meta = read_meta(log)
    if meta is None or meta.map.name == map_path.name:
        return None
    from game.maps import MapError, load_scenario

    try:  # its title, as the map picker shows it, when that map is here to read
        title = load_scenario(meta.map).title if meta.map.is_file() else ""
    except (MapError, OSError):
        title = ""
    name = _shown(meta.map.name)
    return f"{_shown(title)} ({name})" if title else name


def _shown(text: str, limit: int = 200) -> str:
    """A name from a note (a shared save's: a stranger's text) as a message may show it, on the terminal and
    in the window: its first ``limit`` characters, each control or invisible character as an escape (a NUL,
    an escape sequence that retitles the terminal, a line break, U+202E)."""
    text = text if len(text) <= limit else text[:limit - 3] + "..."
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def replayed_elsewhere(log: Path, map_path: Path) -> str | None:
    """For a log that replays on ``map_path`` though its note names another map, the one warning line to give
    ("a.jsonl was made on The Deck (deck.tmx), not on field.tmx; it replays on field.tmx all the same"); None
    without a note or when it names this map. A log of only ``begin`` and ``end_turn`` lines, or of lines
    naming nobody, replays on any map: its note is the only sign it was opened on the wrong one. A warning,
    not a refusal: the map plus the log is the encounter (docs/action-log.md), and the battle goes on."""
    other = made_on_another_map(log, map_path)
    if other is None:
        return None
    return f"{log.name} was made on {other}, not on {map_path.name}; it replays on {map_path.name} all the same"


def log_refusal(err: Exception, log: Path, map_path: Path) -> Exception:
    """A log that does not replay on ``map_path``: when its note says it was played on another map, that is the
    one line to give ("a.jsonl was made on Boarding the Black Gull (ship_boarding.tmx), not on ambush.tmx"),
    not its first line that fails there (a flat-top side on a pointy-top map, a name the map lacks); else
    ``err`` itself. A log that replays is the map's, whatever a note says: the map plus the log is the
    encounter (docs/action-log.md)."""
    from game.rules import LogError

    other = made_on_another_map(log, map_path) if isinstance(err, LogError) else None
    if other is None:
        return err
    return LogError(log.name, None, f"was made on {other}, not on {map_path.name}", sep=" ")
