"""Save headless screenshots of the battle widgets (previews, enemy reach, panels, GM form, replay) to look at.

    SDL_VIDEODRIVER=dummy PYTHONPATH=. python tools/widget_shots.py [OUT_DIR]

Uses the test harness's skirmish on the default map (tests/ui_harness.py) at 1280x720, 100 % zoom.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.render.pg import pygame  # noqa: E402
from game.rules import Attack, EndTurn, Move  # noqa: E402
from game.ui import overlays, panels  # noqa: E402
from game.ui.context import DISENGAGE, SHOVE  # noqa: E402
from game.ui.gm import GMTools  # noqa: E402
from game.ui.replay import ReplayScene  # noqa: E402
from tests.ui_harness import click, frame, hover, key, make_ctx, screen, send, skirmish, typed  # noqa: E402


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    s = screen()
    m = skirmish()
    ctx = make_ctx(m)
    ws = overlays.widgets() + panels.widgets()

    def shot(name: str) -> None:
        frame(s, ctx, ws)
        pygame.image.save(s, str(out / name))
        print(out / name)

    hover(ctx, (4, 3))
    shot("move_path.png")
    hover(ctx, (8, 4))
    shot("move_stops_here.png")
    hover(ctx, (7, 5))
    shot("attack_preview.png")
    ctx.action_mode = SHOVE
    shot("shove_preview.png")
    ctx.action_mode = "attack"
    hover(ctx, (6, 8))
    shot("attack_preview_orc_arcs.png")
    send(ctx, ws, key(pygame.K_v, pygame.KMOD_LCTRL))
    hover(ctx, (5, 6))
    shot("enemy_reach_count.png")
    send(ctx, ws, key(pygame.K_v, pygame.KMOD_LCTRL))
    send(ctx, ws, key(pygame.K_l))
    hover(ctx, (10, 9))
    shot("panels_legend.png")
    send(ctx, ws, key(pygame.K_l))
    # GM: the panel, then the form with an entry the engine refuses
    ctx.gm = True
    ctx.card_full = True  # every GM tool on the card (as I shows it), whatever the window's size would choose
    ctx.selected = "Goblin"
    hover(ctx, (12, 9))
    shot("gm_panel.png")
    tools = next(w for w in ws if isinstance(w, GMTools))
    join = next(b for b in tools.buttons if b.key == "join")
    send(ctx, ws, click(join.rect.center))
    for ev in typed("Bandit"):
        send(ctx, ws, ev)
    form = tools.form
    frame(s, ctx, ws)  # lays the fields out
    i = [f.key for f in form.fields].index("at")
    send(ctx, ws, click(form.rects[i].center))
    for _ in range(8):
        send(ctx, ws, key(pygame.K_BACKSPACE))
    for ev in typed("7,5"):
        send(ctx, ws, ev)
    send(ctx, ws, key(pygame.K_RETURN))
    shot("gm_form_refused.png")
    send(ctx, ws, key(pygame.K_ESCAPE))
    ctx.gm = False
    ctx.selected = None
    # disengage, from inside the goblin's zone
    m.submit(Move("Mira", (6, 5)))
    ctx.version += 1
    ctx.action_mode = DISENGAGE
    hover(ctx, (4, 8))
    shot("disengage_preview.png")
    ctx.action_mode = "attack"
    m.submit(Attack("Mira", "Goblin", roll=12, damage=5))
    m.submit(EndTurn())
    ctx.version += 1
    hover(ctx, (12, 9))
    shot("panels_after_attack.png")
    v = ReplayScene(m.encounter.scenario, list(m.encounter.history))
    for _ in range(6):
        v.handle_event(key(pygame.K_RIGHT))
    v.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(700, 330), rel=(0, 0), buttons=(0, 0, 0)))
    v.draw(s, 1.0)
    pygame.image.save(s, str(out / "replay_viewer.png"))
    print(out / "replay_viewer.png")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/playmat-shots"))
