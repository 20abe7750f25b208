"""The Connect-4 board: a blue frame with holes, discs falling behind it.

Geometry, top to bottom: a strip one cell high where the disc about to be dropped
hovers over its column, the frame, then the column numbers. A click anywhere in a
column (strip or frame) means that column.
"""

from __future__ import annotations

import pygame

from game.rules import Cell, Game
from game.ui import draw
from game.ui.boards.base import Animation, BoardOverlay, BoardView
from game.ui.theme import BoardColours, Theme, mix

PAD = 0.25
"""Frame border around the holes, in cells."""
LABELS = 0.75
"""Height of the column-number band under the frame, in cells."""


class DropAnimation(Animation):
    """A disc falling from the hover strip into its cell, with a small bounce."""

    def __init__(self, cell: Cell, side: int, duration: float) -> None:
        super().__init__(duration)
        self.cell, self.side = cell, side

    def row(self) -> float:
        """Where the disc is now, in rows (-1 is the hover strip)."""
        t = self.progress
        fall = self.cell[1] + 1
        impact = 0.82
        if t < impact:
            return -1 + fall * (t / impact) ** 2
        u = (t - impact) / (1 - impact)  # a short bounce after the impact
        return self.cell[1] - 0.12 * min(1.0, fall / 3) * 4 * u * (1 - u)


class Connect4View(BoardView):
    game_name = "connect4"

    def _fit(self, game: Game) -> None:
        w, h = game.width, game.height
        area = self.area
        c = min(area.width / (w + 2 * PAD), area.height / (h + 1 + 2 * PAD + LABELS))
        self.cell = max(8.0, c)
        total_h = (h + 1 + 2 * PAD + LABELS) * self.cell
        frame_w = (w + 2 * PAD) * self.cell
        frame_h = (h + 2 * PAD) * self.cell
        left = area.centerx - frame_w / 2
        top = area.centery - total_h / 2 + self.cell  # below the hover strip
        self.board_rect = pygame.Rect(round(left), round(top), round(frame_w), round(frame_h))
        self.origin = (left + (PAD + 0.5) * self.cell, top + (PAD + 0.5) * self.cell)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The column under ``pos`` (anywhere from the hover strip to the frame's foot)."""
        fx = (pos[0] - self.origin[0]) / self.cell
        x = round(fx)
        top = self.board_rect.top - self.cell
        if not (0 <= x < self.columns and abs(fx - x) <= 0.5
                and top <= pos[1] <= self.board_rect.bottom):
            return None
        y = round((pos[1] - self.origin[1]) / self.cell)
        return (x, min(self.rows - 1, max(0, y)))

    @property
    def radius(self) -> int:
        return max(2, int(self.cell * 0.4))

    def animate_piece(self, game: Game, cell: Cell, side: int, factor: float) -> None:
        duration = (0.16 + 0.045 * (cell[1] + 1)) * factor
        self.animations = [DropAnimation(cell, side, duration)]

    def hidden_cells(self) -> set[Cell]:
        return {a.cell for a in self.animations if isinstance(a, DropAnimation)}

    def draw_animation(self, surface: pygame.Surface, game: Game, colours: BoardColours,
                       animation: Animation) -> None:
        if isinstance(animation, DropAnimation):
            x = self.cell_center(animation.cell)[0]
            y = self.origin[1] + animation.row() * self.cell
            self.draw_piece(surface, colours, animation.side, (x, y))

    def draw_surface(self, surface: pygame.Surface, game: Game, theme: Theme,
                     colours: BoardColours) -> None:
        rect = self.board_rect
        radius = max(6, round(self.cell * 0.28))
        draw.shadow(surface, rect, radius, theme.shadow_alpha, blur=14, offset=(0, 8))
        # What shows through the empty holes.
        back = rect.inflate(-round(self.cell * 0.1), -round(self.cell * 0.1))
        draw.rounded_rect(surface, back, colours.hole, radius)

    def draw_markers(self, surface: pygame.Surface, game: Game, theme: Theme,
                     colours: BoardColours, overlay: BoardOverlay) -> None:
        return  # every column top is legal; markers would only clutter

    def _frame(self, colours: BoardColours, theme_name: str) -> pygame.Surface:
        """The frame with transparent holes (supersampled; cached by size and colours)."""
        key = ("c4frame", self.board_rect.size, self.columns, self.rows, round(self.cell, 3),
               colours, theme_name)

        def make() -> pygame.Surface:
            s = 2
            w, h = self.board_rect.width * s, self.board_rect.height * s
            image = pygame.Surface((w, h), pygame.SRCALPHA)
            grad = draw.vertical_gradient((w, h), mix(colours.surface, (255, 255, 255), 0.08),
                                          colours.surface_dark)
            mask = pygame.Surface((w, h), pygame.SRCALPHA)
            radius = max(6, round(self.cell * 0.28)) * s
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
            image.blit(grad, (0, 0))
            image.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            hole_r = round(self.cell * 0.45 * s)
            ring = max(2, round(self.cell * 0.05 * s))
            bevel = colours.line if theme_name == "high-contrast" else mix(colours.surface_dark,
                                                                           (0, 0, 0), 0.25)
            ox = (PAD + 0.5) * self.cell * s
            oy = (PAD + 0.5) * self.cell * s
            for y in range(self.rows):
                for x in range(self.columns):
                    centre = (round(ox + x * self.cell * s), round(oy + y * self.cell * s))
                    pygame.draw.circle(image, mix(colours.surface, (255, 255, 255), 0.18),
                                       (centre[0], centre[1] + ring // 2), hole_r + ring)
                    pygame.draw.circle(image, bevel, centre, hole_r + ring)
                    pygame.draw.circle(image, (0, 0, 0, 0), centre, hole_r)
            if theme_name == "high-contrast":
                pygame.draw.rect(image, colours.frame, image.get_rect(), 2 * s,
                                 border_radius=radius)
            return pygame.transform.smoothscale(image, self.board_rect.size)

        return draw._shapes.get(key, make)

    def draw_after_pieces(self, surface: pygame.Surface, game: Game, theme: Theme,
                          colours: BoardColours, overlay: BoardOverlay) -> None:
        surface.blit(self._frame(colours, theme.name), self.board_rect)
        self.draw_labels(surface, game, colours,
                         bottom=self.board_rect.bottom + LABELS * self.cell / 2 + 2)

    def draw_ghost(self, surface: pygame.Surface, game: Game, theme: Theme,
                   colours: BoardColours, cell: Cell, side: int) -> None:
        x = self.cell_center(cell)[0]
        self.draw_piece(surface, colours, side, (x, self.origin[1] - self.cell - PAD * self.cell))
        landing = game.move_cell(cell[0])
        if landing is not None:
            draw.aa_circle(surface, self.piece_colour(colours, side), self.cell_center(landing),
                           self.radius, max(2, int(self.cell * 0.06)), alpha=160)

    def draw_cursor(self, surface: pygame.Surface, theme: Theme, cell: Cell) -> None:
        x = self.cell_center(cell)[0]
        half = self.cell / 2 - 1
        rect = pygame.Rect(round(x - half), self.board_rect.top + 3, round(2 * half),
                           self.board_rect.height - 6)
        pygame.draw.rect(surface, theme.focus, rect, 3, border_radius=round(self.cell / 2))

    def strip_center(self, column: int) -> tuple[float, float]:
        """Where the disc waiting over ``column`` hovers."""
        return (self.cell_center((column, 0))[0], self.origin[1] - self.cell - PAD * self.cell)
