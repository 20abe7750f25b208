"""Game review: every move judged against the best move of the same search.

For each position of a game the reviewer runs one search (or, where it reaches, the
exact solver) that scores both the best move and the move that was played exactly
(``Limits.exact_moves``), from the mover's point of view. The two scores become
expected results (0 = loss, 0.5 = draw, 1 = win) through the game's winning-chance
curve (``ai.explain.winchance.win_chance``), and the move is labelled by how much expected
result it gave away:

==============  =================================================================
label           drop in the mover's expected result (best move's minus played's)
==============  =================================================================
``best``        none: the best move itself, or a move of the same score
``good``        less than 10 points (of 100)
``inaccuracy``  10 points or more
``mistake``     20 points or more
``blunder``     30 points or more
==============  =================================================================

A proof overrides the percentages: a move that allows a forced loss the mover did not
already face, or gives up a proven win, is a ``blunder`` whatever the curve says (a side
at 24% that hangs a win in one loses only 24 points of expected result, yet it threw the
game away); when the opponent can win at once, the verdict names the move ("allowed
Yellow to win at once: 3").

The thresholds follow lichess' rule of judging moves by lost winning chances
(lichess: 0.1 / 0.2 / 0.3 on its -1..+1 scale, i.e. 5 / 10 / 15 points of expected
result); Plies doubles them because its evaluators' curves are fitted on fewer games
and a heuristic score swings more between depths than a chess engine's.

Where the exact solver answers (Connect-4 with few empty cells, Othello endgames)
the judgement is the game-theoretic one (``exact=True``): a win is worth 1, a draw
0.5, a loss 0, so turning a win into a draw is a blunder; the verdict says it in
words ("turned a win into a draw", "kept the win, in 4 moves instead of 2", "a loss
into a loss in fewer moves (2 instead of 5)", Othello: "kept the win, by 6 discs
instead of 20"). Gomoku's threat solver proves wins but not their absence, so there
a move is exact only when both scores are proven.

Accuracy per side is the mean over its moves (forced moves left out) of lichess'
published per-move accuracy, ``103.1668 * exp(-0.04354 * drop) - 3.1669`` clamped to
0..100, ``drop`` in points of expected result (https://lichess.org/page/accuracy):
100 for best moves, about 64 for a 10-point inaccuracy, 25 for a 30-point blunder.

Pure (no pygame, no threads of its own): cancellable by a ``threading.Event`` and
reporting progress through a callback, so the window runs it in its worker thread.

>>> from game.rules import new_game
>>> from ai.evaluators import load_evaluator
>>> game = new_game("connect4"); game.play_moves("444444")
>>> review = review_game(game, load_evaluator("connect4"), ReviewLimits(depth=2))
>>> [m.label for m in review.moves][:2]
['best', 'best']
"""

from __future__ import annotations

import dataclasses
import math
import threading
from collections.abc import Callable
from typing import Any

from ai.evaluators.base import WIN, Evaluator, ExactSolver, is_proven, plies_to_end
from ai.explain.winchance import win_chance
from ai.search import Bound, Limits, Searcher, SearchInfo
from game.i18n import _, ngettext, number
from game.rules.base import Game, Move

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
"""Every label, best first."""

THRESHOLDS = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))
"""Smallest drop in expected result (0..1) that earns each label, worst first."""

DEFAULT_DEPTH = {"connect4": 8, "othello": 6, "gomoku": 5}
"""Search depth per position when neither depth nor time is given (``plies review``
and the window): about a second per position on the 2-core machine; README has the
measured times."""


class ReviewCancelled(Exception):
    """Raised inside the reviewer when the stop event is set (caught by ``review_game``)."""


@dataclasses.dataclass(frozen=True)
class ReviewLimits:
    """How hard to look at each position: a depth, a time per position, or both.

    Attributes:
        depth: search depth per position (plies).
        seconds: time per position; the last depth completed in time is used.
    """

    depth: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.depth is not None and self.depth < 1:
            raise ValueError(_("depth must be at least 1, not {depth}").format(depth=self.depth))
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(_("time must be positive, not {seconds}").format(
                seconds=self.seconds))

    def for_game(self, game_name: str) -> ReviewLimits:
        """These limits, or the game's default depth when none is set."""
        if self.depth is None and self.seconds is None:
            return ReviewLimits(depth=DEFAULT_DEPTH.get(game_name, 4))
        return self


@dataclasses.dataclass(frozen=True)
class MoveReview:
    """The judgement of one move.

    Attributes:
        ply: the move's number in the game, 1 for the first move.
        side: who played it (0 = first player).
        move: the move played.
        best: the best move found (``move`` itself when it is best).
        label: one of ``LABELS``.
        exact: the judgement is game-theoretic (solver or a tree searched to its end).
        score_before: the best move's score, mover's view (the search's scale; a
            proven result is ``±(WIN - plies)``).
        score_after: the played move's score, mover's view, same scale.
        chance_before: the mover's expected result (0..1) with the best move.
        chance_after: the mover's expected result after the played move.
        verdict: for exact judgements, the result in words ("turned a win into a
            draw"); for a heuristic one, what a proof on one side says ("missed a
            forced win in 3 moves", "allowed a forced loss in 2 moves"), else ``""``.
        forced: the only legal move (an Othello pass, a forced block with one cell):
            labelled ``best`` and left out of the accuracy.
        depth: the depth searched (0 when the solver answered).
        margins: Othello solved exactly: ``(best, played)`` final disc margins.
    """

    ply: int
    side: int
    move: Move
    best: Move
    label: str
    exact: bool
    score_before: int
    score_after: int
    chance_before: float
    chance_after: float
    verdict: str = ""
    forced: bool = False
    depth: int = 0
    margins: tuple[int, int] | None = None

    @property
    def loss(self) -> float:
        """Expected result given away (0..1)."""
        return max(0.0, self.chance_before - self.chance_after)

    @property
    def accuracy(self) -> float:
        """This move's accuracy, 0..100 (see the module docstring)."""
        return move_accuracy(self.loss)


@dataclasses.dataclass(frozen=True)
class SideSummary:
    """One side's moves in numbers."""

    side: int
    counts: dict[str, int]
    accuracy: float | None
    moves: int


@dataclasses.dataclass(frozen=True)
class GameReview:
    """A reviewed game (or the part done before a cancel).

    Attributes:
        moves: one ``MoveReview`` per judged move, in order.
        total: the number of moves in the game.
        complete: every move was judged (``False``: cancelled).
    """

    moves: tuple[MoveReview, ...]
    total: int
    complete: bool

    def summary(self) -> tuple[SideSummary, SideSummary]:
        """Counts per label and accuracy for side 0 and side 1."""
        return side_summary(self.moves, 0), side_summary(self.moves, 1)


def label_for(loss: float) -> str:
    """The label of a move that is not the best, by its drop in expected result.

    >>> label_for(0.05), label_for(0.1), label_for(0.25), label_for(0.5)
    ('good', 'inaccuracy', 'mistake', 'blunder')
    """
    for label, threshold in THRESHOLDS:
        if loss >= threshold - 1e-9:
            return label
    return "good"


def move_accuracy(loss: float) -> float:
    """Lichess' per-move accuracy for a drop of ``loss`` (0..1) in expected result.

    >>> round(move_accuracy(0.0)), round(move_accuracy(0.1)), round(move_accuracy(0.3))
    (100, 64, 25)
    """
    value = 103.1668 * math.exp(-0.04354 * 100 * max(0.0, loss)) - 3.1669
    return min(100.0, max(0.0, value))


def side_summary(moves: tuple[MoveReview, ...] | list[MoveReview], side: int) -> SideSummary:
    """Counts per label and mean accuracy (unforced moves) of ``side``'s moves."""
    mine = [m for m in moves if m.side == side]
    counts = {label: sum(1 for m in mine if m.label == label) for label in LABELS}
    judged = [m.accuracy for m in mine if not m.forced]
    accuracy = sum(judged) / len(judged) if judged else None
    return SideSummary(side, counts, accuracy, len(mine))


# --- winning chances ---------------------------------------------------------------------

Chance = Callable[[int], float]
"""Score (search scale, mover's view) -> the mover's expected result, 0..1."""


def chance_function(game: Game, evaluator: Evaluator) -> Chance:
    """The game's winning-chance curve for ``evaluator``'s scores (``winchance``).

    Proven results are certain (win 1, loss 0); heuristic scores go through the
    curve fitted for the game and the evaluator's preset.
    """
    name, preset = game.name, evaluator.name
    return lambda score: win_chance(name, score, preset)


# --- the reviewer --------------------------------------------------------------------------

Progress = Callable[[int, int, "MoveReview | None"], None]
"""``progress(done, total, latest)``: ``done`` moves of ``total`` judged so far."""


class Reviewer:
    """Judges the moves of one game with one evaluator (its tables reused throughout).

    Args:
        evaluator: the game knowledge (its solver answers where it reaches).
        limits: depth and/or time per position.
        stop: set it to cancel; the review in progress ends at the next poll.
        chance: score -> expected result (default: ``chance_function``).
    """

    def __init__(self, evaluator: Evaluator, limits: ReviewLimits,
                 stop: threading.Event | None = None, chance: Chance | None = None) -> None:
        self.evaluator = evaluator
        self.limits = limits
        self.stop = stop or threading.Event()
        self._chance = chance
        self.searcher = Searcher(evaluator)

    def judge(self, game: Game, move: Move) -> MoveReview:
        """Judge ``move`` in ``game`` (a running game where ``move`` is legal; unchanged).

        Raises:
            ReviewCancelled: the stop event was set.
        """
        if self.stop.is_set():
            raise ReviewCancelled
        limits = self.limits.for_game(game.name)
        chance = self._chance or chance_function(game, self.evaluator)
        forced = len(game.legal_moves()) == 1
        solver = self.evaluator.solver
        tried = solver is not None and solver.applies(game)
        solution = solver.solve(game.copy(), self._poll) if solver is not None and tried else None
        if solver is not None and solution is not None and move in solution.move_scores:
            return self._exact_review(game, move, solution, solver, chance, forced)
        best, best_score, played_score, depth, exact = self._search(
            game, move, limits, use_solver=not tried)
        if solution is not None and solution.search_score > best_score:
            # A threat solver's proven win that the search did not see.
            best, best_score = solution.best_moves[0], solution.search_score
        # A proven score is a proof (a forced line within the tree); a draw only when
        # the whole tree was searched to its end.
        exact = (is_proven(best_score) and is_proven(played_score)) or (
            exact and _decided(best_score) and _decided(played_score))
        return self._make(game, move, best, best_score, played_score, chance, exact,
                          forced, depth)

    # --- exact answers ---------------------------------------------------------------

    def _poll(self) -> None:
        if self.stop.is_set():
            raise ReviewCancelled

    def _exact_review(self, game: Game, move: Move, solution: Any, solver: ExactSolver,
                      chance: Chance, forced: bool) -> MoveReview:
        """The solver scored every root move: the judgement is game-theoretic."""
        best = solution.best_moves[0] if move not in solution.best_moves else move
        best_raw, played_raw = solution.score, solution.move_scores[move]
        best_score = solver.search_score(game, best_raw)
        played_score = solver.search_score(game, played_raw)
        margins = (best_raw, played_raw) if game.name == "othello" else None
        review = self._make(game, move, best, best_score, played_score, chance, True, forced,
                            0, margins=margins)
        if margins is not None and played_raw < best_raw and review.label == "best" \
                and not forced:
            # Same result, smaller margin: not the best move, but no result lost.
            review = dataclasses.replace(review, label="good", best=solution.best_moves[0])
        return review

    # --- searched answers ------------------------------------------------------------

    def _search(self, game: Game, move: Move, limits: ReviewLimits, *, use_solver: bool
                ) -> tuple[Move, int, int, int, bool]:
        """``(best, best score, played score, depth, exact)`` from one search."""
        completed: list[SearchInfo] = []
        result = self.searcher.search(
            game, Limits(depth=limits.depth, seconds=limits.seconds, exact_moves=(move,),
                         use_solver=use_solver),
            stop=self.stop, on_info=completed.append)
        if result.stopped or self.stop.is_set():
            raise ReviewCancelled
        # A timed search may end inside a depth; the last completed depth scores
        # every root move at one depth, so best and played are comparable.
        scores = dict(result.root_scores)
        depth = result.depth
        if completed and limits.seconds is not None:
            scores, depth = dict(completed[-1].root_scores), completed[-1].depth
        played = scores.get(move)
        if played is None or played.bound != Bound.EXACT:
            # Not scored at the root (a threat solver's single line): search the reply.
            played_score = self._after(game, move, limits)
        else:
            played_score = played.score
        best, best_score = move, played_score
        for candidate, root in scores.items():
            if root.bound == Bound.EXACT and root.score > best_score:
                best, best_score = candidate, root.score
        return best, best_score, played_score, depth, result.exact

    def _after(self, game: Game, move: Move, limits: ReviewLimits) -> int:
        """The played move's score from a search of the position after it."""
        child = game.copy()
        child.push(move)
        outcome = child.outcome()
        if outcome is not None:
            return -self.evaluator.terminal_score(child, outcome, 1)
        depth = None if limits.depth is None else max(1, limits.depth - 1)
        result = self.searcher.search(child, Limits(depth=depth, seconds=limits.seconds),
                                      stop=self.stop)
        if result.stopped or self.stop.is_set():
            raise ReviewCancelled
        score = -result.score
        # One ply further from the mover: a proven result is one ply later.
        if is_proven(score):
            score += -1 if score > 0 else 1
        return score

    # --- the judgement ----------------------------------------------------------------

    def _make(self, game: Game, move: Move, best: Move, best_score: int,
              played_score: int, chance: Chance, exact: bool, forced: bool, depth: int,
              margins: tuple[int, int] | None = None) -> MoveReview:
        """The judgement of ``move`` in ``game`` (the position before it) from the two
        scores; a move that lets the opponent win at once says so, with the winning move."""
        ply, side = game.ply + 1, game.turn
        if played_score >= best_score:
            best, best_score = move, played_score
        if exact:
            before, after = _exact_value(best_score), _exact_value(played_score)
        else:
            before, after = chance(best_score), chance(played_score)
        if best == move or forced:
            label = "best"
        elif threw_away_a_proof(best_score, played_score):
            label = "blunder"  # a proof lost is a blunder whatever the percentages say
        else:
            label = label_for(max(0.0, before - after))
        verdict = exact_verdict(best_score, played_score, margins, ply) if exact \
            else proof_verdict(best_score, played_score, ply)
        if label != "best" and is_proven(played_score) and played_score < 0 \
                and not (is_proven(best_score) and best_score < 0):
            reply = winning_reply(game, move)
            if reply is not None:
                # The side's name is the rules' word, translated where shown.
                name = _(game.side_names[1 - side])
                # Translators: {side}: the opponent ("Red"); {move}: its winning move.
                verdict = _("allowed {side} to win at once: {move}").format(
                    side=name, move=game.move_name(reply))
        return MoveReview(ply, side, move, best, label, exact, best_score, played_score,
                          before, after, verdict, forced, depth, margins)


def threw_away_a_proof(best: int, played: int) -> bool:
    """A move that allows a forced loss the mover did not already face, or gives up a
    proven win (scores from the mover's view): a blunder at any winning chance.

    >>> threw_away_a_proof(40, -(WIN - 2)), threw_away_a_proof(WIN - 3, 500)
    (True, True)
    >>> threw_away_a_proof(-(WIN - 8), -(WIN - 2)), threw_away_a_proof(WIN - 3, WIN - 5)
    (False, False)
    """
    lost_now = is_proven(played) and played < 0 and not (is_proven(best) and best < 0)
    won_before = is_proven(best) and best > 0 and not (is_proven(played) and played > 0)
    return lost_now or won_before


def winning_reply(game: Game, move: Move) -> Move | None:
    """The opponent's move that wins at once after ``move`` in ``game`` (unchanged), or
    ``None`` when there is none."""
    work = game.copy()
    work.push(move)
    if work.is_over():
        return None
    opponent = work.turn
    for reply in work.legal_moves():
        work.push(reply)
        outcome = work.outcome()
        work.pop()
        if outcome is not None and outcome.winner == opponent:
            return reply
    return None


def _decided(score: int) -> bool:
    """A proven win or loss, or an exact draw (0) from a tree searched to its end."""
    return is_proven(score) or score == 0


def _exact_value(score: int) -> float:
    """Expected result of an exact score: 1, 0.5 or 0."""
    return 1.0 if score > 0 else 0.0 if score < 0 else 0.5


def _result_word(score: int) -> str:
    return "win" if score > 0 else "loss" if score < 0 else "draw"


def exact_verdict(best: int, played: int, margins: tuple[int, int] | None = None,
                  ply: int | None = None) -> str:
    """The exact judgement in words, from the two exact scores (mover's view).

    ``margins``: Othello's final disc margins ``(best, played)``, which say more than
    the number of moves left. ``ply``: the judged move's number in the game; then how
    soon the game ends is said as a move number of the game, the unit the review
    numbers moves in ("ending at move 18 instead of 14"), else in the winner's moves.

    >>> exact_verdict(WIN - 3, 0), exact_verdict(WIN - 3, WIN - 7)
    ('turned a win into a draw', 'kept the win, in 4 moves instead of 2')
    >>> exact_verdict(WIN - 3, WIN - 7, ply=12)
    'kept the win, ending at move 18 instead of 14'
    >>> exact_verdict(-(WIN - 10), -(WIN - 4))
    'turned a loss into a loss in fewer moves (2 instead of 5)'
    """
    was, now = _result_word(best), _result_word(played)
    if played == WIN - 1:
        return _("won the game")
    if was != now:
        return _turned(was, now)
    if margins is not None and margins[0] != margins[1]:
        # English says "discs" for any count here; translators give each form.
        if was == "win":
            return ngettext("kept the win, by {n} discs instead of {m}",
                            "kept the win, by {n} discs instead of {m}",
                            abs(margins[1])).format(n=margins[1], m=margins[0])
        if was == "loss":
            return ngettext("lost by {n} discs instead of {m}", "lost by {n} discs instead of {m}",
                            abs(margins[1])).format(n=-margins[1], m=-margins[0])
    if was == "draw":
        return _("kept the draw")
    a, b = plies_to_end(best) or 0, plies_to_end(played) or 0
    if was == "win":
        mine_best, mine_played = (a + 1) // 2, (b + 1) // 2
        if mine_played == mine_best:
            return _("kept the win")
        if ply is not None:
            # Translators: {now}, {then}: move numbers of the game ("move 18").
            return _("kept the win, ending at move {now} instead of {then}").format(
                now=ply - 1 + b, then=ply - 1 + a)
        return ngettext("kept the win, in {n} move instead of {m}",
                        "kept the win, in {n} moves instead of {m}", mine_played).format(
            n=number(mine_played), m=number(mine_best))
    theirs_best, theirs_played = a // 2, b // 2
    if theirs_played >= theirs_best:
        return _("held the loss off as long as possible")
    if ply is not None:
        return _("turned a loss into a quicker loss (ending at move {now} instead of "
                 "{then})").format(now=ply - 1 + b, then=ply - 1 + a)
    # Translators: {n}, {m}: the opponent's moves until the loss, now and at best.
    return _("turned a loss into a loss in fewer moves ({n} instead of {m})").format(
        n=theirs_played, m=theirs_best)


def _turned(was: str, now: str) -> str:
    """``"turned a win into a draw"``: one whole sentence per pair of results."""
    sentences = {
        ("win", "draw"): _("turned a win into a draw"),
        ("win", "loss"): _("turned a win into a loss"),
        ("draw", "win"): _("turned a draw into a win"),
        ("draw", "loss"): _("turned a draw into a loss"),
        ("loss", "win"): _("turned a loss into a win"),
        ("loss", "draw"): _("turned a loss into a draw"),
    }
    return sentences[(was, now)]


def proof_verdict(best: int, played: int, ply: int | None = None) -> str:
    """What a proof on one side of a heuristic judgement says (``""``: nothing).

    ``ply``: the judged move's number in the game: the end is then a move number of
    the game ("by move 16"), the unit the review numbers moves in.

    >>> proof_verdict(WIN - 5, 120), proof_verdict(40, -(WIN - 4))
    ('missed a forced win in 3 moves', 'allowed a forced loss in 2 moves')
    >>> proof_verdict(WIN - 5, 120, ply=12), proof_verdict(40, -(WIN - 4), ply=12)
    ('missed a forced win by move 16', 'allowed a forced loss by move 15')
    """
    won_best, won_played = is_proven(best) and best > 0, is_proven(played) and played > 0
    if won_best and not won_played:
        if ply is not None:
            # Translators: {move}: a move number of the game ("by move 16").
            return _("missed a forced win by move {move}").format(
                move=ply - 1 + (plies_to_end(best) or 1))
        moves = ((plies_to_end(best) or 1) + 1) // 2
        return ngettext("missed a forced win in {n} move", "missed a forced win in {n} moves",
                        moves).format(n=number(moves))
    lost_best, lost_played = is_proven(best) and best < 0, is_proven(played) and played < 0
    if lost_played and not lost_best:
        if ply is not None:
            return _("allowed a forced loss by move {move}").format(
                move=ply - 1 + (plies_to_end(played) or 2))
        moves = ((plies_to_end(played) or 2) + 1) // 2
        return ngettext("allowed a forced loss in {n} move", "allowed a forced loss in {n} moves",
                        moves).format(n=number(moves))
    return ""


# --- a whole game --------------------------------------------------------------------------

def review_game(game: Game, evaluator: Evaluator, limits: ReviewLimits, *,
                stop: threading.Event | None = None, progress: Progress | None = None,
                chance: Chance | None = None, first: int = 0) -> GameReview:
    """Judge every move of ``game`` (its move stack, from its start); ``game`` unchanged.

    Args:
        game: the game whose ``move_stack`` is reviewed.
        evaluator: the evaluator (and solver) to judge with.
        limits: depth and/or time per position.
        stop: set it to cancel: the review returns what it has, ``complete=False``.
        progress: called after each move with ``(done, total, review)``, and once
            with ``(first, total, None)`` before the first.
        chance: score -> expected result (default: the game's fitted curve).
        first: judge from this move on (0-based; resuming a cancelled review): the
            result then holds the moves from ``first`` only.
    """
    moves = list(game.move_stack)
    if not 0 <= first <= len(moves):
        # untranslated: a caller's bug (the window resumes at a move it has)
        raise ValueError(f"first must be 0 to {len(moves)}, not {first}")
    replay = game.copy()
    while replay.move_stack:
        replay.pop()
    for move in moves[:first]:
        replay.push(move)
    reviewer = Reviewer(evaluator, limits, stop, chance)
    done: list[MoveReview] = []
    if progress is not None:
        progress(first, len(moves), None)
    try:
        for move in moves[first:]:
            done.append(reviewer.judge(replay, move))
            replay.push(move)
            if progress is not None:
                progress(first + len(done), len(moves), done[-1])
    except ReviewCancelled:
        return GameReview(tuple(done), len(moves), False)
    return GameReview(tuple(done), len(moves), True)


# untranslated: the exported names
__all__ = ["DEFAULT_DEPTH", "LABELS", "THRESHOLDS", "GameReview", "MoveReview",
           "ReviewCancelled", "ReviewLimits", "Reviewer", "SideSummary", "chance_function",
           "exact_verdict", "label_for", "move_accuracy", "review_game", "side_summary",
           "threw_away_a_proof", "winning_reply"]
