"""A new user's first battle, played with the mouse alone through the real window loop (headless).

From the title screen: double-click the first (default) map, then every human turn:
point at things, click an enemy in reach, else click the shaded hex closest to
the nearest enemy and then an enemy if one came into reach, then click "End
turn" (and "Yes" when it asks). The AI plays the enemies. Stops at the
end-of-battle summary. With an output folder, saves a screenshot after every
step (title, reach, move, attack preview, confirmation, summary).

Usage: ``python tools/walkthrough.py [OUT_DIR] [--seed S]``; the test suite
runs :func:`play_with_the_mouse` without screenshots.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.render.pg import pygame  # noqa: E402
from game.ui.app import PlayConfig, play  # noqa: E402
from game.ui.battle import BattleScene  # noqa: E402
from game.ui.menus import MenuScene  # noqa: E402
from game.ui.summary import SummaryScene  # noqa: E402
from game.ui.title import TitleScene  # noqa: E402

Event = pygame.event.Event


def motion(pos: tuple[int, int]) -> Event:
    return Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(pos: tuple[int, int]) -> list[Event]:
    return [motion(pos), Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


@dataclass
class MousePlayer:
    """Decides the next mouse gesture from what the screen shows (the scene the user sees)."""

    shots: Path | None = None
    steps: int = 0
    log: list[str] = field(default_factory=list)  # what it did, for the report / a failing test
    pending: list[tuple[str, list[Event]]] = field(default_factory=list)  # (screenshot first, events)
    wait: int = 0
    phase: str = "title"
    turn_key: Any = None

    def shot(self, name: str) -> None:
        if self.shots is not None:
            surf = pygame.display.get_surface()
            if surf is not None:
                pygame.image.save(surf, str(self.shots / f"{self.steps:03d}-{name}.png"))

    def __call__(self, frame: int, stack: Any) -> list[Event]:
        if self.wait > 0:
            self.wait -= 1
            return []
        if self.pending:
            self.wait = 3
            name, events = self.pending.pop(0)
            self.shot(name)  # what the pointer shows before the click: the preview
            return events
        top = stack.top
        self.steps += 1
        if isinstance(top, TitleScene):
            if not top.rows:
                return []
            self.shot("title")
            self.log.append(f"title: double-click {top.entries[0].title}")
            self.wait = 3
            return click(top.rows[0].center) + click(top.rows[0].center)  # one click only chooses it
        if isinstance(top, SummaryScene):
            self.shot("summary")
            self.phase = "over"
            return []
        if isinstance(top, MenuScene):  # "End turn?": click Yes
            self.shot("confirm")
            self.log.append(f"confirm: {top.title} -> Yes")
            self.wait = 3
            return click(top.buttons[0].rect.center)
        if not isinstance(top, BattleScene):
            return []
        return self.battle_step(top)

    def battle_step(self, b: BattleScene) -> list[Event]:
        enc = b.match.encounter
        if enc.phase != "active" or b.ctx.busy or b.anim.busy or not b.match.is_human_turn():
            self.steps -= 1
            return []
        me = enc.turn
        foes = [v for v in enc.views() if v.active and enc.hostile(me, v.name)]
        at = b.ctx.cell_to_screen

        def pos(cell: tuple[int, int]) -> tuple[int, int]:
            x, y = at(cell)
            return round(x), round(y)

        key = (enc.round, me, len(enc.history))
        target = next((f for f in foes if enc.can_attack(me, f.name) is None), None)
        if target is not None and not enc.acted:
            # Point first (the preview shows), look, then click.
            self.pending = [(f"preview-{me}-attacks-{target.name}".replace(" ", "_"), click(pos(target.cell)))]
            self.log.append(f"{me}: attack {target.name}")
            self.wait = 3
            return [motion(pos(target.cell))]
        view = enc.view(me)
        if view.movement > 0 and not view.zoc_exhausted and key != self.turn_key and foes:
            self.turn_key = key
            dests = enc.reach_for(me).destinations()
            lay = enc.layout

            def gap(cell: tuple[int, int]) -> int:
                return min(lay.distance(cell, f.cell) for f in foes)

            if dests:
                best = min(dests, key=lambda d: (gap(d[0]), d[1]))
                if gap(best[0]) < gap(view.cell):
                    self.pending = [(f"path-{me}-to-{best[0][0]},{best[0][1]}".replace(" ", "_"),
                                     click(pos(best[0])))]
                    self.shot(f"reach-{me}".replace(" ", "_"))
                    self.log.append(f"{me}: move to {best[0]}")
                    self.wait = 3
                    return [motion(pos(best[0]))]
        end = next((bt for bt, cmd in b.view.buttons if cmd == "end_turn"), None)
        if end is None:
            self.steps -= 1
            return []
        self.log.append(f"{me}: end turn")
        self.wait = 3
        return click(end.rect.center)


def play_with_the_mouse(log: Path, seed: int = 1, shots: Path | None = None, max_frames: int = 40000
                        ) -> tuple[Any, MousePlayer]:
    player = MousePlayer(shots=shots)
    cfg = PlayConfig(map_path=None, log_path=log, seed=seed, headless=True, frames=max_frames, speed=float("inf"))
    result = play(cfg, script=player, until=lambda s: isinstance(s.top, SummaryScene) and player.phase == "over")
    return result, player


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", help="folder for the screenshots")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    out = Path(args.out) if args.out else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        result, player = play_with_the_mouse(Path(tmp) / "walk.jsonl", args.seed, out)
        battle = result.stack.find(BattleScene)
        if battle is None:
            print("\n".join(player.log[-20:]))
            raise SystemExit(f"no battle on the screen after {result.frames} frames")
        enc = battle.match.encounter
        print("\n".join(player.log))
        outcome = enc.outcome()
        winners = ", ".join(outcome.winners if outcome else ()) or "none"
        print(f"frames {result.frames}; over: {enc.is_over()}; winners: {winners}; round {enc.round}")


if __name__ == "__main__":
    main()
