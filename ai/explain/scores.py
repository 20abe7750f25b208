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

import dataclasses
import math
from typing import TYPE_CHECKING

from ai.evaluators.base import is_proven, plies_to_end
from ai.explain.winchance import win_chance
from game.i18n import _, ngettext, number
from game.i18n import percent as percent_text

if TYPE_CHECKING:
    from ai.search import RootScore

__all__ = ["SCORE_MODES", "SURE_MARGIN", "SURE_SCORES", "UNITS",  # untranslated: identifiers
           "Evaluation", "chance",
           "chance_text", "describe", "is_draw", "is_settled", "is_sure", "moves_to_end",
           "one_decimal", "percent", "raw_text", "root_score_text", "score_words", "short_text",
           "signed_points", "turned", "unit_amount", "unit_text"]


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
    (``"-"`` where a protocol wants one token: ``win-in-3``, always English; with the
    default blank the words are for a person, in their language)."""
    plies = plies_to_end(score)
    if plies is not None:
        if space != " ":  # the protocols' token (pbrain MESSAGE lines) stays English
            # untranslated: protocol token
            return space.join(("win" if score > 0 else "loss", "in", str(plies)))
        # Translators: a proven result, counted in plies (half-moves): "win in 3".
        return (_("win in {plies}") if score > 0 else _("loss in {plies}")).format(plies=plies)
    return f"{score:+d}"


UNITS: dict[str, tuple[float, str]] = {
    # game: (evaluator points per unit, the unit's name in unit_text)
    "othello": (100.0, "disc"),
    "connect4": (120.0, "threat"),
    "gomoku": (1.0, "point"),
    "tictactoe": (10.0, "open_two"),
}
"""The game unit a raw score is shown in: Othello's evaluator counts hundredths of a
disc; Connect-4's default values a strong (odd/even-row) threat at 120 points;
Gomoku's points have no natural unit and are shown as they are. The unit is worded by
:func:`unit_text`."""

DEFAULT_UNIT = (1.0, "point")
"""The unit of a game with no entry in :data:`UNITS`: the evaluator's points."""


def unit_text(game_name: str, amount: str) -> str:
    """``amount`` -- a value in the game's unit as written, sign and all (``"+3.5"``,
    ``"−1"``, ``"240"``) -- followed by the unit in the form it asks for: ``"+3.5
    discs"``, ``"−1 threat"``. A whole number picks its own plural form; a fraction
    the form of 2 (gettext counts integers only; English: "1.0 discs").

    >>> unit_text("othello", "+3.5"), unit_text("connect4", "−1"), unit_text("chess", "0")
    ('+3.5 discs', '−1 threat', '0 points')
    """
    magnitude = amount.lstrip("+−-")
    n = int(magnitude) if magnitude.isdigit() else 2
    unit = UNITS.get(game_name, DEFAULT_UNIT)[1]
    if unit == "disc":
        text = ngettext("{amount} disc", "{amount} discs", n)
    elif unit == "threat":
        # Translators: Connect-4: a strong threat (a cell that would complete four).
        text = ngettext("{amount} threat", "{amount} threats", n)
    elif unit == "open_two":
        # Translators: tic-tac-toe: a line with two of one side's marks and one empty cell.
        text = ngettext("{amount} open two", "{amount} open twos", n)
    else:
        # Translators: the evaluator's points (a heuristic score), not a game's score.
        text = ngettext("{amount} point", "{amount} points", n)
    return text.format(amount=amount)


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
        discs = abs(margin)
        if margin > 0:
            text = ngettext("{side} wins by {n} disc", "{side} wins by {n} discs", discs)
        else:
            text = ngettext("{side} loses by {n} disc", "{side} loses by {n} discs", discs)
        return text.format(side=side, n=number(discs))
    if moves is not None:
        if game_name == "othello":
            text = _("{side} wins with best play") if score > 0 else \
                _("{side} loses with best play")
            return text.format(side=side)
        if score > 0:
            # Translators: {side} is a side's name ("Red"); {n} counts that side's moves.
            text = ngettext("{side} wins in {n} move", "{side} wins in {n} moves", moves)
        else:
            text = ngettext("{side} loses in {n} move", "{side} loses in {n} moves", moves)
        return text.format(side=side, n=number(moves))
    if is_draw(score, exact):
        return _("draw with best play")
    if is_sure(game_name, score):
        text = _("{side} is winning") if score > 0 else _("{side} is losing")
        return text.format(side=side)
    return chance_text(side, percent(win_chance(game_name, score, preset)))


def chance_text(side: str, whole_percent: int) -> str:
    """A side's winning chance in words: ``"Black 72%"`` (``whole_percent``: from
    :func:`percent`)."""
    # Translators: a side's name and its winning chance: "Black 72%".
    return _("{side} {chance}").format(side=side, chance=percent_text(whole_percent / 100))


def raw_text(game_name: str, score: int, *, exact: bool = False) -> str:
    """The score in the game's own unit: ``"+3.5 discs"``, ``"−0.8 threats"``,
    ``"+240 points"``; proven results as ``"win in 7 plies"`` / ``"loss in 4 plies"``.

    >>> raw_text("othello", 350), raw_text("connect4", -96), raw_text("gomoku", 240)
    ('+3.5 discs', '−0.8 threats', '+240 points')
    """
    plies = plies_to_end(score)
    if plies is not None:
        # Translators: a ply is a half-move (one side's turn).
        text = ngettext("win in {n} ply", "win in {n} plies", plies) if score > 0 else \
            ngettext("loss in {n} ply", "loss in {n} plies", plies)
        return text.format(n=number(plies))
    if is_draw(score, exact):
        return _("draw (exact)")
    if is_sure(game_name, score):
        return _("a win in sight") if score > 0 else _("a loss in sight")
    return unit_text(game_name, unit_amount(game_name, score))


def one_decimal(value: float) -> str:
    """``value`` with one digit after the language's decimal sign and no grouping of
    thousands: ``"3.5"``, German ``"3,5"``.

    >>> one_decimal(3.45), one_decimal(-1234.5)
    ('3.5', '-1234.5')
    """
    return f"{value:.1f}".replace(".", number(0.5, 1)[1:-1])


def unit_amount(game_name: str, score: int) -> str:
    """A heuristic score as a number of the game's unit, signed: ``"+3.5"``, ``"−0.8"``,
    ``"240"`` (no sign for a value that shows as zero).

    >>> unit_amount("othello", 350), unit_amount("connect4", -96), unit_amount("othello", 4)
    ('+3.5', '−0.8', '0.0')
    """
    per = UNITS.get(game_name, DEFAULT_UNIT)[0]
    value = score / per
    if per == 1:
        text = f"{abs(value):.0f}"
    else:
        text = one_decimal(abs(value))
    sign = "" if text.strip("0.,") == "" else ("+" if value > 0 else "−")
    return sign + text


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
        text = unit_amount(game_name, score) if not is_sure(game_name, score) else \
            raw_text(game_name, score).split(" ")[0]
    elif mode == "raw":
        text = signed_points(score)
    else:
        text = str(percent(win_chance(game_name, score, preset)))
    if root.bound == Bound.UPPER:
        return "≤" + text.lstrip("+")
    if root.bound == Bound.LOWER:
        return "≥" + text.lstrip("+")
    return text


def turned(root: RootScore) -> RootScore:
    """The same root score from the other side's view (a bound turns round)."""
    from ai.search import Bound  # the window's use only, as above

    bound = {Bound.UPPER: Bound.LOWER, Bound.LOWER: Bound.UPPER}.get(root.bound, root.bound)
    return root._replace(score=-root.score, bound=bound)


@dataclasses.dataclass(frozen=True)
class Evaluation:
    """A score seen by a search, kept from the first player's point of view.

    Attributes:
        score: the search's score for the first player (side 0).
        unit: the evaluator's unit (how much a small clear advantage is worth).
        exact: the value is proven (a solved position or a tree searched to its end).
        game_name: the game, for its winning-chance curve ("" : a plain tanh bar).
        preset: the evaluator preset that produced the score (its curve).
    """

    score: int
    unit: int
    exact: bool = False
    game_name: str = ""
    preset: str = "default"
    margin: int | None = None
    """A solver's exact score in the game's convention (Othello: discs), side 0's view."""

    @property
    def proven(self) -> bool:
        return is_proven(self.score)

    @property
    def settled(self) -> bool:
        """A result rather than an estimate: a proven win or loss, or a proven draw."""
        return is_settled(self.score, self.exact)

    def for_side(self, side: int) -> int:
        """The score from ``side``'s view."""
        return self.score if side == 0 else -self.score

    def chance(self, side: int = 0) -> float:
        """``side``'s expected result, 0..1 (the fitted curve; proven results 1/0.5/0)."""
        if self.game_name or self.proven or is_settled(self.score, self.exact):
            first = chance(self.game_name, self.score, self.preset, self.exact)
        else:
            first = 0.5 + 0.5 * math.tanh(self.score / (4 * max(1, self.unit)))
        return first if side == 0 else 1.0 - first

    def fraction(self) -> float:
        """Side 0's share of the evaluation bar, 0..1 (0.5 is level)."""
        return self.chance(0)

    def text(self, side_names: tuple[str, str], side: int = 0,
             margin: int | None = None) -> str:
        """From ``side``'s view: ``"Black 72%"``, ``"Red wins in 3 moves"``,
        ``"White loses in 2 moves"`` or ``"Draw with best play"`` (``margin``: an
        Othello solver's disc difference for side 0: ``"White loses by 12 discs"``)."""
        name = _(side_names[side])  # the rules' names are English constants (N_)
        if not self.game_name:  # a bare verdict (the game's end), no curve to read
            if is_settled(self.score, self.exact) and not self.proven:
                return _("Draw with best play")
            if self.proven:
                return (_("{side} wins") if self.for_side(side) > 0
                        else _("{side} loses")).format(side=name)
            # Translators: a side's winning chance: "Black 72%".
            return _("{side} {chance}").format(
                side=name, chance=percent_text(percent(self.chance(side)) / 100))
        margin = self.margin if margin is None else margin
        words = describe(self.game_name, self.for_side(side), name,
                         exact=self.exact, preset=self.preset,
                         margin=None if margin is None else (margin if side == 0 else -margin))
        return words[0].upper() + words[1:]

    def raw(self, side: int = 0) -> str:
        """From ``side``'s view in the game's unit: ``"+3.5 discs"``, ``"−120 points"``."""
        if not self.game_name:
            return signed_points(self.for_side(side))
        return raw_text(self.game_name, self.for_side(side), exact=self.exact)


SCORE_MODES = ("chance", "unit", "raw")
"""How scores read: winning chances, the game's unit (discs, threats, points) or the
evaluator's raw points."""


def score_words(ev: Evaluation, side_names: tuple[str, str], view: int, mode: str = "chance",
                margin: int | None = None) -> str:
    """How a score reads in the window, from ``view``'s side: a chance (``mode``
    ``"chance"``), the game's unit (``"unit"``) or the evaluator's points (``"raw"``);
    a settled result always reads as one. ``margin``: a solver's exact score in the
    game's convention, side 0's view.

    >>> names = ("Black", "White")
    >>> score_words(Evaluation(120, 100), names, 1, "raw")
    '−120 points for White'
    >>> score_words(Evaluation(0, 100, exact=True), names, 0, "raw")
    'Draw with best play'
    """
    if mode != "chance" and not is_settled(ev.score, ev.exact):
        side = _(side_names[view])
        if mode == "raw":
            # Translators: {points} is a signed number of the evaluator's points ("+120").
            return _("{points} points for {side}").format(
                points=signed_points(ev.for_side(view)), side=side)
        # Translators: {score} is a score in the game's unit ("+3.5 discs").
        return _("{score} for {side}").format(score=ev.raw(view), side=side)
    return ev.text(side_names, view, margin)
