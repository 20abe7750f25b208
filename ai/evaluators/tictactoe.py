"""Tic-tac-toe static evaluator: open lines, the lectures' classic evaluation function.

The weights (``Weights``; points from the side to move's view)
===============================================================

A line (one of the eight rows, columns and diagonals) is *open* for a side when the
other side has no mark on it: it can still become three in a row. The textbook
evaluation is "lines still open for me minus lines still open for the opponent";
these weights split that by how far each line has got.

``open_two``  (default 10, allowed 0-100)
    Each open line holding two of a side's marks (one move from a win).
``open_one``  (default 1, 0-100)
    Each open line holding one of a side's marks.
``centre``  (default 0, 0-100)
    A mark on the centre, b2 (on four lines; ``open_one`` already counts that).

``evaluate`` is the side to move's lines minus the opponent's, each at its weight. A
finished game is scored by the search (``terminal_score``), never here.

Presets: ``"default"`` (above) and ``"naive"`` (only the centre counts: a player that
sees threats only when its search runs into them).

>>> from game.rules import new_game
>>> game = new_game("tictactoe"); game.play_moves("b2")
>>> load("default").evaluate(game)   # O to move; X's centre mark is on 4 open lines
-4
>>> load("default").terms(game)
{'open ones': -4}
"""

from __future__ import annotations

import dataclasses

from ai.endgame.tictactoe import ORDER, TicTacToeSolver
from ai.evaluators.base import Evaluator, weight
from game.rules.base import Game, Move
from game.rules.tictactoe import LINES

# untranslated: the module's names
__all__ = ["PRESETS", "TicTacToeEvaluator", "Weights", "build", "load"]

CENTRE = 4
"""The cell b2."""


@dataclasses.dataclass(frozen=True)
class Weights:
    """The tic-tac-toe evaluator's knobs; the module docstring documents each one."""

    open_two: int = weight(10, 0, 100)
    open_one: int = weight(1, 0, 100)
    centre: int = weight(0, 0, 100)


PRESETS: dict[str, Weights] = {
    "default": Weights(),
    "naive": Weights(open_two=0, open_one=0, centre=10),
}
"""The named weight sets, default first."""


class TicTacToeEvaluator(Evaluator):
    """Open lines and the centre; every legal move is a candidate (the tree is the
    textbook's), centre first, then corners, then edges."""

    game_name = "tictactoe"

    def __init__(self, weights: Weights, name: str = "custom") -> None:
        self.weights = weights
        self.name = name
        self.unit = max(weights.open_two, weights.centre, 1)
        self.solver = TicTacToeSolver()

    def terms(self, game: Game) -> dict[str, int]:
        """``evaluate`` split: open twos, open ones and the centre, mine minus theirs."""
        mine, theirs = game.marks[game.turn], game.marks[1 - game.turn]  # type: ignore[attr-defined]
        w = self.weights
        twos = ones = 0
        for line in LINES:
            a, b = (mine & line).bit_count(), (theirs & line).bit_count()
            if b == 0:
                twos += a == 2
                ones += a == 1
            elif a == 0:
                twos -= b == 2
                ones -= b == 1
        centre = (mine >> CENTRE & 1) - (theirs >> CENTRE & 1)
        # untranslated: term keys (ai.explain.why.term_name translates them)
        parts = {"open twos": w.open_two * twos, "open ones": w.open_one * ones,
                 "centre": w.centre * centre}
        return {name: points for name, points in parts.items() if points}

    def evaluate(self, game: Game) -> int:
        """The side to move's open lines minus the opponent's (module docstring)."""
        return sum(self.terms(game).values())

    def candidate_moves(self, game: Game) -> list[Move]:
        """Every legal move, centre first, then corners, then edges."""
        free = set(game.legal_moves())
        return [move for move in ORDER if move in free]


def build(weights: Weights, name: str) -> TicTacToeEvaluator:
    """The evaluator for ``weights``, called ``name``."""
    return TicTacToeEvaluator(weights, name)


def load(name: str = "default") -> TicTacToeEvaluator:
    """A preset by name."""
    return build(PRESETS[name], name)
