"""What the window knows of each position's value: every estimate, and the steady one shown.

A search's score leans towards the side that moves last in its tree: a depth-3
Connect-4 search of a position with Red to move sees Red's extra tempo, the same
search one ply later sees Yellow's. Drawn ply by ply, the evaluation bar and graph
saw-toothed by some twenty points with nothing happening on the board. So the window
keeps every estimate of every position of the game (:class:`Estimate`: the score, the
depth it was searched to and the side to move at its leaves), and shows for each
position (:func:`steady`):

1. a settled result when one is known (a proven win or loss, a solved draw);
2. else the deepest estimate whose leaves have the *viewer* to move: every position
   shown is then judged with the same side moving last, so a quiet game draws a
   quiet line;
3. an estimate of the other parity only when it searched at least two plies deeper
   than that (a long analysis), since one ply more only changes who moves last; a
   hint of the computer's own level does not move the bar.

The estimates come from the computer's own searches (its position, and the position
after the move it played, which its root scores value one ply less deep), hints, the
analysis, and, against an outside engine, Plies' own search of the engine's
positions. Tic-tac-toe is solved outright (its whole tree is 5,478 positions), so a
dead draw reads 50% at once, as the review says.
"""

from __future__ import annotations

import dataclasses

from ai.evaluators.base import ExactSolver
from ai.explain.scores import Evaluation
from ai.search import Bound, RootScore, SearchResult
from game.rules import Game, Move

MAX_ESTIMATES = 8
"""Estimates kept per position (a long analysis reports one per depth)."""

UNSEEN_DEPTH = 2
"""The depth a position with no estimate of the viewer's parity is taken to be known
to (an estimate of the other parity must be two plies deeper to be shown)."""

SOLVED_NOW = ("tictactoe",)
"""Games whose positions are solved at once for the bar (a memoised tree)."""


@dataclasses.dataclass(frozen=True)
class Estimate:
    """One search's value of one position.

    Attributes:
        evaluation: the value, side 0's view.
        depth: the plies searched below the position (0: solved, or a verdict).
        leaf_turn: the side to move at the search's leaves (who moved last is the other).
    """

    evaluation: Evaluation
    depth: int
    leaf_turn: int


def leaf_turn(turn: int, depth: int) -> int:
    """The side to move ``depth`` plies after ``turn`` is to move (every ply, a pass
    too, changes the side to move)."""
    return turn ^ (depth & 1)


def steady(estimates: list[Estimate], view: int,
           source: Estimate | None = None) -> Estimate | None:
    """The estimate the bar shows for a position (see the module docstring), or
    ``None`` when none of them may replace ``source``, the estimate shown before it.

    >>> ev = lambda s: Evaluation(s, 100, game_name="connect4")
    >>> mine, theirs = Estimate(ev(30), 2, 0), Estimate(ev(90), 3, 1)
    >>> steady([mine, theirs], view=0) is mine
    True
    >>> steady([theirs], view=0, source=mine) is None     # one ply deeper: not enough
    True
    >>> steady([theirs], view=0) is None                   # nothing else known
    True
    >>> deep = Estimate(ev(50), 7, 1)
    >>> steady([mine, deep], view=0) is deep               # a long analysis is
    True
    """
    settled = [e for e in estimates if e.evaluation.settled]
    if settled:
        return settled[-1]
    same = [e for e in estimates if e.leaf_turn == view]
    other = [e for e in estimates if e.leaf_turn != view]
    best = max(same, key=lambda e: e.depth) if same else None
    deeper = max(other, key=lambda e: e.depth) if other else None
    reference = best or source
    # Nothing shown yet counts as a shallow search: a computer's first search of the
    # other parity waits for one of the viewer's (the graph would start with a jump),
    # a long analysis does not.
    shown = reference.depth if reference is not None else UNSEEN_DEPTH
    if deeper is not None and deeper.depth >= shown + 2:
        return deeper
    return best


class EvaluationRecord:
    """Every estimate of every position of the game, by ply (the moves played up to
    the shown position; undone moves keep theirs until another move replaces them)."""

    def __init__(self) -> None:
        self.estimates: dict[int, list[Estimate]] = {}

    def add(self, ply: int, estimate: Estimate) -> None:
        """Keep ``estimate`` for the position after ``ply`` moves; it replaces one of
        the same depth and parity (a search's live depth, then its result)."""
        kept = [e for e in self.estimates.get(ply, [])
                if (e.depth, e.leaf_turn) != (estimate.depth, estimate.leaf_turn)]
        self.estimates[ply] = [*kept, estimate][-MAX_ESTIMATES:]

    def steady(self, ply: int, view: int) -> Estimate | None:
        """The estimate shown for the position after ``ply`` moves (``None``: none)."""
        estimates = self.estimates.get(ply)
        if not estimates:
            return None
        source = None
        for before in sorted((p for p in self.estimates if p < ply), reverse=True):
            source = steady(self.estimates[before], view)
            if source is not None:
                break
        return steady(estimates, view, source)

    def forget_after(self, ply: int) -> None:
        """Drop the estimates of positions after ``ply`` moves (another move was played)."""
        for later in [p for p in self.estimates if p > ply]:
            del self.estimates[later]

    def clear(self) -> None:
        self.estimates.clear()


def child_estimate(parent: Game, result: SearchResult, move: Move,
                   evaluation: Evaluation) -> Estimate | None:
    """What a search of ``parent`` says of the position after ``move``: its root score,
    when exact (``evaluation`` is the parent's, for the unit and the curve), one ply
    less deep, with the same leaves; ``None`` when it has only a bound for ``move``."""
    root: RootScore | None = result.root_scores.get(move)
    if root is None or root.bound != Bound.EXACT:
        return None
    first = root.score if parent.turn == 0 else -root.score
    exact = result.exact or evaluation.exact
    depth = max(0, result.depth - 1)
    return Estimate(dataclasses.replace(evaluation, score=first, exact=exact, margin=None),
                    depth, leaf_turn(parent.turn, result.depth))


_solvers: dict[str, ExactSolver] = {}
"""One solver per game for the whole run: tic-tac-toe's memo fills once."""


def solved_now(game: Game, unit: int, preset: str) -> Estimate | None:
    """The exact value of ``game`` when its game is solved at once (tic-tac-toe: a
    memoised tree, the whole of it the first time, then a look-up), else ``None``."""
    if game.name not in SOLVED_NOW or game.is_over():
        return None
    from ai.endgame import solver_for

    solver = _solvers.get(game.name)
    if solver is None:
        solver = _solvers[game.name] = solver_for(game.name)
    solution = solver.solve(game.copy())
    if solution is None:
        return None
    score = solution.search_score
    first = score if game.turn == 0 else -score
    return Estimate(Evaluation(first, unit, True, game.name, preset), 0, game.turn)


@dataclasses.dataclass(frozen=True)
class Searched:
    """A finished search of the computer or a hint, with what it searched: the
    panel's "last search" lines describe it from its own side and position, whatever
    searched since (the analysis) or was shown since (an undo).

    Attributes:
        result: the search's answer.
        line: the moves played before the searched position (the game's move stack).
        side: the side to move there (the result's scores are from its view).
        unit, preset: the evaluator's unit and preset (the winning-chance curve).
        purpose: ``"move"`` or ``"hint"``.
    """

    result: SearchResult
    line: tuple[Move, ...]
    side: int
    unit: int
    preset: str
    purpose: str

    def evaluation(self, game_name: str, score: int | None = None,
                   exact: bool | None = None) -> Evaluation:
        """``score`` (default: the result's) as an ``Evaluation`` (side 0's view)."""
        score = self.result.score if score is None else score
        exact = self.result.exact if exact is None else exact
        return Evaluation(score if self.side == 0 else -score, self.unit, exact,
                          game_name, self.preset)

    def shown_for(self, game: Game) -> bool:
        """Whether it describes what ``game`` shows: a hint of this very position, or
        the computer's search of a position on the way to it whose chosen move was
        played (after an undo past it, or another line, it is not)."""
        stack = game.move_stack
        at = len(self.line)
        if len(stack) < at or tuple(stack[:at]) != self.line:
            return False
        if self.purpose == "hint":
            return len(stack) == at
        return len(stack) > at and stack[at] == self.result.move


def best_score(result: SearchResult) -> int:
    """The searched position's value: its best exact root score (the computer may play
    a near-best move at the easy levels; ``result.score`` is that move's), else the
    result's score."""
    exact = [root.score for root in result.root_scores.values() if root.bound == Bound.EXACT]
    return max(exact) if exact else result.score
