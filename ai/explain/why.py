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
from ai.explain.scores import UNITS, moves_to_end
from ai.explain.words import count, plural
from ai.search import Line
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
    "x_squares": "X-squares",
    "c_squares": "C-squares",
    "stable": "stable edges",
}
"""How a term is named for a person, when its key is not already plain words."""


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
    if outcome.winner is None:
        return f"a draw ({outcome.reason})"
    return f"{'a win' if outcome.winner == side else 'a loss'} ({outcome.reason})"


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
    return TERM_NAMES.get(name, name.replace("_", " "))


def term_words(game_name: str, diff: TermDifference) -> str:
    """One term difference in words: ``"mobility +3 moves"``, ``"corners +1"``,
    ``"open threes +2500 points"``, ``"threats on good rows −0.8 threats"``.

    With a raw count the count is given in its unit; otherwise the points in the
    game's unit (``scores.UNITS``).
    """
    name = term_name(diff.name)
    if diff.count is not None and diff.count != 0 and diff.name in COUNT_UNITS:
        one, many = COUNT_UNITS[diff.name]
        unit = plural(abs(diff.count), one, many)
        return f"{name} {_signed(f'{diff.count:+d}')}" + (f" {unit}" if unit else "")
    per, one, many = UNITS.get(game_name, (1.0, "point", "points"))
    value = diff.points / per
    text = f"{value:+.0f}" if per == 1 else f"{value:+.1f}"
    return f"{name} {_signed(text)} {one if text in ('+1', '-1') else many}"


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
        discs = count(diff, "disc")
        if diff == 0:
            return f"{best_name} and {second_name} end the same, by the solver"
        if second.margin > 0:
            return f"{best_name} wins by {discs} more than {second_name}"
        if best.margin < 0:
            return f"{best_name} loses by {discs} fewer than {second_name}"
        return f"{best_name} ends {discs} better than {second_name}"
    a, b = moves_to_end(best.score), moves_to_end(second.score)
    if a is not None and b is not None and a != b:
        if best.score > 0 and second.score > 0:
            return f"{best_name} wins in {a} moves, {second_name} only in {b}"
        if best.score < 0 and second.score < 0:
            return f"{best_name} loses only in {a} moves, {second_name} in {b}"
    if a is not None and a == b and (best.score > 0) == (second.score > 0):
        return f"both {'win' if best.score > 0 else 'lose'} in {count(a, 'move')}"
    if best.score > 0 and second.score <= 0 and is_proven(best.score):
        return f"{best_name} wins; {second_name} does not"
    if best.score == 0 and second.score < 0:
        return f"{best_name} draws; {second_name} loses"
    return None


def summary(game_name: str, why: Why, limit: int = 3) -> str:
    """The largest differences in words, joined: ``"mobility +3 moves, corners +1"``."""
    if why.ended_best is not None or why.ended_second is not None:
        best = why.ended_best or "a running position"
        second = why.ended_second or "a running position"
        return f"the best line ends in {best}, the second in {second}"
    if not why.terms:
        return "both lines end in positions the evaluator scores the same way"
    return ", ".join(term_words(game_name, d) for d in why.terms[:limit])


__all__ = ["COUNT_UNITS", "TermDifference", "Why", "compare_lines", "compared_line",
           "exact_summary", "summary", "term_name", "term_words", "tied_with_best"]
