"""The faults one map load collects, and the check every Playmat property passes first.

The loader's passes (:mod:`.terrain_pass` for the board, :mod:`.combatant_pass` for the combatants,
:mod:`.loader` for the map's own properties) each report into the same list, so ``validate`` lists
every fault in the order a reader meets them and ``load_scenario`` refuses with the first.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import MapError
from .tmx_adapter import TmxMap
from .tmx_properties import type_slip


@dataclass
class MapReport:
    """A map being read and the faults found in it so far (shared by every pass over it)."""

    tmx: TmxMap
    problems: list[MapError]

    def problem(self, where: str | None, what: str) -> None:
        self.problems.append(MapError(self.tmx.source, where, what))

    def well_typed(self, props: Mapping[str, object], where: str | None) -> Mapping[str, object]:
        """``props`` without the Playmat keys whose Tiled type cannot hold their value, each reported
        naming the type to change it to (a bool ``reach`` reads "reach is a bool property (true); ...").
        ``props`` itself when none is (a caller may watch what is read from it)."""
        slips = {key: slip for key, value in props.items() if (slip := type_slip(key, value)) is not None}
        for key, slip in slips.items():
            self.problem(where or f"map property {key}", slip)  # where None: the map's own
        return {k: v for k, v in props.items() if k not in slips} if slips else props
