"""Map lint: what is legal in a map but likely a designer's mistake (``playmat validate --lint``).

Each finding is one line naming the file and the object, faction or cells, and what looks wrong.
Warnings never refuse a map: the command still exits 0. The checks ask the engine through its
public API only (``game.rules``: ``Encounter.reach_for`` with a budget, ``threateners_of``, ``shot_centres``,
``views``), plus the TMX itself for what the engine never sees (object pixels, tile usage).

- a map with no combatants, or none hostile to another (R3): no fight at all;
- a combatant that cannot move anywhere at the start;
- a combatant, and a side of several, that could never get at any hostile where the map places them
  (terrain alone, any number of turns; :mod:`stranded`);
- exit hexes nobody could ever stand on (only for maps that mark exits; R24);
- a combatant starting on a hazard (R25) or in a hostile's zone of control (R8);
- a shooter that could never see a hostile within its range from anywhere it can reach (or sees every
  one only from inside its minimum range, which it then says), or that sees no hex at all within its
  range from where it starts (R29, R30);
- a combatant object more than a quarter hex off the centre of its cell;
- a Stagger Axis, Stagger Index, tile size or tileset that disagree (:mod:`layout_lint`), also on a map
  the rules refuse (a wrong layout puts combatants on water or off the map);
- an atlas tileset whose ``tilecount`` is not the number of tiles Tiled cuts from its image
  (:mod:`tileset_lint`), also on a map the rules refuse;
- tilesets the map never uses, and unused tiles of embedded (map-only) tilesets;
- an object that looks meant to fight but is not a combatant: its class is nearly ``combatant``, or it
  has a ``faction`` but no class;
- a property of the map, a combatant or a terrain tile whose name is nearly one Playmat reads
  (``defence``, ``Hostile``, ``terain``): Playmat ignores it, so the default applies unnoticed;
- with a playtest runner: a side that wins more than 90 % of a quick 20-game playtest.
"""

from __future__ import annotations

import math
import shlex
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from game.rules import (
    COMBATANT_KEYS,
    TERRAIN_KEYS,
    TILE_NAME_KEY,
    Cell,
    CombatantView,
    Encounter,
    HexLayout,
    Scenario,
    Terrain,
    did_you_mean,
    joined,
)

from .errors import MapError, object_label
from .layout_lint import layout_slips, moved_layout
from .loader import load_scenario
from .palette import is_stock_palette
from .pixels import TiledPixels
from .shipped import assets_folder
from .slips import slips as _slips
from .stranded import ever_reach, stranded
from .tile_usage import tile_usage
from .tileset_lint import blank_slots, overlap_slips, tilecount_slips
from .tilesets import Tileset
from .tmx_adapter import TmxMap, read_tmx
from .too_close import few, nearest_first, seen_too_close

COMBATANT_KIND = "combatant"
OFF_CENTRE = 0.25  # of the distance between neighbouring cell centres
LOPSIDED = 0.90  # a side winning more than this share of a quick playtest
QUICK_GAMES = 20
MAX_CELLS_LISTED = 8

# (the map's scenario, games) -> {winning side: games won}: game.playtest.quick_playtest, passed in by the
# CLI (the maps sit below the playtest runner).
Playtest = Callable[[Scenario, int], dict[str, int]]


def lint_map(path: str | Path, playtest: Playtest | None = None, games: int = QUICK_GAMES, *,
             allow_outside: bool = False) -> list[str]:
    """Warnings for one map, one line each; empty when nothing looks wrong.

    A map the rules refuse (``validate_map`` says why) still gets the warnings read from the file alone:
    a misspelt property or class is often the cause of the refusal (``movment_type`` left a swimmer a
    ground combatant standing on water), so the designer sees both at once. The rest need the map to
    load. ``playtest`` (slow) adds the lopsidedness check: it plays ``games`` AI-vs-AI games.
    """
    path = Path(path)
    try:
        tmx = read_tmx(path, allow_outside=allow_outside)
    except MapError:
        return []
    src = tmx.source
    layout = [*layout_slips(tmx), *tilecount_slips(tmx), *overlap_slips(tmx)]
    slips = [f"{src}: {w}" for w in [*layout, *not_combatants(tmx), *misspelt_properties(tmx)]]
    try:
        scenario = load_scenario(tmx)
    except MapError:
        return slips
    enc = Encounter(scenario)
    out: list[str] = []
    ever = ever_reach(scenario)
    out += [f"{src}: {w}" for w in no_fight(enc)]
    out += [f"{src}: {w}" for w in immobile(enc)]
    out += [f"{src}: {w}" for w in stranded(scenario, ever)]
    out += [f"{src}: {w}" for w in unreachable_exits(enc, tmx, ever)]
    out += [f"{src}: {w}" for w in bad_starts(enc)]
    out += [f"{src}: {w}" for w in blind_shooters(scenario, enc, ever)]
    if not moved_layout(tmx):  # else every object is off centre for the one reason the layout line gives
        out += [f"{src}: {w}" for w in off_centre(scenario, tmx)]
    out += [f"{src}: {w}" for w in unused_tiles(tmx)]
    out += slips
    if playtest is not None:
        out += [f"{src}: {w}" for w in lopsided(playtest(scenario, games), games, path)]
    return out


# --- the fight ----------------------------------------------------------------------------------
def no_fight(enc: Encounter) -> list[str]:
    """A map on which nobody is hostile to anybody: combat would be over before its first turn."""
    views = enc.views()
    if not views:
        return ["map: no combatants (objects of class combatant): there is no fight to play"]
    factions = sorted({v.faction for v in views})
    if any(b in enc.hostile_factions(a) for a in factions for b in factions):
        return []
    return [f"map: no two factions on it are hostile to each other ({', '.join(factions)}): combat would end "
            "before its first turn; add a combatant of a hostile faction, or name the pair in the map's hostile "
            "property (R3)"]


# --- movement ---------------------------------------------------------------------------------
def immobile(enc: Encounter) -> list[str]:
    """Combatants with no hex to move to on their first turn (walled in by terrain or by others)."""
    out = []
    for v in enc.views():
        ends = [cell for cell, _cost, _stops in enc.reach_for(v.name, budget=v.movement_max).destinations()
                if cell != v.cell]
        if not ends:
            why = "its move is 0" if v.movement_max == 0 else "terrain or other combatants wall it in"
            out.append(f'{object_label(v.object_id, v.name)}: cannot move anywhere from {_cell(v.cell)} ({why})')
    return out


def unreachable_exits(enc: Encounter, tmx: TmxMap, ever: dict[str, list[Cell]]) -> list[str]:
    """Exit hexes that no combatant's footprint could ever cover (only where the map marks exits, R24)."""
    if not any(t is not None and t.properties.get("exit") for layer in tmx.tile_layers if layer.visible
               for t in layer.palette):  # the palette holds exactly the tiles the layer shows
        return []  # no marked exits: the whole rim is the exit, and rock borders are expected there
    board = enc.board
    covered: set[Cell] = set()
    for v in enc.views():
        for centre in ever[v.name]:
            covered.update(enc.layout.disc(centre, v.radius) if v.radius else [centre])
    rows, cols = np.nonzero(np.asarray(board.exit) & np.asarray(board.on_map))
    lost = sorted(((int(c), int(r)) for r, c in zip(rows, cols, strict=True) if (c, r) not in covered),
                  key=lambda cr: (cr[1], cr[0]))
    if not lost:
        return []
    return [f"exit hexes no one can reach: {_cells(lost)}"]


# --- starting positions ---------------------------------------------------------------------
def bad_starts(enc: Encounter) -> list[str]:
    """Combatants starting on a hazard (R25: damage at the start of each turn) or in a hostile's ZoC (R8)."""
    out = []
    terrain = np.asarray(enc.board.terrain)
    damage = np.asarray(enc.board.hazard_damage)
    for v in enc.views():
        hot = [c for c in enc.footprint(v.name) if terrain[c[1], c[0]] == Terrain.HAZARD]
        if hot:
            worst = max(int(damage[r, c]) for c, r in hot)
            out.append(f'{object_label(v.object_id, v.name)}: starts on hazard {_cells(hot)} '
                       f"(takes {worst} damage at the start of each of its turns, R25)")
        threateners = enc.threateners_of(v.name)
        if threateners:
            who = joined(f'"{n}"' for n in threateners)
            out.append(f'{object_label(v.object_id, v.name)}: starts in the zone of control of {who} (R8)')
    return out


# --- sight ----------------------------------------------------------------------------------------
def blind_shooters(scenario: Scenario, enc: Encounter, ever: dict[str, list[Cell]]) -> list[str]:
    """Combatants with a ranged profile that could never shoot, or that start seeing nothing in range.

    *Never*: from no centre it could ever stand on (terrain alone, any number of turns) could it shoot
    any hostile standing anywhere that hostile could ever stand. *Blind start*: from where it starts it
    could shoot nobody on any hex (it sees no hex within its range), so it must move before it can shoot
    (an archer on a wall whose slits were left solid). Both are asked of the engine
    (``Encounter.shot_centres``): a shot as play judges it, range from the footprints' edges (R26, R29)
    and sight over the pairs of hexes in range (R30), so a large archer too close to every place a foe
    could be is named as play would refuse it. One warning per shooter, the stronger first. Sight never
    depends on combatants (R30), so neither do these.

    A *never* whose bow has a minimum range is asked once more with that minimum taken away
    (:mod:`too_close`): when the bow then hits someone, what stops it is being too close, not sight,
    and the line says so and names them, the nearest first (R29): "could never see a hostile" sent a
    designer looking for a wall that was not there.
    """
    views = enc.views()
    out = []
    memo: dict[tuple[object, ...], bool] = {}  # shooters alike (a squad of archers) are asked once
    for v in views:
        if v.ranged is None:
            continue
        hostile = enc.hostile_factions(v.faction)
        hostiles = [h for h in views if h.faction in hostile]
        if not hostiles:
            continue  # a bystander's bow is not a mistake
        band = f"{v.ranged.min_range}-{v.ranged.max_range}"
        # where they start first: on most maps a shooter can shoot someone from there, and the answer is quick
        placed = list(dict.fromkeys([*((h.radius, h.cell) for h in hostiles),
                                     *((h.radius, c) for h in hostiles for c in ever[h.name])]))
        key = (v.radius, v.ranged.min_range, v.ranged.max_range, frozenset(ever[v.name]), frozenset(placed))
        if key not in memo:
            centres = _mask(enc, ever[v.name])
            memo[key] = any(enc.shot_centres(v.name, centres, c, r).any() for r, c in placed)
        if not memo[key]:
            out.append(f"{object_label(v.object_id, v.name)}: {_never_why(scenario, enc, v, ever)}")
        elif not _shoots_from_start(enc, v.name, v.cell):
            out.append(f'{object_label(v.object_id, v.name)}: sees no hex within its range {band} from where it starts '
                       f"{_cell(v.cell)} (R30); it must move before it can shoot")
    return out


def _never_why(scenario: Scenario, enc: Encounter, v: CombatantView, ever: dict[str, list[Cell]]) -> str:
    """Why a shooter could never shoot: too close to every hostile it could see (R29), else sight or range."""
    assert v.ranged is not None
    band = f"{v.ranged.min_range}-{v.ranged.max_range}"
    spec = next(s for s in scenario.combatants if s.name == v.name)
    hostile = enc.hostile_factions(v.faction)
    targets = [(h.name, h.radius, list(dict.fromkeys([h.cell, *ever[h.name]])))
               for h in enc.views() if h.faction in hostile]
    near = seen_too_close(scenario, spec, ever[v.name], targets)
    if near:
        return (f"could never shoot from anywhere it can reach: every hostile it could see within "
                f"{v.ranged.max_range} hexes is inside its minimum range {v.ranged.min_range} "
                f"({few(nearest_first(enc, v.name, near))}; counted from the edges of both bodies, R26, R29)")
    return f"could never see a hostile within its range {band} from anywhere it can reach (R29, R30)"


def _mask(enc: Encounter, cells: list[Cell]) -> np.ndarray:
    mask = np.zeros((enc.board.rows, enc.board.cols), dtype=bool)
    for c, r in cells:
        mask[r, c] = True
    return mask


def _shoots_from_start(enc: Encounter, name: str, start: Cell) -> bool:
    """Whether ``name`` where it starts could shoot a standard-size hostile on some hex of the map: whether it
    sees any hex within its range, as play counts range and sight (R29, R30)."""
    here = _mask(enc, [start])
    rows, cols = np.nonzero(np.asarray(enc.board.on_map))
    return any(enc.shot_centres(name, here, (int(c), int(r)), 0).any() for r, c in zip(rows, cols, strict=True))


def off_centre(scenario: Scenario, tmx: TmxMap) -> list[str]:
    """Combatant objects whose anchor sits more than a quarter hex from the centre of the cell they land in."""
    lay = scenario.board.layout
    px = TiledPixels(lay)
    (ax, ay), (bx, by) = px.cell_center((1, 1)), px.cell_center(lay.neighbor((1, 1), 0))
    limit = OFF_CENTRE * math.hypot(bx - ax, by - ay)
    cells = {c.object_id: (c.name, c.cell) for c in scenario.combatants}
    out = []
    for obj in tmx.objects:
        if obj.id not in cells:
            continue
        name, cell = cells[obj.id]
        cx, cy = px.cell_center(cell)
        off = math.hypot(obj.anchor[0] - cx, obj.anchor[1] - cy)
        if off > limit:
            out.append(f'{object_label(obj.id, name)}: placed {off:.0f} px from the centre of its cell {_cell(cell)} '
                       f"(more than a quarter hex, {limit:.0f} px); snap it to the centre"
                       + _other_index_hint(tmx, obj.anchor, limit))
    return out


def _other_index_hint(tmx: TmxMap, anchor: tuple[float, float], limit: float) -> str:
    """When the object sits on a hex centre of the other Stagger Index: with fewer than two objects
    ``moved_layout`` cannot tell a changed index from a slip of the mouse, so each says it for itself."""
    head = tmx.head
    other = "even" if head.stagger_index == "odd" else "odd"
    px = TiledPixels(HexLayout(head.stagger_axis, other, head.tile_width, head.tile_height, head.side_length,
                               head.width, head.height))
    if math.dist(anchor, px.cell_center(px.pixel_to_cell(*anchor))) > limit / 4:
        return ""  # tighter than "off centre": a sloppy click half-way between is no sign of a layout
    return (f", or, if Stagger Index was {other.capitalize()} when it was placed (it sits on a hex centre of "
            f"that layout), set Map > Map Properties > Stagger Index back to {other.capitalize()}")


# --- tiles -------------------------------------------------------------------------------------
def unused_tiles(tmx: TmxMap) -> list[str]:
    """Tilesets the map never uses; tiles of a map's own (embedded) tileset it never places.

    Shared ``.tsx`` tilesets hold more tiles than any one map needs, so their unused tiles are fine; so does
    Playmat's stock palette (:mod:`palette`), which every map written by ``write_map`` embeds (the skirmish
    generator's maps among them): one tile per kind of ground, which no one map places all of. An empty
    slot of an atlas (no pixel drawn, no property) is no tile a designer could mean to place.
    """
    out = []
    sets = {ts.firstgid: ts for ts in tmx.tilesets}
    for use in tile_usage(tmx):
        ts = sets[use.firstgid]
        if not use.used:
            out.append(f'tileset "{use.name}" is never used')
            continue
        if not use.embedded or is_stock_palette({i: t.properties for i, t in ts.tiles.items()}):
            continue
        if _playmat_art(ts):
            continue  # a shipped tileset embedded in Tiled (Embed Tileset): as shared as its .tsx
        blank = blank_slots(ts) if use.unused else frozenset()
        unused = [i for i in use.unused if i not in blank]
        if unused:
            ids = ", ".join(str(i) for i in unused[:MAX_CELLS_LISTED])
            more = f" and {len(unused) - MAX_CELLS_LISTED} more" if len(unused) > MAX_CELLS_LISTED else ""
            out.append(f'tileset "{use.name}": tiles {ids}{more} are never placed')
    return out


def _playmat_art(ts: Tileset) -> bool:
    """Whether the tileset's pictures are Playmat's shipped art (its ``assets/`` folder or below)."""
    images = [ts.atlas] if ts.atlas is not None else list(ts.images.values())
    if not images:
        return False
    try:
        assets = assets_folder().resolve()
        return all(image.path.resolve().is_relative_to(assets) for image in images)
    except OSError:
        return False


# --- objects ---------------------------------------------------------------------------------
def not_combatants(tmx: TmxMap) -> list[str]:
    """Objects meant to fight that Playmat leaves out: only the class ``combatant`` makes a combatant.

    A class nearly right (``Combatant `` aside, which counts: case and spaces are ignored), or none or
    another class on an object that names a ``faction``, is a slip, and the fight silently goes on without it.
    """
    out = []
    for obj in tmx.objects:
        kind = (obj.kind or "").strip()
        if kind.lower() == COMBATANT_KIND:
            continue
        if kind and did_you_mean(kind, [COMBATANT_KIND]):
            out.append(f'{obj.label}: class "{kind}" is not "combatant", so it does not fight '
                       '(set its Class to combatant)')
        elif not kind and "faction" in obj.properties:
            out.append(f'{obj.label}: has a faction but no class, so it does not fight (set its Class to combatant)')
        elif "faction" in obj.properties:
            # A class of the designer's own words (``unit``, ``monster``) on an object that names a faction
            # reads as a combatant in Tiled, yet the fight goes on without it and nothing else says so.
            out.append(f'{obj.label}: class "{kind}" is not "combatant" but it has a faction, so it does not '
                       'fight (set its Class to combatant)')
    return out


# --- property names ------------------------------------------------------------------------
# The map's own properties Playmat reads (docs/map-format.md, "The map").
MAP_KEYS = ("title", "description", "hostile", "seed", "flank_penalty", "rear_penalty", "cover_bonus",
            "threatened_shooter_penalty")
# A tile's properties Playmat reads: the terrain keys, and its name, which the words for cover quote (R31: "a
# low wall at 5,3"); a ``Tile`` typed in Tiled's "+" box would leave the cover unnamed without a word.
TILE_KEYS = (*TERRAIN_KEYS, TILE_NAME_KEY)


def misspelt_properties(tmx: TmxMap) -> list[str]:
    """Properties whose name is nearly one Playmat reads: a slip that silently leaves the default in place.

    A property Playmat does not know is a designer's own note and is ignored; only one that reads as a
    slip for a known name (case, ``_`` for a space, a letter or two off) is flagged, with the name meant.
    Judged on the map, its combatant objects and the tiles its visible tile layers place.
    """
    out = [f'Playmat ignores map property "{key}"{hint}' for key, hint in _slips(tmx.properties, MAP_KEYS)]
    for obj in tmx.objects:
        if (obj.kind or "").strip().lower() == COMBATANT_KIND:
            out += [f'{obj.label}: Playmat ignores property "{key}"{hint}'
                    for key, hint in _slips(obj.properties, COMBATANT_KEYS)]
    seen: set[str] = set()
    for layer in tmx.tile_layers:
        for tile in layer.palette if layer.visible else ():
            if tile is not None and tile.label not in seen:
                seen.add(tile.label)
                out += [f'{tile.label}: Playmat ignores property "{key}"{hint}'
                        for key, hint in _slips(tile.properties, TILE_KEYS)]
    return out


# --- balance ------------------------------------------------------------------------------------
def lopsided(wins: dict[str, int], games: int, path: str | Path | None = None) -> list[str]:
    """A side winning more than 90 % of a quick playtest: the fight is probably not interesting.

    Twenty games say that it leans, not why; the line names the batch whose report says whom to weaken.
    """
    out = []
    batch = f"playmat playtest {shlex.quote(str(path))} --games 200 --out DIR" if path is not None else None
    for side, won in sorted(wins.items()):
        if games and won / games > LOPSIDED:
            out.append(f'side "{side}" won {won} of {games} quick AI-vs-AI games (over {LOPSIDED:.0%}); '
                       "the fight looks lopsided"
                       + (f" (`{batch}` writes a report naming whom to weaken)" if batch else ""))
    return out


# --- text ---------------------------------------------------------------------------------------
def _cell(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _cells(cells: Iterable[Cell]) -> str:
    cells = list(cells)
    text = " ".join(_cell(c) for c in cells[:MAX_CELLS_LISTED])
    return text + (f" and {len(cells) - MAX_CELLS_LISTED} more" if len(cells) > MAX_CELLS_LISTED else "")
