"""The board of a plugin's game: a grid of squares, pieces by side, moves by click.

A plugin game (``game.rules.base.GridGame``, or any ``Game``) has no view of its own,
so it gets this one: Othello's felt squares with the game's coordinates around them
and discs of the two sides. A click on a cell plays ``game.move_at`` there; a game
whose pieces move (its moves have a from-cell: ``GridGame.cells``) takes two clicks,
the piece first (it is ringed, its destinations marked), then where it goes. The
keyboard's cursor and Enter go through the same ``click``.
"""

from __future__ import annotations

import pygame

from game.rules import Cell, Game, Move
from game.ui import draw
from game.ui.boards.base import BoardOverlay
from game.ui.boards.othello import OthelloView
from game.ui.theme import BoardColours, Theme, marker_colour


class GenericView(OthelloView):
    """Any grid game, drawn as Othello's squares in the colours every unknown game gets
    (``Theme.board``: Connect-4's red and yellow, as the players' panel shows them)."""

    game_name = "plugin"  # untranslated: a key, not a text

    def __init__(self) -> None:
        super().__init__()
        self.selected: Cell | None = None
        """The from-cell chosen by a first click, in a game whose pieces move."""

    def click(self, game: Game, cell: Cell) -> Move | None:
        """The move a click on ``cell`` makes, or ``None`` when it only chose a piece."""
        cells = getattr(game, "cells", None)
        if cells is None:
            return game.move_at(*cell)
        legal = [(move, *cells(move)) for move in game.legal_moves()]
        if self.selected is not None:
            for move, start, end in legal:
                if start == self.selected and end == cell:
                    self.selected = None
                    return move
        if any(start == cell for _move, start, _end in legal):
            self.selected = cell  # a piece that can move: the first of two clicks
            return None
        self.selected = None
        return game.move_at(*cell)

    def destinations(self, game: Game) -> list[Cell]:
        """Where the chosen piece may go (``[]`` when none is chosen, or it went stale)."""
        cells = getattr(game, "cells", None)
        if cells is None or self.selected is None:
            return []
        return [end for start, end in map(cells, game.legal_moves()) if start == self.selected]

    def draw_after_pieces(self, surface: pygame.Surface, game: Game, theme: Theme,
                          colours: BoardColours, overlay: BoardOverlay) -> None:
        """The chosen piece ringed and its destinations marked (draw changes nothing)."""
        ends = self.destinations(game)
        if not ends or self.selected is None:
            return
        ring = marker_colour(theme.highlight, colours.surface)
        draw.aa_circle(surface, ring, self.cell_center(self.selected), self.radius + 2,
                       max(3, round(self.cell * 0.07)))
        for end in ends:
            draw.aa_circle(surface, ring, self.cell_center(end), max(4, round(self.radius * 0.35)),
                           alpha=200)
