"""The start screen's game tiles: which games it lists, in what order, and each tile's
picture, name, blurb and results.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext, number
from game.rules import GAMES
from game.ui import draw
from game.ui.theme import Theme, mix
from game.ui.widgets import Widget, focus_ring

if TYPE_CHECKING:
    from game.ui.scenes.start import StartScene

GAME_ORDER = ("connect4", "othello", "gomoku", "tictactoe")


def game_order() -> tuple[str, ...]:
    """The built-in games, then the plugins' games (``game.plugins``) in load order."""
    return GAME_ORDER + tuple(name for name in GAMES if name not in GAME_ORDER)


PLUGIN_BLURB = N_("Your own game, from a plugin")
"""A plugin game's tile (a plugin brings no translated blurb)."""
GAME_BLURBS = {
    "connect4": N_("Four in a row wins"),
    "othello": N_("Outflank and flip"),
    "gomoku": N_("Five in a line wins"),
    "tictactoe": N_("Three in a row wins"),
}


class GameTile(Widget):
    """One game to choose: a small picture of its board, its name and a one-line blurb."""

    def __init__(self, scene: StartScene, game_name: str) -> None:
        super().__init__(tooltip=None)
        self.scene, self.game_name = scene, game_name

    @property
    def selected(self) -> bool:
        return self.scene.game_name == self.game_name

    def activate(self, pos: tuple[int, int] | None = None) -> None:
        self.scene.choose_game(self.game_name)

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            order = game_order()
            i = order.index(self.game_name) + (1 if event.key == pygame.K_RIGHT else -1)
            if 0 <= i < len(order):
                self.scene.choose_game(order[i])
                tile = self.scene.tiles[i]
                self.scene.widgets.set_focus(tile, True)
            return True
        return super().on_key(event)

    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool) -> None:
        rect = self.rect
        selected = self.selected
        fill = mix(theme.card, theme.accent, 0.1) if selected and theme.name != "high-contrast" \
            else (theme.button_hover if self.hovered else theme.button)
        border = theme.accent if selected else theme.button_border
        draw.rounded_rect(surface, rect, fill, 12, 3 if selected else theme.border_width, border)
        # Four tiles share the card's width: a small icon beside the title, the blurb
        # (and the results) below them across the whole tile.
        won, drawn, lost = self.scene.tally.total(self.game_name)
        # Translators: a game's results on its tile, "3 won · 1 drawn · 2 lost".
        tally = " · ".join(words.format(n=number(n)) for n, words in (
            (won, ngettext("{n} won", "{n} won", won)),
            (drawn, ngettext("{n} drawn", "{n} drawn", drawn)),
            (lost, ngettext("{n} lost", "{n} lost", lost))) if n)
        side = 40
        icon = pygame.Rect(rect.x + 12, rect.y + (10 if tally else 14), side, side)
        draw_game_icon(surface, theme, self.game_name, icon)
        x = icon.right + 10
        title = _(GAMES[self.game_name].title)
        draw.blit_text(surface, title, 22, theme.text, (x, icon.centery), "midleft",
                       max_width=rect.right - x - 8, bold=True, min_size=15)
        room = rect.width - 24
        blurb = _(GAME_BLURBS.get(self.game_name, PLUGIN_BLURB))
        draw.blit_text(surface, blurb, 17, theme.text_dim,
                       (rect.x + 12, icon.bottom + (14 if tally else 18)), "midleft",
                       max_width=room, min_size=13)
        if tally:
            draw.blit_text(surface, tally, 16, theme.text, (rect.x + 12, icon.bottom + 32),
                           "midleft", max_width=room, min_size=12)
        if focused:
            focus_ring(surface, rect, theme, 12)


def draw_game_icon(surface: pygame.Surface, theme: Theme, game_name: str,
                   rect: pygame.Rect) -> None:
    """A tiny picture of the game's board (used on the tiles and the title)."""
    colours = theme.board(game_name)
    if game_name == "connect4":
        draw.rounded_rect(surface, rect, colours.surface, 8)
        n = 4
        cell = rect.width / n
        pattern = {(1, 3): 0, (2, 3): 1, (2, 2): 0, (1, 2): 1, (3, 3): 0, (2, 1): 0}
        for y in range(n):
            for x in range(n):
                c = (rect.x + (x + 0.5) * cell, rect.y + (y + 0.5) * cell)
                side = pattern.get((x, y))
                if side is None:
                    draw.aa_circle(surface, colours.hole, c, int(cell * 0.36))
                else:
                    draw.piece(surface, c, int(cell * 0.36), colours.pieces[side],
                               with_shadow=False, outline=colours.piece_outline)
    elif game_name == "othello":
        draw.rounded_rect(surface, rect, colours.surface, 6)
        n = 4
        cell = rect.width / n
        for i in range(1, n):
            x = round(rect.x + i * cell)
            y = round(rect.y + i * cell)
            pygame.draw.line(surface, colours.line, (x, rect.y + 2), (x, rect.bottom - 3))
            pygame.draw.line(surface, colours.line, (rect.x + 2, y), (rect.right - 3, y))
        for (x, y), side in {(1, 1): 1, (2, 2): 1, (1, 2): 0, (2, 1): 0, (3, 1): 0}.items():
            draw.piece(surface, (rect.x + (x + 0.5) * cell, rect.y + (y + 0.5) * cell),
                       int(cell * 0.4), colours.pieces[side], with_shadow=False,
                       outline=colours.piece_outline)
    elif game_name == "tictactoe":
        draw.rounded_rect(surface, rect, colours.surface, 6)
        cell = rect.width / 3
        for i in (1, 2):
            x, y = round(rect.x + i * cell), round(rect.y + i * cell)
            pygame.draw.line(surface, colours.line, (x, rect.y + 3), (x, rect.bottom - 4), 2)
            pygame.draw.line(surface, colours.line, (rect.x + 3, y), (rect.right - 4, y), 2)
        for (x, y), side in {(1, 1): 0, (0, 0): 1, (2, 0): 0, (2, 2): 1}.items():
            draw_mark(surface, colours.pieces[side], side,
                      (rect.x + (x + 0.5) * cell, rect.y + (y + 0.5) * cell), cell * 0.28)
    else:
        draw.rounded_rect(surface, rect, colours.surface, 6)
        n = 5
        cell = rect.width / (n + 1)
        for i in range(n):
            x = round(rect.x + (i + 1) * cell)
            y = round(rect.y + (i + 1) * cell)
            pygame.draw.line(surface, colours.line, (x, rect.y + cell), (x, rect.bottom - cell))
            pygame.draw.line(surface, colours.line, (rect.x + cell, y), (rect.right - cell, y))
        for (x, y), side in {(1, 3): 0, (2, 2): 0, (3, 1): 0, (2, 3): 1, (3, 2): 1}.items():
            draw.piece(surface, (rect.x + (x + 1) * cell, rect.y + (y + 1) * cell),
                       int(cell * 0.46), colours.pieces[side], with_shadow=False,
                       style="stone", outline=colours.piece_outline)


def draw_mark(surface: pygame.Surface, colour: tuple[int, int, int], side: int,
              centre: tuple[float, float], r: float) -> None:
    """A tic-tac-toe mark: X (side 0) as two strokes, O as a ring, of half-size ``r``."""
    width = max(2, round(r * 0.35))
    cx, cy = centre
    if side == 0:
        for dx in (-r, r):
            draw.thick_line(surface, colour, (cx - dx, cy - r), (cx + dx, cy + r), width)
    else:
        draw.aa_circle(surface, colour, centre, max(2, round(r)), width)
