"""Perft: count the legal move sequences of exactly ``depth`` plies.

Every move is made and unmade, with no counting shortcut at the last ply, so perft
measures ``legal_moves``/``push``/``pop`` as well as checking them. A forced pass is
a ply; a finished game has no moves, so its branch counts 0 at any depth > 0.

>>> from game.rules import new_game
>>> perft(new_game("othello"), 3)
56
"""

from __future__ import annotations

from game.i18n import _
from game.rules.base import Game


def perft(game: Game, depth: int) -> int:
    """Leaf count of the move tree below ``game``; the position is left unchanged."""
    if depth < 0:
        raise ValueError(_("perft depth must be 0 or more"))
    return _perft(game, depth)


def _perft(game: Game, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    push, pop = game.push, game.pop
    for move in game.legal_moves():
        push(move)
        total += _perft(game, depth - 1)
        pop()
    return total
