"""One board view per game: geometry (pixels <-> cells), drawing and piece animations."""

from __future__ import annotations

from game.ui.boards.base import ANIMATION_FACTORS, BoardOverlay, BoardView
from game.ui.boards.connect4 import Connect4View
from game.ui.boards.generic import GenericView
from game.ui.boards.gomoku import GomokuView
from game.ui.boards.othello import OthelloView
from game.ui.boards.tictactoe import TicTacToeView

VIEWS: dict[str, type[BoardView]] = {
    "connect4": Connect4View,
    "othello": OthelloView,
    "gomoku": GomokuView,
    "tictactoe": TicTacToeView,
}


def view_for(game_name: str) -> BoardView:
    """A new board view for the game called ``game_name`` (a plugin's game: the generic one)."""
    return VIEWS.get(game_name, GenericView)()


__all__ = ["ANIMATION_FACTORS", "BoardOverlay", "BoardView", "Connect4View", "GenericView", "GomokuView",
           "OthelloView", "TicTacToeView", "VIEWS", "view_for"]
