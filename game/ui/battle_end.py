"""The battle's end: the summary (game.ui.summary) with its ways out: the replay of the log, the title screen, quit."""

from __future__ import annotations

from collections.abc import Callable

from game.match import Match

from .battle_options import BattleOptions
from .scene import QUIT, Scene, Transition, push


def summary_scene(match: Match, opts: BattleOptions) -> Scene:
    """The summary of ``match``, seen from the human factions, with a button for each way out ``opts`` allows."""
    from .summary import SummaryScene, summary_lines

    humans = {f for f, c in match.controllers.items() if c == "human"}
    headline, lines = summary_lines(match.encounter, opts.log_path, humans)
    buttons: list[tuple[str, str, Callable[[], Transition | None]]] = []
    if opts.replay is not None:
        make_replay = opts.replay
        buttons.append(("Watch the replay", "r", lambda: _push_or_none(make_replay())))
    if opts.title_scene is not None:
        make = opts.title_scene
        buttons.append(("Back to the title screen", "t", lambda: Transition("reset", make())))
    buttons.append(("Quit", "q", lambda: QUIT))
    return SummaryScene(headline, lines, buttons, match=match)


def _push_or_none(scene: Scene | None) -> Transition | None:
    return push(scene) if scene is not None else None
