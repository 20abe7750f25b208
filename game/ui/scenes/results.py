"""Your results against the computer: won, drawn and lost per game and level, with a reset;
below the table, the results against outside engines, by name (``engine_lines``).

Opened from the start screen (the Results button or R). Enter or Esc closes; Reset asks
first (``ConfirmDialog``) and then empties the tally file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ai.levels import LEVEL_NUMBERS
from game.i18n import N_, _, ngettext, number
from game.rules import GAMES
from game.tally import Tally, load_tally, save_tally
from game.ui import draw
from game.ui.scenes.base import Dialog, dialog_buttons
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

GAME_ORDER = ("connect4", "othello", "gomoku", "tictactoe")


def tally_text(entry: tuple[int, int, int]) -> str:
    """``(2, 0, 3)`` -> ``"2 · 0 · 3"``; ``"–"`` for no games.

    >>> tally_text((2, 0, 3)), tally_text((0, 0, 0))
    ('2 · 0 · 3', '–')
    """
    return "–" if not sum(entry) else " · ".join(number(n) for n in entry)


def engine_lines(tally: Tally) -> list[str]:
    """One line per outside engine played: ``"Gomoku against pbrain-embryo: 1 · 0 · 2"``.

    >>> t = Tally(); t.add_engine("gomoku", "pbrain-embryo", "win")
    >>> engine_lines(t)
    ['Gomoku against pbrain-embryo: 1 · 0 · 0']
    """
    # Translators: {game} is a game's name, {engine} a program's, {score} "won · drawn · lost".
    return [_("{game} against {engine}: {score}").format(
                game=_(GAMES[game].title), engine=name, score=tally_text((entry[0], entry[1], entry[2])))
            for game in GAME_ORDER for name, entry in sorted(tally.engines.get(game, {}).items())
            if sum(entry)]


class ResultsDialog(Dialog):
    width = 620
    height = 500

    @property
    def title(self) -> str:
        return _("Your results")

    def __init__(self, app: App, on_change=None) -> None:  # noqa: ANN001 - a callback
        super().__init__(app)
        self.tally: Tally = load_tally()
        self.on_change = on_change
        self.b_reset = Button(N_("Reset…"), self.ask_reset, danger=True,
                              tooltip=N_("Forget every result"))
        self.b_close = Button(N_("Close"), self.close, primary=True,
                              tooltip=N_("Enter or Esc"))
        self.widgets.add(self.b_reset, self.b_close)
        self.widgets.set_focus(self.b_close)
        self._sync()

    def _sync(self) -> None:
        self.b_reset.enabled = not self.tally.is_empty()

    def ask_reset(self) -> None:
        from game.ui.scenes.confirm import ConfirmDialog
        self.app.push_scene(ConfirmDialog(
            self.app, N_("Reset your results?"),
            N_("Every game's wins, draws and losses go back to nothing. This cannot be undone."),
            N_("Reset"), self.reset, danger=True))

    def reset(self) -> None:
        self.tally.clear()
        save_tally(self.tally)
        self._sync()
        if self.widgets.focus is self.b_reset:
            self.widgets.set_focus(self.b_close)
        if self.on_change is not None:
            self.on_change()

    def place(self, card: pygame.Rect) -> None:
        dialog_buttons(card, [self.b_reset, self.b_close])

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.widgets.focus is not self.b_reset:
            self.close()
            return
        super().handle_event(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        theme = self.theme
        card = self.card
        x0 = card.x + 28
        y = card.y + 74
        draw.blit_text(surface, _("Against the computer: won · drawn · lost"), 19, theme.text_dim,
                       (x0, y), max_width=card.width - 56)
        y += 30
        label_w = 110
        col_w = (card.width - 56 - label_w) // len(GAME_ORDER)
        engines = engine_lines(self.tally)
        bottom = self.b_close.rect.y - 12
        pitch = max(18, min(28, (bottom - y) // (len(LEVEL_NUMBERS) + 2 + min(3, len(engines)))))
        size = 20 if pitch >= 24 else 18
        for i, name in enumerate(GAME_ORDER):
            cx = x0 + label_w + i * col_w + col_w // 2
            draw.blit_text(surface, _(GAMES[name].title), size, theme.text, (cx, y), "midtop",
                           bold=True)
        y += pitch
        rows = [(_("Level {n}").format(n=n), [self.tally.get(g, n) for g in GAME_ORDER])
                for n in LEVEL_NUMBERS]
        rows.append((_("All levels"), [self.tally.total(g) for g in GAME_ORDER]))
        for r, (label, entries) in enumerate(rows):
            last = r == len(rows) - 1
            if last:
                pygame.draw.line(surface, theme.card_border, (x0, y + 1),
                                 (card.right - 28, y + 1), 1)
                y += 4
            elif r % 2:
                band = pygame.Rect(x0 - 6, y - 2, card.width - 44, pitch)
                draw.translucent_rect(surface, band, theme.text, 12, radius=4)
            draw.blit_text(surface, label, size, theme.text, (x0, y), bold=last)
            for i, entry in enumerate(entries):
                cx = x0 + label_w + i * col_w + col_w // 2
                colour = theme.text if sum(entry) else theme.disabled_text
                draw.blit_text(surface, tally_text(entry), size, colour, (cx, y), "midtop",
                               bold=last)
            y += pitch
        if len(engines) > 3:  # the card has room for three lines: the rest in one
            more = len(engines) - 2
            engines = [*engines[:2], ngettext("and {n} more outside engine",
                                              "and {n} more outside engines",
                                              more).format(n=number(more))]
        for line in engines:
            draw.blit_text(surface, line, size - 2, theme.text_dim, (x0, y),
                           max_width=card.width - 56)
            y += pitch
