"""Evaluator score -> winning chances, and a score's wording for a person.

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

Proven results are not chances: a proven win is 1, a proven loss 0, a proven draw
(an ``exact`` score of 0) 0.5, and their wording says so ("Red wins in 7 moves",
"draw with best play", "White loses in 3").

>>> round(win_chance("othello", 0), 2), win_chance("othello", 999_990)
(0.5, 1.0)
>>> describe("connect4", 999_993, "Red")
'Red wins in 4 moves'
>>> describe("connect4", -(999_994), "Yellow")
'Yellow loses in 3 moves'
>>> describe("connect4", 0, "Red", exact=True)
'draw with best play'
"""

from __future__ import annotations

import math

from ai.evaluators.base import is_proven, plies_to_end
from ai.explain.words import count

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

UNITS: dict[str, tuple[float, str, str]] = {
    # game: (evaluator points per unit, unit (one), unit (many))
    "othello": (100.0, "disc", "discs"),
    "connect4": (120.0, "threat", "threats"),
    "gomoku": (1.0, "point", "points"),
    "tictactoe": (10.0, "open two", "open twos"),
}
"""The game unit a raw score is shown in: Othello's evaluator counts hundredths of a
disc; Connect-4's default values a strong (odd/even-row) threat at 120 points;
Gomoku's points have no natural unit and are shown as they are."""

def _sure_scores() -> dict[str, int]:
    from ai.evaluators.connect4 import SURE_WIN
    from ai.evaluators.gomoku import Weights

    return {"connect4": SURE_WIN, "gomoku": Weights().forced_win}


SURE_SCORES = _sure_scores()
"""Heuristic scores that mean "won for all practical purposes" (Connect-4: a win next
move or a double threat at the horizon; Gomoku: a five or an open four there), far
below the proven scores: shown as "winning" / "losing", not as a percentage."""

SURE_MARGIN = 10
"""Gomoku's rule reports ``forced_win - 2`` for an open four: anything this close counts."""


def is_sure(game_name: str, score: int) -> bool:
    """Whether a heuristic ``score`` is the evaluator's "won at the horizon" verdict.

    >>> is_sure("connect4", -50_000), is_sure("gomoku", 99_998), is_sure("othello", 99_998)
    (True, True, False)
    """
    sure = SURE_SCORES.get(game_name)
    return sure is not None and not is_proven(score) and abs(score) >= sure - SURE_MARGIN


def curve_scale(game_name: str, preset: str = "default") -> float:
    """The logistic scale of ``game_name``'s ``preset`` (a custom weights file, or an
    unknown preset, uses the game's default curve)."""
    scale = CURVES.get((game_name, preset)) or CURVES.get((game_name, "default"))
    if scale is None:
        raise ValueError(f"no winning-chance curve for game {game_name!r}")
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


def percent(chance: float, proven: bool = False) -> int:
    """A chance as a whole percentage; 0 and 100 only for proven results (a heuristic
    score never shows as certain: it stays within 1-99)."""
    if proven:
        return round(100 * chance)
    return min(99, max(1, round(100 * chance)))


def moves_to_end(score: int) -> int | None:
    """The winner's moves until a proven result ends the game (``None``: not proven).

    A win ``p`` plies ahead is the winner's ``(p + 1) // 2``-th move from now, for the
    side to move (odd ``p``) and for its opponent (even ``p``) alike.

    >>> moves_to_end(1_000_000 - 1), moves_to_end(-(1_000_000 - 4)), moves_to_end(5)
    (1, 2, None)
    """
    plies = plies_to_end(score)
    if plies is None:
        return None
    return max(1, (plies + 1) // 2)


def describe(game_name: str, score: int, side: str, *, exact: bool = False,
             preset: str = "default", margin: int | None = None) -> str:
    """A score from ``side``'s view in words.

    * a proven win or loss: ``"Red wins in 7 moves"``, ``"White loses in 3 moves"``
      (Othello, where the solver's scores count empty squares rather than moves:
      ``"Black wins with best play"``);
    * an exact 0 (``exact``: a solved position or a tree searched to its end):
      ``"draw with best play"``;
    * the evaluator's own "won at the horizon" scores (``is_sure``): ``"Red is
      winning"``, ``"Red is losing"``;
    * otherwise the winning chance: ``"Black 72%"``.

    ``margin``: an Othello solver's final disc difference for ``side``, when known:
    ``"White loses by 12 discs"``.
    """
    moves = moves_to_end(score)
    if margin and game_name == "othello" and (moves is not None or exact):
        verb = "wins" if margin > 0 else "loses"
        return f"{side} {verb} by {count(abs(margin), 'disc')}"
    if moves is not None:
        verb = "wins" if score > 0 else "loses"
        if game_name == "othello":
            return f"{side} {verb} with best play"
        return f"{side} {verb} in {count(moves, 'move')}"
    if exact and score == 0:
        return "draw with best play"
    if is_sure(game_name, score):
        return f"{side} is {'winning' if score > 0 else 'losing'}"
    return f"{side} {percent(win_chance(game_name, score, preset))}%"


def raw_text(game_name: str, score: int, *, exact: bool = False) -> str:
    """The score in the game's own unit: ``"+3.5 discs"``, ``"−0.8 threats"``,
    ``"+240 points"``; proven results as ``"win in 7 plies"`` / ``"loss in 4 plies"``.

    >>> raw_text("othello", 350), raw_text("connect4", -96), raw_text("gomoku", 240)
    ('+3.5 discs', '−0.8 threats', '+240 points')
    """
    plies = plies_to_end(score)
    if plies is not None:
        return f"{'win' if score > 0 else 'loss'} in {count(plies, 'ply', 'plies')}"
    if exact and score == 0:
        return "draw (exact)"
    if is_sure(game_name, score):
        return "a win in sight" if score > 0 else "a loss in sight"
    per, one, many = UNITS.get(game_name, (1.0, "point", "points"))
    value = score / per
    text = f"{abs(value):.0f}" if per == 1 else f"{abs(value):.1f}"
    sign = "" if text.strip("0.") == "" else ("+" if value > 0 else "−")
    return f"{sign}{text} {one if text == '1' else many}"


__all__ = ["CURVES", "SURE_SCORES", "UNITS", "curve_scale", "describe", "is_sure", "logistic",
           "moves_to_end", "percent", "raw_text", "win_chance"]
