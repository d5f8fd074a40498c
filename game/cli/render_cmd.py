"""``playmat render``: the encounter drawn to a PNG (the only headless command that loads pygame)."""

from __future__ import annotations

import os

from game.rules.encounter import Encounter
from game.rules.errors import RulesError


def render_to_png(
    map_path: str,
    enc: Encounter,
    out_path: str,
    *,
    overlay: tuple[str, str] | None,
    tokens: bool,
    scale: float,
) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.render import NotPygameCEError, RenderError

    try:
        from game.render import TokenView, render_map, save_png
    except NotPygameCEError as err:
        raise RulesError(str(err)) from None

    views = None
    if tokens:
        views = [
            TokenView(u.name, u.faction, u.cell, u.radius, u.facing, u.hp, u.spec.hp)
            for u in enc.units.values()
            if u.active
        ]
    reach = threat = None
    if overlay is not None:
        kind, arg = overlay
        if kind == "reach":
            reach = enc.reach_for(arg).destinations()
        else:
            threat = enc.threat_against(arg.lower())
    try:
        surface = render_map(map_path, tokens=views, reach_overlay=reach, threat_overlay=threat, scale=scale)
        save_png(surface, out_path)
    except RenderError as err:
        raise RulesError(str(err)) from None
    except OSError as err:
        raise RulesError(f"{out_path}: cannot write: {err.strerror or err}") from None
