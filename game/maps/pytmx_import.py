"""Import pytmx without dragging pygame in.

pytmx imports pygame at module level when it can, which costs the headless
rules commands ~60 ms and a support banner. We load maps without images
(pytmx keeps ``(path, rect, flags)`` tuples), so hide pygame while importing
pytmx unless the front end has already imported it.
"""

from __future__ import annotations

import logging
import sys
from types import ModuleType


def import_pytmx() -> ModuleType:
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    hide = "pygame" not in sys.modules
    logging.getLogger("pytmx").setLevel(logging.CRITICAL)
    logging.getLogger("pytmx.pytmx").setLevel(logging.CRITICAL)
    if hide:
        # None in sys.modules makes `import pygame` fail (Python's documented way to block an
        # import); typeshed types sys.modules as holding modules only.
        sys.modules["pygame"] = None  # type: ignore[assignment]
    try:
        import pytmx
    finally:
        if hide:
            del sys.modules["pygame"]
    return pytmx
