"""Where the files shipped in the ``assets`` package live (icon, sounds, their licence).

``assets`` is a top-level package so that its data files travel inside the wheel and
are found the same way from a source checkout, an editable install or a wheel.

>>> asset_path("icon.png").name
'icon.png'
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path

SOUNDS = ("place", "flip", "drop", "win", "lose", "illegal", "hint")
"""The sound effects ``assets/generate.py`` makes, each ``assets/<name>.wav``."""
ICON = "icon.png"
LARGE_ICON = "icon-256.png"
"""The icon drawn at 256x256 (the desktop menu's sizes are scaled from it)."""


def asset_path(name: str) -> Path:
    """The path of the asset file ``name`` (a bare file name such as ``"place.wav"``).

    The file may not exist (callers treat a missing sound as silence).

    Raises:
        ValueError: ``name`` is not a bare file name.
    """
    if not name or name in (".", "..") or "/" in name or "\\" in name:
        # untranslated: developer error (the names are Plies' own)
        raise ValueError(f"{name!r} is not the name of an asset file")
    return Path(str(importlib.resources.files("assets") / name))


def sound_path(sound: str) -> Path:
    """``asset_path(sound + ".wav")`` for one of :data:`SOUNDS`."""
    if sound not in SOUNDS:
        # untranslated: developer error (the sounds are Plies' own)
        raise ValueError(f"{sound!r} is not a sound; the sounds are {', '.join(SOUNDS)}")
    return asset_path(sound + ".wav")


__all__ = ["ICON", "LARGE_ICON", "SOUNDS", "asset_path", "sound_path"]
