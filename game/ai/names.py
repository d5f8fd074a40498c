"""The AI levels by name: what the command line and the window offer, without loading the AI itself."""

from __future__ import annotations

LEVELS = ("random", "greedy", "easy", "normal", "hard", "expert")
DEFAULT_LEVEL = "normal"
