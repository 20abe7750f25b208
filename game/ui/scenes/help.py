"""Help: a page of keys and a page per game (its rules, variants and levels).

The tabs at the top switch pages (Left/Right, or the digits 1-4); F1 in a game opens
the keys page, the start screen's Help the page of the game chosen there. The level
descriptions are made from ``ai.levels.LEVELS``, so they follow any re-tuning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ai.levels import LEVEL_NUMBERS, Level, level
from game.i18n import N_, _, ngettext, number
from game.ui import draw
from game.ui.keys import PLAY_KEYS, WORDS, Binding, key_text
from game.ui.scenes.base import Dialog
from game.ui.widgets import Button, Segmented

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.theme import Theme

SHORTCUTS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (binding.action, binding.keys) for binding in PLAY_KEYS)
"""Each action and its keys (``game.ui.keys.PLAY_KEYS``, which the game screen's key
handler reads too); ``or`` and ``…`` are drawn as words, the rest as key caps."""


def draw_keys(surface: pygame.Surface, theme: Theme, table: tuple[Binding, ...],
              topleft: tuple[int, int], action_width: int, pitch: int) -> None:
    """Draw a key table as a card's rows: each action, then its keys as key caps (the
    words between them dim), one row every ``pitch`` pixels from ``topleft``."""
    x, y = topleft
    keys_x = x + action_width
    for binding in table:
        action = _(binding.action)
        draw.blit_text(surface, action, 21, theme.text, (x, y + 13), "midleft",
                       max_width=action_width - 10, min_size=15)
        kx = keys_x
        for key in binding.keys:
            binding_word = key in WORDS
            key = key_text(key)
            if binding_word:
                rect = draw.blit_text(surface, key, 19, theme.text_dim, (kx, y + 13),
                                      "midleft")
                kx = rect.right + 8
                continue
            w = max(26, draw.text_size(key, 19)[0] + 14)
            cap_h = max(18, min(24, pitch - 3))
            cap = pygame.Rect(kx, y + 13 - cap_h // 2 - 1, w, cap_h)
            draw.rounded_rect(surface, cap.move(0, 2), theme.button_border, 6)
            draw.rounded_rect(surface, cap, theme.button, 6, theme.border_width,
                              theme.button_border)
            draw.blit_text(surface, key, 19, theme.text, cap.center, "center")
            kx = cap.right + 8
        y += pitch


PAGES = (("keys", N_("Keys")), ("connect4", N_("Connect-4")), ("othello", N_("Othello")),
         ("gomoku", N_("Gomoku")), ("tictactoe", N_("Tic-tac-toe")))
"""The tabs: page name, and its title (translated where the tabs draw it)."""

RULES = {
    "connect4": N_("Players take turns dropping a disc into a column; it falls to the lowest "
                   "empty hole. Red moves first. Four of your discs in a line (across, up and "
                   "down, or diagonally) win. A full board without a line is a draw."),
    "othello": N_("Place a disc so that a straight line of your opponent's discs lies between "
                  "it and another disc of yours: every disc so caught turns over to your colour. "
                  "A move must turn at least one disc; without one you pass. When neither side "
                  "can move, the side with more discs wins. Black moves first."),
    "gomoku": N_("Take turns placing a stone on an empty intersection; Black moves first. Five "
                 "of your stones in an unbroken line (across, up and down, or diagonally) win. "
                 "A full board is a draw."),
    "tictactoe": N_("Take turns writing your mark in an empty square of the 3 × 3 grid; X moves "
                    "first. Three of your marks in a line (across, up and down, or diagonally) "
                    "win. A full grid is a draw, and with perfect play on both sides every game "
                    "is one."),
}
"""Each game's rules, in this project's words."""

VARIANTS = {
    "connect4": N_("Boards of 4 to 10 columns and 4 to 10 rows, and three to six in a row to "
                   "win (chosen under Board on the new-game screen)."),
    "othello": N_("The standard 8 × 8 board with its four centre discs."),
    "gomoku": N_("Boards from 9 × 9 to 25 × 25 (15 × 15 is the usual one). Freestyle: five or "
                 "more in a row win. Standard: exactly five; six or more win nothing. Renju: "
                 "Black may not make a double three, a double four or six in a row (those "
                 "points carry a red sign on Black's turn; point at one to see why) and wins "
                 "only with exactly five; White wins with five or more."),
    "tictactoe": N_("One board, 3 × 3; the squares are named a1 (bottom left) to c3, b2 is the "
                    "centre. Learn (on the start screen) teaches game trees on it."),
}

SOLVER_WORDS = {
    "connect4": N_("solves the end exactly"),
    "othello": N_("plays the last empty squares perfectly"),
    "gomoku": N_("finds forced wins by fours"),
    "tictactoe": N_("plays perfectly (the whole tree is solved)"),
}


def level_text(game_name: str, lvl: Level) -> str:
    """How level ``lvl`` of ``game_name`` plays, in a few words (from its table entry).

    >>> from ai.levels import Level
    >>> level_text("othello", Level(7, 8, 4.0, 0.0, True, 14))
    'looks 8 turns ahead (at most 4 s), plays the last empty squares perfectly'
    """
    # The depth counts plies: both sides' turns.
    if lvl.seconds:
        # Translators: a level's search; {seconds} is a number of seconds ("4", "0.5").
        looks = ngettext("looks {n} turn ahead (at most {seconds} s)",
                         "looks {n} turns ahead (at most {seconds} s)", lvl.depth).format(
            n=number(lvl.depth), seconds=number(lvl.seconds))
    else:
        looks = ngettext("looks {n} turn ahead", "looks {n} turns ahead", lvl.depth).format(
            n=number(lvl.depth))
    parts = [looks]
    if lvl.randomness >= 10:
        parts.append(_("often plays a weaker move"))
    elif lvl.randomness >= 1:
        parts.append(_("sometimes plays a weaker move"))
    elif lvl.randomness > 0:
        parts.append(_("varies between near-equal moves"))
    if lvl.solver:
        parts.append(_(SOLVER_WORDS.get(game_name, N_("solves what it can exactly"))))
    # Translators: what separates the parts of a level's description (a list, no sentence).
    return _(", ").join(parts)


class HelpDialog(Dialog):
    width = 640
    height = 600

    @property
    def title(self) -> str:
        return _("Help")

    def __init__(self, app: App, page: str = "keys") -> None:
        super().__init__(app)
        self.tabs = Segmented(PAGES, page, self._set_page, size=19)
        self.b_close = Button(N_("Close"), self.close, primary=True,
                              # Translators: the keys that close the help (key names).
                              tooltip=N_("Enter, Esc or F1"))
        self.widgets.add(self.tabs, self.b_close)
        self.widgets.set_focus(self.tabs)
        self.page = page if page in dict(PAGES) else "keys"

    def _set_page(self, page: str) -> None:
        self.page = page

    def place(self, card: pygame.Rect) -> None:
        self.b_close.rect = pygame.Rect(card.right - 28 - 120, card.bottom - 24 - 42, 120, 42)
        title_w = draw.text_size(_(self.title), 34, True)[0]
        x = card.x + 28 + title_w + 24
        self.tabs.rect = pygame.Rect(x, card.y + 22, card.right - 28 - x, 38)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_F1):
                self.close()
                return
            number = getattr(event, "unicode", "")
            if number in ("1", "2", "3", "4"):
                self.tabs.choose(int(number) - 1)
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) \
                    and self.widgets.focus is not self.tabs:
                self.widgets.set_focus(self.tabs)
        super().handle_event(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        if self.page == "keys":
            self._draw_keys(surface)
        else:
            self._draw_game(surface, self.page)

    def _draw_game(self, surface: pygame.Surface, name: str) -> None:
        theme = self.theme
        x = self.card.x + 28
        width = self.card.width - 56
        y = self.card.y + 78
        bottom = self.b_close.rect.y - 8
        size = 20 if self.card.height >= 560 else 19
        line = size + 3
        for heading, text in ((_("Rules"), RULES[name]), (_("Variants"), VARIANTS[name])):
            draw.blit_text(surface, heading.upper(), 17, theme.text_dim, (x, y), bold=True)
            y += 22
            for row in draw.wrap(_(text), size, width):
                draw.blit_text(surface, row, size, theme.text, (x, y))
                y += line
            y += 6
        draw.blit_text(surface, _("Levels").upper(), 17, theme.text_dim, (x, y), bold=True)
        y += 22
        pitch = max(17, min(line, (bottom - y) // len(LEVEL_NUMBERS)))
        small = size if pitch >= line else size - 2
        for n in LEVEL_NUMBERS:
            draw.blit_text(surface, str(n), small, theme.text, (x + 12, y), "topright",
                           bold=True)
            words = level_text(name, level(name, n))
            draw.blit_text(surface, words, small, theme.text, (x + 24, y),
                           max_width=width - 24, min_size=13)
            y += pitch

    def _draw_keys(self, surface: pygame.Surface) -> None:
        y = self.card.y + 78
        pitch = min(32, (self.b_close.rect.y - 8 - y) // len(SHORTCUTS))
        draw_keys(surface, self.theme, PLAY_KEYS, (self.card.x + 28, y), 250, pitch)
