"""What every board view shares: geometry (pixels <-> cells), overlays and animations.

A board view draws one game's position into a rectangle it is given by ``layout``.
It maps a pixel to a cell (``cell_at``) and back (``cell_center``), and the game maps
a cell to a move (``Game.move_at``), so the play scene never does geometry itself.

What the play scene wants shown on top of the position (a ghost piece under the mouse,
the keyboard cursor, a hint, legal-move markers, the search's root scores) arrives in a
``BoardOverlay``; the view's own state is only its geometry and its running animations,
advanced by ``update(dt)``.
"""

from __future__ import annotations

import dataclasses
import math

import pygame

from game.rules import PASS, Cell, Game, Move
from game.ui import draw
from game.ui.theme import BoardColours, Theme, marker_colour, readable_on, visible_on

READABLE_SIZE = 16
"""The smallest font size a score label on the board is drawn at."""

LABELLED_WHEN_CROWDED = 3
"""How many of the best moves keep a label when the board is too fine for all of them."""

ANIMATION_FACTORS = {"off": 0.0, "slow": 1.7, "normal": 1.0, "fast": 0.5}
"""Animation durations are multiplied by this per ``Settings.animation_speed``."""


@dataclasses.dataclass
class BoardOverlay:
    """What the play scene asks the view to show besides the pieces.

    Attributes:
        ghost: ``(cell, side)`` of a translucent piece (the mouse's or the cursor's cell).
        cursor: the keyboard cursor's cell, when the keyboard is in use.
        hint: the cell of a suggested move.
        legal: cells to mark as legal moves (Othello markers).
        scores: short texts per cell (the search's root move scores).
        preview: a line to show: ``(cell, side, number)`` translucent numbered pieces.
        forbidden: renju, Black to move: Black's forbidden points and their kinds.
        opening: the stones placed in a swap / swap2 opening, ``(cell, side, number)``:
            each is numbered on the board, so the opening reads as such.
        mover: the side whose piece a ghost shows.
        time: seconds since start, for pulsing effects.
    """

    ghost: tuple[Cell, int] | None = None
    cursor: Cell | None = None
    hint: Cell | None = None
    legal: list[Cell] = dataclasses.field(default_factory=list)
    scores: dict[Cell, str] = dataclasses.field(default_factory=dict)
    preview: list[tuple[Cell, int, int]] = dataclasses.field(default_factory=list)
    forbidden: dict[Cell, str] = dataclasses.field(default_factory=dict)
    opening: list[tuple[Cell, int, int]] = dataclasses.field(default_factory=list)
    mover: int = 0
    time: float = 0.0


class Animation:
    """A piece animation: hides cells it draws itself until it is done."""

    cell: Cell
    """The cell it draws (every subclass sets it: the board leaves it to the animation)."""

    def __init__(self, duration: float, delay: float = 0.0) -> None:
        self.duration = max(1e-6, duration)
        self.elapsed = -delay

    @property
    def progress(self) -> float:
        return min(1.0, max(0.0, self.elapsed / self.duration))

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> None:
        self.elapsed += dt


def column_labels(game: Game) -> list[str]:
    """Column coordinates in the game's own notation (``a b c`` or ``1 2 3``)."""
    labels = []
    for x in range(game.width):
        move = game.move_at(x, game.height - 1)
        name = game.move_name(move) if move is not None else ""
        letters = "".join(ch for ch in name if ch.isalpha())
        labels.append(letters or name)
    return labels


def row_labels(game: Game) -> list[str]:
    """Row coordinates from the top in the game's notation (``""`` where it has none)."""
    labels = []
    for y in range(game.height):
        move = game.move_at(0, y)
        name = game.move_name(move) if move is not None else ""
        labels.append("".join(ch for ch in name if ch.isdigit()))
    return labels


def winning_runs(cells: list[Cell]) -> list[tuple[Cell, Cell]]:
    """The end points of each straight run of 3+ cells in ``cells`` (the winning lines).

    >>> winning_runs([(0, 0), (1, 1), (2, 2), (3, 3)])
    [((0, 0), (3, 3))]
    """
    cellset = set(cells)
    runs = []
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for (x, y) in sorted(cellset):
            if (x - dx, y - dy) in cellset:
                continue  # not the start of a run
            n = 1
            while (x + n * dx, y + n * dy) in cellset:
                n += 1
            if n >= 3:
                runs.append(((x, y), (x + (n - 1) * dx, y + (n - 1) * dy)))
    return runs



def move_numbers(game: Game) -> list[tuple[Cell, int, int]]:
    """Every piece on the board with the number of the move that placed it, as
    ``(cell, side whose piece it is now, number)`` (an Othello disc keeps the number of
    its square's move through its flips); numbers count from the game's first move."""
    start = game.ply - len(game.move_stack)
    probe = game.copy()
    placed: dict[Cell, int] = {}
    moves = []
    while probe.move_stack:
        moves.append(probe.pop())
    for number, move in enumerate(reversed(moves), start=start + 1):
        probe.push(move)
        cell = probe.last_cell() if move != PASS else None
        if cell is not None:
            placed[cell] = number
    return [(cell, side, number) for cell, number in placed.items()
            if (side := game.piece_at(*cell)) is not None]

class BoardView:
    """Base of the three board views; subclasses set the geometry and the surface."""

    game_name = ""
    piece_style = "disc"

    def __init__(self) -> None:
        self.area = pygame.Rect(0, 0, 0, 0)
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        """The drawn board (frame included)."""
        self.cell = 10.0
        """Distance between neighbouring cells' centres, in pixels."""
        self.origin = (0.0, 0.0)
        """Centre of cell (0, 0)."""
        self.columns = self.rows = 1
        self.animations: list[Animation] = []

    # --- geometry -----------------------------------------------------------------

    def layout(self, area: pygame.Rect, game: Game) -> None:
        """Fit the board of ``game`` into ``area`` (called on resize and new games)."""
        self.area = pygame.Rect(area)
        self.columns, self.rows = game.width, game.height
        self._fit(game)

    def _fit(self, game: Game) -> None:
        raise NotImplementedError

    def click(self, game: Game, cell: Cell) -> Move | None:
        """The move a person's click (or Enter on the cursor) on ``cell`` plays, or
        ``None``; a view whose moves take two clicks keeps the first (``GenericView``)."""
        return game.move_at(*cell)

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        """The pixel centre of ``cell``."""
        return (self.origin[0] + cell[0] * self.cell, self.origin[1] + cell[1] * self.cell)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The cell under pixel ``pos``, or ``None`` off the board."""
        fx = (pos[0] - self.origin[0]) / self.cell
        fy = (pos[1] - self.origin[1]) / self.cell
        x, y = round(fx), round(fy)
        if 0 <= x < self.columns and 0 <= y < self.rows and abs(fx - x) <= 0.5 \
                and abs(fy - y) <= 0.5:
            return (x, y)
        return None

    @property
    def radius(self) -> int:
        """A piece's radius."""
        return max(2, int(self.cell * 0.42))

    # --- animations -----------------------------------------------------------------

    def animate_move(self, game: Game, factor: float) -> None:
        """Start the animation of the move just pushed (``factor`` 0 = none).

        Nothing to animate for a pass, an empty history or animation switched off;
        otherwise the board's ``animate_piece`` says how the new piece arrives.
        """
        cell = game.last_cell()
        if factor <= 0 or cell is None:
            return
        side = game.piece_at(*cell)
        if side is not None:
            self.animate_piece(game, cell, side, factor)

    def animate_piece(self, game: Game, cell: Cell, side: int, factor: float) -> None:
        """Animate ``side``'s piece arriving on ``cell``, ``factor`` times the normal
        duration (default: no animation)."""

    def clear_animations(self) -> None:
        self.animations.clear()

    @property
    def animating(self) -> bool:
        return bool(self.animations)

    def update(self, dt: float) -> None:
        for animation in self.animations:
            animation.update(dt)
        self.animations = [a for a in self.animations if not a.done]

    def hidden_cells(self) -> set[Cell]:
        """Cells whose piece an animation draws instead of the plain board."""
        return set()

    # --- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, game: Game, theme: Theme,
             overlay: BoardOverlay, *, with_surface: bool = True) -> None:
        """Draw the board; ``with_surface=False`` when ``draw_static`` is already underneath."""
        colours = theme.board(self.game_name)
        if with_surface:
            self.draw_surface(surface, game, theme, colours)
        self.draw_markers(surface, game, theme, colours, overlay)
        self.draw_pieces(surface, game, theme, colours)
        self.draw_after_pieces(surface, game, theme, colours, overlay)
        self.draw_last_move(surface, game, theme, colours)
        self.draw_winning_line(surface, game, theme)
        self.draw_overlay(surface, game, theme, colours, overlay)

    def draw_static(self, surface: pygame.Surface, game: Game, theme: Theme) -> None:
        """The parts that change only with the size, the variant or the theme (cacheable)."""
        self.draw_surface(surface, game, theme, theme.board(self.game_name))

    def draw_surface(self, surface: pygame.Surface, game: Game, theme: Theme,
                     colours: BoardColours) -> None:
        raise NotImplementedError

    def draw_markers(self, surface: pygame.Surface, game: Game, theme: Theme,
                     colours: BoardColours, overlay: BoardOverlay) -> None:
        """Legal-move markers: a ring the size of half a disc in the mover's colour around a
        faint disc of that colour, centred in the square. It reads as "your disc can go
        here" and not as a star point (a small solid dot where grid lines cross)."""
        colour = colours.pieces[overlay.mover]
        # The ring must stand out from the felt (a black ring on green did not, at the
        # smallest window): the piece's colour pushed to black or white where needed.
        edge = marker_colour(colour, colours.surface)
        r = max(5, round(self.radius * 0.5))
        ring = max(3, round(self.cell * 0.065))
        for cell in overlay.legal:
            centre = self.cell_center(cell)
            draw.aa_circle(surface, colour, centre, r, alpha=70)
            draw.aa_circle(surface, edge, centre, r, ring)

    def piece_colour(self, colours: BoardColours, side: int) -> tuple[int, int, int]:
        return colours.pieces[side]

    def draw_piece(self, surface: pygame.Surface, colours: BoardColours, side: int,
                   centre: tuple[float, float], *, alpha: int = 255, squash: float = 1.0,
                   scale: float = 1.0) -> None:
        draw.piece(surface, centre, max(2, round(self.radius * scale)),
                   self.piece_colour(colours, side), outline=colours.piece_outline,
                   style=self.piece_style, alpha=alpha, squash=squash,
                   with_shadow=alpha == 255)

    def draw_pieces(self, surface: pygame.Surface, game: Game, theme: Theme,
                    colours: BoardColours) -> None:
        hidden = self.hidden_cells()
        for y in range(game.height):
            for x in range(game.width):
                side = game.piece_at(x, y)
                if side is not None and (x, y) not in hidden:
                    self.draw_piece(surface, colours, side, self.cell_center((x, y)))
        for animation in self.animations:
            self.draw_animation(surface, game, colours, animation)

    def draw_animation(self, surface: pygame.Surface, game: Game, colours: BoardColours,
                       animation: Animation) -> None:
        """Draw one running animation (subclasses)."""

    def draw_after_pieces(self, surface: pygame.Surface, game: Game, theme: Theme,
                          colours: BoardColours, overlay: BoardOverlay) -> None:
        """Anything drawn above the pieces but below markers (Connect-4's frame)."""

    def draw_last_move(self, surface: pygame.Surface, game: Game, theme: Theme,
                       colours: BoardColours) -> None:
        cell = game.last_cell()
        if cell is None or cell in self.hidden_cells():
            return
        side = game.piece_at(*cell)
        if side is None:
            return
        centre = self.cell_center(cell)
        base = self.piece_colour(colours, side)
        colour = theme.last_move if theme.name != "classic" or side == 1 else (236, 80, 70)
        if self.game_name == "connect4":
            colour = readable_on(base)
            draw.aa_circle(surface, colour, centre, max(3, int(self.radius * 0.3)), 2, alpha=200)
        else:
            draw.aa_circle(surface, colour, centre, max(3, int(self.radius * 0.2)))

    def draw_winning_line(self, surface: pygame.Surface, game: Game, theme: Theme) -> None:
        cells = game.winning_line()
        if not cells or self.animating:
            return
        for start, end in winning_runs(cells):
            draw.thick_line(surface, theme.highlight, self.cell_center(start),
                            self.cell_center(end), max(4, int(self.cell * 0.14)), alpha=170)
        for cell in cells:
            draw.aa_circle(surface, theme.highlight, self.cell_center(cell),
                           self.radius + 2, max(2, int(self.cell * 0.06)))

    def draw_overlay(self, surface: pygame.Surface, game: Game, theme: Theme,
                     colours: BoardColours, overlay: BoardOverlay) -> None:
        if overlay.ghost is not None:
            self.draw_ghost(surface, game, theme, colours, *overlay.ghost)
        if overlay.hint is not None:
            pulse = 0.5 + 0.5 * math.sin(overlay.time * 5)
            centre = self.cell_center(overlay.hint)
            draw.aa_circle(surface, theme.highlight, centre, self.radius + 1 + round(3 * pulse),
                           max(3, int(self.cell * 0.07)), alpha=230)
            draw.aa_circle(surface, theme.accent, centre, self.radius - 2,
                           max(2, int(self.cell * 0.05)), alpha=230)
        if overlay.cursor is not None:
            self.draw_cursor(surface, theme, overlay.cursor)
        if overlay.scores:
            self.draw_scores(surface, theme, overlay.scores, colours)
        if overlay.opening:
            self.draw_numbers(surface, colours, overlay.opening)
        if overlay.preview:
            self.draw_preview(surface, colours, overlay.preview)

    def draw_preview(self, surface: pygame.Surface, colours: BoardColours,
                     line: list[tuple[Cell, int, int]]) -> None:
        """A line of moves as translucent pieces numbered in playing order (a cell
        played twice, as Othello never does and Connect-4 cannot, shows the last)."""
        size = max(13, min(28, int(self.cell * 0.5)))
        for cell, side, number in line:
            centre = self.cell_center(cell)
            base = self.piece_colour(colours, side)
            self.draw_piece(surface, colours, side, centre, alpha=170)
            text = str(number)
            fitted = draw.fit_size(text, size, int(self.radius * 1.6), 9)
            draw.blit_text(surface, text, fitted, readable_on(base), centre, "center",
                           bold=True)

    def draw_numbers(self, surface: pygame.Surface, colours: BoardColours,
                     stones: list[tuple[Cell, int, int]]) -> None:
        """Numbers on pieces already on the board (the stones of a swap opening)."""
        size = max(13, min(28, int(self.cell * 0.5)))
        for cell, side, number in stones:
            base = self.piece_colour(colours, side)
            text = str(number)
            fitted = draw.fit_size(text, size, int(self.radius * 1.6), 9)
            draw.blit_text(surface, text, fitted, readable_on(base), self.cell_center(cell),
                           "center", bold=True)

    def draw_ghost(self, surface: pygame.Surface, game: Game, theme: Theme,
                   colours: BoardColours, cell: Cell, side: int) -> None:
        self.draw_piece(surface, colours, side, self.cell_center(cell), alpha=120)

    def draw_cursor(self, surface: pygame.Surface, theme: Theme, cell: Cell) -> None:
        cx, cy = self.cell_center(cell)
        half = self.cell / 2 - 2
        rect = pygame.Rect(round(cx - half), round(cy - half), round(2 * half), round(2 * half))
        pygame.draw.rect(surface, theme.focus, rect, 3, border_radius=max(3, round(self.cell / 6)))

    def draw_scores(self, surface: pygame.Surface, theme: Theme, scores: dict[Cell, str],
                    colours: BoardColours | None = None) -> None:
        """The search's root scores (``scores`` best first, as ``Session.root_scores``).

        Every score gets a label when all of them fit their cells at a readable size
        (``READABLE_SIZE``); on a board too fine for that (Gomoku at a small window) the
        best ``LABELLED_WHEN_CROWDED`` moves get labels and the others a heat mark: a
        dot whose size and strength fall with the move's rank.
        """
        items = list(scores.items())
        if not items:
            return
        size = max(READABLE_SIZE, min(24, int(self.cell * 0.36)))
        room = int(self.cell * 0.96)
        crowded = any(draw.text_size(text, READABLE_SIZE)[0] + 6 > room for _, text in items)
        labelled = items[:LABELLED_WHEN_CROWDED] if crowded else items
        n = len(items)
        if crowded:
            ground = colours.surface if colours is not None else theme.background
            heat = visible_on(theme.accent, ground, 3.0)
            for rank in range(n - 1, len(labelled) - 1, -1):
                cell = items[rank][0]
                t = 1.0 - rank / max(1, n - 1)  # 1 for the best, 0 for the worst
                radius = max(3, round(self.radius * (0.3 + 0.4 * t)))
                draw.aa_circle(surface, heat, self.cell_center(cell), radius,
                               alpha=round(90 + 140 * t))
        for cell, text in reversed(labelled):  # the best drawn last, on top
            cx, cy = self.cell_center(cell)
            size_here = size if crowded else draw.fit_size(text, size, room - 6, READABLE_SIZE)
            w, h = draw.text_size(text, size_here)
            chip = pygame.Rect(0, 0, w + 8, h + 2)
            chip.center = (round(cx), round(cy))
            draw.translucent_rect(surface, chip, (0, 0, 0), 190, radius=4)
            draw.blit_text(surface, text, size_here, (255, 255, 255), chip.center, "center")

    def draw_labels(self, surface: pygame.Surface, game: Game, colours: BoardColours,
                    *, top: float | None = None, bottom: float | None = None,
                    left: float | None = None, right: float | None = None) -> None:
        """Coordinates in the game's notation along the given edges (pixel positions)."""
        size = max(15, min(26, int(self.cell * 0.5)))
        cols, rows = column_labels(game), row_labels(game)
        for x, text in enumerate(cols):
            cx = self.cell_center((x, 0))[0]
            for y in (top, bottom):
                if y is not None and text:
                    draw.blit_text(surface, text, size, colours.label, (cx, y), "center")
        for y, text in enumerate(rows):
            cy = self.cell_center((0, y))[1]
            for edge in (left, right):
                if edge is not None and text:
                    draw.blit_text(surface, text, size, colours.label, (edge, cy), "center")
