"""Sound effects through ``pygame.mixer``, guarded: no audio device means silence, not a crash.

The mixer is open only while sound is on. An open audio device is not free even when
nothing plays: SDL's audio thread wakes about 90 times a second to mix silence, which
was most of an idle window's CPU. So :func:`init_pygame` starts pygame without it, and
:class:`Sounds` opens it when sound is turned on and closes it when sound is turned off.

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

from game.resources import SOUNDS, sound_path

VOLUME = 0.6
"""Every effect's volume (0-1)."""


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
    """``pygame.init()`` without the mixer (see the module's docstring).

    It starts what the window uses: the display (with its events), fonts, and SDL's
    timer, which ``pygame.time.get_ticks`` reads (it returns 0 until the timer runs:
    ``pygame.init`` starts it, and so does ``pygame.time.wait``, even for 0 ms). Left out
    besides the mixer: joysticks, freetype and ``pygame.time.set_timer``, which Plies
    does not use. SDL's display drivers print to file descriptor 2 too while it tries
    them (Wayland's "XDG_RUNTIME_DIR is invalid" before a fallback), hence the quieting.
    """
    with quiet_native_stderr():
        pygame.display.init()
        pygame.font.init()
        pygame.time.wait(0)


class Sounds:
    """The game's sound effects, with the mixer open exactly while ``enabled`` is true.

    ``play`` does nothing when sound is off or the mixer could not open. Turning sound
    on opens the mixer and loads the effects; when that fails (no audio device, no
    driver) sound stays silent, without a message, until it is turned off and on again.

    Args:
        enabled: the user's sound setting (assign :attr:`enabled` to change it later).
    """

    def __init__(self, enabled: bool = True) -> None:
        self._enabled = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.enabled = enabled

    @property
    def enabled(self) -> bool:
        """The sound setting; assigning it opens or closes the mixer."""
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        value = bool(value)
        if value == self._enabled:
            return
        self._enabled = value
        if value:
            self._open()
        else:
            self.close()

    @property
    def available(self) -> bool:
        """Whether effects play now: sound is on, the mixer is open and some effect loaded."""
        return bool(self._sounds)

    def _open(self) -> None:
        try:
            if not pygame.mixer.get_init():
                with quiet_native_stderr():
                    pygame.mixer.init()
        except Exception:  # no audio device, no driver: play silently
            return
        for name in SOUNDS:
            try:
                sound = pygame.mixer.Sound(str(sound_path(name)))
            except Exception:
                continue  # a missing or unreadable file silences that one sound
            sound.set_volume(VOLUME)
            self._sounds[name] = sound

    def close(self) -> None:
        """Close the mixer (its effects go with it); ``enabled`` is not changed."""
        self._sounds.clear()
        try:
            pygame.mixer.quit()
        except Exception:
            pass

    def play(self, name: str) -> None:
        """Play effect ``name`` (one of ``game.resources.SOUNDS``) if sound is on and it loaded."""
        sound = self._sounds.get(name) if self._enabled else None
        if sound is not None:
            try:
                sound.play()
            except Exception:
                pass
