"""Exact solvers: positions proven rather than estimated.

* ``ai.endgame.connect4``: the exact value in Pascal Pons' convention.
* ``ai.endgame.othello``: the exact final disc difference near the end.
* ``ai.endgame.gomoku``: victory by continuous fours (VCF), a forced-win proof, and
  (``solve_threats``, ``ai.endgame.gomoku_vct``) by continuous threats (VCT).
* ``ai.endgame.tictactoe``: the whole tree, win/draw/loss.

Each evaluator attaches its game's solver; ``plies solve`` asks ``solver_for``.
"""

from __future__ import annotations

import importlib

from ai.evaluators.base import ExactSolver
from game.i18n import _

_SOLVERS = {
    "connect4": ("ai.endgame.connect4", "Connect4Solver"),
    "othello": ("ai.endgame.othello", "OthelloSolver"),
    "gomoku": ("ai.endgame.gomoku", "VcfSolver"),
    "tictactoe": ("ai.endgame.tictactoe", "TicTacToeSolver"),
}


def solver_for(game_name: str) -> ExactSolver:
    """A solver for ``game_name`` with no size limit (``solve`` may take long)."""
    try:
        module_name, class_name = _SOLVERS[game_name]
    except KeyError:
        raise ValueError(_("no solver for game {game}").format(game=repr(game_name))) from None
    solver: ExactSolver = getattr(importlib.import_module(module_name), class_name)()
    return solver
