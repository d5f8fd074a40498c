"""The rules live once, in the engine: game/ai scores, it never works out a hit chance, an arc or a reach.

An AST scan of every module in game/ai for what computing those takes: the d20
arithmetic of R21 (the numbers 20 and 21), the six side sectors of R17/R18
(``% 6``), weapon bands of R21/R28 (one combatant's ``reach_min`` and ``reach``
compared together), the raw geometry a reach or zone sweep is made of (the
board's cost, exit and footprint tables, axial coordinates, direction
vectors, threat masks), the helpers the AI once had, and module-level caches
(a policy keeps its memory on itself). The engine answers all of these
(``hit_chance``, ``worst_arcs``, ``sides_toward``, ``ThreatZones``, previews).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import game.ai

AI = Path(game.ai.__file__).resolve().parent
# Helpers that were the AI's private copy of the rules, by name.
GONE = {"hit_chance", "reach_flat", "grow_stack", "neighbour_min_flat", "neighbour_min_stack", "sector_table",
        "Window", "next_turn_reaches", "walk_to", "footprint_cost", "held_by", "_sweep_reaches", "_toward",
        "ReachAsk", "Memo", "ARC_KIND", "KINDS_BY_FACING", "WORST_BY_SIDES", "REACH_MEMO", "GRID_MEMO",
        "DISTANCE_MEMO", "TERRAIN_MEMO", "GEOMETRIES", "_band_hexes"}
# What a sweep, a band or an arc is built from: the engine's raw tables.
RAW = {"footprint_table", "neighbor_table", "direction_vectors", "axial_arrays", "to_axial", "threat_against",
       "threat_of", "threat_mask_for", "direction_between"}
BOARD_TABLES = {"cost", "exit", "terrain", "hazard_damage"}
CACHES = {"lru_cache", "cache", "OrderedDict"}


def _offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rel = path.name
    out = []
    for node in ast.walk(tree):
        where = f"{rel}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name in GONE:
            out.append(f"{where}: defines {node.name}")
        if isinstance(node, ast.Name | ast.Attribute):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in CACHES:
                out.append(f"{where}: uses {name} (a module-wide cache)")
        if isinstance(node, ast.Attribute):
            if node.attr in RAW:
                out.append(f"{where}: reads .{node.attr}")
            if node.attr in BOARD_TABLES and isinstance(node.value, ast.Attribute | ast.Name) and (
                    getattr(node.value, "attr", None) == "board" or getattr(node.value, "id", None) == "board"):
                out.append(f"{where}: reads board.{node.attr}")
        if isinstance(node, ast.BinOp | ast.Compare):
            numbers = [n.value for n in ast.walk(node) if isinstance(n, ast.Constant)]
            if 20 in numbers or 21 in numbers:
                out.append(f"{where}: d20 arithmetic")
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.right, ast.Constant) \
                and node.right.value == 6:
            out.append(f"{where}: side-sector arithmetic (% 6)")
        if isinstance(node, ast.Compare):
            owners: dict[str, set[str]] = {}
            for a in ast.walk(node):
                if isinstance(a, ast.Attribute) and a.attr in ("reach", "reach_min"):
                    owners.setdefault(ast.unparse(a.value), set()).add(a.attr)
            if any(v == {"reach", "reach_min"} for v in owners.values()):
                out.append(f"{where}: weapon band arithmetic")
    for node in tree.body:  # module level: no memo that outlives a policy
        if isinstance(node, ast.Assign | ast.AnnAssign):
            value = node.value
            if isinstance(value, ast.Dict | ast.Set) or (
                    isinstance(value, ast.Call) and ast.unparse(value.func).split(".")[-1] in {"dict", "Memo",
                                                                                             "OrderedDict"}):
                out.append(f"{rel}:{node.lineno}: a module-level cache")
    return out


def test_game_ai_computes_no_hit_chance_arc_or_reach_itself() -> None:
    offences = [o for path in sorted(AI.glob("*.py")) for o in _offences(path)]
    assert offences == []


def test_the_private_copies_are_gone() -> None:
    assert not (AI / "grid.py").exists()
    for name in ("game.ai.model", "game.ai.tactical", "game.ai.coordinate", "game.ai.baselines"):
        own = {k for k, v in vars(importlib.import_module(name)).items()
               if not str(getattr(v, "__module__", "")).startswith("game.rules")}  # the engine's own may be imported
        assert not GONE & own, name


def test_the_scan_catches_what_it_forbids(tmp_path: Path) -> None:
    # The scan itself can fail: the AI's old hit chance, an arc offset, a band check and a memo.
    bad = tmp_path / "bad.py"
    bad.write_text(
        "MEMO = {}\n"
        "def hit_chance(a, d, p):\n    return min(20, max(0, 21 - max(1, d - p - a))) / 20\n"
        "def arc(s, f):\n    return (s - f) % 6\n"
        "def band(me, d):\n    return me.reach_min <= d <= me.reach\n"
        "def costs(sit):\n    return sit.board.cost\n",
        encoding="utf-8",
    )
    found = " ".join(_offences(bad))
    for what in ("defines hit_chance", "d20 arithmetic", "(% 6)", "weapon band", "board.cost", "module-level cache"):
        assert what in found, what
