"""Widgets: buttons, toggles, choice selectors, segmented controls, a list (the text
field is ``game.ui.text_input``).

Widgets know their rectangle, their state (hovered, pressed, enabled) and how to draw
themselves with a theme; a ``WidgetGroup`` routes events to them and owns keyboard
focus (Tab / Shift+Tab, arrows in dialogs, Enter or Space to activate). The focus ring
shows only after the keyboard has been used, like a browser's ``:focus-visible``.

Texts given to widgets (labels, options, placeholders, tooltips) are English, marked with
``N_`` where they are written; the widgets translate them where they draw them, so a
change of language shows at the next frame. A text already translated, or a name that is
no message (a file, an engine), draws as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

import pygame

from game.i18n import _, pgettext
from game.ui import draw
from game.ui.theme import Theme, mix

TOOLTIP_DELAY = 0.6
"""Seconds the mouse rests on a widget before its tooltip shows."""

DOUBLE_CLICK = 0.4
"""Seconds between two clicks on one list row that open it."""


def shown(text: str) -> str:
    """``text`` as a widget draws it: in the current language (an empty text stays empty:
    gettext's translation of ``""`` is the catalog's header)."""
    return _(text) if text else text


class Widget:
    """Something on screen that may take the mouse and the keyboard focus."""

    focusable = True
    always_shows_focus = False
    """Draw the focus even before the keyboard was used (a text field's caret)."""

    def __init__(self, *, tooltip: str | None = None, enabled: bool = True) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.visible = True
        self.hovered = False
        self.pressed = False
        self.tooltip = tooltip

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def on_mouse_down(self, pos: tuple[int, int]) -> None:
        self.pressed = True

    def on_mouse_up(self, pos: tuple[int, int], inside: bool) -> None:
        was = self.pressed
        self.pressed = False
        if was and inside and self.enabled:
            self.activate(pos)

    def activate(self, pos: tuple[int, int] | None = None) -> None:
        """What a click or Enter/Space does."""

    def on_key(self, event: pygame.event.Event) -> bool:
        """A key while focused; ``True`` when used."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.enabled:
            self.activate()
            return True
        return False

    def on_text(self, text: str) -> bool:
        return False

    def on_wheel(self, dy: int) -> bool:
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool) -> None:
        raise NotImplementedError


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, radius: int) -> None:
    pygame.draw.rect(surface, theme.focus, rect.inflate(6, 6), 2 + (theme.border_width > 1),
                     border_radius=radius + 3)


class Button(Widget):
    """A push button: hover, pressed, disabled and focused looks; ``primary`` is accented."""

    def __init__(self, text: str, on_click: Callable[[], Any], *, primary: bool = False,
                 tooltip: str | None = None, size: int = 22, enabled: bool = True,
                 danger: bool = False) -> None:
        super().__init__(tooltip=tooltip, enabled=enabled)
        self.text, self.on_click, self.primary, self.size = text, on_click, primary, size
        self.danger = danger

    def activate(self, pos: tuple[int, int] | None = None) -> None:
        if self.enabled:
            self.on_click()

    def preferred_width(self) -> int:
        return draw.text_size(shown(self.text), self.size, self.primary)[0] + 28

    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool) -> None:
        radius = min(10, self.rect.height // 3)
        if self.primary and self.enabled:
            fill = theme.accent
            if self.pressed:
                fill = mix(theme.accent, (0, 0, 0), 0.2)
            elif self.hovered:
                fill = mix(theme.accent, (255, 255, 255), 0.12)
            text_colour, border = theme.accent_text, fill
        else:
            fill = theme.button
            if self.enabled and self.pressed:
                fill = theme.button_pressed
            elif self.enabled and self.hovered:
                fill = theme.button_hover
            text_colour = theme.text if self.enabled else theme.disabled_text
            if self.danger and self.enabled:
                text_colour = theme.danger
            border = theme.button_border
            if theme.border_width > 1 and self.hovered and self.enabled:
                border = theme.focus
        rect = self.rect.move(0, 1) if self.pressed and self.enabled else self.rect
        if self.enabled and not self.pressed:
            draw.shadow(surface, rect, radius, theme.shadow_alpha // 3, blur=4, offset=(0, 1))
        draw.rounded_rect(surface, rect, fill, radius, theme.border_width, border)
        bold = self.primary
        text = shown(self.text)
        size = draw.fit_size(text, self.size, rect.width - 12, bold=bold)
        draw.blit_text(surface, text, size, text_colour, rect.center, "center", bold=bold)
        if focused:
            focus_ring(surface, self.rect, theme, radius)


class Toggle(Widget):
    """An on/off switch with its label on the left."""

    def __init__(self, label: str, value: bool, on_change: Callable[[bool], Any], *,
                 tooltip: str | None = None, size: int = 22) -> None:
        super().__init__(tooltip=tooltip)
        self.label, self.value, self.on_change, self.size = label, value, on_change, size

    def activate(self, pos: tuple[int, int] | None = None) -> None:
        self.value = not self.value
        self.on_change(self.value)

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.enabled:
            want = event.key == pygame.K_RIGHT
            if want != self.value:
                self.activate()
            return True
        return super().on_key(event)

    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool) -> None:
        colour = theme.text if self.enabled else theme.disabled_text
        draw.blit_text(surface, shown(self.label), self.size, colour, self.rect.midleft, "midleft",
                       max_width=self.rect.width - 70)
        track = pygame.Rect(0, 0, 50, 28)
        track.midright = self.rect.midright
        on = self.value
        fill = theme.accent if on else mix(theme.button_border, theme.card, 0.2)
        if self.hovered:
            fill = mix(fill, (255, 255, 255) if theme.name != "high-contrast" else fill, 0.1)
        draw.rounded_rect(surface, track, fill, 14, theme.border_width if not on else 0,
                          theme.button_border)
        knob_x = track.right - 14 if on else track.left + 14
        knob_colour = theme.accent_text if on else (255, 255, 255)
        if theme.name == "high-contrast" and not on:
            knob_colour = (255, 255, 255)
        draw.aa_circle(surface, (0, 0, 0), (knob_x, track.centery + 1), 11, alpha=40)
        draw.aa_circle(surface, knob_colour, (knob_x, track.centery), 11)
        # Translators: the state of an on/off switch, drawn beside it (a few letters).
        state = pgettext("switch", "On") if on else pgettext("switch", "Off")
        draw.blit_text(surface, state, self.size - 4, theme.text_dim,
                       (track.left - 8, track.centery), "midright")
        if focused:
            focus_ring(surface, self.rect, theme, 8)


class Choice(Widget):
    """``< value >``: one of several options, changed with the arrows or Left/Right."""

    def __init__(self, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], Any], *, tooltip: str | None = None,
                 size: int = 22, wrap_around: bool = False) -> None:
        super().__init__(tooltip=tooltip)
        self.options = list(options)
        self.on_change, self.size, self.wrap_around = on_change, size, wrap_around
        self.index = self._index_of(value)
        self.hover_part: str | None = None

    def _index_of(self, value: Any) -> int:
        for i, (v, _text) in enumerate(self.options):
            if v == value:
                return i
        return 0

    @property
    def value(self) -> Any:
        return self.options[self.index][0] if self.options else None

    def set_options(self, options: Sequence[tuple[Any, str]], value: Any) -> None:
        self.options = list(options)
        self.index = self._index_of(value)

    def set_value(self, value: Any) -> None:
        self.index = self._index_of(value)

    def step(self, delta: int) -> None:
        if not self.options or not self.enabled:
            return
        n = len(self.options)
        if self.wrap_around:
            new = (self.index + delta) % n
        else:
            new = min(n - 1, max(0, self.index + delta))
        if new != self.index:
            self.index = new
            self.on_change(self.value)

    def _arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        side = self.rect.height
        left = pygame.Rect(self.rect.left, self.rect.top, side, side)
        right = pygame.Rect(self.rect.right - side, self.rect.top, side, side)
        return left, right

    def activate(self, pos: tuple[int, int] | None = None) -> None:
        left, right = self._arrow_rects()
        if pos is not None and left.collidepoint(pos):
            self.step(-1)
        elif pos is not None and right.collidepoint(pos):
            self.step(1)
        elif self.options and self.enabled and len(self.options) > 1:
            # A click on the value, or Enter: cycle forwards, round to the first.
            self.index = (self.index + 1) % len(self.options)
            self.on_change(self.value)

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_LEFT:
            self.step(-1)
            return True
        if event.key == pygame.K_RIGHT:
            self.step(1)
            return True
        return super().on_key(event)

    def on_wheel(self, dy: int) -> bool:
        self.step(-1 if dy > 0 else 1)
        return True

    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool) -> None:
        radius = min(10, self.rect.height // 3)
        fill = theme.button_hover if self.hovered and self.enabled else theme.button
        draw.rounded_rect(surface, self.rect, fill, radius, theme.border_width,
                          theme.button_border)
        left, right = self._arrow_rects()
        n = len(self.options)
        for rect, direction, usable in ((left, -1, self.index > 0 or self.wrap_around),
                                        (right, 1, self.index < n - 1 or self.wrap_around)):
            usable = usable and self.enabled and n > 1
            colour = theme.accent if usable else theme.disabled_text
            if theme.name == "high-contrast" and usable:
                colour = theme.text
            cx, cy = rect.center
            d = max(4, rect.height // 6)
            points = [(cx - direction * d // 1.4, cy - d), (cx + direction * d // 1.4, cy),
                      (cx - direction * d // 1.4, cy + d)]
            pygame.draw.lines(surface, colour, False, points, 3)
        text = shown(self.options[self.index][1]) if self.options else ""
        inner = self.rect.width - 2 * self.rect.height
        size = draw.fit_size(text, self.size, inner, self.size - 6)
        colour = theme.text if self.enabled else theme.disabled_text
        draw.blit_text(surface, text, size, colour, self.rect.center, "center", max_width=inner)
        if focused:
            focus_ring(surface, self.rect, theme, radius)


class Segmented(Widget):
    """A row of mutually exclusive options (Human | Computer)."""

    def __init__(self, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], Any], *, tooltip: str | None = None,
                 size: int = 22) -> None:
        super().__init__(tooltip=tooltip)
        self.options = list(options)
        self.on_change, self.size = on_change, size
        self.index = next((i for i, (v, _text) in enumerate(self.options) if v == value), 0)
        self.hover_index: int | None = None

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def set_value(self, value: Any) -> None:
        self.index = next((i for i, (v, _text) in enumerate(self.options) if v == value), 0)

    def _segment(self, i: int) -> pygame.Rect:
        n = len(self.options)
        w = self.rect.width / n
        return pygame.Rect(round(self.rect.x + i * w), self.rect.y,
                           round(self.rect.x + (i + 1) * w) - round(self.rect.x + i * w),
                           self.rect.height)

    def segment_at(self, pos: tuple[int, int]) -> int | None:
        for i in range(len(self.options)):
            if self._segment(i).collidepoint(pos):
                return i
        return None

    def choose(self, index: int) -> None:
        if index != self.index and self.enabled:
            self.index = index
            self.on_change(self.value)

    def activate(self, pos: tuple[int, int] | None = None) -> None:
        if pos is None:
            self.choose((self.index + 1) % len(self.options))
        else:
            i = self.segment_at(pos)
            if i is not None:
                self.choose(i)

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_LEFT:
            self.choose(max(0, self.index - 1))
            return True
        if event.key == pygame.K_RIGHT:
            self.choose(min(len(self.options) - 1, self.index + 1))
            return True
        return super().on_key(event)

    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool) -> None:
        radius = min(10, self.rect.height // 3)
        draw.rounded_rect(surface, self.rect, theme.button, radius, theme.border_width,
                          theme.button_border)
        for i, (_value, text) in enumerate(self.options):
            text = shown(text)
            seg = self._segment(i).inflate(-6, -6)
            selected = i == self.index
            if selected:
                draw.rounded_rect(surface, seg, theme.accent, max(4, radius - 3))
                colour = theme.accent_text
            else:
                if self.hovered and self.hover_index == i:
                    draw.rounded_rect(surface, seg, theme.button_hover, max(4, radius - 3))
                colour = theme.text
            size = draw.fit_size(text, self.size, seg.width - 8, self.size - 6)
            draw.blit_text(surface, text, size, colour, seg.center, "center",
                           max_width=seg.width - 4)
        if focused:
            focus_ring(surface, self.rect, theme, radius)


class ListBox(Widget):
    """A scrollable list of rows; click selects, double-click or Enter opens."""

    ROW = 30

    def __init__(self, on_select: Callable[[int], Any], on_open: Callable[[int], Any], *,
                 size: int = 21, empty_text: str = "") -> None:
        super().__init__()
        self.rows: list[tuple[str, str]] = []  # (main text, right-hand detail)
        self.selected: int | None = None
        self.top = 0
        self.on_select, self.on_open, self.size = on_select, on_open, size
        self.empty_text = empty_text
        self._last_click = (-1.0, -1)
        self.hover_row: int | None = None

    def set_rows(self, rows: list[tuple[str, str]]) -> None:
        self.rows = rows
        self.selected = None
        self.top = 0

    @property
    def visible_rows(self) -> int:
        return max(1, (self.rect.height - 8) // self.ROW)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        i = self.top + (pos[1] - self.rect.y - 4) // self.ROW
        return i if 0 <= i < len(self.rows) else None

    def _show(self, i: int) -> None:
        if i < self.top:
            self.top = i
        elif i >= self.top + self.visible_rows:
            self.top = i - self.visible_rows + 1

    def select(self, i: int) -> None:
        if 0 <= i < len(self.rows):
            self.selected = i
            self._show(i)
            self.on_select(i)

    def activate(self, pos: tuple[int, int] | None = None) -> None:
        if pos is None:
            if self.selected is not None:
                self.on_open(self.selected)
            return
        i = self.row_at(pos)
        if i is None:
            return
        now = pygame.time.get_ticks() / 1000
        if self._last_click[1] == i and now - self._last_click[0] < DOUBLE_CLICK:
            self._last_click = (-1.0, -1)
            self.select(i)
            self.on_open(i)
        else:
            self._last_click = (now, i)
            self.select(i)

    def on_key(self, event: pygame.event.Event) -> bool:
        if not self.rows:
            return False
        if event.key == pygame.K_DOWN:
            self.select(0 if self.selected is None else min(len(self.rows) - 1, self.selected + 1))
            return True
        if event.key == pygame.K_UP:
            self.select(0 if self.selected is None else max(0, self.selected - 1))
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.activate()
            return True
        return False

    def on_wheel(self, dy: int) -> bool:
        most = max(0, len(self.rows) - self.visible_rows)
        self.top = min(most, max(0, self.top - dy * 2))
        return True

    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool) -> None:
        fill = theme.card if theme.name != "classic" else (250, 251, 253)
        draw.rounded_rect(surface, self.rect, fill, 8, theme.border_width,
                          theme.focus if focused else theme.button_border)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-4, -4))
        if not self.rows and self.empty_text:
            draw.blit_text(surface, shown(self.empty_text), self.size, theme.text_dim,
                           self.rect.center, "center", max_width=self.rect.width - 20)
        for n in range(self.visible_rows + 1):
            i = self.top + n
            if i >= len(self.rows):
                break
            row = pygame.Rect(self.rect.x + 4, self.rect.y + 4 + n * self.ROW,
                              self.rect.width - 8, self.ROW)
            text_colour, detail_colour = theme.text, theme.text_dim
            if i == self.selected:
                draw.rounded_rect(surface, row, theme.accent, 6)
                text_colour = detail_colour = theme.accent_text
            elif i == self.hover_row:
                draw.rounded_rect(surface, row, theme.button_hover, 6)
            main, detail = self.rows[i]
            dw = draw.text_size(detail, self.size - 3)[0] if detail else 0
            draw.blit_text(surface, main, self.size, text_colour, (row.x + 10, row.centery),
                           "midleft", max_width=row.width - dw - 30)
            if detail:
                draw.blit_text(surface, detail, self.size - 3, detail_colour,
                               (row.right - 10, row.centery), "midright")
        surface.set_clip(clip)
        if len(self.rows) > self.visible_rows:  # a thin scroll indicator
            track = self.rect.inflate(-4, -12)
            frac = self.visible_rows / len(self.rows)
            h = max(20, round(track.height * frac))
            most = max(1, len(self.rows) - self.visible_rows)
            y = track.y + round((track.height - h) * self.top / most)
            draw.rounded_rect(surface, pygame.Rect(self.rect.right - 8, y, 4, h),
                              theme.text_dim, 2)


class WidgetGroup:
    """Routes events to widgets and owns keyboard focus and tooltips.

    Args:
        arrows_move_focus: Up/Down move the focus (dialogs), when the focused widget
            does not use them itself.
    """

    def __init__(self, widgets: Sequence[Widget] = (), *, arrows_move_focus: bool = True) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus: Widget | None = None
        self.focus_visible = False
        self.arrows_move_focus = arrows_move_focus
        self.hover: Widget | None = None
        self.hover_time = 0.0
        self._hover_fresh = False
        self.mouse = (0, 0)
        self._captured: Widget | None = None

    def add(self, *widgets: Widget) -> None:
        self.widgets.extend(widgets)

    def remove(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.widgets.remove(widget)
        if self.focus is widget:
            self.focus = None

    def focusables(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.visible and w.enabled]

    def set_focus(self, widget: Widget | None, visible: bool | None = None) -> None:
        self.focus = widget
        if visible is not None:
            self.focus_visible = visible

    def move_focus(self, delta: int) -> None:
        items = self.focusables()
        if not items:
            return
        if self.focus not in items:
            self.focus = items[0 if delta > 0 else -1]
        else:
            self.focus = items[(items.index(self.focus) + delta) % len(items)]
        self.focus_visible = True

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        for widget in reversed(self.widgets):
            if widget.contains(pos):
                return widget
        return None

    def update_hover(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        over = self.widget_at(pos)
        if over is not self.hover:
            self.hover_time = 0.0
            self._hover_fresh = True
        self.hover = over
        for widget in self.widgets:
            widget.hovered = widget is over and widget.enabled
            if isinstance(widget, Segmented):
                widget.hover_index = widget.segment_at(pos) if widget is over else None
            if isinstance(widget, ListBox):
                widget.hover_row = widget.row_at(pos) if widget is over else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Give ``event`` to the widgets; ``True`` when one used it."""
        if event.type == pygame.MOUSEMOTION:
            self.update_hover(event.pos)
            drag = getattr(self._captured, "on_drag", None)
            if drag is not None:
                drag(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.update_hover(event.pos)
            widget = self.widget_at(event.pos)
            if widget is not None and widget.enabled:
                widget.on_mouse_down(event.pos)
                self._captured = widget
                if widget.focusable:
                    self.focus = widget
                self.focus_visible = False
                return True
            return widget is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            widget, self._captured = self._captured, None
            if widget is not None:
                widget.on_mouse_up(event.pos, widget.contains(event.pos))
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            widget = self.widget_at(self.mouse)
            return widget is not None and widget.enabled and widget.on_wheel(event.y)
        if event.type == pygame.TEXTINPUT:
            return self.focus is not None and self.focus.enabled and self.focus.on_text(event.text)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def toolbar_key(self, event: pygame.event.Event, arrows: Collection[Widget] = ()) -> bool:
        """Give a scene's key to the toolbar when it is the toolbar's, else leave it.

        For the scenes whose keys mostly act on a board or a list (play, set-up, review,
        tree): Tab and Shift+Tab always move the focus; Enter, keypad Enter and Space
        press the focused widget while its focus ring shows; Left and Right step the
        focused widget while its ring shows and it is one of ``arrows`` (the choices
        that step with them). Without a visible ring these keys stay the scene's. It
        ignores modifiers: a scene takes its Ctrl/Alt shortcuts before asking.

        Returns:
            ``True`` when the key went to the widgets (whether or not one used it): the
            scene must not act on it as well.
        """
        key = event.key
        shown = self.focus_visible and self.focus is not None
        if key == pygame.K_TAB \
                or shown and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) \
                or shown and key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus in arrows:
            self.handle_event(event)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
            return True
        focus = self.focus
        if focus is not None and (not focus.visible or not focus.enabled):
            focus = self.focus = None
        if focus is not None:
            if not self.focus_visible and event.key not in (
                    pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.focus_visible = True
            if focus.on_key(event):
                self.focus_visible = True
                return True
        if self.arrows_move_focus and event.key in (pygame.K_DOWN, pygame.K_UP):
            self.move_focus(1 if event.key == pygame.K_DOWN else -1)
            return True
        return False

    def update(self, dt: float) -> None:
        if self._hover_fresh:
            # ``dt`` is the time before this frame's events, when the pointer was not
            # there yet (the first frame's includes the window's start: a tooltip in
            # the first picture): the rest starts now.
            self._hover_fresh = False
        elif self.hover is not None:
            self.hover_time += dt

    def tooltip_due(self) -> float | None:
        """Seconds until the hovered widget's tooltip appears (``None``: none is coming)."""
        widget = self.hover
        if widget is None or not widget.tooltip or self.hover_time >= TOOLTIP_DELAY:
            return None
        return TOOLTIP_DELAY - self.hover_time

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        for widget in self.widgets:
            if widget.visible:
                # A text field shows its caret whenever it has the focus, as fields do.
                focused = widget is self.focus and (self.focus_visible
                                                    or widget.always_shows_focus)
                widget.draw(surface, theme, focused)

    def draw_tooltip(self, surface: pygame.Surface, theme: Theme) -> None:
        widget = self.hover
        if widget is None or not widget.tooltip or self.hover_time < TOOLTIP_DELAY \
                or widget.pressed:
            return
        size = 19
        tip = shown(widget.tooltip)
        w, h = draw.text_size(tip, size)
        lines = [tip]
        if w + 32 > surface.get_width():  # wider than the window (a longer language): wrapped
            lines = draw.wrap(tip, size, surface.get_width() - 48)
            w = max(draw.text_size(line, size)[0] for line in lines)
            h *= len(lines)
        box = pygame.Rect(0, 0, w + 16, h + 10)
        box.midtop = (widget.rect.centerx, widget.rect.bottom + 6)
        box.clamp_ip(surface.get_rect().inflate(-8, -8))
        if box.colliderect(widget.rect):
            box.midbottom = (box.centerx, widget.rect.top - 6)
        fill = theme.text if theme.name != "high-contrast" else (255, 255, 255)
        ink = theme.card if theme.name != "high-contrast" else (0, 0, 0)
        draw.shadow(surface, box, 6, theme.shadow_alpha, blur=6, offset=(0, 2))
        draw.rounded_rect(surface, box, fill, 6)
        if len(lines) == 1:
            draw.blit_text(surface, tip, size, ink, box.center, "center")
            return
        step = h // len(lines)
        for number, line in enumerate(lines):
            draw.blit_text(surface, line, size, ink, (box.centerx, box.y + 5 + number * step),
                           "midtop")
