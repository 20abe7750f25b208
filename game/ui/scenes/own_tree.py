"""The tree explorer's "Your own tree" dialog: a person types or pastes the lecture
notes' nested lists, or opens a JSON tree file, and the explorer shows that tree.

Split from ``game.ui.scenes.tree``, whose scene it opens the tree in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.ui import draw
from game.ui.scenes.base import Dialog
from game.ui.text_input import TextInput
from game.ui.widgets import Button, Segmented

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.tree import TreeScene


class OwnTreeDialog(Dialog):
    """Your own tree: type or paste the notes' nested lists, choose the root's kind, or
    open a JSON tree file; a tree that does not read is said here, in one sentence, and
    the explorer keeps what it shows."""

    width = 640
    height = 400

    @property
    def title(self) -> str:
        return _("Your own tree")

    def __init__(self, app: App, explorer: TreeScene) -> None:
        super().__init__(app)
        self.explorer = explorer
        self.error = ""
        self.field = TextInput("", self.show, size=21,
                               placeholder="((3 12 8) (2 4 6) (14 5 2))",  # untranslated: a tree
                               on_change=lambda _text: self._clear())
        self.root = Segmented([("max", _("Root MAX")), ("min", _("Root MIN"))], "max",
                              lambda _value: self._clear(), size=19)
        # Translators: the dialog's buttons: open a tree file; show the tree typed.
        self.b_file = Button(_("Open a file…"), self.open_file, tooltip=_("A JSON tree file"))
        self.b_cancel = Button(_("Cancel"), self.close, tooltip=_("Esc"))
        self.b_show = Button(_("Show"), lambda: self.show(self.field.text), primary=True)
        self.widgets.add(self.field, self.root, self.b_file, self.b_cancel, self.b_show)
        self.widgets.set_focus(self.field)

    def _clear(self) -> None:
        self.error = ""

    def show(self, text: str) -> None:
        """Enter, Show: the tree typed in the explorer, this dialog closed; else why not."""
        error = self.explorer.open_text(text, self.root.value)
        if error is None:
            self.close()
        else:
            self.explorer.message = None  # said here, where the tree was typed
            self.error = error

    def open_file(self) -> None:
        from game.ui.scenes.files import FileDialog

        def chosen(path: Any) -> str | None:
            error = self.explorer.open_file(path)
            if error is None:
                self.close()
            else:
                self.explorer.message = None  # the file dialog says it
            return error

        self.app.push_scene(FileDialog(self.app, "open", on_open=chosen,
                                       title=_("Open a tree")))

    def place(self, card: pygame.Rect) -> None:
        x, w = card.x + 28, card.width - 56
        self.field.rect = pygame.Rect(x, card.y + 150, w, 44)
        self.root.rect = pygame.Rect(x, self.field.rect.bottom + 14, min(w, 300), 38)
        y = card.bottom - 24 - 42
        right = card.right - 28
        for button in (self.b_show, self.b_cancel, self.b_file):
            bw = max(110, button.preferred_width())
            button.rect = pygame.Rect(right - bw, y, bw, 42)
            right -= bw + 12

    def draw_body(self, surface: pygame.Surface) -> None:
        theme = self.theme
        x, w = self.card.x + 28, self.card.width - 56
        hint = _("Nested lists as in your notes: a number is a leaf (its value for MAX), a "
                 "list an inner node, as in ((3 12 8) (2 4 6) (14 5 2)). Or open a JSON "
                 "tree file, whose nodes may carry labels.")
        y = self.card.y + 74
        for line in draw.wrap(hint, 18, w)[:4]:
            draw.blit_text(surface, line, 18, theme.text_dim, (x, y), "topleft")
            y += 20
        if self.error:
            y = self.root.rect.bottom + 10
            for line in draw.wrap(self.error, 18, w)[:3]:
                draw.blit_text(surface, line, 18, theme.danger, (x, y), "topleft")
                y += 20


__all__ = ["OwnTreeDialog"]
