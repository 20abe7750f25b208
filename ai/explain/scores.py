"""Every wording of a score: the one place that turns a search's score into words,
percentages and the game's units, for the window, ``plies analyse``, ``plies review``,
hints and the engines' messages.

A score is from one side's view: a heuristic value in the evaluator's points, or a
proven result (``ai.evaluators.base``: ``WIN - plies``). Proven results are not
chances: a proven win is 1, a proven loss 0, and an *exact* 0 (a solved position, or
a tree searched to its end) is a draw, 0.5; ``chance`` and ``is_settled`` say it once.

>>> describe("connect4", 999_993, "Red")
'Red wins in 4 moves'
>>> describe("connect4", -(999_994), "Yellow")
'Yellow loses in 3 moves'
>>> describe("connect4", 0, "Red", exact=True)
'draw with best play'
>>> short_text(999_997), short_text(-12), short_text(-999_996, "-")
('win in 3', '-12', 'loss-in-4')
>>> chance("othello", 0, exact=True), chance("othello", -999_990)
(0.5, 0.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.evaluators.base import is_proven, plies_to_end
from ai.explain.winchance import win_chance
from ai.explain.words import count

if TYPE_CHECKING:
    from ai.search import RootScore

__all__ = ["SURE_MARGIN", "SURE_SCORES", "UNITS", "chance", "describe", "is_draw",
           "is_settled", "is_sure", "moves_to_end", "percent", "raw_text",
           "root_score_text", "short_text", "signed_points"]


def is_draw(score: int, exact: bool) -> bool:
    """A proven draw: an exact score of 0 (a heuristic 0 is only "level")."""
    return exact and score == 0


def is_settled(score: int, exact: bool) -> bool:
    """A result rather than a chance: a proven win or loss, or a proven draw."""
    return is_proven(score) or is_draw(score, exact)


def chance(game_name: str, score: int, preset: str = "default", exact: bool = False) -> float:
    """The expected result (0..1) of the side whose view ``score`` is from: a proven
    draw 0.5, a proven win or loss 1 or 0, else the fitted curve (``win_chance``)."""
    if is_draw(score, exact):
        return 0.5
    return win_chance(game_name, score, preset)


def short_text(score: int, space: str = " ") -> str:
    """A score in the fewest words, by plies: ``"win in 3"``, ``"loss in 4"`` (a
    proven result), else the evaluator's points ``"+37"``; ``space`` between the words
    (``"-"`` where a protocol wants one token: ``win-in-3``)."""
    plies = plies_to_end(score)
    if plies is not None:
        return space.join(("win" if score > 0 else "loss", "in", str(plies)))
    return f"{score:+d}"


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
    if is_draw(score, exact):
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
    if is_draw(score, exact):
        return "draw (exact)"
    if is_sure(game_name, score):
        return "a win in sight" if score > 0 else "a loss in sight"
    per, one, many = UNITS.get(game_name, (1.0, "point", "points"))
    value = score / per
    text = f"{abs(value):.0f}" if per == 1 else f"{abs(value):.1f}"
    sign = "" if text.strip("0.") == "" else ("+" if value > 0 else "−")
    return f"{sign}{text} {one if text == '1' else many}"


def signed_points(score: int) -> str:
    """A heuristic score in the evaluator's points with a sign: ``+12``, ``−9``, ``0``.

    >>> signed_points(12), signed_points(-9), signed_points(0)
    ('+12', '−9', '0')
    """
    if score == 0:
        return "0"
    return f"+{score}" if score > 0 else f"−{-score}"


def root_score_text(root: RootScore, game_name: str, preset: str = "default",
                    mode: str = "chance") -> str:
    """A root move's score as drawn on its cell, from the viewer's side (the caller
    turns ``root`` to that side): the winning chance ``62`` (percent), ``W3`` / ``L2``
    (wins / loses on its 3rd / 2nd move), ``=`` (a proven draw), with ``≤`` / ``≥``
    for a bound; ``mode`` ``"unit"``: the game's unit instead (``+1.5``), ``"raw"``: the
    evaluator's points (``+150``).
    """
    from ai.search import Bound  # the window's use only: not loaded with the words

    score = root.score
    moves = moves_to_end(score)
    if moves is not None:
        text = f"W{moves}" if score > 0 else f"L{moves}"
    elif mode == "unit":
        text = raw_text(game_name, score).split(" ")[0]
    elif mode == "raw":
        text = signed_points(score)
    else:
        text = str(percent(win_chance(game_name, score, preset)))
    if root.bound == Bound.UPPER:
        return "≤" + text.lstrip("+")
    if root.bound == Bound.LOWER:
        return "≥" + text.lstrip("+")
    return text
