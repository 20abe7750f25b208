"""Pure game rules: positions, moves and notation (no pygame, no threads, no I/O).

>>> g = new_game("gomoku", size=15)
>>> g.move_name(g.parse_move("h8"))
'h8'
"""

from __future__ import annotations

from typing import Any

from game.rules.base import (
    PASS,
    Cell,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidVariantError,
    Move,
    Outcome,
    RulesError,
)
from game.rules.connect4 import Connect4
from game.rules.gomoku import Gomoku
from game.rules.othello import Othello

GAMES: dict[str, type[Game]] = {cls.name: cls for cls in (Connect4, Othello, Gomoku)}
"""Every game by its command-line name."""


def new_game(name: str, **variant: Any) -> Game:
    """A game at its start position; ``variant`` options set to ``None`` are left default.

    Raises:
        RulesError: an unknown game name or an unsupported variant.
    """
    try:
        cls = GAMES[name]
    except KeyError:
        raise RulesError(
            f"unknown game {name!r}; choose one of {', '.join(GAMES)}"
        ) from None
    return cls(**{k: v for k, v in variant.items() if v is not None})


__all__ = [
    "GAMES", "PASS", "Cell", "Connect4", "Game", "Gomoku", "IllegalMoveError",
    "InvalidMoveError", "InvalidVariantError", "Move", "Othello", "Outcome",
    "RulesError", "new_game",
]
