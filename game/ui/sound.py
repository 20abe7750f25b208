"""Sound effects through ``pygame.mixer``, guarded: no audio device means silence, not a crash."""

from __future__ import annotations

import pygame

SOUND_NAMES = ("place", "flip", "drop", "win", "lose", "illegal", "hint")
"""Each is ``<name>.wav`` in the assets package."""


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
