"""The rules engine's public API: everything the window, the AI, the batch tools and the CLI use.

Clients import from ``game.rules`` only (an architecture test holds them to
``__all__``). The engine imports neither pygame nor anything that draws.

>>> from game.rules import Encounter, Begin, Attack       # doctest: +SKIP
>>> enc = Encounter(scenario); enc.apply(Begin())         # doctest: +SKIP
>>> enc.preview_attack("Orc 1", "Aldric").hit_chance      # doctest: +SKIP
"""

from . import limits
from .actionlog import ActionList, LogError, read_log, replay, replay_log, write_log
from .actions import (
    DICE_ACTIONS,
    TURN_ACTIONS,
    Action,
    ActionParseError,
    Attack,
    Begin,
    Cast,
    CastRoll,
    Disengage,
    Edit,
    EndCombat,
    EndTurn,
    Face,
    Flee,
    GrantMovement,
    Join,
    Move,
    Place,
    Push,
    Remove,
    SetHp,
    SetThreatening,
    Shoot,
    Shove,
    parse_action,
)
from .atomic import write_atomically, write_bytes_atomically, write_text_atomically
from .attack_odds import ARC_FLANK, ARC_FRONT, ARC_REAR, SIDE_BITS, arc_penalties, hit_chance, sides_toward, worst_arcs
from .board import Board, default_exits
from .combatant import (
    COMBATANT_KEYS,
    AreaAbility,
    CombatantSpec,
    CombatantSpecError,
    RangedProfile,
    Size,
    combatant_from_properties,
    lookalike,
    name_key,
    name_problem,
    parse_bool,
    parse_choice,
    parse_int,
    same_name,
)
from .cover import CoverHex, cover_words
from .dice import dice_distribution
from .encounter import Encounter
from .errors import IllegalActionError, RulesError, SpecError
from .events import (
    Applied,
    AreaCast,
    AreaHit,
    Attacked,
    CombatBegan,
    CombatEnded,
    Defeated,
    Disengaged,
    Edited,
    Event,
    Fled,
    HpSet,
    Joined,
    Moved,
    MovementGranted,
    Placed,
    Pushed,
    Removed,
    RoundStarted,
    Shot,
    Shoved,
    ThreateningSet,
    Turned,
    TurnStarted,
)
from .facing import ARCS
from .factions import DEFAULT_HOSTILE, FACTIONS, Hostility
from .fire_zones import ShotOdds
from .hexgrid import Cell, HexLayout
from .limits import InputLimitError
from .outcome import EndReason, Outcome
from .phases import ACTIVE, ENDED, SETUP
from .previews import (
    AreaTargetPreview,
    AttackPreview,
    CastPreview,
    DisengagePreview,
    PushPreview,
    ShootPreview,
    ShovePreview,
)
from .property_synonyms import PROPERTY_SYNONYMS, property_did_you_mean
from .ranged_danger import NO_SHOT, RangedDanger, RangedThreat
from .reach import MoveRequest, ReachResult, reachable
from .readonly import EncounterView
from .savefile import SaveError, SaveFile
from .scenario import Scenario
from .sight import SightLine, sees, sight_cover_map, sight_line, sight_map
from .terrain import (
    DEFAULT_COSTS,
    DEFAULT_HAZARD_DAMAGE,
    MOVEMENT_TYPE_NAMES,
    NO_ENTRY,
    OFF_MAP,
    TERRAIN_KEYS,
    TERRAIN_NAMES,
    TILE_NAME_KEY,
    MovementType,
    Terrain,
)
from .text import SIDE_WORDS, did_you_mean, joined, side_words
from .textmap import scenario_from_rows
from .threat import ThreatSource, threat_mask
from .threat_zones import UNREACHABLE, ThreatZones, ZoneMemo
from .unit_state import DEFEATED, FLED
from .views import CombatantView

__all__ = [
    # limits on untrusted input (maps, tilesets, images, logs)
    "limits", "InputLimitError", "SaveFile", "SaveError", "write_atomically", "write_bytes_atomically",
    "write_text_atomically",
    # state and queries
    "Encounter", "EncounterView", "Outcome", "EndReason", "CombatantView", "ReachResult", "Scenario", "Board",
    "HexLayout", "Cell", "CombatantSpec",
    "Terrain", "MovementType", "Size", "Hostility", "FACTIONS", "ARCS", "SETUP", "ACTIVE", "ENDED",
    "DEFEATED", "FLED", "TERRAIN_KEYS", "TILE_NAME_KEY", "scenario_from_rows", "RangedProfile", "AreaAbility",
    "SightLine", "sight_line", "sight_map", "sight_cover_map", "sees", "CoverHex", "cover_words",
    "joined",  # "A, B and C": how the engine's messages, the window and the lint list names
    "side_words", "SIDE_WORDS",  # "south-west" for the side "sw" (R2): what the window and the CLI's advice show
    # actions and the log
    "Action", "Begin", "Place", "Move", "Face", "Attack", "Shove", "Shoot", "Cast", "CastRoll", "Disengage", "Flee",
    "EndTurn", "Push", "GrantMovement", "SetThreatening", "Join", "Remove", "SetHp", "Edit", "EndCombat",
    "parse_action",
    "TURN_ACTIONS", "DICE_ACTIONS", "ActionList", "read_log", "write_log", "replay", "replay_log",
    # what happened, and what would
    "Applied", "Event", "CombatBegan", "RoundStarted", "TurnStarted", "Moved", "Turned", "Placed", "Attacked",
    "Shoved", "Pushed", "Disengaged", "Defeated", "Fled", "Joined", "Removed", "MovementGranted",
    "ThreateningSet", "HpSet", "Edited", "CombatEnded", "Shot", "AreaCast", "AreaHit", "AttackPreview", "ShovePreview",
    "ShootPreview", "CastPreview", "AreaTargetPreview", "DisengagePreview", "PushPreview",
    "dice_distribution",
    # bulk odds and zones for policies that weigh every hex
    "hit_chance", "arc_penalties", "worst_arcs", "sides_toward", "SIDE_BITS", "ARC_FRONT", "ARC_FLANK", "ARC_REAR",
    "ThreatZones", "ZoneMemo", "UNREACHABLE", "ShotOdds",
    # ranged danger next turn: where a hostile could shoot or burst after moving (a GM's "show enemy moves")
    "RangedDanger", "RangedThreat", "NO_SHOT",
    # building a scenario from a map's properties (game.maps.loader; the words and defaults of docs/map-format.md)
    "combatant_from_properties", "CombatantSpecError", "parse_int", "parse_bool", "parse_choice", "default_exits",
    "name_problem", "name_key", "same_name", "lookalike", "COMBATANT_KEYS", "did_you_mean",
    "PROPERTY_SYNONYMS", "property_did_you_mean",  # "speed" is move: an edit and the map lint hint alike
    "DEFAULT_HOSTILE", "DEFAULT_COSTS", "DEFAULT_HAZARD_DAMAGE", "MOVEMENT_TYPE_NAMES", "TERRAIN_NAMES", "NO_ENTRY",
    "OFF_MAP",
    # the reach kernel under reach_for (tools/bench_reach.py holds it against scipy and tcod)
    "reachable", "MoveRequest", "threat_mask", "ThreatSource",
    # errors
    "RulesError", "IllegalActionError", "ActionParseError", "LogError", "SpecError",
]
