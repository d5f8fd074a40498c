"""Who won, in words: "player wins", "player and ally win", "neutral, at war with nobody, shares the win".

R13 ends combat when no two hostile sides are left, and every side still standing wins; these words
tell the sides that won the fight from a bystander that shared the win (or, when the GM ended the
fight, stood aside). The combat log, the tracker, the summary and the replay all say it this way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.rules import FACTIONS, EncounterView, Outcome, joined


def in_faction_order(factions: Iterable[str]) -> list[str]:
    """Factions as the game lists them (player, ally, enemy, neutral), not as the engine sorts them: "player,
    ally and neutral win", not "ally, neutral and player win"."""
    rank = {f: i for i, f in enumerate(FACTIONS)}
    return sorted(factions, key=lambda f: (rank.get(f, len(rank)), f))


AtWar = Callable[[str], bool]  # is this faction hostile to anyone (R3)? (``at_war_from`` an encounter)


def at_war_from(enc: EncounterView) -> AtWar:
    return lambda faction: bool(enc.hostile_factions(faction))


def winning_sides(winners: Iterable[str], at_war: AtWar | None = None) -> tuple[list[str], list[str]]:
    """(the sides that won the fight, the sides that share the win at war with nobody), in faction order.

    R13 ends combat when no two hostile sides are left, and every side still standing wins: with the map's
    default hostility a neutral that stood aside wins beside the player. Said as what it is ("player wins;
    neutral, at war with nobody, shares the win"), not as "player and neutral win"."""
    ordered = in_faction_order(winners)
    fought = [f for f in ordered if at_war is None or at_war(f)] or ordered
    return fought, [f for f in ordered if f not in fought]


def who_won(winners: Iterable[str], at_war: AtWar | None = None, won: str = "wins") -> str:
    """ "player and ally win", "player wins", "nobody wins": the sides that won the fight (:func:`sharing` names
    the others); ``won``: the verb for one side ("won" in the past, where the plural is the same)."""
    fought, _ = winning_sides(winners, at_war)
    if not fought:
        return f"nobody {won}"
    return f"{joined(fought)} {won if len(fought) == 1 or won != 'wins' else 'win'}"


def sharing(winners: Iterable[str], at_war: AtWar | None = None) -> str:
    """ "neutral, at war with nobody, shares the win" for the sides that won without fighting; '' for none."""
    _, by = winning_sides(winners, at_war)
    return f"{joined(by)}, at war with nobody, {'shares' if len(by) == 1 else 'share'} the win" if by else ""


def gm_sides(winners: Iterable[str], at_war: AtWar | None = None) -> tuple[list[str], list[str]]:
    """After the GM ended a fight: (the winners at war with someone, those at war with nobody), in faction order.

    Unlike :func:`winning_sides`, a bystander is never named as the side that won: when the GM stops a fight
    with hostiles still facing each other, the rules count a neutral at war with nobody as a winner (no hostile
    of its is standing), but it won no fight."""
    ordered = in_faction_order(winners)
    fought = [f for f in ordered if at_war is None or at_war(f)]
    return fought, [f for f in ordered if f not in fought]


def over_words(outcome: Outcome | None, at_war: AtWar | None = None, won: str = "wins") -> str:
    """The one-line headings' words once combat is over (the tracker's, the replay's): who won
    (:func:`who_won`), or "ended by the GM" (the combat log and the summary say who was left standing)."""
    if outcome is not None and outcome.reason == "gm":
        return "ended by the GM"
    return who_won(outcome.winners if outcome else (), at_war, won)
