"""Reading Tiled TMX maps into the rules' map model; the maps that ship with Playmat."""

from .errors import MapError
from .loader import load_scenario, validate_map
from .shipped import ShippedMap, assets_folder, default_map, shipped_maps
from .tmx_adapter import TmxMap, read_tmx

__all__ = ["MapError", "ShippedMap", "TmxMap", "assets_folder", "default_map", "load_scenario", "read_tmx",
           "shipped_maps", "validate_map"]
