"""The map's combatant objects read into :class:`CombatantSpec` values, each fault named by its object.

A combatant object must have a unique, sane name, stand on the map, and fit there: its whole
footprint on the map and enterable for its movement type (R26), overlapping no other (R14 orders
them by Tiled object id). Every object's faults are listed, so ``validate`` shows them all at once.
"""

from __future__ import annotations

from game.rules import (
    Board,
    Cell,
    CombatantSpec,
    CombatantSpecError,
    HexLayout,
    MovementType,
    SpecError,
    combatant_from_properties,
    limits,
    lookalike,
    name_problem,
    same_name,
)

from .errors import object_label, one_line
from .map_report import MapReport
from .pixels import TiledPixels
from .tmx_objects import COMBATANT_KIND, MapObject

_FAR_CELL = 1_000_000  # a combatant's cell further off than this is named by its position, not its cell


class CombatantPass(MapReport):
    """The combatants of a map on its board, their faults reported."""

    def combatants(self, board: Board) -> tuple[CombatantSpec, ...]:
        objs = [o for o in self.tmx.objects if (o.kind or "").strip().lower() == COMBATANT_KIND]
        if len(objs) > limits.MAX_COMBATANTS:
            self.problem(None, f"has {len(objs)} combatants, more than the limit of {limits.MAX_COMBATANTS}")
            return ()
        objs.sort(key=lambda o: o.id)  # map order = Tiled object id (R14 ties)
        specs: list[CombatantSpec] = []
        names: dict[str, MapObject] = {}
        ids: dict[int, MapObject] = {}
        held: dict[tuple[int, int], CombatantSpec] = {}  # each hex a combatant's footprint covers, and whose
        for obj in objs:
            if not self._named_once(obj, ids, names):
                continue
            cell = self._standing_cell(obj, board)
            if cell is None:
                continue
            spec = self._spec(obj, cell, board.layout)
            if spec is not None and self._fits(obj, spec, board, held):
                specs.append(spec)
        return tuple(specs)

    def _named_once(self, obj: MapObject, ids: dict[int, MapObject], names: dict[str, MapObject]) -> bool:
        """Whether ``obj`` has an id and a sane name no earlier combatant has; records both (the id even when
        the name is then refused, so a later object with that id is told whose it is)."""
        if obj.id in ids:
            self.problem(obj.label, f"id {obj.id} is also used by {ids[obj.id].label}")
            return False
        ids[obj.id] = obj
        if not obj.name or not obj.name.strip():
            self.problem(obj.label, "a combatant has no name (set the object's Name in Tiled)")
            return False
        bad_name = name_problem(obj.name)
        if bad_name is not None:
            self.problem(obj.label, bad_name)
            return False
        taken = same_name(obj.name, names)
        if taken is not None:
            self.problem(obj.label, f"name is already used by {names[taken].label}" + lookalike(obj.name, taken))
            return False
        names[obj.name] = obj
        return True

    def _standing_cell(self, obj: MapObject, board: Board) -> Cell | None:
        """The map cell under ``obj``'s anchor, or None (reported) when its shape cannot be a combatant or the
        cell is off the map."""
        if obj.shape not in ("point", "rectangle", "ellipse", "tile"):
            self.problem(obj.label, f"a combatant must be a point, rectangle, ellipse or tile object, "
                         f"not a {obj.shape}")
            return None
        layout = board.layout
        cell = TiledPixels(layout).pixel_to_cell(*obj.anchor)
        if max(abs(cell[0]), abs(cell[1])) > _FAR_CELL:  # x="1e300": a cell number of 300 digits
            x, y = obj.anchor
            self.problem(obj.label, f"position x {x:g}, y {y:g} is out of range (far off the map)")
            return None
        if not board.is_on_map(cell):
            self.problem(obj.label, f"stands on cell {cell[0]},{cell[1]}, {_off_map(layout, cell)}")
            return None
        return cell

    def _spec(self, obj: MapObject, cell: Cell, layout: HexLayout) -> CombatantSpec | None:
        """``obj``'s properties read into a spec, or None with every fault reported, one line each."""
        typed = self.well_typed(obj.properties, obj.label)
        try:
            spec = combatant_from_properties(obj.name, typed, cell, obj.id, layout)
        except CombatantSpecError as e:
            for what in e.problems:  # validate lists every fault of the object, one line each
                self.problem(obj.label, what)
            return None
        except SpecError as e:
            self.problem(obj.label, str(e))
            return None
        except ValueError as e:  # e.g. HexLayout.direction_index; keep it one line
            self.problem(obj.label, one_line(e))
            return None
        if len(typed) < len(obj.properties):  # a property of the wrong type, reported above
            return None
        return spec

    def _fits(self, obj: MapObject, spec: CombatantSpec, board: Board,
              held: dict[tuple[int, int], CombatantSpec]) -> bool:
        """Whether ``spec``'s footprint stands where it may (R26) and overlaps no earlier combatant's; when it
        does, its hexes are ``held``. Both faults are said, in one pass."""
        layout = board.layout
        fits = self._footprint_fits(obj, spec, board)
        clash = next((held[h] for h in layout.disc(spec.cell, spec.radius) if h in held), None)
        if clash is not None:
            shared = next(h for h in layout.disc(spec.cell, spec.radius) if held.get(h) is clash)
            self.problem(obj.label, f"overlaps {object_label(clash.object_id, clash.name)} at cell "
                         f"{shared[0]},{shared[1]} "
                         f"(two combatants may not share a hex)")
        if not fits or clash is not None:
            return False
        for h in layout.disc(spec.cell, spec.radius):
            held[h] = spec
        return True

    @staticmethod
    def _standing_fix(spec: CombatantSpec, board: Board) -> str:
        """What the designer changes when a combatant stands where its movement type may not: move the
        object, or give it a movement type that may enter every hex of its footprint (when one may)."""
        footprint = board.layout.disc(spec.cell, spec.radius)
        others = [m.label for m in MovementType if m != spec.movement_type
                  and all(board.is_on_map(h) and board.may_enter(h, m) for h in footprint)]
        if not others:
            return "move the object"
        return f"move the object, or give it movement_type {' or '.join(others)}"

    def _footprint_fits(self, obj: MapObject, spec: CombatantSpec, board: Board) -> bool:
        """R26: every hex of the footprint is on the map and enterable for its movement type."""
        col, row = spec.cell
        for hex_ in board.layout.disc(spec.cell, spec.radius):
            whose = f"cell {col},{row}" if hex_ == spec.cell else f"footprint hex {hex_[0]},{hex_[1]}"
            if not board.is_on_map(hex_):
                self.problem(obj.label, f"{whose} is off the map: a {spec.size.label} creature does not fit "
                             f"at {col},{row}")
                return False
            if not board.may_enter(hex_, spec.movement_type):
                terrain = board.terrain_at(hex_)
                assert terrain is not None
                self.problem(obj.label, f"{whose} is {terrain.label}, which a {spec.movement_type.label} "
                             f"combatant may not enter: {self._standing_fix(spec, board)}")
                return False
        return True


def _off_map(layout: HexLayout, cell: Cell) -> str:
    """Why a combatant's cell is off the map, in the terms Tiled's status bar shows: past the map's
    columns and rows (the map's size said), or a cell within them that no visible tile layer paints."""
    if layout.in_grid(cell):
        return "which no visible tile layer paints, so it is off the map"
    return (f"which is off the map (it is {layout.cols}x{layout.rows} cells: columns 0-{layout.cols - 1}, "
            f"rows 0-{layout.rows - 1})")
