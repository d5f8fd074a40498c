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
    """Hostile to a faction that has a combatant in this encounter (on the board or off it by now): the default
    table makes the player hostile to the enemy (R3), but on a map without an enemy it is at war with nobody."""
    here = {v.faction for v in enc.views()}
    return lambda faction: bool(enc.hostile_factions(faction) & here)


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


def nothing_to_fight(enc: EncounterView) -> str:
    """Why this encounter holds no fight, in the words ``playmat validate --lint`` and ``playmat playtest`` use,
    or '' when two of the factions on the board are hostile to each other (R3).

    On such a map R13 ends combat the moment it begins, every side "winning": the window said "Victory!" after
    one round for a map whose combatants were all of one faction. The window stays in setup instead, says why
    (RULES.md: how an encounter ends), and the GM can add or change a combatant to make a fight of it."""
    factions = in_faction_order({v.faction for v in enc.views() if v.active})
    if not factions:
        return "Nothing to fight: the map has no combatants on the board"
    if any(b in enc.hostile_factions(a) for a in factions for b in factions):
        return ""
    # Listed as playtest lists them ("it has: player, neutral"), so the three say it word for word.
    return f"Nothing to fight: no two factions on the map are hostile to each other (it has: {', '.join(factions)})"


def fought_nobody(reason: str | None, winners: Iterable[str], at_war: AtWar | None) -> bool:
    """A fight R13 ended because nobody on the board was hostile to anybody: no winner was at war with anyone.
    Said as "nothing to fight", never as a side's win (a log played before the window held such a map back, or
    a GM's Begin from the command line)."""
    won = list(winners)
    return reason is not None and reason != "gm" and at_war is not None and bool(won) and not any(map(at_war, won))


def over_words(outcome: Outcome | None, at_war: AtWar | None = None, won: str = "wins") -> str:
    """The one-line headings' words once combat is over (the tracker's, the replay's): who won
    (:func:`who_won`), "ended by the GM" (the combat log and the summary say who was left standing), or
    "nothing to fight" (:func:`fought_nobody`)."""
    if outcome is not None and outcome.reason == "gm":
        return "ended by the GM"
    if outcome is not None and fought_nobody(outcome.reason, outcome.winners, at_war):
        return "nothing to fight"
    return who_won(outcome.winners if outcome else (), at_war, won)
