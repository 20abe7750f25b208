"""Why this move: the evaluator's terms at the end of the best line versus the second.

The search prefers its best move because the position at the end of its line scores
higher than the one at the end of the next best line. Both scores are sums of the
evaluator's named terms (``Evaluator.terms``), so the difference splits exactly into
term differences: that split, largest first, is the explanation. Nothing is invented:
the numbers are the evaluator's own arithmetic, from the root mover's view.

>>> from game.rules import new_game
>>> from ai.evaluators import load_evaluator
>>> game = new_game("othello")
>>> why = compare_lines(game, load_evaluator("othello"), (44,), (37,))
>>> why.total_best - why.total_second == sum(d.points for d in why.terms)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ai.evaluators.base import Evaluator, is_proven
from ai.explain.scores import DEFAULT_UNIT, UNITS, moves_to_end, one_decimal, unit_text
from ai.search import Line
from game.i18n import N_, _, ngettext, number
from game.rules.base import Game, Move

COUNT_UNITS = {
    # Othello's raw feature differences, where a count reads better than points.
    "mobility": ("move", "moves"),
    "frontier": ("", ""),
    "corners": ("", ""),
    "x_squares": ("", ""),
    "c_squares": ("", ""),
    "edges": ("", ""),
    "stable": ("", ""),
    "discs": ("", ""),
}
"""The unit of a term's raw count (``Evaluator.term_counts``), by term name (``""``:
the name says it: ``"corners +1"``)."""

TERM_NAMES = {
    # Translators: Othello: the squares diagonally next to a corner.
    "x_squares": N_("X-squares"),
    # Translators: Othello: the edge squares next to a corner.
    "c_squares": N_("C-squares"),
    "stable": N_("stable edges"),
}
"""How a term is named for a person, when its key is not already plain words."""

TERMS_IN_WORDS = (
    # Othello (ai.evaluators.othello.FEATURES, and the pattern tables).
    N_("mobility"),
    N_("frontier"),
    N_("corners"),
    N_("edges"),
    N_("discs"),
    # Translators: Othello: who gets the last move in each empty region.
    N_("parity"),
    N_("squares"),
    N_("patterns"),
    # Connect-4 (ai.evaluators.connect4).
    N_("win next move"),
    N_("opponent's double threat"),
    N_("position"),
    N_("threats on good rows"),
    N_("other threats"),
    N_("playable threats to block"),
    N_("dead threats"),
    N_("stacked threats"),
    N_("blocked columns"),
    # Gomoku (ai.gomoku_lines.PATTERN_TERMS and the forced-win rule).
    N_("five next move"),
    N_("opponent's two fives"),
    N_("open four next move"),
    N_("Black's forbidden points"),
    N_("open fours"),
    N_("fours"),
    N_("open threes"),
    N_("split threes"),
    N_("closed threes"),
    N_("open twos"),
    N_("closed twos"),
    N_("room"),
    # Tic-tac-toe (ai.evaluators.tictactoe).
    N_("open ones"),
    N_("centre"),
)
"""The evaluators' terms whose keys are already words, marked for the catalog: a
term's name is translated where it is shown (:func:`term_name`)."""


@dataclasses.dataclass(frozen=True)
class TermDifference:
    """One term, best line's end minus second line's end, from the root mover's view.

    Attributes:
        name: the evaluator's term name.
        best, second: the term's points at the end of each line.
        points: ``best - second``.
        count: the raw count difference behind the term, when the evaluator has one
            (``Evaluator.term_counts``), else ``None``.
    """

    name: str
    best: int
    second: int
    points: int
    count: int | None = None


@dataclasses.dataclass(frozen=True)
class Why:
    """The comparison of two lines' end positions.

    Attributes:
        terms: every term that differs, largest difference first.
        total_best, total_second: the static scores at the two ends (root mover's view;
            ``None`` where the line ends the game).
        ended_best, ended_second: a finished game's description at a line's end, or
            ``None`` when the line ends in a running position.
    """

    terms: tuple[TermDifference, ...]
    total_best: int | None
    total_second: int | None
    ended_best: str | None = None
    ended_second: str | None = None


def _end(game: Game, line: Sequence[Move]) -> Game:
    end = game.copy()
    for move in line:
        end.push(move)
    return end


def _view_terms(evaluator: Evaluator, end: Game, side: int
                ) -> tuple[dict[str, int], dict[str, int]]:
    """The end position's terms and counts from ``side``'s view."""
    sign = 1 if end.turn == side else -1
    terms = {k: sign * v for k, v in evaluator.terms(end).items()}
    counts = {k: sign * v for k, v in evaluator.term_counts(end).items()}
    return terms, counts


def _ended(end: Game, side: int) -> str | None:
    outcome = end.outcome()
    if outcome is None:
        return None
    reason = _(outcome.reason)  # the rules mark their reasons (N_)
    if outcome.winner is None:
        # Translators: how a line of play ends: "a draw (board full)".
        return _("a draw ({reason})").format(reason=reason)
    if outcome.winner == side:
        return _("a win ({reason})").format(reason=reason)
    return _("a loss ({reason})").format(reason=reason)


def compare_lines(game: Game, evaluator: Evaluator, best: Sequence[Move],
                  second: Sequence[Move]) -> Why:
    """Compare the end positions of two lines from ``game`` (left unchanged).

    Both lines start with the root move; their terms are taken from the view of the
    side to move in ``game``. A line that ends the game has no terms (its end is
    described instead).
    """
    side = game.turn
    ends = (_end(game, best), _end(game, second))
    ended = tuple(_ended(e, side) for e in ends)
    parts = [({}, {}) if ended[i] is not None else _view_terms(evaluator, ends[i], side)
             for i in (0, 1)]
    (terms_a, counts_a), (terms_b, counts_b) = parts
    diffs = []
    for name in dict.fromkeys([*terms_a, *terms_b]):
        a, b = terms_a.get(name, 0), terms_b.get(name, 0)
        if a != b:
            count = None
            if name in counts_a and name in counts_b:
                count = counts_a[name] - counts_b[name]
            diffs.append(TermDifference(name, a, b, a - b, count))
    diffs.sort(key=lambda d: (-abs(d.points), d.name))
    totals = [None if ended[i] is not None else sum(parts[i][0].values()) for i in (0, 1)]
    return Why(tuple(diffs), totals[0], totals[1], ended[0], ended[1])


def compared_line(lines: Sequence[Line]) -> int | None:
    """Which line "why the best" compares the best with: the first whose score differs
    from the best's (comparing two lines of the same score explains nothing: their
    ends score the same), else the second; ``None`` with fewer than two lines.

    >>> compared_line([Line(1, 40, (1,)), Line(2, 40, (2,)), Line(3, 10, (3,))])
    2
    >>> compared_line([Line(1, 40, (1,)), Line(2, 40, (2,))])
    1
    """
    if len(lines) < 2:
        return None
    return next((i for i in range(1, len(lines)) if lines[i].score != lines[0].score), 1)


def tied_with_best(lines: Sequence[Line]) -> int:
    """How many lines after the best have exactly the best's score."""
    return sum(1 for line in lines[1:] if line.score == lines[0].score)


def term_name(name: str) -> str:
    """A term's name for a person: ``"x_squares"`` -> ``"X-squares"``."""
    return _(TERM_NAMES.get(name, name.replace("_", " ")))


def term_words(game_name: str, diff: TermDifference) -> str:
    """One term difference in words: ``"mobility +3 moves"``, ``"corners +1"``,
    ``"open threes +2500 points"``, ``"threats on good rows −0.8 threats"``.

    With a raw count the count is given in its unit; otherwise the points in the
    game's unit (``scores.UNITS``).
    """
    name = term_name(diff.name)
    if diff.count is not None and diff.count != 0 and diff.name in COUNT_UNITS:
        amount = _signed(f"{diff.count:+d}")
        if COUNT_UNITS[diff.name] == ("move", "moves"):
            # Translators: an evaluator term and how many moves more: "mobility +3 moves".
            return ngettext("{term} {amount} move", "{term} {amount} moves",
                            abs(diff.count)).format(term=name, amount=amount)
        # Translators: an evaluator term and its count difference: "corners +1".
        return _("{term} {amount}").format(term=name, amount=amount)
    per = UNITS.get(game_name, DEFAULT_UNIT)[0]
    value = diff.points / per
    text = f"{value:+.0f}" if per == 1 else ("" if value < 0 else "+") + one_decimal(value)
    # Translators: an evaluator term and its points in the game's unit: "open threes
    # +2500 points" (the unit is its own message).
    return _("{term} {amount}").format(term=name, amount=unit_text(game_name, _signed(text)))


def _signed(text: str) -> str:
    """A typographic minus, as the rest of the program writes it."""
    return "−" + text[1:] if text.startswith("-") else text


def exact_summary(game_name: str, best: Line, second: Line, best_name: str,
                  second_name: str) -> str | None:
    """Why, when both lines are proved (a solver or a tree searched to its end): the
    results themselves, not the evaluator's terms. ``None`` when it cannot say.

    >>> exact_summary("othello", Line(1, -999_990, (1,), -50), Line(2, -999_990, (2,), -52),
    ...               "g7", "b7")
    'g7 loses by 2 discs fewer than b7'
    """
    if best.margin is not None and second.margin is not None and game_name == "othello":
        diff = best.margin - second.margin
        names = {"best": best_name, "second": second_name, "n": number(diff)}
        if diff == 0:
            # Translators: {best} and {second} are two moves ("g7", "b7").
            return _("{best} and {second} end the same, by the solver").format(**names)
        if second.margin > 0:
            return ngettext("{best} wins by {n} disc more than {second}",
                            "{best} wins by {n} discs more than {second}", diff).format(**names)
        if best.margin < 0:
            return ngettext("{best} loses by {n} disc fewer than {second}",
                            "{best} loses by {n} discs fewer than {second}",
                            diff).format(**names)
        return ngettext("{best} ends {n} disc better than {second}",
                        "{best} ends {n} discs better than {second}", diff).format(**names)
    a, b = moves_to_end(best.score), moves_to_end(second.score)
    if a is not None and b is not None and a != b:
        names = {"best": best_name, "second": second_name, "n": number(a), "m": number(b)}
        if best.score > 0 and second.score > 0:
            # Translators: {n} and {m} count moves (always "moves" in English).
            return _("{best} wins in {n} moves, {second} only in {m}").format(**names)
        if best.score < 0 and second.score < 0:
            return _("{best} loses only in {n} moves, {second} in {m}").format(**names)
    if a is not None and a == b and (best.score > 0) == (second.score > 0):
        if best.score > 0:
            return ngettext("both win in {n} move", "both win in {n} moves", a).format(
                n=number(a))
        return ngettext("both lose in {n} move", "both lose in {n} moves", a).format(
            n=number(a))
    if best.score > 0 and second.score <= 0 and is_proven(best.score):
        return _("{best} wins; {second} does not").format(best=best_name, second=second_name)
    if best.score == 0 and second.score < 0:
        return _("{best} draws; {second} loses").format(best=best_name, second=second_name)
    return None


def summary(game_name: str, why: Why, limit: int = 3) -> str:
    """The largest differences in words, joined: ``"mobility +3 moves, corners +1"``."""
    if why.ended_best is not None or why.ended_second is not None:
        best = why.ended_best or _("a running position")
        second = why.ended_second or _("a running position")
        # Translators: {best} and {second}: "a win (five in a row)", "a running position".
        return _("the best line ends in {best}, the second in {second}").format(
            best=best, second=second)
    if not why.terms:
        return _("both lines end in positions the evaluator scores the same way")
    # Translators: the separator between the listed term differences.
    return _(", ").join(term_words(game_name, d) for d in why.terms[:limit])


# untranslated: the exported names
__all__ = ["COUNT_UNITS", "TermDifference", "Why", "compare_lines", "compared_line",
           "exact_summary", "summary", "term_name", "term_words", "tied_with_best"]
