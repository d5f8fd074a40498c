"""Frame times of the battle window during an AI-vs-AI battle on a 64x64 map (headless, 1280x720).

The real battle scene in the real loop: reach and enemy-reach overlays on
(whatever game.ui.overlays provides), tokens animating at 1x, the AI deciding
on its worker thread. A frame is input + update + draw (flip excluded: the
dummy driver has no screen), in wall time and in main-thread CPU time (the
machine may be shared: the load average is printed).

Baseline, measured in the same run: the same battle (same seed, same number
of frames) with the map drawn by re-blitting every tile each frame instead of
one blit from the per-zoom cache.

Targets: median <= 4 ms, 99th percentile <= 12 ms, no frame over 33 ms while
the AI decides. Prints both runs and one JSON line.

``--animate water`` makes the water tiles (~4 % of the cells) Tiled-animated, two frames of 250 ms;
``--animate grass`` the open ground (~80 % of the cells: a stress case). The window repaints only
the animated cells in view whose frame changed (game/ui/animtiles.py).
Usage: ``python tools/bench_frames.py [--frames N] [--seed S] [--animate water|grass]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.maps.tmxwrite import write_map  # noqa: E402
from game.render.pg import pygame  # noqa: E402
from game.ui.app import HeadlessClock, PlayConfig, battle_scene  # noqa: E402
from game.ui.battle import BattleScene  # noqa: E402
from game.ui.camera import ZOOMS  # noqa: E402
from game.ui.loop import run_loop  # noqa: E402
from game.ui.maplayer import BACKGROUND, MapLayer  # noqa: E402
from game.ui.scene import SceneStack  # noqa: E402

SIZE = 64
SCREEN = (1280, 720)


ANIMATED_TILE = {"water": 2, "grass": 0}  # tile ids in write_map's tileset


def make_map(folder: Path, seed: int, animate: str | None = None) -> Path:
    """64x64 pointy map: open ground with woods, ponds and rock; two warbands of 10 facing each other."""
    import random

    rng = random.Random(seed)
    rows = []
    for _r in range(SIZE):
        row = []
        for _c in range(SIZE):
            x = rng.random()
            row.append("d" if x < 0.12 else "w" if x < 0.16 else "#" if x < 0.18 else ".")
        rows.append(row)
    units = []
    for i in range(10):
        for side, col, faction, facing in ((0, 26, "player", "e"), (1, 37, "enemy", "w")):
            cell = (col + (i % 2) * (1 if side else -1), 22 + 2 * i)
            rows[cell[1]][cell[0]] = "."
            units.append({"name": f"{faction.capitalize()} {i + 1}", "at": cell, "faction": faction,
                          "initiative": rng.randint(0, 9), "hp": 14, "attack": 3, "defense": 12,
                          "damage": "1d6+1", "move": 5, "facing": facing})
    path = write_map(folder / "bench64.tmx", ["".join(r) for r in rows], units=units, title="Bench 64x64",
                     tile_width=72, tile_height=72, side_length=36)
    if animate:
        tid = ANIMATED_TILE[animate]
        text = path.read_text(encoding="utf-8")
        head = f'<tile id="{tid}">'
        end = text.index("</tile>", text.index(head))
        frames = (f'   <animation>\n    <frame tileid="{tid}" duration="250"/>\n'
                  '    <frame tileid="1" duration="250"/>\n   </animation>\n  ')
        path.write_text(text[:end] + frames + text[end:], encoding="utf-8")
    return path


class TileBlitLayer(MapLayer):
    """The baseline: every tile re-blitted every frame (tiles pre-scaled once per zoom, as a fair baseline)."""

    def __init__(self, art: Any) -> None:
        super().__init__(art)
        self.tiles: dict[tuple[int, int, float], pygame.Surface] = {}

    def draw(self, screen: pygame.Surface, view: pygame.Rect, origin: tuple[float, float], zoom_index: int) -> None:
        z = ZOOMS[zoom_index]
        screen.fill(BACKGROUND, view)
        ox, oy = origin
        seq = []
        for layer in self.art.layers:
            for p in layer.placements:
                key = (id(layer), hash(p.key), z)
                surf = self.tiles.get(key)
                if surf is None:
                    base = self.art._tile_surface(p.key, layer.opacity)  # bench only
                    w, h = base.get_size()
                    surf = pygame.transform.smoothscale(base, (max(1, round(w * z)), max(1, round(h * z))))
                    self.tiles[key] = surf
                seq.append((surf, (round(ox + p.x * z), round(oy + p.y * z))))
        screen.fblits(seq, pygame.BLEND_PREMULTIPLIED)


def run(map_path: Path, frames: int, seed: int, baseline: bool
        ) -> tuple[list[float], list[bool], list[float], BattleScene]:
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode(SCREEN)
        with tempfile.TemporaryDirectory() as tmp:
            cfg = PlayConfig(map_path=map_path, log_path=Path(tmp) / "bench.jsonl", seed=seed, autoplay=True,
                             headless=True, speed=1.0)
            scene = battle_scene(cfg, map_path, SCREEN)
            assert isinstance(scene, BattleScene)
            scene.framed = True  # measure at the zoom set here, not the opening view's
            scene.ctx.camera.zoom_index = ZOOMS.index(1.0)
            scene.ctx.show_enemy_reach = True  # Ctrl-V counts on
            if baseline:
                scene.view.maplayer = TileBlitLayer(scene.art)
            thinking: list[bool] = []
            cpu: list[float] = []

            def probe(frame: int, stack: SceneStack) -> list[pygame.event.Event]:
                thinking.append(scene.ai.thinking)
                cpu.append(time.thread_time())
                if frame == 0:  # point at the middle of the field, so hover overlays work too
                    return [pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 360), rel=(0, 0), buttons=(0, 0, 0))]
                return []

            result = run_loop(SceneStack(scene), screen, max_frames=frames, script=probe, clock=HeadlessClock())
            # The first frames build the zoom cache and overlays once: report steady state from frame 10.
            cpu_ms = [(b - a) * 1000 for a, b in zip(cpu, cpu[1:], strict=False)]
            return result.frame_ms[10:], thinking[10:len(result.frame_ms)], cpu_ms[10:], scene
    finally:
        pygame.display.quit()


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=1200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--animate", choices=sorted(ANIMATED_TILE), help="make these tiles Tiled-animated")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        map_path = make_map(Path(tmp), args.seed, args.animate)
        cached, thinking, cached_cpu, scene = run(map_path, args.frames, args.seed, baseline=False)
        base, _, base_cpu, _ = run(map_path, args.frames, args.seed, baseline=True)
    enc = scene.match.encounter
    think_ms = [t for t, th in zip(cached, thinking, strict=False) if th]
    animated = len(scene.art.animated)
    print(f"animated cells: {animated} ({args.animate or 'none'}), repainted in the cached run: "
          f"{scene.view.maplayer.animator.repaints}")
    print(f"battle: {SIZE}x{SIZE} map, {len(enc.views())} combatants, {len(enc.history)} actions played in "
          f"{len(cached)} measured frames at {SCREEN[0]}x{SCREEN[1]}, zoom 100 %, enemy reach on")
    print(f"{'':28}{'median ms':>10}{'p99 ms':>10}{'max ms':>10}")
    for label, xs in (("cached map (Playmat)", cached), ("every tile re-blitted", base)):
        print(f"{label:28}{statistics.median(xs):10.2f}{pct(xs, 0.99):10.2f}{max(xs):10.2f}")
    print("main-thread CPU per frame (what the frame costs when the machine is not shared):")
    for label, xs in (("cached map (Playmat)", cached_cpu), ("every tile re-blitted", base_cpu)):
        print(f"{label:28}{statistics.median(xs):10.2f}{pct(xs, 0.99):10.2f}{max(xs):10.2f}")
    load = os.getloadavg()[0]
    print(f"load average during the run: {load:.1f} on {os.cpu_count()} cores")
    ratio = statistics.median(base) / statistics.median(cached)
    print(f"median ratio baseline / cached: {ratio:.1f}x")
    if think_ms:
        print(f"frames while the AI was deciding: {len(think_ms)}, max {max(think_ms):.2f} ms")
    print(json.dumps({"median_ms": round(statistics.median(cached), 3), "p99_ms": round(pct(cached, 0.99), 3),
                      "max_ms": round(max(cached), 3),
                      "max_ms_while_ai_decides": round(max(think_ms), 3) if think_ms else None,
                      "baseline_median_ms": round(statistics.median(base), 3),
                      "cpu_median_ms": round(statistics.median(cached_cpu), 3),
                      "cpu_p99_ms": round(pct(cached_cpu, 0.99), 3), "load_average": round(load, 1)}))


if __name__ == "__main__":
    main()
