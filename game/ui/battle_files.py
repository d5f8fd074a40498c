"""The battle's files: the map edited on disk (saved in Tiled while the window is open) reloaded with the session's
log replayed onto it, or why not; the GM's setup saved as a Tiled map.

A mixin of :class:`game.ui.battle.BattleScene` (what it touches of the scene is declared below).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.match import Match
from game.rules import SETUP

from . import heap
from .aiturn import AIDriver
from .anim import Animator
from .battle_options import BattleOptions
from .battle_view import BattleView
from .commands import CommandMapper
from .context import BattleContext
from .mapwatch import MapWatcher, reload_words
from .tokenlayer import TokenState


class BattleFiles:
    """The map reloaded when it changes on disk, the setup saved (mixed into ``BattleScene``, which sets all this)."""

    ctx: BattleContext
    match: Match
    opts: BattleOptions
    mapper: CommandMapper
    ai: AIDriver
    anim: Animator
    view: BattleView
    watcher: MapWatcher
    tokens: dict[str, TokenState]
    _resync: Callable[[], None]
    _rehover: Callable[[], None]

    def save_setup(self) -> Path | None:
        """The GM's setup as a Tiled map (game.maps.setup_writer): beside the map, or in the user's maps folder
        for a shipped one. The status line names the file, or says in one line why it could not be written."""
        from game.maps.setup_writer import default_setup_path, save_setup

        source = self.opts.map_path
        if source is None:
            self.ctx.status = "Cannot save the setup: this battle was not loaded from a map file"
            return None
        out = default_setup_path(source)
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            save_setup(source, self.match.encounter, out)
        except OSError as err:
            self.ctx.status = f"Cannot save the setup as {out}: {err.strerror or err}"
            return None
        where = "the title screen lists it" if out.parent != source.parent else "beside the map"
        self.ctx.status = f"Setup saved as {out.name} ({where}; Tiled opens it)"
        return out

    def _watch_map(self, dt: float) -> None:
        """Designers: the TMX changed on disk -> the edited map with the log replayed onto it, or why not."""
        if self.opts.reload is None or self.opts.map_path is None or not self.watcher.changed(dt):
            return
        name = self.opts.map_path.name
        in_battle = self.match.encounter.phase != SETUP
        try:
            match, art = self.opts.reload()
        except Exception as err:  # a half-saved file, a log that no longer fits: keep the old map, say why
            self.ctx.status = reload_words(name, False, str(err), in_battle)
            return
        self.match = match
        self.ctx.match = match
        self.mapper.match = match
        self.ai.forget()
        self.anim.skip(self.tokens)
        self.view.reload(art)
        self.ctx.camera.set_picture(art.size, art.origin)
        self.ctx.version += 1
        self._resync()
        self._rehover()
        heap.loaded()  # the old map's engine and art are garbage now, the new ones never rescanned in a frame
        self.ctx.status = reload_words(name, True, in_battle=in_battle)
