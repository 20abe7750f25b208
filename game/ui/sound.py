"""Sound effects through ``pygame.mixer``, guarded: no audio device means silence, not a crash.

Opening audio on a machine with no sound card makes ALSA print a dozen error lines
straight to the process's stderr (file descriptor 2, below Python); every audio
opening therefore runs inside :func:`quiet_native_stderr`.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

import pygame

SOUND_NAMES = ("place", "flip", "drop", "win", "lose", "illegal", "hint")
"""Each is ``<name>.wav`` in the assets package."""


@contextlib.contextmanager
def quiet_native_stderr() -> Iterator[None]:
    """Send what C libraries write to file descriptor 2 to ``/dev/null`` meanwhile.

    Python's own ``sys.stderr`` is flushed first and restored after; where the
    descriptor cannot be duplicated, nothing is hidden.
    """
    try:
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass
    try:
        saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def init_pygame() -> None:
    """``pygame.init()`` without the audio libraries' error lines (it opens the mixer)."""
    with quiet_native_stderr():
        pygame.init()


class Sounds:
    """The game's sound effects; ``play`` does nothing when disabled or unavailable.

    Args:
        enabled: the user's sound setting (``enabled`` may be changed later).
    """

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = self._init()

    def _init(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                with quiet_native_stderr():
                    pygame.mixer.init()
        except Exception:  # no audio device, no driver: play silently
            return False
        try:
            from game.resources import asset_path
        except Exception:
            return False
        for name in SOUND_NAMES:
            try:
                self._sounds[name] = pygame.mixer.Sound(str(asset_path(f"{name}.wav")))
            except Exception:
                continue  # a missing or unreadable file silences that one sound
        for sound in self._sounds.values():
            sound.set_volume(0.6)
        return bool(self._sounds)

    def play(self, name: str) -> None:
        """Play effect ``name`` (see ``SOUND_NAMES``) if sound is on and it loaded."""
        if not self.enabled or not self.available:
            return
        sound = self._sounds.get(name)
        if sound is not None:
            try:
                sound.play()
            except Exception:
                pass
