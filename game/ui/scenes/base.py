"""The scene protocol and the modal dialog frame every dialog shares.

A scene has ``handle_event(event)``, ``update(dt)`` and ``draw(surface)``; ``draw``
changes nothing. The app keeps a stack of scenes: the top one gets the input, and a
scene with ``overlay = True`` (a dialog) is drawn over the ones below it, which keep
updating (the computer may go on thinking behind the settings dialog).

The app draws only when something changed (see ``game.ui.app``): every event redraws,
so a scene that changes only in answer to events needs nothing more. A scene that
moves on its own says so with ``wants_frames()``; one whose look changes at a known
time says when with ``wake_in()``; ``update`` may return true to ask for a redraw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _

from game.ui import draw
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from ai.worker import WorkerReport
    from game.ui.app import App


class Scene:
    """Base scene: holds its app and a widget group, lays itself out on resize."""

    overlay = False
    """Drawn over the scene below (a dialog) rather than instead of it."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets = WidgetGroup()

    @property
    def theme(self):  # noqa: ANN201 - the app's current Theme
        return self.app.theme

    def layout(self, size: tuple[int, int]) -> None:
        """Place everything for a window of ``size`` (called on entry and on resize)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        self.widgets.handle_event(event)

    def update(self, dt: float) -> bool | None:
        """Advance ``dt`` seconds; a true return means "I changed: redraw me"."""
        self.widgets.update(dt)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        self.widgets.draw(surface, self.theme)
        self.widgets.draw_tooltip(surface, self.theme)

    def on_close(self) -> None:
        """Called when the scene leaves the stack."""

    def owns_report(self, report: WorkerReport) -> bool:
        """Whether a worker report belongs to this scene's own job (``run_job``): the
        app then hands it to ``handle_report`` instead of the play scene."""
        return False

    def handle_report(self, report: WorkerReport) -> None:
        """A worker report of this scene's job (see ``owns_report``)."""

    def wants_frames(self) -> bool:
        """Whether something moves on its own: the loop then draws at its full frame rate.

        When no scene wants frames the window draws only after events (the app sleeps).
        """
        return False

    def wake_in(self) -> float | None:
        """Seconds until this scene looks different with no input (``None``: never).

        The base scene knows one such change: a tooltip appearing after the delay.
        """
        return self.widgets.tooltip_due()

    def on_cover(self) -> None:
        """Another scene opened on top: forget the mouse (no stale hover or tooltip)."""
        self.widgets.update_hover((-1, -1))


class Dialog(Scene):
    """A modal card centred over the scene below; Esc or Cancel closes it.

    Subclasses build their widgets in ``__init__`` and place them in ``place(card)``.
    """

    overlay = True
    width = 560
    height = 420

    @property
    def title(self) -> str:
        """The card's heading ("": none); English marked ``N_`` is translated where drawn."""
        return ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.card = pygame.Rect(0, 0, self.width, self.height)

    def layout(self, size: tuple[int, int]) -> None:
        w = min(self.width, size[0] - 40)
        h = min(self.height, size[1] - 40)
        self.card = pygame.Rect(0, 0, w, h)
        self.card.center = (size[0] // 2, size[1] // 2)
        self.place(self.card)

    def place(self, card: pygame.Rect) -> None:
        """Position the widgets inside ``card``."""

    def close(self) -> None:
        self.app.pop_scene(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.widgets.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        draw.shadow(surface, self.card, 14, theme.shadow_alpha, blur=22, offset=(0, 8))
        draw.rounded_rect(surface, self.card, theme.card, 14, theme.border_width,
                          theme.card_border)
        if self.title:  # a title marked with N_ is translated here, where it is shown
            draw.blit_text(surface, _(self.title), 34, theme.text,
                           (self.card.x + 28, self.card.y + 26), "topleft", bold=True)
        self.draw_body(surface)
        super().draw(surface)

    def draw_body(self, surface: pygame.Surface) -> None:
        """Anything besides the widgets (labels, messages)."""


def dialog_buttons(card: pygame.Rect, buttons: list[Button], height: int = 42) -> None:
    """Right-align ``buttons`` along the bottom of ``card`` (primary last)."""
    x = card.right - 24
    for button in reversed(buttons):
        w = max(110, button.preferred_width())
        button.rect = pygame.Rect(x - w, card.bottom - 24 - height, w, height)
        x -= w + 12
