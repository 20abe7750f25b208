"""Evaluator score -> winning chances (the fitted curves; ``ai.explain.scores`` words them).

A heuristic score means nothing to a player ("+1109"); its *expected result* does:
the share of the points the side with that score gets, on average, from positions
with that score in computer-versus-computer games. Per game and evaluator preset the
relation is a logistic curve through the middle::

    win_chance(score) = 1 / (1 + exp(-score / scale))

with one fitted constant, ``scale`` (evaluator points per unit of log-odds): a score
of ``+scale`` is 73%, ``+2 scale`` 88%, ``0`` is 50% by construction (the curve is
centred, so a position and its mirror image always add up to 100%). The scales are
fitted by ``ai/tuning/fit_winchance.py`` on positions from ``plies match``-style games
and their results; ``ai/TUNING.md`` records the data, seeds and the fit.

Proven results are not chances: a proven win is 1, a proven loss 0 (a proven draw,
an ``exact`` score of 0, is 0.5: ``ai.explain.scores.chance``).

>>> round(win_chance("othello", 0), 2), win_chance("othello", 999_990)
(0.5, 1.0)
"""

from __future__ import annotations

import math

from ai.evaluators.base import is_proven
from game.i18n import _

CURVES: dict[tuple[str, str], float] = {
    # (game, preset): scale in evaluator points per unit of log-odds, fitted by
    # ai/tuning/fit_winchance.py (seed 1; ai/TUNING.md, "Winning chances").
    ("connect4", "default"): 177.0,   # 400 games, 2,950 positions
    ("connect4", "naive"): 121.0,
    ("othello", "default"): 846.0,    # 300 games, 5,455 positions
    ("othello", "naive"): 3105.0,
    ("othello", "positional"): 1954.0,
    ("othello", "patterns"): 766.0,   # default's, times the ratio of their static fits
                                      # (1365 / 1508; ai/TUNING.md, "Session 6")
    ("gomoku", "default"): 3964.0,    # 150 games, 2,245 positions
    ("gomoku", "naive"): 4445.0,      # its scores barely predict anything (log loss 0.693)
    ("tictactoe", "default"): 11.0,   # 400 games, 1,656 positions (--opening 2 --every 1)
    ("tictactoe", "naive"): 9.0,
}
"""The fitted logistic scale per game and evaluator preset (``ai/TUNING.md``)."""

def curve_scale(game_name: str, preset: str = "default") -> float:
    """The logistic scale of ``game_name``'s ``preset`` (a custom weights file, or an
    unknown preset, uses the game's default curve)."""
    scale = CURVES.get((game_name, preset)) or CURVES.get((game_name, "default"))
    if scale is None:
        raise ValueError(_("no winning-chance curve for game {game}").format(
            game=repr(game_name)))
    return scale


def logistic(score: float, scale: float) -> float:
    """``1 / (1 + exp(-score / scale))`` without overflow for huge scores."""
    x = score / scale
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def win_chance(game_name: str, score: int, preset: str = "default") -> float:
    """Expected result (0..1) for the side whose view ``score`` is from.

    Proven wins are 1.0 and proven losses 0.0; a heuristic score goes through the
    game's fitted curve (0 gives exactly 0.5). ``preset``: the evaluator's name.
    """
    if is_proven(score):
        return 1.0 if score > 0 else 0.0
    return logistic(score, curve_scale(game_name, preset))


__all__ = ["CURVES", "curve_scale", "logistic", "win_chance"]
