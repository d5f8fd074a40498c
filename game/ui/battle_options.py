"""What a battle is opened with: AI speed and explanations, setup or not, the log, the map to watch, and
the ways out (title, replay). ``playmat play`` (:mod:`game.ui.app`) fills it from its arguments."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.match import Match
from game.render.map_art import MapArt

from .scene import Scene


@dataclass
class BattleOptions:
    speed: float = 1.0
    explain_ai: bool = False
    seed: int = 0  # the AI's own random choices (the dice are the match's)
    auto_begin: bool = True  # start combat at once unless the GM asked for setup (--setup)
    policy_labels: dict[str, str] = field(default_factory=dict)  # faction -> "normal AI"
    policy_levels: dict[str, str] = field(default_factory=dict)  # faction -> AI level, for its explanations
    log_path: Path | None = None  # the session's log (the save file)
    map_path: Path | None = None  # watched for changes (designers)
    reload: Callable[[], tuple[Match, MapArt]] | None = None  # -> (new match, new art) after the TMX changed
    title_scene: Callable[[], Scene] | None = None  # "back to title" from the summary / pause menu
    replay: Callable[[], Scene | None] | None = None  # the replay viewer for this battle's log, if any
    # Headless: each frame waits for the AI's decision, so a run's frames hold the same actions on
    # every machine (a window never waits: its frames keep flowing while the AI thinks).
    settle_ai: bool = False
