"""The keyboard help: every action and its key."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import draw
from game.ui.scenes.base import Dialog
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

SHORTCUTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("New game", ("N",)),
    ("Undo", ("Ctrl+Z",)),
    ("Redo", ("Ctrl+Y", "or", "Ctrl+Shift+Z")),
    ("Hint", ("H",)),
    ("Search tree explorer", ("T",)),
    ("Review: the game, next mistake", ("R", "M", "or", "Shift+M")),
    ("Move the cursor, play", ("Arrows", "Enter", "or", "Space")),
    ("Drop in a Connect-4 column", ("1", "…", "9", "0")),
    ("Demo: pause, step", ("Space", "S", "or", "Right")),
    ("Demo: slower, faster", ("−", "+")),
    ("Save, open", ("Ctrl+S", "Ctrl+O")),
    ("Settings", ("Ctrl+,", "or", "F2")),
    ("This help", ("F1", "or", "?")),
    ("Next control", ("Tab", "Shift+Tab")),
    ("Close a dialog", ("Esc",)),
    ("Quit (asks first)", ("Esc", "Enter")),
)
"""Each action and its keys; ``or`` and ``…`` are drawn as words, the rest as key caps."""

WORDS = {"or", "…"}


class HelpDialog(Dialog):
    title = "Keyboard"
    width = 600
    height = 560

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.b_close = Button("Close", self.close, primary=True)
        self.widgets.add(self.b_close)

    def place(self, card: pygame.Rect) -> None:
        self.b_close.rect = pygame.Rect(card.right - 28 - 120, card.bottom - 24 - 42, 120, 42)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_F1):
            self.close()
            return
        super().handle_event(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        theme = self.theme
        x = self.card.x + 28
        y = self.card.y + 74
        keys_x = x + 250
        pitch = min(32, (self.b_close.rect.y - 8 - y) // len(SHORTCUTS))
        for action, keys in SHORTCUTS:
            draw.blit_text(surface, action, 21, theme.text, (x, y + 13), "midleft",
                           max_width=240)
            kx = keys_x
            for key in keys:
                if key in WORDS:
                    rect = draw.blit_text(surface, key, 19, theme.text_dim, (kx, y + 13),
                                          "midleft")
                    kx = rect.right + 8
                    continue
                w = max(26, draw.text_size(key, 19)[0] + 14)
                cap = pygame.Rect(kx, y + 1, w, 24)
                draw.rounded_rect(surface, cap.move(0, 2), theme.button_border, 6)
                draw.rounded_rect(surface, cap, theme.button, 6, theme.border_width,
                                  theme.button_border)
                draw.blit_text(surface, key, 19, theme.text, cap.center, "center")
                kx = cap.right + 8
            y += pitch
