"""A small yes/no dialog: "Quit Plies?", "Reset the results?".

Enter or Y confirms, Esc or N goes back; the buttons do the same with the mouse (and
Tab moves between them). The confirming button is focused, so Enter is the quick way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_
from game.ui import draw
from game.ui.scenes.base import Dialog, dialog_buttons
from game.ui.widgets import Button, shown

if TYPE_CHECKING:
    from game.ui.app import App


class ConfirmDialog(Dialog):
    """Ask ``title`` (with an optional ``message`` below); ``on_confirm`` runs on yes.
    The texts are translated where drawn: pass them marked (``N_``) or already translated.

    Args:
        confirm: the text of the confirming button ("Quit", "Reset").
        cancel: the text of the other button.
        danger: draw the confirming button in the danger colour (destructive actions).
    """

    width = 460
    height = 210

    def __init__(self, app: App, title: str, message: str, confirm: str,
                 on_confirm: Callable[[], Any], *, cancel: str = N_("Cancel"),
                 danger: bool = False) -> None:
        super().__init__(app)
        self._title, self.message = title, message
        self.on_confirm = on_confirm
        self.b_yes = Button(confirm, self.confirm, primary=not danger, danger=danger,
                            tooltip=N_("Enter or Y"))
        self.b_no = Button(cancel, self.close, tooltip=N_("Esc or N"))
        self.widgets.add(self.b_no, self.b_yes)
        self.widgets.set_focus(self.b_yes)

    @property
    def title(self) -> str:
        return shown(self._title)

    def confirm(self) -> None:
        self.close()
        self.on_confirm()

    def place(self, card: pygame.Rect) -> None:
        dialog_buttons(card, [self.b_no, self.b_yes])

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_y or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                                           and self.widgets.focus is not self.b_no):
                self.confirm()
                return
            if event.key == pygame.K_n:
                self.close()
                return
        super().handle_event(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        if not self.message:
            return
        theme = self.theme
        x, y = self.card.x + 28, self.card.y + 76
        for line in draw.wrap(shown(self.message), 21, self.card.width - 56)[:3]:
            draw.blit_text(surface, line, 21, theme.text_dim, (x, y))
            y += 24
