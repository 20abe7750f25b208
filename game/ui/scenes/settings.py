"""The Settings dialog: sound, legal-move markers, show thinking, move numbers, projector
mode, language, animation speed, theme.

Every change applies at once and is saved; none of them changes the position, so the
computer's search goes on undisturbed behind the dialog. A new language speaks from the
next frame on (``App.apply_settings`` tells ``game.i18n``; texts are translated where drawn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.i18n import N_, _
from game.settings import ANIMATION_SPEEDS, THEMES
from game.ui import draw
from game.ui.scenes.base import Dialog
from game.ui.widgets import Button, Choice, Segmented, Toggle

if TYPE_CHECKING:
    from game.ui.app import App

THEME_LABELS = {"classic": N_("Classic"), "dark": N_("Dark"),
                "high-contrast": N_("High contrast")}
SPEED_LABELS = {"off": N_("Off"), "slow": N_("Slow"), "normal": N_("Normal"),
                "fast": N_("Fast")}

ROWS = 6
"""The rows of one line: the five switches and the language."""


def language_options() -> list[tuple[str, str]]:
    """The Language row's choices, as shown now: the desktop's language ("auto", with the
    language it means), then each installed language by its own name."""
    desktop = i18n.language_name(i18n.desktop_language())
    # Translators: the automatic language choice in Settings; {language} is the desktop's
    # language by its own name ("Deutsch").
    options = [(i18n.AUTO, _("As the desktop ({language})").format(language=desktop))]
    return options + [(code, i18n.language_name(code)) for code in i18n.available()]


class SettingsDialog(Dialog):
    width = 560
    height = 620

    @property
    def title(self) -> str:
        return _("Settings")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        self.t_sound = Toggle(N_("Sound effects"), s.sound, lambda v: self._set("sound", v))
        self.t_markers = Toggle(N_("Legal-move markers (Othello)"), s.legal_move_markers,
                                lambda v: self._set("legal_move_markers", v))
        self.t_thinking = Toggle(N_("Show thinking on the board"), s.show_thinking,
                                 lambda v: self._set("show_thinking", v),
                                 tooltip=N_("Each move's score from the computer's search"))
        self.t_numbers = Toggle(N_("Move numbers (Gomoku; Othello in the review)"),
                                s.move_numbers, lambda v: self._set("move_numbers", v),
                                tooltip=N_("Number the stones in the order played (M)"))
        self.t_projector = Toggle(N_("Projector mode: large labels in the tree explorer"),
                                  s.projector, lambda v: self._set("projector", v),
                                  tooltip=N_("Node letters and values large enough to read "
                                             "on a projector (Ctrl+= and Ctrl+− there too)"))
        self.language = Choice(language_options(), s.language,
                               lambda v: self._set("language", v), wrap_around=True,
                               tooltip=N_("The window's language (Left/Right)"))
        self.speed = Segmented([(v, SPEED_LABELS.get(v, v)) for v in ANIMATION_SPEEDS],
                               s.animation_speed, lambda v: self._set("animation_speed", v))
        self.theme_choice = Segmented([(v, THEME_LABELS.get(v, v)) for v in THEMES], s.theme,
                                      lambda v: self._set("theme", v))
        self.b_close = Button(N_("Done"), self.close, primary=True, tooltip=N_("Close (Esc)"))
        self.widgets.add(self.t_sound, self.t_markers, self.t_thinking, self.t_numbers,
                         self.t_projector, self.language, self.speed,
                         self.theme_choice, self.b_close)
        self.widgets.set_focus(self.t_sound)

    def _set(self, name: str, value: Any) -> None:
        setattr(self.app.settings, name, value)
        self.app.apply_settings()

    def place(self, card: pygame.Rect) -> None:
        x, w = card.x + 28, card.width - 56
        y = card.y + 80
        self.b_close.rect = pygame.Rect(card.right - 28 - 120, card.bottom - 24 - 42, 120, 42)
        # The rows close up when the window is too short for the whole card (800x560).
        pitch = max(36, min(50, (self.b_close.rect.y - 8 - y - 2 * 80) // ROWS))
        height = pitch - 8 if pitch < 50 else 40
        for toggle in (self.t_sound, self.t_markers, self.t_thinking, self.t_numbers,
                       self.t_projector):
            toggle.rect = pygame.Rect(x, y, w, height)
            y += pitch
        self.language_label_y = y + height // 2
        self.language.rect = pygame.Rect(x + w // 3, y, w - w // 3, height)
        y += pitch
        self.speed_label_y = y + 6
        self.speed.rect = pygame.Rect(x, y + 28, w, 40)
        y += 80
        self.theme_label_y = y + 6
        self.theme_choice.rect = pygame.Rect(x, y + 28, w, 40)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.widgets.focus in (None, self.b_close, self.speed, self.theme_choice,
                                           self.language):
            self.close()
            return
        super().handle_event(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        theme = self.theme
        x = self.card.x + 28
        # The automatic choice names the language it means, in the language now spoken.
        self.language.set_options(language_options(), self.language.value)
        draw.blit_text(surface, _("Language"), 22, theme.text, (x, self.language_label_y),
                       "midleft", max_width=self.language.rect.x - x - 8)
        draw.blit_text(surface, _("Animation speed"), 22, theme.text, (x, self.speed_label_y),
                       bold=True)
        draw.blit_text(surface, _("Theme"), 22, theme.text, (x, self.theme_label_y), bold=True)
