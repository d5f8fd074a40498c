"""Tiled text objects painted by Qt itself, exactly as Tiled's renderer paints them.

Tiled draws a text object with ``QPainter::drawText(bounds, text, QTextOption)``
(``OrthogonalRenderer::drawMapObject``, which the hexagonal renderer inherits),
the painter translated by the layer's offset, at the layer's opacity, and for a
turned object rotated about the object's position (tmxrasterizer's
``drawMapLayers``). Only Qt draws Qt's glyphs, so we ask Qt to: PyQt5 (Qt 5.15,
the Qt that Tiled 1.8 is built with), the font as Tiled's map reader makes it
(``QFont(family)``, default ``sans-serif`` at 16 px; pixel size, bold, italic,
underline, strike-out, kerning), the alignment flags and wrap mode of Tiled's
``TextData::textOption()``, the same transform, painted into a small
premultiplied ``QImage`` around the text. Qt finds the family through
fontconfig and draws with the system's FreeType, as Debian's Tiled does.

Qt is loaded here only, and only when a text object is drawn (``playmat render
--objects``): the game window and the rules never import it. PyQt5 is the
``text`` extra (``pip install 'playmat[text]'``), about 200 MB installed; when
it is not installed or its headless ("offscreen") platform cannot start,
:func:`qt_ready` says so once on stderr, with the remedy, and returns False, and
text falls back to SDL_ttf (:mod:`textobj`), close to Tiled's but not glyph for
glyph.
"""

from __future__ import annotations

import ctypes
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

MAX_CHARS = 10_000  # Qt lays out any amount; a broken map's megabyte of text would take minutes
MAX_PIXEL_SIZE = 1_000

_qt: dict[str, Any] = {}  # QtCore, QtGui and the application once Qt runs; "failed" once it cannot


def qt_ready() -> bool:
    """Whether Qt can paint text here: imports PyQt5 and starts its offscreen platform, once per process."""
    if "app" in _qt:
        return True
    if "failed" in _qt:
        return False
    try:
        _start()
        return True
    except Exception as exc:  # ImportError, a system library missing, no platform plugin
        _qt.clear()
        _qt["failed"] = True
        print(f"playmat: text objects drawn without Qt, close to Tiled's but not exact ({_remedy(exc)})",
              file=sys.stderr)
        return False


def _remedy(exc: Exception) -> str:
    """Why Qt is not painting, and what gives Tiled's exact text: the light install lacks the ``text`` extra."""
    if isinstance(exc, ImportError):
        return "PyQt5 is not installed; for Tiled's exact text: pip install 'playmat[text]'"
    reason = " ".join(str(exc).split()) or type(exc).__name__
    return f"{reason}; Qt needs libGL, fontconfig, FreeType, GLib and libX11"


def _start() -> None:
    from PyQt5 import QtCore, QtGui

    # Qt ends the process (qFatal, no exception) when a platform plugin cannot load: load the offscreen
    # plugin ourselves first, so a missing system library (libGL, libfontconfig, ...) is an OSError here.
    plugins = Path(QtCore.QLibraryInfo.location(QtCore.QLibraryInfo.PluginsPath))
    ctypes.CDLL(str(plugins / "platforms" / "libqoffscreen.so"))
    # Qt's own chatter (XDG_RUNTIME_DIR, fontconfig) is not the user's business.
    QtCore.qInstallMessageHandler(lambda *_: None)
    app = QtGui.QGuiApplication.instance()
    if app is None:
        # "-platform" overrides QT_QPA_PLATFORM: headless whatever the environment says.
        app = QtGui.QGuiApplication(["playmat", "-platform", "offscreen"])
    _qt.update(QtCore=QtCore, QtGui=QtGui, app=app)


def _attr_int(raw: str | None) -> int | None:
    """An attribute read as Tiled reads it (``QString::toInt``): None when it is not a whole number."""
    try:
        return int((raw or "").strip())
    except ValueError:
        return None


def _on(style: dict[str, str], key: str, default: int = 0) -> bool:
    """Tiled's ``intAttribute(atts, key, default) == 1``."""
    value = _attr_int(style.get(key))
    return (default if value is None else value) == 1


def _font(style: dict[str, str]) -> Any:
    """``MapReader::readObjectText``'s font: family, pixel size, bold, italic, underline, strike-out, kerning."""
    QtGui = _qt["QtGui"]
    font = QtGui.QFont("sans-serif")  # TextData's default, at 16 px
    font.setPixelSize(16)
    if "fontfamily" in style:
        font.setFamily(style["fontfamily"])
    px = _attr_int(style.get("pixelsize"))
    if px is not None and px > 0:  # Qt ignores a size <= 0 (Tiled keeps 16); a huge one is capped
        font.setPixelSize(min(px, MAX_PIXEL_SIZE))
    font.setBold(_on(style, "bold"))
    font.setItalic(_on(style, "italic"))
    font.setUnderline(_on(style, "underline"))
    font.setStrikeOut(_on(style, "strikeout"))
    font.setKerning(_on(style, "kerning", 1))
    return font


def _option(style: dict[str, str]) -> Any:
    """``TextData::textOption()``: the alignment flags, and word wrap (at word boundaries, else anywhere)."""
    Qt, QtGui = _qt["QtCore"].Qt, _qt["QtGui"]
    h = {"center": Qt.AlignHCenter, "right": Qt.AlignRight, "justify": Qt.AlignJustify}.get(
        style.get("halign", ""), Qt.AlignLeft)
    v = {"center": Qt.AlignVCenter, "bottom": Qt.AlignBottom}.get(style.get("valign", ""), Qt.AlignTop)
    option = QtGui.QTextOption(Qt.Alignment(h | v))
    wrap = _on(style, "wrap")
    option.setWrapMode(QtGui.QTextOption.WrapAtWordBoundaryOrAnywhere if wrap else QtGui.QTextOption.ManualWrap)
    return option


def paint_text(text: str, style: dict[str, str], box: tuple[float, float, float, float], rotation: float,
               offset: tuple[float, float], colour: tuple[int, int, int, int], opacity: float,
               canvas: tuple[int, int]) -> tuple[np.ndarray, int, int] | None:
    """The text as Tiled paints it: premultiplied RGBA float32 (0..1) and the canvas pixel of its top-left.

    ``box``: the object's x, y, width, height (map pixels); ``rotation``: degrees clockwise about (x, y);
    ``offset``: where map pixel (0, 0) lies on the canvas (layer offset plus the picture's origin);
    ``canvas``: its (width, height). None when no pixel of the text falls on the canvas. Call
    :func:`qt_ready` first.
    """
    QtCore, QtGui = _qt["QtCore"], _qt["QtGui"]
    x, y, w, h = (_finite(v) for v in box)
    text = text[:MAX_CHARS]
    font, option = _font(style), _option(style)
    transform = QtGui.QTransform.fromTranslate(_finite(offset[0]), _finite(offset[1]))
    if rotation and math.isfinite(rotation):  # tmxrasterizer: translate(origin); rotate(r); translate(-origin)
        transform.translate(x, y)
        transform.rotate(rotation)
        transform.translate(-x, -y)
    rect = QtCore.QRectF(x, y, w, h)
    # Where ink can fall: the laid-out text (Qt does not clip it to the object's box), plus room for
    # italic overhang, underline and antialiasing, turned with the object.
    metrics = QtGui.QFontMetricsF(font)
    laid = metrics.boundingRect(rect, int(option.alignment()) | _wrap_flag(option), text).united(rect)
    pad = 4 + font.pixelSize() / 2
    area = transform.mapRect(laid.adjusted(-pad, -pad, pad, pad))
    x0, y0 = max(0, math.floor(area.left())), max(0, math.floor(area.top()))
    x1, y1 = min(canvas[0], math.ceil(area.right())), min(canvas[1], math.ceil(area.bottom()))
    if x1 <= x0 or y1 <= y0:
        return None
    image = QtGui.QImage(x1 - x0, y1 - y0, QtGui.QImage.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QtGui.QPainter(image)
    painter.setRenderHint(QtGui.QPainter.Antialiasing)  # drawMapObject sets it before any shape
    painter.setOpacity(min(max(opacity, 0.0), 1.0))
    painter.setTransform(transform * QtGui.QTransform.fromTranslate(-x0, -y0))
    painter.setFont(font)
    painter.setPen(QtGui.QColor(*colour))
    painter.drawText(rect, text, option)
    painter.end()
    bits = image.constBits()
    bits.setsize(image.sizeInBytes())
    rows = np.frombuffer(bits, np.uint8).reshape(image.height(), image.bytesPerLine())[:, : 4 * (x1 - x0)]
    argb = rows.reshape(y1 - y0, x1 - x0, 4)  # native 0xAARRGGBB words
    rgba = argb[..., [2, 1, 0, 3]] if sys.byteorder == "little" else argb[..., [1, 2, 3, 0]]
    return rgba.astype(np.float32) / 255, x0, y0


def _wrap_flag(option: Any) -> int:
    Qt, QtGui = _qt["QtCore"].Qt, _qt["QtGui"]
    return int(Qt.TextWordWrap) if option.wrapMode() != QtGui.QTextOption.ManualWrap else 0


def _finite(v: float) -> float:
    """A coordinate Qt can use (a broken map may say inf, nan or something absurd)."""
    return min(max(v, -1e6), 1e6) if math.isfinite(v) else 0.0
