"""A refused action in the window's words: the engine's reason, its quotes dropped, after "Cannot move:"."""

from __future__ import annotations

import re

_QUOTED_NAME = re.compile(r'"([^"]{1,60})"')


def _split(err: BaseException | str) -> tuple[str | None, str]:
    """(the action's kind, the reason) of an engine message such as 'move: "Hero" cannot reach 7,4'.

    The engine quotes names so a log or a script can tell where "Orc 1" ends; a player reads a sentence,
    so the window drops the quotes ("Hero cannot reach 7,4")."""
    text = _QUOTED_NAME.sub(r"\1", " ".join(str(err).split()))
    kind, sep, rest = text.partition(": ")
    if sep and kind.replace("_", "").isalpha() and kind == kind.lower():
        return kind, rest
    return None, text


def reason_words(err: BaseException | str) -> str:
    """The engine's reason without its action prefix, for a line that already says what was tried."""
    return _split(err)[1]


def refusal(err: BaseException | str) -> str:
    """The engine's words for a refused action, as the status line shows them.

    The engine's message starts with the action's kind ("move: ..."); that becomes "Cannot move: ...". The
    rest is the engine's own reason, word for word (the same as its predicates give).
    """
    kind, rest = _split(err)
    return f"Cannot {kind.replace('_', ' ')}: {rest}" if kind is not None else f"Not allowed: {rest}"
