"""The one-line text field (``TextInput``) and its helpers: the clipboard and word steps.

A widget like the others of ``game.ui.widgets`` (its own module for its size: the
editing keys, the selection and the clipboard).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui import draw
from game.ui.theme import Theme
from game.ui.widgets import DOUBLE_CLICK, Widget, shown


def ctrl_held(event: pygame.event.Event) -> bool:
    """Ctrl (Cmd on a Mac) is held in ``event``."""
    return bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META))


def clipboard_text() -> str:
    """The clipboard's text (``""`` when there is none or no clipboard at all)."""
    try:
        import pygame.scrap as scrap
        text = scrap.get_text() if scrap.has_text() else ""
    except Exception:  # no display, no clipboard support: pasting does nothing
        return ""
    return text if isinstance(text, str) else ""


def set_clipboard_text(text: str) -> bool:
    """Put ``text`` on the clipboard; ``False`` when there is no clipboard."""
    try:
        import pygame.scrap as scrap
        scrap.put_text(text)
    except Exception:
        return False
    return True


def word_start(text: str, i: int) -> int:
    """Where Ctrl+Backspace / Ctrl+Left stops going left from ``i``: the start of the
    previous word, a path part counting as a word.

    >>> word_start("/home/ann/games/", 16), word_start("/home/ann/games", 15)
    (10, 10)
    """
    seps = "/\\ ._-"
    while i > 0 and text[i - 1] in seps:
        i -= 1
    while i > 0 and text[i - 1] not in seps:
        i -= 1
    return i


def word_end(text: str, i: int) -> int:
    """Where Ctrl+Right stops going right from ``i``."""
    seps = "/\\ ._-"
    n = len(text)
    while i < n and text[i] in seps:
        i += 1
    while i < n and text[i] not in seps:
        i += 1
    return i


class TextInput(Widget):
    """A one-line text field with a selection and the clipboard.

    Typing (``TEXTINPUT``) replaces the selection; Left/Right/Home/End move the caret,
    with Shift they extend the selection and with Ctrl they go by words (a path part
    is a word); Ctrl+A selects all; Backspace/Delete remove the selection or a
    character, Ctrl+Backspace the word before the caret; Ctrl+C/X/V copy, cut and
    paste (one line); a click puts the caret, a drag selects, a double click selects
    everything; Enter submits.
    """

    always_shows_focus = True  # the caret, as text fields do

    def __init__(self, text: str = "", on_submit: Callable[[str], Any] | None = None, *,
                 size: int = 22, placeholder: str = "",
                 on_change: Callable[[str], Any] | None = None) -> None:
        super().__init__()
        self.text = text
        self.caret = len(text)
        self.anchor = self.caret
        """The other end of the selection (equal to ``caret`` when nothing is selected)."""
        self.on_submit, self.size, self.placeholder = on_submit, size, placeholder
        self.on_change = on_change
        self._last_click = -1.0

    # --- the text and the selection ------------------------------------------------

    def set_text(self, text: str, select: tuple[int, int] | None = None) -> None:
        """Replace the text; the caret goes to the end, or ``select`` is selected."""
        self.text = text
        if select is None:
            self.caret = self.anchor = len(text)
        else:
            self.anchor, self.caret = (max(0, min(len(text), i)) for i in select)

    @property
    def selection(self) -> tuple[int, int]:
        """``(start, end)`` of the selected text (equal when nothing is selected)."""
        return (min(self.caret, self.anchor), max(self.caret, self.anchor))

    @property
    def selected_text(self) -> str:
        start, end = self.selection
        return self.text[start:end]

    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self.text)

    def _replace(self, new: str) -> None:
        """Put ``new`` in place of the selection (or at the caret)."""
        start, end = self.selection
        self.text = self.text[:start] + new + self.text[end:]
        self.caret = self.anchor = start + len(new)
        if self.on_change is not None:
            self.on_change(self.text)

    def _move(self, to: int, extend: bool) -> None:
        self.caret = max(0, min(len(self.text), to))
        if not extend:
            self.anchor = self.caret

    def _index_at(self, x_pixel: int) -> int:
        x = x_pixel - (self.rect.x + 10) + self._scroll()
        best = 0
        for i in range(len(self.text) + 1):
            if draw.text_size(self.text[:i], self.size)[0] <= x + 2:
                best = i
        return best

    def _scroll(self) -> int:
        inner_w = self.rect.width - 20
        caret_x = draw.text_size(self.text[:self.caret], self.size)[0]
        return max(0, caret_x - inner_w + 4)

    # --- input -------------------------------------------------------------------------

    def activate(self, pos: tuple[int, int] | None = None) -> None:
        if pos is None and self.on_submit is not None:
            self.on_submit(self.text)

    def on_mouse_down(self, pos: tuple[int, int]) -> None:
        super().on_mouse_down(pos)
        now = pygame.time.get_ticks() / 1000
        if now - self._last_click < DOUBLE_CLICK:
            self.select_all()
            self._last_click = -1.0
            return
        self._last_click = now
        self._move(self._index_at(pos[0]), extend=bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))

    def on_drag(self, pos: tuple[int, int]) -> None:
        """The mouse moved with the button held since a press here: extend the selection."""
        if self.pressed:
            self._move(self._index_at(pos[0]), extend=True)

    def on_mouse_up(self, pos: tuple[int, int], inside: bool) -> None:
        self.pressed = False

    def on_text(self, text: str) -> bool:
        text = "".join(ch for ch in text if ch.isprintable())
        self._replace(text)
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        ctrl = ctrl_held(event)
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        start, end = self.selection
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.activate()
            return True
        if ctrl and key == pygame.K_a:
            self.select_all()
            return True
        if ctrl and key in (pygame.K_c, pygame.K_x):
            if start != end:
                set_clipboard_text(self.text[start:end])
                if key == pygame.K_x:
                    self._replace("")
            return True
        if ctrl and key == pygame.K_v:
            pasted = clipboard_text().replace("\r", "\n").split("\n")
            line = next((part.strip() for part in pasted if part.strip()), "")
            self.on_text(line)
            return True
        if key == pygame.K_BACKSPACE:
            if start == end:
                self.anchor = word_start(self.text, self.caret) if ctrl else max(0, self.caret - 1)
            self._replace("")
            return True
        if key == pygame.K_DELETE:
            if start == end:
                self.anchor = word_end(self.text, self.caret) if ctrl else \
                    min(len(self.text), self.caret + 1)
            self._replace("")
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if start != end and not shift:  # collapse the selection to its side
                self._move(start if key == pygame.K_LEFT else end, False)
            elif ctrl:
                to = word_start(self.text, self.caret) if key == pygame.K_LEFT \
                    else word_end(self.text, self.caret)
                self._move(to, shift)
            else:
                self._move(self.caret + (-1 if key == pygame.K_LEFT else 1), shift)
            return True
        if key == pygame.K_HOME:
            self._move(0, shift)
            return True
        if key == pygame.K_END:
            self._move(len(self.text), shift)
            return True
        # Printable keys arrive as TEXTINPUT; swallow their KEYDOWN so no shortcut fires.
        return bool(getattr(event, "unicode", "")) and not ctrl

    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool) -> None:
        radius = 8
        fill = theme.card if theme.name != "classic" else (255, 255, 255)
        border = theme.focus if focused else theme.button_border
        width = max(theme.border_width, 2 if focused else 1)
        draw.rounded_rect(surface, self.rect, fill, radius, width, border)
        inner = self.rect.inflate(-20, 0)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        scroll = self._scroll()
        h = draw.text_size("Ag", self.size)[1]
        start, end = self.selection
        if start != end:
            x0 = inner.x - scroll + draw.text_size(self.text[:start], self.size)[0]
            x1 = inner.x - scroll + draw.text_size(self.text[:end], self.size)[0]
            band = pygame.Rect(x0, inner.centery - h // 2 - 1, x1 - x0, h + 2)
            pygame.draw.rect(surface, theme.accent if focused else theme.button_pressed, band)
        if self.text:
            draw.blit_text(surface, self.text[:start], self.size, theme.text,
                           (inner.x - scroll, inner.centery), "midleft")
            x = inner.x - scroll + draw.text_size(self.text[:start], self.size)[0]
            if start != end:
                ink = theme.accent_text if focused else theme.text
                x = draw.blit_text(surface, self.text[start:end], self.size, ink,
                                   (x, inner.centery), "midleft").right
            draw.blit_text(surface, self.text[end:], self.size, theme.text,
                           (x, inner.centery), "midleft")
        elif self.placeholder:
            hint = shown(self.placeholder)  # smaller where a language's words are longer
            draw.blit_text(surface, hint, draw.fit_size(hint, self.size, inner.width, 12),
                           theme.disabled_text, (inner.x, inner.centery), "midleft",
                           max_width=inner.width)
        if focused:
            x = inner.x - scroll + draw.text_size(self.text[:self.caret], self.size)[0]
            pygame.draw.line(surface, theme.text, (x, inner.centery - h // 2),
                             (x, inner.centery + h // 2 - 1), 2)
        surface.set_clip(clip)
