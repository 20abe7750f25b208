"""The Settings dialog: sound, legal-move markers, show thinking, animation speed, theme.

Every change applies at once and is saved; none of them changes the position, so the
computer's search goes on undisturbed behind the dialog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.settings import ANIMATION_SPEEDS, THEMES
from game.ui import draw
from game.ui.scenes.base import Dialog
from game.ui.widgets import Button, Segmented, Toggle

if TYPE_CHECKING:
    from game.ui.app import App

THEME_LABELS = {"classic": "Classic", "dark": "Dark", "high-contrast": "High contrast"}
SPEED_LABELS = {"off": "Off", "slow": "Slow", "normal": "Normal", "fast": "Fast"}


class SettingsDialog(Dialog):
    title = "Settings"
    width = 560
    height = 518

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        self.t_sound = Toggle("Sound effects", s.sound, lambda v: self._set("sound", v))
        self.t_markers = Toggle("Legal-move markers (Othello)", s.legal_move_markers,
                                lambda v: self._set("legal_move_markers", v))
        self.t_thinking = Toggle("Show thinking on the board", s.show_thinking,
                                 lambda v: self._set("show_thinking", v),
                                 tooltip="Each move's score from the computer's search")
        self.t_numbers = Toggle("Move numbers (Gomoku; Othello in the review)",
                                s.move_numbers, lambda v: self._set("move_numbers", v),
                                tooltip="Number the stones in the order played (M)")
        self.speed = Segmented([(v, SPEED_LABELS.get(v, v)) for v in ANIMATION_SPEEDS],
                               s.animation_speed, lambda v: self._set("animation_speed", v))
        self.theme_choice = Segmented([(v, THEME_LABELS.get(v, v)) for v in THEMES], s.theme,
                                      lambda v: self._set("theme", v))
        self.b_close = Button("Done", self.close, primary=True, tooltip="Close (Esc)")
        self.widgets.add(self.t_sound, self.t_markers, self.t_thinking, self.t_numbers,
                         self.speed,
                         self.theme_choice, self.b_close)
        self.widgets.set_focus(self.t_sound)

    def _set(self, name: str, value: Any) -> None:
        setattr(self.app.settings, name, value)
        self.app.apply_settings()

    def place(self, card: pygame.Rect) -> None:
        x, w = card.x + 28, card.width - 56
        y = card.y + 80
        for toggle in (self.t_sound, self.t_markers, self.t_thinking, self.t_numbers):
            toggle.rect = pygame.Rect(x, y, w, 40)
            y += 50
        self.speed_label_y = y + 6
        self.speed.rect = pygame.Rect(x, y + 28, w, 40)
        y += 84
        self.theme_label_y = y + 6
        self.theme_choice.rect = pygame.Rect(x, y + 28, w, 40)
        self.b_close.rect = pygame.Rect(card.right - 28 - 120, card.bottom - 24 - 42, 120, 42)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.widgets.focus in (None, self.b_close, self.speed, self.theme_choice):
            self.close()
            return
        super().handle_event(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        theme = self.theme
        x = self.card.x + 28
        draw.blit_text(surface, "Animation speed", 22, theme.text, (x, self.speed_label_y),
                       bold=True)
        draw.blit_text(surface, "Theme", 22, theme.text, (x, self.theme_label_y), bold=True)
