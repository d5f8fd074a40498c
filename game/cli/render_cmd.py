"""``playmat render`` and ``playmat play``: the only commands that load pygame."""

from __future__ import annotations

import os
from typing import Any

from game.rules.encounter import Encounter
from game.rules.errors import RulesError


def _render_api() -> Any:
    from game.render import NotPygameCEError

    try:
        import game.render as render
        from game.render.pg import pygame  # noqa: F401  (raises NotPygameCEError under plain pygame)
    except NotPygameCEError as err:
        raise RulesError(str(err)) from None
    return render


def encounter_tokens(enc: Encounter) -> list[Any]:
    """What the board shows of the encounter now: every combatant still on it."""
    render = _render_api()
    return [
        render.TokenView(u.name, u.faction, u.cell, u.radius, u.facing, u.hp, u.spec.hp)
        for u in enc.units.values()
        if u.active
    ]


def render_to_png(
    map_path: str, enc: Encounter, out_path: str, *, overlay: tuple[str, str] | None, tokens: bool, scale: float
) -> None:
    render = _render_api()
    reach = threat = None
    if overlay is not None:
        kind, arg = overlay
        if kind == "reach":
            reach = enc.reach_for(arg).destinations()
        else:
            threat = enc.threat_against(arg.lower())
    try:
        surface = render.render_map(
            map_path,
            tokens=encounter_tokens(enc) if tokens else None,
            reach_overlay=reach,
            threat_overlay=threat,
            scale=scale,
        )
        render.save_png(surface, out_path)
    except render.RenderError as err:
        raise RulesError(str(err)) from None
    except OSError as err:
        raise RulesError(f"{out_path}: cannot write: {err.strerror or err}") from None


def play(map_path: str, enc: Encounter) -> None:
    render = _render_api()
    from game.ui.app import run_window

    _need_a_display()

    try:
        run_window(map_path, tokens=encounter_tokens(enc))
    except render.RenderError as err:
        raise RulesError(str(err)) from None


def _need_a_display() -> None:
    """Refuse to open an invisible window: with no screen SDL silently falls back to an
    off-screen driver and the game would run with nobody able to see or close it."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return  # asked for explicitly (e.g. dummy for headless runs)
    from game.render.pg import pygame

    pygame.display.init()
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy"):
        pygame.display.quit()
        raise RulesError(
            f"play: no screen to open a window on (SDL fell back to its {driver} driver); "
            "run it on a desktop, or use playmat render for a picture"
        )
