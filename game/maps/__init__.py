"""Reading Tiled TMX maps into the rules' map model; the maps that ship with Playmat."""

from .errors import MapError
from .loader import load_scenario, validate_map
from .shipped import ShippedMap, assets_folder, default_map, shipped_maps

__all__ = ["MapError", "ShippedMap", "assets_folder", "default_map", "load_scenario", "shipped_maps", "validate_map"]
