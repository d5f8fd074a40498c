"""Property names that read as a slip for one Playmat reads (``movment_type``, ``defence``, ``Hostile``).

Playmat ignores a property it does not know, so a misspelt one leaves its default in place unnoticed;
``validate --lint`` warns about each, and a refusal of the object it is on says it too (a swimmer whose
``movment_type`` left it a ground combatant on water).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules import property_did_you_mean


def slips(props: Iterable[str], known: tuple[str, ...]) -> list[tuple[str, str]]:
    """``(name, " (did you mean ...?)")`` for each name of ``props`` nearly one of ``known`` but not one, or
    another game's word for one (``speed``, ``max_hp``: rules' PROPERTY_SYNONYMS, as a GM's edit is told)."""
    return [(key, hint) for key in props if key not in known
            for hint in [property_did_you_mean(key, known) or _words_swapped(key, known)] if hint]


def _words(name: str) -> tuple[str, ...]:
    return tuple(sorted(name.replace("_", " ").casefold().split()))


def _words_swapped(name: str, known: tuple[str, ...]) -> str:
    """The hint for Playmat's words in another order (``max_hp`` for ``hp_max``, ``damage_area``), which
    spelling distance misses: every letter is right, so they read as a note, and the default stays."""
    words = _words(name)
    if len(words) < 2:
        return ""
    meant = [k for k in known if _words(k) == words]
    return f' (did you mean "{meant[0]}"?)' if meant else ""
