"""Next round's hostile reach as the actor weighs hexes it may leave: its own body must not shield them.

Asked on the board as it stands, a hostile's next-turn reach is blocked by the
actor's body (R4) and stopped by its threat (R8, R9) at the hex it starts on.
A hex whose only way in that body blocks then looks safe, though once the actor
has moved the way is open (issue 18: a guard stepping aside from a gap saw no
danger beside it, where both knights could strike it once it had moved).

So the reach is read twice, both from the engine (``ThreatZones.next_turn_reaches``):
with the actor gone from the board, for every hex it could move to; and as the
board stands, for the hex it stands on (staying, its body and threat stay too)
and for whom else a hostile could choose between (a friend the actor shields
now is not counted as the hostile's other choice: leaving it open must not make
the actor's own hexes look safer).
"""

from __future__ import annotations

import numpy as np

from game.rules import CombatantView, ThreatZones

Reach = tuple[np.ndarray, np.ndarray]  # where it could end, where it could strike from (bool [N + 1])


def reaches(zones: ThreatZones, asks: list[tuple[CombatantView, int]], me: CombatantView
            ) -> tuple[list[Reach], list[Reach]]:
    """For each ask: the reach with ``me`` gone from the board, and the reach as the board stands."""
    gone = zones.next_turn_reaches(asks, moved=(me, None))
    standing = zones.next_turn_reaches(asks)
    return gone, standing


def staying_zone(gone: np.ndarray, standing: np.ndarray, here: int) -> np.ndarray:
    """Where a hostile could strike the actor from, by the actor's hex: read with the actor gone, but at
    the hex it stands on as the board stands (it would still be there)."""
    if gone[here] == standing[here]:
        return gone
    out = gone.copy()
    out[here] = standing[here]
    return out


def staying_sides(bits: np.ndarray, can_now: list[np.ndarray | None], nt: np.ndarray, flats: np.ndarray,
                  here: int, side_bits: np.ndarray) -> None:
    """Into ``bits`` ``[hostile, cell]`` (the sides each standard-size melee hostile could strike from), the
    row of the hex the actor stands on read as the board stands: staying, its body and threat keep a
    hostile stopped beside it (R9) from walking round to its rear."""
    rows = np.flatnonzero(flats == here)
    if rows.size and can_now:
        now = [c for c in can_now if c is not None]
        assert len(now) == len(can_now), "every threat carries its reach as the board stands"
        stands = np.stack(now)[:, nt[flats[rows]]]  # [hostile, cell, side]
        bits[:, rows] = stands @ side_bits
