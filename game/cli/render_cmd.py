"""``playmat render``: the map, its tokens and an overlay drawn to a PNG (with ``play``, the only commands that
load pygame)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from game.rules import EncounterView, RulesError

from .errors import UsageError


def render_api() -> Any:
    """``game.render``, loaded now; plain pygame in place of pygame-ce is refused in one line (RulesError)."""
    from game.render import NotPygameCEError

    try:
        import game.render as render
        from game.render.pg import pygame  # noqa: F401  (raises NotPygameCEError under plain pygame)
    except NotPygameCEError as err:
        raise RulesError(str(err)) from None
    return render


def encounter_tokens(enc: EncounterView) -> list[Any]:
    """What the board shows of the encounter now: every combatant still on it."""
    render = render_api()
    return [
        render.TokenView(v.name, v.faction, v.cell, v.radius, v.facing_index, v.hp, v.hp_max)
        for v in enc.views()
        if v.active
    ]


# A hex smaller than this shows nothing a reader can use. Above the pixel cap the overlays'
# supersampled canvases need gigabytes (36 Mpx with a threat overlay: 3 GB, 18 s, measured).
MIN_HEX_PX = 8
MAX_SIDE_PX = 16384
MAX_PIXELS = 24_000_000


def render_to_png(
    map_path: str, enc: EncounterView, out_path: Path, *, overlay: tuple[str, str] | None, tokens: bool,
    scale: float | None, objects: bool = False, allow_outside: bool = False,
) -> tuple[tuple[int, int], float, int]:
    """Draw the encounter and write ``out_path``; the picture's size in pixels, the scale it was drawn at and
    how many hexes the overlay shades (0 without one).

    ``scale`` None: 1, or for a map of tiles narrower than ``MIN_HEX_PX`` the least scale that draws its
    hexes that wide (a map ``validate`` accepts also draws)."""
    render = render_api()
    reach = threat = None
    shaded = 0
    if overlay is not None:
        kind, arg = overlay
        if kind == "reach":
            reach = enc.reach_for(arg).destinations()
            shaded = len(reach)
        else:
            threat = enc.threat_against(arg.lower())
            shaded = int(threat.sum())
    try:
        art = render.load_map_art(map_path, objects=objects, allow_outside=allow_outside)
        if scale is None:
            scale = max(1.0, math.ceil(MIN_HEX_PX / max(1, art.layout.tile_width) * 1000) / 1000)
        _check_scale(scale, art.layout.tile_width, art.size)
        surface = render.decorate(
            render.scaled_base(art, scale),
            art,
            tokens=encounter_tokens(enc) if tokens else None,
            reach_overlay=reach,
            threat_overlay=threat,
            scale=scale,
        )
        if overlay is not None and shaded:
            # Read away from the window and its legend, the picture says what its shading means itself.
            title, items = overlay_key(overlay, reach)
            surface = render.with_key(surface, art.layout, title, items, scale)
        render.save_png(surface, out_path)
    except render.RenderError as err:
        raise RulesError(str(err)) from None
    except OSError as err:
        raise RulesError(f'-o "{out_path}": cannot write: {err.strerror or err}') from None
    return surface.get_size(), scale, shaded


def overlay_key(overlay: tuple[str, str],
                reach: list[tuple[Any, int, bool]] | None) -> tuple[str, list[tuple[str, str]]]:
    """The key's title and its rows ``(swatch kind, meaning)`` for what the overlay draws: a zone-of-control
    stop is explained only where the reach has one."""
    kind, arg = overlay
    if kind == "threat":
        member = f"{'an' if arg[0] in 'aeiou' else 'a'} {arg} combatant"
        return (f"Key: threat against {arg}",
                [("threat", f"threatened against {arg}: a hostile combatant's weapon band reaches it (R8); "
                            f"{member} stepping in stops there (zone of control, R9)")])
    items = [("reach", f"{arg} can end its move here: pale costs little, deep costs more; the number is the "
                       "movement it costs (R7)")]
    if any(stops for _, _, stops in reach or ()):
        items.append(("stop", f"{arg} can end here, but stepping in stops it: zone of control (R9)"))
    return f"Key: reach of {arg}", items


def _check_scale(scale: float, tile_width: int, pixel_size: tuple[int, int]) -> None:
    hex_px = tile_width * scale
    if hex_px < MIN_HEX_PX:
        raise UsageError(
            f"--scale {scale:g} draws each hex {hex_px:.2g} px wide; the least is {MIN_HEX_PX} px "
            f"(--scale {_round_up(MIN_HEX_PX / tile_width)} or more for this map)"
        )
    w, h = pixel_size
    most = min(MAX_SIDE_PX / max(w, h), math.sqrt(MAX_PIXELS / (w * h)))
    if scale > most:
        # A picture a billion pixels wide is out of range enough: its 300 digits (--scale 1e300) say no more.
        size = f"makes the picture {round(w * scale)}x{round(h * scale)} px" if max(w, h) * scale < 1e9 \
            else "is out of range"
        raise UsageError(
            f"--scale {scale:g} {size}; the most is "
            f"{MAX_SIDE_PX} px a side and {MAX_PIXELS // 1_000_000} million pixels "
            f"(--scale {math.floor(most * 1000) / 1000:g} or less for this map)"
        )


def _round_up(x: float) -> str:
    return f"{math.ceil(x * 1000) / 1000:g}"
