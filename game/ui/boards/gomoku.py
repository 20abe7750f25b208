"""The Gomoku board: a wooden board, stones on the intersections, star points, coordinates.

Columns are lettered from the left along the bottom edge and rows numbered from the
bottom up the left edge, as the notation writes them (``h8`` is the 15x15 centre).
"""

from __future__ import annotations

import random

import pygame

from game.rules import Cell, Game
from game.ui import draw
from game.ui.boards.base import Animation, BoardOverlay, BoardView
from game.ui.theme import BoardColours, Theme, mix

FORBIDDEN = (190, 22, 32)
"""Renju forbidden-point sign: a deep red that stands out on every theme's wood."""
FORBIDDEN_BACK = (255, 246, 236)
"""The pale disc under the sign."""

MARGIN = 1.25
"""Wood between the outer lines and the board's edge, in cells (room for coordinates)."""


def star_points(size: int) -> list[Cell]:
    """The marked intersections (hoshi) of a ``size`` board.

    >>> sorted(star_points(15))
    [(3, 3), (3, 11), (7, 7), (11, 3), (11, 11)]
    """
    edge = 3 if size >= 13 else 2
    far = size - 1 - edge
    points = [(edge, edge), (edge, far), (far, edge), (far, far)]
    if size % 2:
        mid = size // 2
        points.append((mid, mid))
        if size >= 19:
            points += [(edge, mid), (far, mid), (mid, edge), (mid, far)]
    return points


class StoneAnimation(Animation):
    """A stone being set down: it settles from a little larger and lighter."""

    def __init__(self, cell: Cell, side: int, duration: float) -> None:
        super().__init__(duration)
        self.cell, self.side = cell, side


class GomokuView(BoardView):
    game_name = "gomoku"
    piece_style = "stone"

    def _fit(self, game: Game) -> None:
        n_w, n_h = game.width, game.height
        span_w, span_h = n_w - 1 + 2 * MARGIN, n_h - 1 + 2 * MARGIN
        self.cell = max(6.0, min(self.area.width / span_w, self.area.height / span_h))
        w, h = span_w * self.cell, span_h * self.cell
        left, top = self.area.centerx - w / 2, self.area.centery - h / 2
        self.board_rect = pygame.Rect(round(left), round(top), round(w), round(h))
        self.origin = (left + MARGIN * self.cell, top + MARGIN * self.cell)

    @property
    def radius(self) -> int:
        return max(2, int(self.cell * 0.46))

    def animate_piece(self, game: Game, cell: Cell, side: int, factor: float) -> None:
        self.animations = [StoneAnimation(cell, side, 0.18 * factor)]

    def hidden_cells(self) -> set[Cell]:
        return {a.cell for a in self.animations}

    def draw_animation(self, surface: pygame.Surface, game: Game, colours: BoardColours,
                       animation: Animation) -> None:
        if isinstance(animation, StoneAnimation):
            t = animation.progress
            self.draw_piece(surface, colours, animation.side, self.cell_center(animation.cell),
                            scale=1.0 + 0.18 * (1 - t) ** 2)

    def _wood(self, colours: BoardColours) -> pygame.Surface:
        """The board's wood with a faint grain (cached by size and colour)."""
        size = self.board_rect.size

        def make() -> pygame.Surface:
            image = draw.vertical_gradient(size, mix(colours.surface, (255, 255, 255), 0.1),
                                           colours.surface_dark).copy()
            if colours.surface != colours.surface_dark:  # not in high contrast
                rng = random.Random(7)
                grain = pygame.Surface(size, pygame.SRCALPHA)
                for _ in range(size[1] // 5):
                    y = rng.uniform(0, size[1])
                    amp = rng.uniform(1, 4)
                    shade = (*mix(colours.surface_dark, (90, 50, 20), 0.4), rng.randint(12, 30))
                    points = [(x, y + amp * ((x * 0.013 + y) % 3 - 1.5) * 0.6)
                              for x in range(0, size[0] + 40, 40)]
                    if len(points) > 1:
                        pygame.draw.lines(grain, shade, False, points, rng.choice((1, 1, 2)))
                image.blit(grain, (0, 0))
            return image

        return draw._shapes.get(("wood", size, colours), make)

    def draw_surface(self, surface: pygame.Surface, game: Game, theme: Theme,
                     colours: BoardColours) -> None:
        rect = self.board_rect
        radius = max(4, round(self.cell * 0.3))
        draw.shadow(surface, rect, radius, theme.shadow_alpha, blur=14, offset=(0, 8))
        surface.blit(draw.rounded(self._wood(colours), radius), rect)
        pygame.draw.rect(surface, colours.frame, rect, 2 if theme.name == "high-contrast" else 1,
                         border_radius=radius)
        x0, y0 = self.origin
        x1 = x0 + (self.columns - 1) * self.cell
        y1 = y0 + (self.rows - 1) * self.cell
        line_w = 1 if self.cell < 34 else 2
        if theme.name == "high-contrast":
            line_w += 1
        for i in range(self.columns):
            x = round(x0 + i * self.cell)
            pygame.draw.line(surface, colours.line, (x, round(y0)), (x, round(y1)), line_w)
        for j in range(self.rows):
            y = round(y0 + j * self.cell)
            pygame.draw.line(surface, colours.line, (round(x0), y), (round(x1), y), line_w)
        pygame.draw.rect(surface, colours.line,
                         pygame.Rect(round(x0) - 1, round(y0) - 1, round(x1 - x0) + 3,
                                     round(y1 - y0) + 3), line_w + 1)
        dot = max(2, round(self.cell * 0.1))
        for cell in star_points(self.columns):
            draw.aa_circle(surface, colours.line, self.cell_center(cell), dot)
        label_colour = colours.line if theme.name != "high-contrast" else (0, 0, 0)
        labels = BoardColours(**{**colours.__dict__, "label": label_colour})
        gap = MARGIN * self.cell * 0.55
        self.draw_labels(surface, game, labels, bottom=y1 + gap, left=x0 - gap)

    def draw_markers(self, surface: pygame.Surface, game: Game, theme: Theme,
                     colours: BoardColours, overlay: BoardOverlay) -> None:
        """Renju: a "no entry" sign on each of Black's forbidden points (other empty
        intersections are all legal, so they get no marker)."""
        for cell in overlay.forbidden:
            self.draw_forbidden(surface, theme, self.cell_center(cell))

    def draw_forbidden(self, surface: pygame.Surface, theme: Theme,
                       centre: tuple[float, float]) -> None:
        """A red ring with a slash over a pale disc: it hides the grid lines under it,
        so it reads on the light and the dark wood and in high contrast alike."""
        r = max(4, round(self.cell * 0.3))
        width = max(2, round(self.cell * 0.08))
        x, y = round(centre[0]), round(centre[1])
        draw.aa_circle(surface, FORBIDDEN_BACK, (x, y), r + 1)
        pygame.draw.circle(surface, FORBIDDEN, (x, y), r, width)
        if theme.name == "high-contrast":
            pygame.draw.circle(surface, (0, 0, 0), (x, y), r + 1, 1)
        d = round((r - width / 2) * 0.7071)
        pygame.draw.line(surface, FORBIDDEN, (x - d, y - d), (x + d, y + d), width + 1)
