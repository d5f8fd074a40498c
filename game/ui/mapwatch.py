"""The map watcher: a designer saves the TMX in Tiled while the battle is open, and the window notices.

:class:`MapWatcher` polls the file's modification time (twice a second on the
fixed update clock, so no thread and no extra dependency). When it changed,
the battle scene asks its ``reload`` callback for a new match: the edited map
with the session's log replayed onto it (the log is the save, so setup
placements and every move, roll and turn so far carry over). If the log no
longer replays on the edited map (a wall where a combatant stood, a renamed
combatant), the battle goes on on the map as it was and the status line says
why in one line; the edit applies to the next battle. A reload that took is settled like any other load
(game.ui.heap.loaded, once the new match and art are in place): the old map's engine is freed then, and the
new one is never rescanned by the collector in a frame.
"""

from __future__ import annotations

from pathlib import Path

POLL_S = 0.5


class MapWatcher:
    def __init__(self, path: Path | None, interval: float = POLL_S) -> None:
        self.path = path
        self.interval = interval
        self.mtime = self._mtime()
        self._wait = interval

    def _mtime(self) -> float:
        if self.path is None:
            return 0.0
        try:
            return self.path.stat().st_mtime
        except OSError:  # saved by renaming over it: the next poll sees the new file
            return self.mtime if hasattr(self, "mtime") else 0.0

    def changed(self, dt: float) -> bool:
        """True once per save: the file's modification time moved since the last look."""
        if self.path is None:
            return False
        self._wait -= dt
        if self._wait > 0:
            return False
        self._wait = self.interval
        m = self._mtime()
        if m == self.mtime:
            return False
        self.mtime = m
        return True


def reload_words(name: str, ok: bool, why: str = "", in_battle: bool = False) -> str:
    """The status line after an edit was noticed."""
    if ok:
        return (f"Map edit in {name} noticed: terrain reloaded, the log so far replayed onto it" if in_battle
                else f"Map reloaded from {name}")
    why = " ".join(why.split())
    if in_battle:
        return f"Map edit in {name} noticed but not applied (it applies to the next battle): {why}"
    return f"Map edit in {name} noticed but not reloaded: {why}"
