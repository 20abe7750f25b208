"""Pure game rules: positions, moves and notation (no pygame, no threads, no I/O).

>>> g = new_game("gomoku", size=15)
>>> g.move_name(g.parse_move("h8"))
'h8'
"""

from __future__ import annotations

from typing import Any

from game.i18n import _
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
    SetupError,
    parse_turn,
)
from game.rules.connect4 import Connect4
from game.rules.gomoku import Gomoku
from game.rules.othello import Othello
from game.rules.tictactoe import TicTacToe

GAMES: dict[str, type[Game]] = {cls.name: cls
                                for cls in (Connect4, Othello, Gomoku, TicTacToe)}
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
            _("unknown game {name}; choose one of {games}").format(
                name=repr(name), games=", ".join(GAMES))
        ) from None
    return cls(**{k: v for k, v in variant.items() if v is not None})


def set_up(name: str, diagram: str, turn: int | str | None = None, **variant: Any) -> Game:
    """A game of ``name`` on a set-up board (``Game.from_diagram``); ``turn`` may be
    ``"X"``/``"O"`` or 0/1, ``None`` to infer it; ``variant`` options ``None`` are left out.

    >>> set_up("connect4", "..../..../..../XO..").turn
    0

    Raises:
        RulesError: an unknown game; ``SetupError``: a position that cannot be read or
            cannot happen (one sentence).
    """
    new_game(name)  # the unknown-name sentence
    options = {k: v for k, v in variant.items() if v is not None}
    return GAMES[name].from_diagram(diagram, parse_turn(turn), **options)


__all__ = [  # untranslated: identifiers
    "GAMES", "PASS", "Cell", "Connect4", "Game", "Gomoku", "IllegalMoveError",
    "InvalidMoveError", "InvalidVariantError", "Move", "Othello", "Outcome",
    "RulesError", "SetupError", "TicTacToe", "new_game", "parse_turn", "set_up",
]
