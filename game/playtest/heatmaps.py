"""The batch's PNG heatmaps, drawn over the map itself by the project's renderer.

One picture per question a designer asks of a map: where do combatants fall,
where does zone of control stop movement, where do flank and rear attacks come
from, which exits do combatants flee by (only when some did), where does each faction
spend its turns. Start positions are ringed in
faction colours for orientation. Over a batch, a hex's colour and number are its
mean per game, and it fades with the share of games that touched it at all, so
a hex one game in a hundred reached reads as rare.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .record import HEAT_DEFEATED, HEAT_FLANK, HEAT_FLED, HEAT_REAR, HEAT_ZOC, occupancy_layer
from .summary import Summary

if TYPE_CHECKING:
    from game.rules import Scenario


@dataclass(frozen=True)
class HeatmapSpec:
    layer: str
    file: str
    title: str
    unit: str  # what one count is
    ramp: str  # a game.render RAMPS key, or "faction:<name>"


def heatmap_specs(factions: tuple[str, ...], *, fled: bool = False) -> list[HeatmapSpec]:
    """The pictures of a batch; ``fled``: someone fled the map, so which exits they used is worth one."""
    specs = [
        HeatmapSpec(HEAT_DEFEATED, "heat_defeated.png", "Where combatants were defeated",
                    "defeats on the hex", "red"),
        HeatmapSpec(HEAT_ZOC, "heat_zoc_stops.png", "Where zone of control stopped movement",
                    "moves stopped on the hex (R9)", "amber"),
        HeatmapSpec(HEAT_FLANK, "heat_flank_attacks.png", "Where flank attacks came from",
                    "attacks into a left or right arc made from the hex (R17-R18)", "blue"),
        HeatmapSpec(HEAT_REAR, "heat_rear_attacks.png", "Where rear attacks came from",
                    "attacks into the rear arc made from the hex (R17-R18)", "purple"),
    ]
    if fled:
        specs.append(HeatmapSpec(HEAT_FLED, "heat_fled.png", "Where combatants fled the map",
                                 "combatants that left the map from the hex (R24)", "teal"))
    for f in factions:
        specs.append(HeatmapSpec(occupancy_layer(f), f"heat_occupied_{f}.png", f"Hexes {f} occupied most",
                                 f"{f} turns ended on the hex", f"faction:{f}"))
    return specs


def write_heatmaps(summary: Summary, scenario: Scenario, map_path: str | Path, out_dir: Path,
                   *, scale: float = 1.0) -> list[Path]:
    """Draw every heatmap of ``summary`` over ``map_path`` into ``out_dir``; returns the files written."""
    import game.render as render

    out_dir = Path(out_dir)
    out_dir.mkdir(exist_ok=True)
    art = render.load_map_art(map_path)
    grey = render.grey_base(render.scaled_base(art, scale))
    ring = {f: render.FACTION_RAMPS[f].high for f in summary.factions}
    markers = [render.Marker(c.cell, ring[c.faction], render.TokenView(c.name, c.faction, c.cell).short_label)
               for c in scenario.combatants]
    keys = [(ring[f], f"{f} start") for f in summary.factions]
    games = f"{summary.games} game{'s' if summary.games != 1 else ''}"
    written = []
    for spec in heatmap_specs(summary.factions, fled=bool(summary.heat(HEAT_FLED))):
        counts = summary.heat(spec.layer)
        ramp = (render.FACTION_RAMPS[spec.ramp.split(":", 1)[1]] if spec.ramp.startswith("faction:")
                else render.RAMPS[spec.ramp])
        surface = grey.copy()
        # A batch's hexes fade with the share of games that touched them, and read per game (docs/cli.md).
        render.draw_heat(surface, art.layout, counts, ramp, scale, seen=summary.heat_games(spec.layer),
                         games=summary.games)
        render.draw_markers(surface, art.layout, markers, scale)
        vmax = max(counts.values(), default=0)
        per = "mean per game" if summary.games > 1 else "per hex"
        fig = render.heatmap_figure(surface, title=f"{spec.title} - {summary.title}", unit=spec.unit, ramp=ramp,
                                    vmax=vmax, total=sum(counts.values()), note=games, keys=keys,
                                    scale_note=f"{per}; numbers on the busiest", games=summary.games)
        written.append(render.save_png(fig, out_dir / spec.file))
    return written
