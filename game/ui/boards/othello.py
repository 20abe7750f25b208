"""The Othello board: green felt in a dark rim carrying a–h and 1–8, discs that flip."""

from __future__ import annotations

import math

import pygame

from game.rules import Cell, Game
from game.ui import draw
from game.ui.boards.base import Animation, BoardView
from game.ui.theme import BoardColours, Theme, mix

RIM = 0.6
"""Width of the rim around the squares, in cells."""


class PlaceAnimation(Animation):
    """A disc set down: it shrinks from slightly above the board onto its square."""

    def __init__(self, cell: Cell, side: int, duration: float) -> None:
        super().__init__(duration)
        self.cell, self.side = cell, side


class FlipAnimation(Animation):
    """A disc turning over: seen edge-on half way, its colour changes there."""

    def __init__(self, cell: Cell, old: int, new: int, duration: float, delay: float) -> None:
        super().__init__(duration, delay)
        self.cell, self.old, self.new = cell, old, new


class OthelloView(BoardView):
    game_name = "othello"

    def _fit(self, game: Game) -> None:
        n_w, n_h = game.width, game.height
        c = min(self.area.width / (n_w + 2 * RIM), self.area.height / (n_h + 2 * RIM))
        self.cell = max(8.0, c)
        w, h = (n_w + 2 * RIM) * self.cell, (n_h + 2 * RIM) * self.cell
        left, top = self.area.centerx - w / 2, self.area.centery - h / 2
        self.board_rect = pygame.Rect(round(left), round(top), round(w), round(h))
        self.origin = (left + (RIM + 0.5) * self.cell, top + (RIM + 0.5) * self.cell)

    @property
    def squares_rect(self) -> pygame.Rect:
        x0 = self.origin[0] - self.cell / 2
        y0 = self.origin[1] - self.cell / 2
        return pygame.Rect(round(x0), round(y0), round(self.columns * self.cell),
                           round(self.rows * self.cell))

    def animate_piece(self, game: Game, cell: Cell, side: int, factor: float) -> None:
        flipped = game.flipped_by_last_move() if hasattr(game, "flipped_by_last_move") else []
        self.animations = [PlaceAnimation(cell, side, 0.16 * factor)]
        for fx, fy in flipped:
            distance = max(abs(fx - cell[0]), abs(fy - cell[1]))
            self.animations.append(FlipAnimation((fx, fy), 1 - side, side, 0.3 * factor,
                                                 (0.08 + 0.06 * (distance - 1)) * factor))

    def hidden_cells(self) -> set[Cell]:
        return {a.cell for a in self.animations}

    def draw_animation(self, surface: pygame.Surface, game: Game, colours: BoardColours,
                       animation: Animation) -> None:
        if isinstance(animation, PlaceAnimation):
            t = animation.progress
            scale = 1.0 + 0.25 * (1 - t) ** 2
            self.draw_piece(surface, colours, animation.side, self.cell_center(animation.cell),
                            scale=scale)
        elif isinstance(animation, FlipAnimation):
            t = animation.progress
            side = animation.old if t < 0.5 else animation.new
            squash = max(0.06, abs(math.cos(math.pi * t)))
            lift = math.sin(math.pi * t) * 0.12
            self.draw_piece(surface, colours, side, self.cell_center(animation.cell),
                            squash=squash, scale=1.0 + lift)

    def draw_surface(self, surface: pygame.Surface, game: Game, theme: Theme,
                     colours: BoardColours) -> None:
        rect = self.board_rect
        radius = max(6, round(self.cell * 0.18))
        draw.shadow(surface, rect, radius, theme.shadow_alpha, blur=14, offset=(0, 8))
        rim = draw.vertical_gradient(rect.size, mix(colours.frame, (255, 255, 255), 0.12),
                                     mix(colours.frame, (0, 0, 0), 0.15))
        surface.blit(draw.rounded(rim, radius), rect)
        if theme.name == "high-contrast":
            pygame.draw.rect(surface, (255, 255, 255), rect, 2, border_radius=radius)
        squares = self.squares_rect
        felt = draw.vertical_gradient(squares.size, colours.surface, colours.surface_dark)
        surface.blit(felt, squares)
        line_w = 2 if self.cell >= 40 else 1
        if theme.name == "high-contrast":
            line_w += 1
        for i in range(self.columns + 1):
            x = round(squares.x + i * self.cell)
            pygame.draw.line(surface, colours.line, (x, squares.top), (x, squares.bottom), line_w)
        for j in range(self.rows + 1):
            y = round(squares.y + j * self.cell)
            pygame.draw.line(surface, colours.line, (squares.left, y), (squares.right, y), line_w)
        if self.columns == 8 and self.rows == 8:
            dot = max(3, round(self.cell * 0.07))
            for i in (2, 6):
                for j in (2, 6):
                    draw.aa_circle(surface, colours.line,
                                   (squares.x + i * self.cell, squares.y + j * self.cell), dot)
        rim_mid = RIM * self.cell / 2
        self.draw_labels(surface, game, colours, top=rect.top + rim_mid,
                         left=rect.left + rim_mid)
