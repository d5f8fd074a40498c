"""The progress bar on stderr while a batch runs (tqdm), and the games-per-second line after it.

Only for people: off with ``--json`` or when stderr is not a terminal, so pipes and
CI logs stay clean, and never part of the JSON (no wall-clock value is).
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TYPE_CHECKING, Never, TextIO

if TYPE_CHECKING:
    from tqdm import tqdm


class ProgressBar:
    """``with ProgressBar(total, enabled) as bar: run_batch(..., progress=bar.update)``."""

    def __init__(self, total: int, enabled: bool, *, stream: TextIO | None = None, desc: str = "games") -> None:
        self.total = total
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.desc = desc
        self._bar: tqdm[Never] | None = None  # a bar over no iterable: update() moves it
        self._done = 0
        self.started = time.perf_counter()

    def __enter__(self) -> ProgressBar:
        self.started = time.perf_counter()
        if self.enabled:
            from tqdm import tqdm

            self._bar = tqdm(total=self.total, desc=self.desc, unit="game", file=self.stream, dynamic_ncols=True,
                             leave=False)
        return self

    def update(self, done: int, total: int) -> None:
        if self._bar is not None:
            self._bar.update(done - self._done)
        self._done = done

    @property
    def done(self) -> int:
        return self._done

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.close()


def wants_bar(as_json: bool, stream: TextIO | None = None) -> bool:
    stream = stream or sys.stderr
    return not as_json and bool(getattr(stream, "isatty", lambda: False)())
