"""The window, headless: fixed-timestep stepping, pan, zoom toward the cursor, help overlay, quit."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.ui import run_window  # noqa: E402
from game.ui.camera import Camera  # noqa: E402
from game.ui.timestep import FixedStep  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "maps" / "default.tmx"
SIZE = (1280, 720)  # the map area is 1280 x 690 above a 30 px status bar; its centre is (640, 345)
# The default map is 18x12 pointy 64x74 (side 37): 1184 x 678 px, so at zoom 1 it fits and is centred:
# screen (640, 345) shows map pixel (592, 339).


class FakeClock:
    """Advances a fixed amount each time it is read (the loop reads it once per frame)."""

    def __init__(self, step: float = 1 / 60) -> None:
        self.t = 0.0
        self.step = step

    def __call__(self) -> float:
        self.t += self.step
        return self.t


def motion(pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def key(kind: int, k: int) -> pygame.event.Event:
    return pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0)


# --- fixed timestep ("Fix Your Timestep!") -------------------------------------------------------
def test_long_frame_is_capped_to_a_quarter_second() -> None:
    step = FixedStep()
    assert step.advance(0.5) == 15  # capped to 0.25 s = 15 updates at 60 Hz
    assert step.alpha == pytest.approx(0.0, abs=1e-6)


def test_leftover_time_becomes_alpha() -> None:
    step = FixedStep()
    assert step.advance(0.02) == 1  # 20 ms = one 16.7 ms update + 3.33 ms left
    assert step.alpha == pytest.approx(0.2)
    assert step.advance(0.01) == 0  # 13.33 ms accumulated: not yet a whole update
    assert step.alpha == pytest.approx(0.8)
    assert step.advance(0.01) == 1  # 23.33 ms -> one update, 6.67 ms left
    assert step.alpha == pytest.approx(0.4)


def test_120_hz_frames_update_every_other_frame() -> None:
    step = FixedStep()
    counts = [step.advance(1 / 120) for _ in range(10)]
    assert counts == [0, 1] * 5


def test_max_steps_drops_the_backlog() -> None:
    step = FixedStep(dt=0.01, max_steps=5)
    assert step.advance(0.25) == 5  # 25 updates owed, only 5 run
    assert step.advance(0.0) == 0  # the rest was dropped, not carried over


def test_camera_interpolates_between_updates() -> None:
    cam = Camera(800, 600, 2000, 2000)
    cam.jump(500, 500)
    cam.step(600, 0, 1 / 60)  # 10 px at zoom 1
    assert cam.centre(0.0) == (500, 500)
    assert cam.centre(0.5) == (505, 500)
    assert cam.centre(1.0) == (510, 500)


# --- the window ---------------------------------------------------------------------------------
def test_runs_headless_and_saves_a_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "window.png"
    result = run_window(DEFAULT, size=SIZE, max_frames=3, screenshot=shot, clock=FakeClock())
    assert result.frames == 3
    assert result.updates == 3
    img = pygame.image.load(str(shot))
    assert img.get_size() == SIZE


def test_drag_pans_the_map_under_the_cursor() -> None:
    # Worked out by hand: screen (640, 345) shows map (592, 339), nearest centre (8,5) at (576, 312).
    # Dragging 128 px left shows map (720, 339) there: nearest centre (10,5) at (704, 312).
    script = {
        0: [motion((640, 345))],
        1: [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 345), button=1)],
        2: [motion((512, 345), (1, 0, 0))],
        3: [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(512, 345), button=1)],
    }
    before = run_window(DEFAULT, size=SIZE, zoom=1.0, max_frames=1, clock=FakeClock())
    assert before.view.cell_at(640, 345) == (8, 5)
    after = run_window(DEFAULT, size=SIZE, zoom=1.0, max_frames=5, script=script, clock=FakeClock())
    assert after.view.camera.screen_to_map(640, 345) == pytest.approx((720, 339))
    assert after.view.cell_at(640, 345) == (10, 5)


def test_wheel_zooms_toward_the_cursor() -> None:
    # Cursor at (900, 200) shows map (592 + 260, 339 - 145) = (852, 194) at zoom 1; it stays put.
    script = {0: [motion((900, 200))], 1: [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)]}
    result = run_window(DEFAULT, size=SIZE, zoom=1.0, max_frames=3, script=script, clock=FakeClock())
    cam = result.view.camera
    assert cam.zoom == 1.25
    assert cam.screen_to_map(900, 200) == pytest.approx((852, 194))
    # The viewport centre moved toward the cursor: map (592 + 260*0.2, 339 - 145*0.2) = (644, 310).
    assert cam.screen_to_map(640, 345) == pytest.approx((644, 310))
    assert result.view.cell_at(640, 345) == (9, 5)  # was (8, 5) before zooming


def test_plus_and_minus_zoom_in_steps() -> None:
    script = {0: [key(pygame.KEYDOWN, pygame.K_MINUS)], 1: [key(pygame.KEYDOWN, pygame.K_MINUS)],
              2: [key(pygame.KEYDOWN, pygame.K_EQUALS)]}
    result = run_window(DEFAULT, size=SIZE, zoom=1.0, max_frames=4, script=script, clock=FakeClock())
    assert result.view.camera.zoom == 0.8


def test_held_arrow_key_pans_at_a_fixed_rate() -> None:
    # Held for 30 frames of 1/60 s = 30 updates at 720 screen px/s = 360 screen px = 180 map px at zoom 2
    # (zoomed in, so the map is wider than the window and the pan stays inside its bounds).
    script = {0: [key(pygame.KEYDOWN, pygame.K_RIGHT)], 30: [key(pygame.KEYUP, pygame.K_RIGHT)]}
    result = run_window(DEFAULT, size=SIZE, zoom=2.0, max_frames=40, script=script, clock=FakeClock())
    assert result.view.camera.cx == pytest.approx(592 + 180)
    assert result.view.camera.cy == pytest.approx(339)


def test_help_overlay_takes_the_keys_until_closed(tmp_path: Path) -> None:
    shot = tmp_path / "help.png"
    script = {
        0: [key(pygame.KEYDOWN, pygame.K_h)],
        1: [key(pygame.KEYDOWN, pygame.K_RIGHT)],  # closes the help; does not pan
        2: [key(pygame.KEYUP, pygame.K_RIGHT)],
    }
    result = run_window(DEFAULT, size=SIZE, zoom=1.0, max_frames=4, script=script, clock=FakeClock())
    assert result.view.camera.cx == pytest.approx(592)
    with_help = run_window(DEFAULT, size=SIZE, zoom=1.0, max_frames=2, screenshot=shot, clock=FakeClock(),
                           script={0: [key(pygame.KEYDOWN, pygame.K_F1)]})
    assert with_help.frames == 2
    img = pygame.image.load(str(shot))
    # The map is dimmed under the help panel: the screen corner is darker than the plain map's.
    plain = tmp_path / "plain.png"
    run_window(DEFAULT, size=SIZE, zoom=1.0, max_frames=2, screenshot=plain, clock=FakeClock())
    assert sum(img.get_at((60, 300))[:3]) < sum(pygame.image.load(str(plain)).get_at((60, 300))[:3]) - 40


def test_escape_quits() -> None:
    result = run_window(DEFAULT, size=SIZE, max_frames=100, clock=FakeClock(),
                        script={2: [key(pygame.KEYDOWN, pygame.K_ESCAPE)]})
    assert result.frames == 2


def test_status_bar_names_cell_terrain_and_unit() -> None:
    result = run_window(DEFAULT, size=SIZE, zoom=1.0, max_frames=1, clock=FakeClock())
    view = result.view
    assert view.describe((9, 6)) == "9,6   ford (difficult)"
    assert view.describe((0, 6)) == "0,6   road exit (normal, exit)"
    assert "Orc Pikeman (enemy)  hp 9/9" in view.describe((11, 6))
    assert "Troll (enemy)" in view.describe((16, 5))  # a footprint hex of the large troll (R26)


def test_hovered_hex_is_highlighted(tmp_path: Path) -> None:
    # (8,5) has its centre at map (576, 312) = screen (624, 318) at zoom 1.
    lit, dark = tmp_path / "lit.png", tmp_path / "dark.png"
    run_window(DEFAULT, size=SIZE, zoom=1.0, max_frames=2, screenshot=lit, clock=FakeClock(),
               script={0: [motion((624, 318))]})
    run_window(DEFAULT, size=SIZE, zoom=1.0, max_frames=2, screenshot=dark, clock=FakeClock(),
               script={0: [motion((5, 5))]})  # off the grid: nothing highlighted
    a, b = pygame.image.load(str(lit)), pygame.image.load(str(dark))
    assert sum(a.get_at((624, 318))[:3]) > sum(b.get_at((624, 318))[:3]) + 30
    assert a.get_at((624 + 160, 318)) == b.get_at((624 + 160, 318))  # a hex further on is untouched
