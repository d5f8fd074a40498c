"""The battle camera's glide toward a token (game.ui.director): as far as it takes, never past the bounds.

Found playing Harrow Keep under Xvfb at 1280x720: Doran walked near the map's bottom edge and the camera glided
to centre on him, sliding the fortress (which nearly fits the window) up by a quarter of the view: an empty band
below the map, the top rows out of sight. The glide also never ended, its target lying outside the camera's
bounds, so every later frame pulled against the clamp.
"""

from __future__ import annotations

from game.ui.camera import Camera
from game.ui.director import INNER, Director


def glide_out(director: Director, frames: int = 600) -> int:
    for n in range(frames):
        if director.glide is None:
            return n
        director.step(0, 0, 1 / 60)
    return frames


def test_a_token_just_out_of_the_inner_view_moves_the_camera_just_enough() -> None:
    cam = Camera(view_w=1000, view_h=600, map_w=1100, map_h=700)
    cam.jump(550, 350)
    d = Director(cam)
    d.look_at((550, 640))  # 590 px down a 600 px view: past the inner band (468 px)
    assert d.glide is not None
    assert glide_out(d) < 600  # the glide ends
    sx, sy = cam.map_to_screen(550, 640)
    assert abs(sy - (600 - 600 * INNER)) <= 2  # brought to the inner band's edge, not to the centre (300 px)
    assert abs(cam.cy - 472) <= 2 and cam.cx == 550  # moved 122 px, only down


def test_the_glide_stops_at_the_cameras_bounds() -> None:
    cam = Camera(view_w=1000, view_h=600, map_w=1100, map_h=700)
    cam.jump(550, 150)
    d = Director(cam)
    d.look_at((550, 2000))  # far below the picture (a token can never be there, a target can)
    x0, x1, y0, y1 = cam.centre_range()
    assert d.glide is not None and y0 <= d.glide[1] <= y1
    assert glide_out(d) < 600
    assert cam.cy <= y1


def test_a_token_well_inside_the_view_does_not_move_it() -> None:
    cam = Camera(view_w=1000, view_h=600, map_w=1100, map_h=700)
    cam.jump(550, 350)
    d = Director(cam)
    d.look_at((600, 400))
    assert d.glide is None


def test_a_token_under_a_panel_is_brought_out_from_under_it() -> None:
    """On giants_lair Grundvald (a giant) acted under the initiative tracker: well inside the view, but hidden.
    The camera now moves, as little as it can, until the token's disc is clear of every panel."""
    from game.render.pg import pygame

    cam = Camera(view_w=1000, view_h=600, map_w=1400, map_h=700)
    cam.jump(700, 350)
    tracker = pygame.Rect(752, 8, 240, 330)  # view coordinates, right
    d = Director(cam)
    d.look_at((700 + 220, 350 - 150), radius=60, covers=[tracker])  # screen (720, 150): inside, under it
    assert d.glide is not None
    glide_out(d)
    sx, sy = cam.map_to_screen(920, 200)
    assert sx + 60 * cam.zoom <= tracker.left + 1 or sy - 60 * cam.zoom >= tracker.bottom - 1
    assert abs(cam.cx - 700) + abs(cam.cy - 350) < 120  # a short move, not a recentring
    # A token that is clear already does not move the camera.
    d2 = Director(cam)
    d2.look_at(cam.screen_to_map(400, 300), radius=60, covers=[tracker])
    assert d2.glide is None
