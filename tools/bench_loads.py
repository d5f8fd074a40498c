"""Frame times after the window loads something other than the opening battle: the replay viewer over a log, or the
map reloaded after an edit in Tiled (``tools/bench_frames.py --after-load replay|reload`` runs this script in a
process of its own, so neither tool imports the other; ``tools/bench_loads.py replay|reload`` alone does the same).

Each case runs twice in one process on the 64x64 bench map (tools/bench_frames.make_map), headless at 1280x720:
first as before game.ui.heap.loaded was called by these loaders (the load left in the collector's generations),
then as ``playmat play`` does now (settled once loaded). Printed per run: main-thread CPU per frame (median,
p99, max) over the measured frames, and the collector's passes over its oldest generation in them (the pass that
rescans everything loaded), with the longest; then the objects the collector tracks just after the load (what
its next full pass scans: when that pass comes depends on what is allocated after, so a short run may not
meet it) and the CPU of one full pass forced after the last frame (what a frame pays when it does).

- ``replay``: a battle of the bench map is played by the AI (speed "instant") for ``--log-frames`` frames; its log
  is opened as ``playmat play MAP --replay LOG`` opens it, and played at 4x (keys 3, Space) for ``--frames``
  frames, all measured.
- ``reload``: the bench battle (AI against AI at 1x, enemy reach on, the heap settled once built as the window does)
  runs 60 frames, then the map file's time is bumped as a save in Tiled bumps it; the window reloads it at its next
  poll. The frame of the reload itself (reading the map, replaying the log onto it, and now the settling) is
  printed apart; the ``--frames`` frames after it are measured.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench_frames import SCREEN, Collector, make_map, pct

from game.render.pg import pygame
from game.ui import heap
from game.ui.app import HeadlessClock, PlayConfig, battle_scene, play, replay_scene
from game.ui.battle import BattleScene
from game.ui.camera import ZOOMS
from game.ui.loop import run_loop
from game.ui.scene import Scene, SceneStack

Stats = dict[str, Any]


@contextmanager
def loads_settled(settled: bool) -> Iterator[None]:
    """As now (``settled``), or as before: heap.loaded did nothing for these loaders (only the battle was settled)."""
    real = heap.loaded
    if not settled:
        heap.loaded = lambda: None  # type: ignore[assignment]
    try:
        yield
    finally:
        heap.loaded = real  # type: ignore[assignment]
        heap.release()


class Frames:
    """One run's frames: main-thread CPU ms each, the oldest-generation passes (ms) in each, the objects the collector
    tracked where asked (frame -> count: what its next full pass scans), one full pass forced after the last frame
    (ms), the scene first shown."""

    def __init__(self, cpu: list[float], passes: list[list[float]], counted: dict[int, int], end_pass: float,
                 scene: Scene) -> None:
        self.cpu, self.passes, self.counted, self.end_pass, self.scene = cpu, passes, counted, end_pass, scene

    def stats(self, frames: range) -> Stats:
        kept = [self.cpu[i] for i in frames if i < len(self.cpu)]
        full = [ms for i in frames if i < len(self.passes) for ms in self.passes[i]]
        return {"frames": len(kept), "median": statistics.median(kept), "p99": pct(kept, 0.99), "max": max(kept),
                "passes": len(full), "longest": max(full, default=0.0),
                "tracked": next(iter(self.counted.values()), -1), "end_pass": self.end_pass}


COUNT = "count"  # poke's word for "count the objects the collector tracks, before this frame" (not timed)


def measure(build: Callable[[], Scene], frames: int, poke: Callable[[int, SceneStack], list[Any]]) -> Frames:
    """Run the scene ``build`` makes (once the window is open, as ``playmat play`` builds it) for ``frames`` frames,
    ``poke`` giving each frame's events (and :data:`COUNT`). A frame's CPU runs from the end of its probe to the
    start of the next, so the probe's own work is not charged to it."""
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode(SCREEN)
        heap.begin()  # as playmat play does when its window opens
        scene = build()
        starts: list[float] = []
        ends: list[float] = []
        seen: list[int] = []
        counted: dict[int, int] = {}
        with Collector() as collector:
            def probe(frame: int, stack: SceneStack) -> list[Any]:
                starts.append(time.thread_time())
                seen.append(len(collector.full))
                events = poke(frame, stack)
                if COUNT in events:
                    counted[frame] = len(gc.get_objects())
                ends.append(time.thread_time())
                return [e for e in events if e != COUNT]

            run_loop(SceneStack(scene), screen, max_frames=frames, script=probe, clock=HeadlessClock())
            starts.append(time.thread_time())
            seen.append(len(collector.full))
            full = list(collector.full)
        t0 = time.thread_time()
        gc.collect()  # the full pass the next frame would pay, whenever it came
        end_pass = (time.thread_time() - t0) * 1000
        cpu = [(b - a) * 1000 for a, b in zip(ends, starts[1:], strict=False)]
        return Frames(cpu, [full[a:b] for a, b in zip(seen, seen[1:], strict=False)], counted, end_pass, scene)
    finally:
        pygame.display.quit()


def replay_case(map_path: Path, log: Path, frames: int, settled: bool) -> Stats:
    def poke(frame: int, stack: SceneStack) -> list[Any]:
        if frame == 0:
            return [COUNT, *(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
                             for k in (pygame.K_3, pygame.K_SPACE))]
        return []

    with loads_settled(settled):
        return measure(lambda: replay_scene(map_path, log), frames, poke).stats(range(frames))


def reload_case(map_path: Path, folder: Path, frames: int, seed: int, settled: bool) -> Stats:
    touched = 60
    matches: list[Any] = []  # the battle's match, each time it changed
    reloaded: list[int] = []

    def build() -> Scene:
        cfg = PlayConfig(map_path=map_path, log_path=folder / f"reload-{settled}.jsonl", seed=seed, autoplay=True,
                         headless=True, speed=1.0)
        scene = battle_scene(cfg, map_path, SCREEN)
        heap.settle()  # the battle itself, settled in both runs as the window always settled it
        assert isinstance(scene, BattleScene)
        scene.framed = True
        scene.ctx.camera.zoom_index = ZOOMS.index(1.0)
        scene.ctx.show_enemy_reach = True  # Ctrl-V counts on, as bench_frames runs
        matches.append(scene.match)
        return scene

    def poke(frame: int, stack: SceneStack) -> list[Any]:
        battle = stack.find(BattleScene)
        if frame == touched:  # saved in Tiled: a newer modification time
            later = time.time() + 10 * (len(reloaded) + 2)
            os.utime(map_path, (later, later))
        if isinstance(battle, BattleScene) and battle.match is not matches[-1]:
            matches.append(battle.match)
            reloaded.append(frame - 1)  # the frame before this probe's applied the reload
            return [COUNT]
        return []

    with loads_settled(settled):
        run = measure(build, touched + 40 + frames, poke)
    assert reloaded, "the map was never reloaded"
    at = reloaded[0]
    out = run.stats(range(at + 1, at + 1 + frames))
    out["reload_frame"], out["reload_ms"], out["reload_passes"] = at, run.cpu[at], run.passes[at]
    return out


def report(title: str, runs: list[tuple[str, Stats]]) -> None:
    print(title)
    print(f"{'':30}{'frames':>7}{'median ms':>10}{'p99 ms':>9}{'max ms':>9}{'full passes':>12}{'longest ms':>11}")
    for label, s in runs:
        print(f"{label:30}{s['frames']:7d}{s['median']:10.2f}{s['p99']:9.2f}{s['max']:9.2f}{s['passes']:12d}"
              f"{s['longest']:11.2f}")
    print("objects the collector's next full pass would scan, just after the load; one full pass forced after the "
          "last frame:")
    for label, s in runs:
        print(f"{label:30}{s['tracked']:9d} objects, {s['end_pass']:.2f} ms of CPU")


def main(case: str, frames: int, seed: int, log_frames: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        map_path = make_map(folder, seed)
        if case == "replay":
            log = folder / "fight.jsonl"
            play(PlayConfig(map_path=map_path, log_path=log, seed=seed, headless=True, autoplay=True,
                            speed=float("inf"), frames=log_frames))
            actions = sum(1 for line in log.read_text(encoding="utf-8").splitlines() if line.strip())
            before = replay_case(map_path, log, frames, settled=False)
            after = replay_case(map_path, log, frames, settled=True)
            report(f"replay viewer over a log of {actions} lines, played at 4x, main-thread CPU per frame "
                   f"(all frames from the first):", [("before (log not settled)", before),
                                                      ("now (settled once loaded)", after)])
        else:
            before = reload_case(map_path, folder, frames, seed, settled=False)
            after = reload_case(map_path, folder, frames, seed, settled=True)
            for label, s in (("before", before), ("now", after)):
                print(f"{label}: the reload's own frame (frame {s['reload_frame']}: read the map, replay the log onto "
                      f"it{', settle' if s is after else ''}): {s['reload_ms']:.1f} ms CPU, with "
                      f"{len(s['reload_passes'])} oldest-generation pass(es) of the collector in it "
                      f"({', '.join(f'{ms:.1f}' for ms in s['reload_passes']) or '-'} ms)")
            report(f"the {frames} frames after a map reload of the 64x64 battle, main-thread CPU per frame:",
                   [("before (reload not settled)", before), ("now (settled once reloaded)", after)])
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="frame times after the replay viewer opens a log / a map edited in Tiled "
                                             "reloads, settled and not")
    ap.add_argument("case", choices=("replay", "reload"))
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--log-frames", type=int, default=1500,
                    help="with replay: frames of AI battle (instant speed) that make the log")
    a = ap.parse_args()
    main(a.case, a.frames, a.seed, a.log_frames)
