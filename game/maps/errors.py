"""The one error a broken map produces: a single line naming file, place and fault."""

from __future__ import annotations

from game.rules import RulesError, limits


def one_line(text: object) -> str:
    """``text`` with every kind of line break folded to a space (messages stay one line)."""
    return " ".join(str(text).splitlines()).strip()


def object_label(oid: object, name: str | None) -> str:
    """How messages name a map object: ``object 12 "Orc 1"``, Tiled's ID (its Properties panel shows it)
    and then its Name, so that one of two objects named alike can be found too; ``object 12`` when it
    has no name, ``object "Orc 1"`` when its id is unreadable."""
    oid_text = str(oid) if isinstance(oid, int) or (isinstance(oid, str) and oid.isascii() and oid.isdigit()
                                                    and len(oid) <= 10) else ""
    named = bool(name and name.strip())
    if oid_text and named:
        return f'object {oid_text} "{limits.clip(name)}"'
    if named:
        return f'object "{limits.clip(name)}"'
    return f"object {oid_text}" if oid_text else "an object with neither id nor name"


class MapError(RulesError):
    """A map the game refuses. ``str()`` is ``"FILE: WHERE: WHAT"`` (or ``"FILE: WHAT"``).

    ``source`` is the file's base name, ``where`` names the object, cell,
    tileset, layer or map property at fault (``None`` for the whole file),
    ``what`` says what is wrong.
    """

    def __init__(self, source: str, where: str | None, what: str) -> None:
        # Clipped as a last resort: each reader cuts what it repeats of the file (limits.clip), but a
        # message must stay one short line even where one forgot.
        self.source = one_line(source)
        self.where = limits.clip(one_line(where), 300) if where else None
        self.what = limits.clip(one_line(what), 400)
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.where:
            return f"{self.source}: {self.where}: {self.what}"
        return f"{self.source}: {self.what}"


class ImageFault(MapError):
    """A map names an image that may not or cannot be read, or asks for one drawn larger than an image may be
    (a tile object's size): the rules could do without it, a picture cannot."""
