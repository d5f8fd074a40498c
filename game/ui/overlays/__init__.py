"""Map overlays: "before you commit, you see the rules" (layers "under" and "over" the tokens)."""

from .arcs import FacingArcLabels, FacingArcs
from .enemy_reach import EnemyReach, EnemyReachHover
from .focus_mark import FocusMark
from .moves import PathPreview, ReachShading
from .preview import ActionPreview
from .ranged import RangedPreview

__all__ = ["ActionPreview", "EnemyReach", "EnemyReachHover", "FacingArcLabels", "FacingArcs", "FocusMark",
           "PathPreview", "RangedPreview", "ReachShading", "widgets"]


def widgets() -> list:
    """Fresh overlay widgets for one battle, bottom to top within each layer."""
    reach = EnemyReach()
    arcs = FacingArcs(labels_over=True, battle=True)
    return [reach, ReachShading(), arcs, PathPreview(), ActionPreview(), RangedPreview(), FocusMark(),
            EnemyReachHover(reach), FacingArcLabels(arcs)]
