"""The tic-tac-toe board: a sheet with the four lines of the grid, X and O drawn as marks."""

from __future__ import annotations

import pygame

from game.rules import Cell, Game
from game.ui import draw
from game.ui.boards.base import (
    Animation,
    BoardView,
    column_labels,
    row_labels,
    winning_runs,
)
from game.ui.theme import BoardColours, Theme, mix, visible_on

RIM = 0.45
"""Width of the margin around the grid (it carries a–c and 1–3), in cells."""



def draw_mark(surface: pygame.Surface, colour: tuple[int, int, int], side: int,
              centre: tuple[float, float], r: int, width: int, *, alpha: int = 255) -> None:
    """X (side 0) as two crossed strokes, O as a ring, ``r`` from ``centre`` (the board
    and the panel's player card draw the same marks)."""
    cx, cy = centre
    if side == 0:
        for dx in (-r, r):
            draw.thick_line(surface, colour, (cx - dx, cy - r), (cx + dx, cy + r), width,
                            alpha=alpha)
    else:
        draw.aa_circle(surface, colour, centre, r, width, alpha=alpha)

class DrawAnimation(Animation):
    """A mark being written: it grows from the centre of its cell."""

    def __init__(self, cell: Cell, side: int, duration: float) -> None:
        super().__init__(duration)
        self.cell, self.side = cell, side


class TicTacToeView(BoardView):
    game_name = "tictactoe"

    def _fit(self, game: Game) -> None:
        n = game.width
        c = min(self.area.width, self.area.height) / (n + 2 * RIM)
        self.cell = max(8.0, c)
        w = (n + 2 * RIM) * self.cell
        left, top = self.area.centerx - w / 2, self.area.centery - w / 2
        self.board_rect = pygame.Rect(round(left), round(top), round(w), round(w))
        self.origin = (left + (RIM + 0.5) * self.cell, top + (RIM + 0.5) * self.cell)

    def animate_piece(self, game: Game, cell: Cell, side: int, factor: float) -> None:
        self.animations = [DrawAnimation(cell, side, 0.18 * factor)]

    def hidden_cells(self) -> set[Cell]:
        return {a.cell for a in self.animations}

    def draw_animation(self, surface: pygame.Surface, game: Game, colours: BoardColours,
                       animation: Animation) -> None:
        assert isinstance(animation, DrawAnimation)
        scale = 0.3 + 0.7 * animation.progress
        self.draw_piece(surface, colours, animation.side, self.cell_center(animation.cell),
                        scale=scale)

    def draw_surface(self, surface: pygame.Surface, game: Game, theme: Theme,
                     colours: BoardColours) -> None:
        rect = self.board_rect
        radius = max(6, round(self.cell * 0.08))
        draw.shadow(surface, rect, radius, theme.shadow_alpha, blur=14, offset=(0, 8))
        frame = draw.vertical_gradient(rect.size, mix(colours.frame, (255, 255, 255), 0.1),
                                       colours.frame)
        surface.blit(draw.rounded(frame, radius), rect)
        inner = rect.inflate(-round(RIM * self.cell * 0.9), -round(RIM * self.cell * 0.9))
        sheet = draw.vertical_gradient(inner.size, colours.surface, colours.surface_dark)
        surface.blit(draw.rounded(sheet, radius), inner)
        width = max(3, round(self.cell * 0.05)) + (theme.name == "high-contrast")
        x0, y0 = self.origin[0] - self.cell / 2, self.origin[1] - self.cell / 2
        span = game.width * self.cell
        for i in (1, 2):  # the four lines of the grid, not a box around it
            x, y = x0 + i * self.cell, y0 + i * self.cell
            draw.thick_line(surface, colours.line, (x, y0 + 6), (x, y0 + span - 6), width)
            draw.thick_line(surface, colours.line, (x0 + 6, y), (x0 + span - 6, y), width)
        rim_mid = RIM * self.cell * 0.24
        self.draw_labels(surface, game, colours, top=rect.top + rim_mid,
                         left=rect.left + rim_mid)

    def draw_labels(self, surface: pygame.Surface, game: Game, colours: BoardColours,
                    **edges: float | None) -> None:
        size = max(13, min(20, int(self.cell * 0.16)))
        top, left = edges.get("top"), edges.get("left")
        for x, text in enumerate(column_labels(game)):
            if top is not None:
                draw.blit_text(surface, text, size, colours.label,
                               (self.cell_center((x, 0))[0], top), "center")
        for y, text in enumerate(row_labels(game)):
            if left is not None:
                draw.blit_text(surface, text, size, colours.label,
                               (left, self.cell_center((0, y))[1]), "center")

    def draw_piece(self, surface: pygame.Surface, colours: BoardColours, side: int,
                   centre: tuple[float, float], *, alpha: int = 255, squash: float = 1.0,
                   scale: float = 1.0) -> None:
        """X as two crossed strokes, O as a ring, in the side's ink."""
        draw_mark(surface, self.piece_colour(colours, side), side, centre,
                  max(3, round(self.cell * 0.3 * scale)),
                  max(3, round(self.cell * 0.09 * scale)), alpha=alpha)

    def draw_last_move(self, surface: pygame.Surface, game: Game, theme: Theme,
                       colours: BoardColours) -> None:
        """A small dot under the last mark's cell corner: the mark itself stays clean."""
        cell = game.last_cell()
        if cell is None or cell in self.hidden_cells():
            return
        cx, cy = self.cell_center(cell)
        dot = visible_on(theme.last_move, colours.surface, 3.0)
        draw.aa_circle(surface, dot, (cx + self.cell * 0.38, cy + self.cell * 0.38),
                       max(3, round(self.cell * 0.04)))

    def draw_winning_line(self, surface: pygame.Surface, game: Game, theme: Theme) -> None:
        cells = game.winning_line()
        if not cells or self.animating:
            return
        colours = theme.board(self.game_name)
        colour = visible_on(theme.accent, colours.surface, 3.0)
        for start, end in winning_runs(cells):
            draw.thick_line(surface, colour, self.cell_center(start), self.cell_center(end),
                            max(4, int(self.cell * 0.06)), alpha=200)
