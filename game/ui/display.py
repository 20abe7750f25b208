"""Is there a screen to open a window on? (Checked before the window is made.)

Without ``DISPLAY`` or ``WAYLAND_DISPLAY`` SDL silently falls back to an off-screen
driver on Linux and the BSDs, and the program would run invisibly for ever. Plies
stops at once instead, with one sentence, unless ``SDL_VIDEODRIVER`` names a driver
explicitly (the tests' ``dummy``, or ``kmsdrm`` on a console). Windows and macOS
always have their own display.

>>> no_display_reason({}, "linux") is not None
True
>>> no_display_reason({"DISPLAY": ":0"}, "linux") is None
True
>>> no_display_reason({}, "win32") is None
True
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from game.i18n import _

NEEDS_DISPLAY_VARIABLE = ("linux", "freebsd", "openbsd", "netbsd", "dragonfly", "sunos")
"""Platforms whose windows live on an X11 or Wayland server named in the environment."""


def no_display_reason(env: Mapping[str, str] | None = None,
                      platform: str | None = None) -> str | None:
    """The sentence to print when no window can be shown, else ``None``."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if not platform.startswith(NEEDS_DISPLAY_VARIABLE):
        return None
    if env.get("SDL_VIDEODRIVER") or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    # Translators: DISPLAY and WAYLAND_DISPLAY are environment variables, "plies --help"
    # a command: keep them as they are.
    return _("no display found: neither DISPLAY nor WAYLAND_DISPLAY is set, so there is "
             "no screen for the window; start Plies from a desktop session, or use the "
             "command-line commands (plies --help)")


OFF_SCREEN_DRIVERS = ("offscreen", "dummy")
"""SDL's drivers that draw nowhere: its fallback when the named display cannot be opened."""


def fallback_reason(driver: str, env: Mapping[str, str] | None = None) -> str | None:
    """The sentence to print when SDL fell back to an off-screen ``driver`` by itself.

    ``DISPLAY`` may be set yet name a server that is gone (an old ssh session): SDL then
    quietly picks its off-screen driver. Asked for explicitly, that driver is fine.
    """
    env = os.environ if env is None else env
    if driver not in OFF_SCREEN_DRIVERS or env.get("SDL_VIDEODRIVER"):
        return None
    named = ", ".join(f"{key}={env[key]}" for key in ("DISPLAY", "WAYLAND_DISPLAY")
                      if env.get(key)) or _("no DISPLAY")
    # Translators: {display} names the display variables as set ("DISPLAY=:0").
    return _("no display found: the display ({display}) cannot be opened, so there is no "
             "screen for the window; start Plies from a desktop session, or use the "
             "command-line commands (plies --help)").format(display=named)


__all__ = ["OFF_SCREEN_DRIVERS", "fallback_reason", "no_display_reason"]
