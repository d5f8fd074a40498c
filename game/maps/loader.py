"""Build a :class:`Scenario` from a Tiled TMX hex map (docs/map-format.md).

:func:`load_scenario` refuses a bad map with the first :class:`MapError`;
:func:`validate_map` lists every fault it can find, one line each. Both go
through the same checks, so a map ``validate`` accepts always loads.

This module reads the map's own properties and puts the scenario together; the
board comes from :mod:`.terrain_pass`, the combatants from :mod:`.combatant_pass`,
and every pass reports into one :class:`.map_report.MapReport`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from game.rules import (
    COMBATANT_KEYS,
    DEFAULT_HOSTILE,
    HexLayout,
    Hostility,
    Scenario,
    SpecError,
    limits,
    parse_int,
)

from .combatant_pass import CombatantPass
from .errors import MapError, one_line
from .map_report import MapReport
from .slips import slips
from .terrain_pass import TerrainPass
from .tmx_adapter import TmxMap, read_tmx_collect
from .tmx_objects import COMBATANT_KIND


def load_scenario(path: str | Path | TmxMap, *, allow_outside: bool = False) -> Scenario:
    """The encounter a TMX file describes; :class:`MapError` (one line) if the map is bad.

    ``path`` may be a map already read with :func:`read_tmx` (the window reads a file once and gives the
    same :class:`TmxMap` to the rules and to the renderer's ``load_map_art``). ``allow_outside``: the
    map may name tilesets and images outside its folder tree (``--allow-outside``)."""
    scenario, problems = _load(path if isinstance(path, TmxMap) else Path(path), allow_outside)
    if problems or scenario is None:
        # A reader that stopped must have said why; if one ever does not, still one line, not an IndexError.
        raise problems[0] if problems else MapError(str(path), None, "cannot read the map")
    return scenario


def validate_map(path: str | Path, *, allow_outside: bool = False) -> list[str]:
    """Every fault found in one map file, one line each; empty when the map loads."""
    try:
        _, problems = _load(Path(path), allow_outside)
    except MapError as e:  # _load collects; this is belt and braces
        return [str(e)]
    return [str(p) for p in problems]


def _load(source: Path | TmxMap, allow_outside: bool = False) -> tuple[Scenario | None, list[MapError]]:
    tmx: TmxMap | None
    if isinstance(source, TmxMap):
        tmx, problems = source, list(source.problems)
    else:
        tmx, problems = read_tmx_collect(source, allow_outside=allow_outside)
    if tmx is None:
        return None, problems
    try:
        built = _ScenarioBuilder(tmx, problems)
        scenario = built.scenario()
    except MapError as e:
        return None, _with_slips(tmx, [*problems, e])
    except Exception as e:  # a map must never cause a traceback
        return None, [*problems, MapError(tmx.source, None, f"cannot read the map ({type(e).__name__}: {one_line(e)})")]
    return (None if problems else scenario), _with_slips(tmx, problems)


def _with_slips(tmx: TmxMap, problems: list[MapError]) -> list[MapError]:
    """``problems`` with the first refusal of each combatant object ending in its misspelt properties.

    A misspelt property is ignored, so it is often the cause of the refusal (``movment_type`` left a
    swimmer a ground combatant on water); said here, plain ``validate`` and every command show it, not
    only ``validate --lint``. Only the object's own property names are read: no lint is run.
    """
    hints = {}
    for obj in tmx.objects:
        if (obj.kind or "").strip().lower() == COMBATANT_KIND:
            found = slips(obj.properties, COMBATANT_KEYS)
            if found:
                # did_you_mean's ' (did you mean "x"?)' becomes the clause after a colon
                hints[obj.label] = " ".join(f'(its property "{key}" is not one Playmat reads: '
                                            f'{hint.strip().removeprefix("(").removesuffix(")")})'
                                            for key, hint in found)
    out = []
    for p in problems:
        hint = hints.pop(p.where, None) if type(p) is MapError and p.where else None
        if hint:
            p = MapError(p.source, p.where, f"{p.what} {hint}")
        out.append(p)
    return out


class _ScenarioBuilder(MapReport):
    """The map's own properties read here; the board and the combatants by their passes."""

    def scenario(self) -> Scenario:
        tmx, head = self.tmx, self.tmx.head
        layout = HexLayout(head.stagger_axis, head.stagger_index, head.tile_width, head.tile_height,
                           head.side_length, head.width, head.height)
        title, hostility, seed, flank, rear = self._map_properties()
        cover_bonus = self._map_int(self.tmx.properties, "cover_bonus", 2, 0)
        shooter_penalty = self._map_int(self.tmx.properties, "threatened_shooter_penalty", 2, 0)
        board = TerrainPass(tmx, self.problems).board(layout)
        combatants = CombatantPass(tmx, self.problems).combatants(board)
        return Scenario(
            source=tmx.source,
            title=title,
            board=board,
            combatants=combatants,
            hostility=hostility,
            seed=seed,
            flank_penalty=flank,
            rear_penalty=rear,
            cover_bonus=cover_bonus,
            threatened_shooter_penalty=shooter_penalty,
            description=str(self.tmx.properties.get("description") or "").strip(),
        )

    # --- map properties --------------------------------------------------------
    def _map_properties(self) -> tuple[str, Hostility, int, int, int]:
        props = self.well_typed(self.tmx.properties, None)
        title = str(props.get("title") or "").strip() or self.tmx.source
        for key, most in (("title", limits.MAX_TITLE_CHARS), ("description", limits.MAX_DESCRIPTION_CHARS)):
            if len(text := str(props.get(key) or "").strip()) > most:
                self.problem("map", f"{key} is {len(text):,} characters long, more than the limit of {most:,}")
        title = title[:limits.MAX_TITLE_CHARS]
        hostility = Hostility.parse(DEFAULT_HOSTILE)
        if props.get("hostile") is not None:
            try:
                hostility = Hostility.parse(str(props["hostile"]))
            except SpecError as e:
                self.problem("map property hostile", str(e))
        seed = self._map_int(props, "seed", 0, None)
        flank = self._map_int(props, "flank_penalty", 2, 0)
        rear = self._map_int(props, "rear_penalty", 4, 0)
        return title, hostility, seed, flank, rear

    def _map_int(self, props: Mapping[str, object], key: str, default: int, minimum: int | None) -> int:
        raw = props.get(key)
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            return default
        try:
            value = parse_int(raw, key)
        except SpecError as e:
            self.problem(f"map property {key}", str(e))
            return default
        if minimum is not None and value < minimum:
            self.problem(f"map property {key}", f"{key} {value} is less than {minimum}")
            return default
        return value

