"""What the search needs from a game-specific evaluator, and the score scale.

The search (``ai.search``) is written once for every game; everything it knows about
a particular game comes through an ``Evaluator``:

* ``evaluate(game)``: the static score at the depth limit, from the side to move's
  view, an int strictly inside ``(-WIN_THRESHOLD, WIN_THRESHOLD)``;
* ``candidate_moves(game)``: the moves the search tries, best guess first. This both
  orders (the game's cheap heuristic) and may *narrow* the tree in ways that lose
  nothing a player cares about: Connect-4 and Gomoku return only the forced answers
  when a win or a block is on the board, Gomoku only cells near stones. Every search
  mode (plain minimax included) uses the same candidates, so they all see one tree;
* ``terminal_score(game, outcome, ply)``: the value of a finished game;
* ``solver``: an optional ``ExactSolver`` used when a position is small enough.

Score scale: a win for the side to move ``ply`` plies below the root is
``WIN - ply`` (so the fastest win and the slowest loss are preferred); anything with
``abs(score) >= WIN_THRESHOLD`` is a proven result, everything else a heuristic.
"""

from __future__ import annotations

import abc
import dataclasses
from collections.abc import Callable
from typing import ClassVar

from game.rules.base import Game, Move, Outcome

WIN = 1_000_000
"""Score of an immediate win for the side to move (the root's point of view at ply 0)."""

MAX_PLY = 1_000
"""More plies than any game here lasts; proven scores lie within ``MAX_PLY`` of ``WIN``."""

WIN_THRESHOLD = WIN - MAX_PLY
"""``abs(score) >= WIN_THRESHOLD`` means a proven win or loss."""


def is_proven(score: int) -> bool:
    """Whether ``score`` is a proven win or loss rather than a heuristic value."""
    return score >= WIN_THRESHOLD or score <= -WIN_THRESHOLD


def plies_to_end(score: int) -> int | None:
    """Plies until the proven win or loss that ``score`` reports, else ``None``.

    >>> plies_to_end(WIN - 3), plies_to_end(-(WIN - 4)), plies_to_end(120)
    (3, 4, None)
    """
    if not is_proven(score):
        return None
    return WIN - abs(score)


def weight(default: int, low: int, high: int) -> int:
    """A ``Weights`` field: its default and the range a weights file may set it in.

    The range is the field's metadata (``weight_range`` reads it), so it is written
    once, next to the field, and enforced when a file is read.
    """
    if not low <= default <= high:
        # untranslated: developer error (a Weights class defined wrong)
        raise ValueError(f"default {default} outside its range {low}..{high}")
    return dataclasses.field(default=default, metadata={"range": (low, high)})


def weight_fields(weights: object) -> list[dataclasses.Field[object]]:
    """The fields of a ``Weights`` dataclass (class or instance) declared with ``weight()``
    (those with a range), in field order.

    >>> from ai.evaluators.tictactoe import Weights
    >>> [f.name for f in weight_fields(Weights())]
    ['open_two', 'open_one', 'centre']
    """
    return [f for f in dataclasses.fields(weights)  # type: ignore[arg-type]  # a dataclass
            if "range" in f.metadata]


def weight_range(weights_class: type, name: str) -> tuple[int, int]:
    """The ``(low, high)`` range of the weight ``name`` of a ``Weights`` dataclass.

    >>> from ai.evaluators.othello import Weights
    >>> weight_range(Weights, "corners")
    (0, 4000)
    """
    for field in dataclasses.fields(weights_class):
        if field.name == name:
            low, high = field.metadata["range"]
            return int(low), int(high)
    raise KeyError(name)


def parent_score(score: int) -> int:
    """A child's exact score (its mover's view, ``WIN - plies`` scale or a distance in
    plies) as its parent's: negated, one ply further from the end.

    >>> parent_score(3), parent_score(-2), parent_score(0)
    (-2, 1, 0)
    """
    if score > 0:
        return -(score - 1)
    if score < 0:
        return -(score + 1)
    return 0


@dataclasses.dataclass(frozen=True)
class Solution:
    """An exact game-theoretic result.

    Attributes:
        score: in the game's own convention (Connect-4: Pons' score; Othello: final
            disc difference for the side to move, empties to the winner).
        search_score: the same result on the search's scale (``WIN - plies`` for a
            win, 0 for a draw, ...), comparable with heuristic scores.
        best_moves: every move that achieves ``score``, best guess first.
        move_scores: the exact score (game convention) of each root move that was
            proven; moves left out were not needed to prove ``score``.
        nodes: positions visited.
        move_bounds: root moves whose ``move_scores`` entry is only a bound: ``-1``
            the true score is at most it, ``+1`` at least it (``ExactSolver.prove``
            leaves the moves it did not play as bounds); ``score`` itself is exact.
    """

    score: int
    search_score: int
    best_moves: tuple[Move, ...]
    move_scores: dict[Move, int]
    nodes: int
    move_bounds: dict[Move, int] = dataclasses.field(default_factory=dict)


class ExactSolver(abc.ABC):
    """Proves the value of a position: exactly when it is small enough (Connect-4,
    Othello endgames), or a forced win when one exists (Gomoku's victory by
    continuous fours)."""

    @abc.abstractmethod
    def applies(self, game: Game, reach: int | None = None) -> bool:
        """Whether ``game`` is small enough to solve within the search's budget.

        ``reach``: solve positions with up to this many empty cells instead of the
        solver's own threshold (the top levels, whose time budget allows more).
        Solvers that do not count empty cells (Gomoku's threat search) ignore it.
        """

    @abc.abstractmethod
    def solve(self, game: Game, poll: Callable[[], None] = lambda: None,
              reach: int | None = None) -> Solution | None:
        """Solve ``game`` (which must not be over); ``game`` is left unchanged.

        Returns ``None`` when this solver cannot decide the position (a threat search
        that finds no forced win, or its own node cap ran out); the ordinary search
        then decides. With ``reach`` given, a solver drops its own node cap: the
        caller's ``poll`` (a time budget) is the only limit.

        ``poll`` must be called every few thousand nodes; it raises to stop the solve
        (time up, or the user cancelled), and the solver lets that exception through.
        """

    def solve_threats(self, game: Game, poll: Callable[[], None] = lambda: None,
                      deadline: float | None = None) -> Solution | None:
        """A deeper, slower proof attempt after ``solve`` found nothing (the top levels'
        ``Limits.threats``): Gomoku's victory by continuous threats (fours and threes).

        ``deadline`` is a ``time.perf_counter()`` value; running past it means ``None``
        (not found), as does a game with no such notion (this default).
        """
        return None

    def prove(self, game: Game, poll: Callable[[], None] = lambda: None,
              reach: int | None = None,
              settled: Callable[[Solution], None] | None = None,
              first: Move | None = None) -> Solution | None:
        """What a player needs: the position's exact ``score`` and a move that achieves
        it; the other moves' scores may be bounds (``Solution.move_bounds``).

        A solver that proves the result class (win, draw or loss) before the exact
        score calls ``settled`` with a solution whose ``best_moves[0]`` keeps that
        class (its ``score`` then a bound), so that a caller whose time runs out
        before the exact score still plays a move that keeps the value. ``first``: a
        move to try first (a search's best guess), when the solver can use one. The
        default is ``solve``.
        """
        return self.solve(game, poll, reach)

    @abc.abstractmethod
    def search_score(self, game: Game, score: int) -> int:
        """``score`` (the game's own convention, for the side to move in ``game``) on
        the search's scale: ``WIN - plies`` for a win, 0 for a draw, ``-WIN + plies``
        for a loss, so that proven results compare with heuristic scores."""


@dataclasses.dataclass(frozen=True)
class SearchHints:
    """Which of the search's generic enhancements pay off for one game.

    They never change a search's value, only how many nodes it takes to find it, so
    each game's evaluator says what measured best for it (node counts on the
    ``plies bench`` positions at the levels' depths; ``ai/TUNING.md`` has the table).

    Attributes:
        killers: try the moves that refuted sibling nodes early. Where the
            evaluator's own order is already good they push better moves back.
        history: order the remaining moves by how often they caused cutoffs anywhere.
        deepening_step: plies between two iterations of iterative deepening. Two
            suits games whose static scores swing with the parity of the depth: an
            iteration of the other parity orders the next one badly and costs nodes.
    """

    killers: bool = True
    history: bool = True
    deepening_step: int = 1


class Evaluator(abc.ABC):
    """The game-specific knowledge the search uses; one subclass per game.

    Attributes:
        game_name: the rules' ``Game.name`` this evaluator understands.
        name: the preset's name (``"default"``, ``"naive"``, or a file's stem).
        solver: an exact solver for small positions, or ``None``.
        unit: the evaluator's scale (see below).
        search_hints: the search enhancements worth using in this game.
    """

    game_name: ClassVar[str]
    search_hints: ClassVar[SearchHints] = SearchHints()
    name: str = "custom"
    solver: ExactSolver | None = None
    unit: int = 100
    """What a small but clear advantage is worth in this evaluator's points; the easy
    levels' randomness is measured in it, and the UI's evaluation bar scales by it."""

    @abc.abstractmethod
    def evaluate(self, game: Game) -> int:
        """Static score of a running game from the side to move's view.

        Must lie strictly inside ``(-WIN_THRESHOLD, WIN_THRESHOLD)``.
        """

    def terms(self, game: Game) -> dict[str, int]:
        """``evaluate(game)`` split into named terms whose values add up to it.

        The evaluator's own arithmetic, for explanations ("why this move"): each
        game's evaluator names its weights' terms; this default is one term.
        Terms worth 0 may be left out.
        """
        return {"evaluation": self.evaluate(game)}

    def term_counts(self, game: Game) -> dict[str, int]:
        """Raw counts behind some terms (``"mobility": 3`` moves more), where a term
        has one; ``{}`` by default. Only for wording, never added up."""
        return {}

    def candidate_moves(self, game: Game) -> list[Move]:
        """Moves the search tries here, best guess first; never empty while moves exist."""
        return game.legal_moves()

    def root_moves(self, game: Game, poll: Callable[[], None] | None = None,
                   threats: float | bool = False) -> list[Move]:
        """The candidates at the root of a search, where more care is affordable.

        Default: ``candidate_moves``. Gomoku narrows them to the moves that stop the
        opponent's victory by continuous fours (and, with ``threats``, by continuous
        threats: the top levels; a number is the seconds that defence may take).
        ``poll`` may raise to stop the work.
        """
        return self.candidate_moves(game)

    def threat_probe(self, game: Game) -> int | None:
        """Plies to a proven win of the side to move found by a cheap threat search,
        or ``None`` (none found: proves nothing). The search asks it near the root
        with ``Limits.threats`` (Gomoku: a small victory-by-continuous-threats
        search); default ``None``."""
        return None

    def refuted(self, game: Game, move: Move, poll: Callable[[], None] | None = None,
                deadline: float | None = None) -> bool:
        """Whether the opponent has a proven forced win after the side to move plays
        ``move`` (a check of the search's choice at the top levels, within
        ``deadline``, a ``time.perf_counter()`` value; ``poll`` may raise to stop).
        Default ``False`` (nothing to check)."""
        return False

    def terminal_score(self, game: Game, outcome: Outcome, ply: int) -> int:
        """Value of a finished game for the side to move, ``ply`` plies below the root."""
        if outcome.winner is None:
            return 0
        return WIN - ply if outcome.winner == game.turn else -(WIN - ply)
