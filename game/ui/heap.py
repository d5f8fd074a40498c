"""Python's garbage collector, kept out of the frames: what a battle loads is never scanned again while it is played.

CPython's cyclic collector scans everything it tracks once in a while (a "generation 2" pass, when the objects
made since the last one outnumber a quarter of those it kept). Opening a battle leaves some 40,000 long-lived
objects (the map, its art, the engine's tables), and one such pass over them took 16-20 ms of CPU on this
machine: on its own most of a frame's 25 ms budget, and on top of a busy frame the slowest frame of
``tools/bench_frames.py --archers``, in whichever code happened to allocate at that moment (a tooltip's
placement one run, the enemy-reach recount the next: a profiler of Python calls never shows the collector).

So once a battle is built, while the window is still opening it, :func:`settle` collects what is garbage then
and moves everything left to the collector's permanent generation (``gc.freeze``): later passes scan only what
the battle made since, a millisecond or so. Settling again (the next battle) first thaws what was frozen, so
the previous battle's cycles are collected then rather than kept for the session.

What the battle makes as it goes (its history, the engine's answers) grows too: some 18,000 objects after
500 actions of the 64x64 battle, 12-17 ms for one pass. :func:`keep` freezes that at each new turn, after a
collection of the young generations (under half a millisecond): only what is alive then is kept out of
reach, and a cycle that dies later is freed when the next battle settles (after 500 actions, no more of
them were found then than without it).

Every path that loads a map or a log settles the same way, by calling :func:`loaded` once what it loaded is in
place: a battle opened (from the command line, the title or a save), the replay viewer opened over a log (``--replay``
or "Watch the replay"), and a map edited in Tiled and reloaded under the open battle. The viewer replays the whole
log as it opens (its steps' words, its checkpoints) and a reload builds a new engine and new art: left unsettled,
each put a collector pass over tens of thousands of objects into a frame a few seconds later.

Only while a window is playing (from :func:`begin`, which ``playmat play`` calls as it opens, to :func:`release`,
which it calls as it closes): a scene built without the window (the tests build hundreds) is never frozen, so its
cycles are freed as usual when it is dropped.
"""

from __future__ import annotations

import gc

_playing = False  # the window is open and not yet released: loaded() settles, keep() may freeze


def begin() -> None:
    """The window opens: from now on each map or log it loads is settled (:func:`loaded`), until :func:`release`."""
    global _playing
    _playing = True


def loaded() -> None:
    """A map or a log was just loaded and put in place (a battle, the replay viewer, a Tiled reload): settle the heap
    while a window is playing, so no frame pays for a collector pass over it. Every loader calls this one function."""
    if _playing:
        settle()


def settle() -> None:
    """Collect now, then freeze what survives: no later automatic pass rescans it (see the module's note)."""
    global _playing
    gc.unfreeze()  # the previous battle's objects may be garbage now: collected here, not kept for good
    gc.collect()
    gc.freeze()
    _playing = True


def keep() -> None:
    """At a new turn: collect the young generations, then freeze what the battle has made since (see above)."""
    if _playing:
        gc.collect(1)  # the turn's garbage first: only what is still alive is frozen
        gc.freeze()


def release() -> None:
    """The window is closing: hand everything back to the collector, and freeze nothing more."""
    global _playing
    gc.unfreeze()
    _playing = False
