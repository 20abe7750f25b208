"""Negamax alpha-beta with iterative deepening, a transposition table and move ordering.

One ``Searcher`` serves every game; the game-specific parts (static evaluation, which
moves to try and in what order, exact solving) come from its ``Evaluator``.

Three modes show what each idea buys, on the same tree (same candidate moves, same
evaluator at the depth limit), so they must agree on the value:

* ``"minimax"``: plain negamax, every node expanded, no pruning;
* ``"alphabeta"``: fail-soft alpha-beta in the evaluator's move order, nothing else;
* ``"full"`` (the default): iterative deepening, a bounded transposition table,
  TT move / killer / history ordering, principal-variation null windows, and the
  exact solver near the end.

>>> from game.rules import new_game
>>> from ai.evaluators import load_evaluator
>>> game = new_game("connect4"); game.play_moves("444")
>>> result = Searcher(load_evaluator("connect4")).search(game, Limits(depth=6))
>>> game.move_name(result.move), result.depth
('4', 6)
"""

from __future__ import annotations

import dataclasses
import math
import random
import threading
import time
from collections.abc import Callable, Iterator
from enum import IntEnum
from typing import Literal, NamedTuple

from ai.evaluators.base import WIN, WIN_THRESHOLD, Evaluator, ExactSolver, Solution, is_proven
from game.i18n import _
from game.rules.base import Game, Move

INFINITY = WIN + 1
"""Beyond every score: the open window's edges."""

POLL_INTERVAL = 256
"""Nodes between two checks of the stop event, clock and node limit.

Small enough that a stop lands within a few milliseconds even at Gomoku's slow nodes
(the worker promises 50 ms), large enough that the check costs nothing measurable.
"""

CHOICE_SHARPNESS = 3.0
"""How strongly the easy levels' random choice prefers the better near-equal moves
(see ``Searcher._choose``): 0 would be uniform within the margin."""

FALLBACK_SHARE = 0.2
"""The share of the time budget a short search takes before a solve beyond the
solver's own threshold (``Limits.solver_reach``): its move is played if the proof
does not finish, so a failed proof never costs the move."""

MAX_SEARCH_DEPTH = 64
"""Iterative deepening stops here at the latest (no game here needs more from the search)."""

THREAT_SHARE = 0.35
"""With ``Limits.threats``: the solver's threat search (after its ordinary solve)
stops at this fraction of the time budget (counted from the search's start); the
search has the rest."""

THREAT_DEFENCE_SHARE = 0.25
"""With ``Limits.threats``: the root's defence against the opponent's threats
(``Evaluator.root_moves``) may take this fraction of the time budget."""


THREAT_PROBE_PLIES = 3
"""With ``Limits.threats`` (and the solver on): nodes this close to the root (plies)
ask the evaluator's ``threat_probe`` for a proven win of the side to move before
searching on. Ply 3 is the opponent to move after its own quiet move and our reply:
a threat sequence set up by a quiet move, which no root check sees (the level-8
losses of the first VCT match). Deeper probes see more and cost more than they save
(figures: ``ai/TUNING.md``, "Figures behind the constants")."""


THREAT_SEARCH_SHARE = 0.75
"""With ``Limits.threats`` and a time limit: the iterative deepening stops at this
fraction of the time budget, so that the chosen move's last check has the rest (it
had only what the search left, which was nothing where the search ran to its
deadline)."""

VERIFY_SHARE = 1.0
"""With ``Limits.threats``: the chosen move's last check (``Searcher._verify``) runs
only until this fraction of the time budget (a check cut by the time keeps the move;
a re-search that finishes no depth plays the best of the moves left by the last
depth's scores)."""

VERIFY_TRIES = 3
"""Refuted choices dropped at most, each followed by a search of the moves left."""


Mode = Literal["minimax", "alphabeta", "full"]
MODES: tuple[Mode, ...] = ("minimax", "alphabeta", "full")


class Bound(IntEnum):
    """What a stored or reported score says about the true value."""

    EXACT = 0
    LOWER = 1  # true value >= score (the search failed high)
    UPPER = 2  # true value <= score (the search failed low)


class TTEntry(NamedTuple):
    """One transposition-table slot; scores of proven results are stored node-relative."""

    key: int
    depth: int
    score: int
    bound: Bound
    move: Move | None


class RootScore(NamedTuple):
    """A root move's score after a depth: exact for the best (and near-best) moves."""

    score: int
    bound: Bound


@dataclasses.dataclass(frozen=True)
class Limits:
    """When to stop, and how to choose among the root moves.

    Attributes:
        depth: deepest iteration (``None``: until time, nodes or the end of the game).
        seconds: wall-clock budget; the last completed depth is used when it runs out.
        nodes: node budget, same treatment.
        randomness: choose at random among root moves whose exact score is within
            this many points of the best (easy levels), the better ones the more
            often, never among proven results.
        use_solver: let the evaluator's exact solver answer small positions.
        solver_reach: let the solver try positions with up to this many empty cells,
            more than its own threshold, with only the time budget as its limit (the
            top levels); ``None``: the solver's own threshold. Needs ``seconds`` or
            ``nodes``, so that a solve that would take hours cannot hang the move.
        exact_moves: root moves whose score is made exact (searched with an open
            window) whatever their rank, not only an upper bound; a game review
            asks this for the move that was played.
        threats: the solver's deeper proof too (Gomoku: victory by continuous
            threats, within ``THREAT_SHARE`` of the time), the root's defence
            against the opponent's, and a small threat probe at the nodes within
            ``THREAT_PROBE_PLIES`` of the root (``Evaluator.threat_probe``; with the
            solver on): the top levels. Needs ``seconds`` or ``nodes``.
    """

    depth: int | None = None
    seconds: float | None = None
    nodes: int | None = None
    randomness: int = 0
    use_solver: bool = True
    solver_reach: int | None = None
    exact_moves: tuple[Move, ...] = ()
    threats: bool = False

    def __post_init__(self) -> None:
        if self.depth is None and self.seconds is None and self.nodes is None:
            raise ValueError(_("a search needs a depth, a time or a node limit"))
        if self.depth is not None and self.depth < 1:
            raise ValueError(_("search depth must be at least 1"))
        if self.solver_reach is not None and self.seconds is None and self.nodes is None:
            raise ValueError(_("a solver reach needs a time or node limit"))
        if self.threats and self.seconds is None and self.nodes is None:
            raise ValueError(_("a threat search needs a time or node limit"))


@dataclasses.dataclass(frozen=True)
class SearchInfo:
    """Progress after one completed depth (the UI's live display)."""

    depth: int
    score: int
    move: Move
    pv: tuple[Move, ...]
    nodes: int
    seconds: float
    root_scores: dict[Move, RootScore]


@dataclasses.dataclass(frozen=True)
class SearchResult:
    """The answer of a search.

    Attributes:
        move: the move to play (``None`` only when the game is over).
        score: its value from the side to move's view (``ai.evaluators.base`` scale).
        depth: the deepest completed iteration (0 when solved exactly at once).
        pv: the expected line, starting with ``move``.
        nodes: positions visited, all iterations together.
        seconds: wall-clock time used.
        root_scores: every root move's score from the last completed depth.
        exact: the score is the game-theoretic value (solver, or a tree searched to
            its end), not a heuristic.
        stopped: the search ended on the stop event rather than a limit.
    """

    move: Move | None
    score: int
    depth: int
    pv: tuple[Move, ...]
    nodes: int
    seconds: float
    root_scores: dict[Move, RootScore]
    exact: bool = False
    stopped: bool = False


@dataclasses.dataclass(frozen=True)
class Line:
    """One of the best root moves (``Searcher.search_top``).

    Attributes:
        move: the root move.
        score: its exact value at the depth searched, from the root mover's view.
        pv: the expected line, starting with ``move``.
    """

    move: Move
    score: int
    pv: tuple[Move, ...]
    margin: int | None = None
    """The solver's exact score in the game's own convention (Othello: the final disc
    difference; Connect-4: Pons' score), when a solver proved the line; else ``None``."""


@dataclasses.dataclass(frozen=True)
class TopMoves:
    """The best root moves after one completed depth, best first (multi-PV).

    Attributes:
        depth: the depth every line was searched to.
        lines: up to the requested number of ``Line``; each score is exact (proved
            against the moves not listed above it), not a bound.
        nodes, seconds: the effort so far, all depths together.
        exact: the whole tree was searched to the game's end: the scores are the
            game-theoretic values.
        stopped: the search was stopped by the user (the lines are the last
            completed depth's).
    """

    depth: int
    lines: tuple[Line, ...]
    nodes: int
    seconds: float
    exact: bool = False
    stopped: bool = False


class _Stopped(Exception):
    """Unwinds a search from deep inside; only the driver in this module catches it."""

    def __init__(self, by_user: bool) -> None:
        # untranslated: developer text (caught in this module, never shown)
        super().__init__("stopped by the user" if by_user else "limit reached")
        self.by_user = by_user


class Searcher:
    """Owns a transposition table, killers, history and counters across searches.

    Not thread-safe: one searcher per thread (the worker owns one per request kind).

    Args:
        evaluator: the game knowledge.
        mode: ``"full"``, ``"alphabeta"`` or ``"minimax"`` (see the module docstring).
        tt_bits: the table holds ``2**tt_bits`` entries at most (bounded memory).
        seed: seeds the choice among near-equal moves (``None``: unpredictable).
        use_tt, use_killers, use_history, use_pvs: switch one enhancement of the full
            mode off (``use_pvs``: after the first move, prove the others worse with a
            null window and search again only when that fails),
            to measure what it buys (and to test that none of them changes a value).
            Killers and history default (``None``) to the evaluator's
            ``search_hints``: they save nodes in some games and cost them in others.
        deepening_step: plies between iterations (``None``: the evaluator's hint);
            the last iteration is always the depth limit itself.
    """

    def __init__(
        self,
        evaluator: Evaluator,
        *,
        mode: Mode = "full",
        tt_bits: int = 18,
        seed: int | None = None,
        use_tt: bool = True,
        use_killers: bool | None = None,
        use_history: bool | None = None,
        use_pvs: bool = True,
        deepening_step: int | None = None,
    ) -> None:
        if mode not in MODES:
            # untranslated: developer error (the command line offers only MODES)
            raise ValueError(f"unknown search mode {mode!r}; choose one of {', '.join(MODES)}")
        self.evaluator = evaluator
        self.mode: Mode = mode
        full = mode == "full"
        hints = evaluator.search_hints
        self.use_tt = full and use_tt
        self.use_killers = full and (hints.killers if use_killers is None else use_killers)
        self.use_history = full and (hints.history if use_history is None else use_history)
        self.use_pvs = full and use_pvs
        self.deepening_step = hints.deepening_step if deepening_step is None else deepening_step
        if self.deepening_step < 1:
            # untranslated: developer error (an evaluator's hint or a tool's argument)
            raise ValueError("the deepening step must be at least 1 ply")
        # A prime number of slots, indexed by ``key % size``: Connect-4 and Othello keys
        # are raw bitboards whose low bits are alike across most positions, so masking
        # the low bits would crowd them into a few slots; a prime modulus mixes all bits.
        self._tt_size = _largest_prime_at_most(1 << tt_bits)
        self._tt: list[TTEntry | None] = [None] * self._tt_size
        self._killers: list[list[Move | None]] = []
        self._history: tuple[dict[Move, int], dict[Move, int]] = ({}, {})
        self._rng = random.Random(seed)
        self.nodes = 0
        self.tt_probes = 0
        self.tt_hits = 0
        self._probe_plies = 0
        self._stop: threading.Event | None = None
        self._node_limit: int | None = None
        self._deadline: float | None = None
        self._next_poll = POLL_INTERVAL
        self._partial: SearchInfo | None = None

    # --- public -----------------------------------------------------------------

    def search(
        self,
        game: Game,
        limits: Limits,
        *,
        stop: threading.Event | None = None,
        on_info: Callable[[SearchInfo], None] | None = None,
    ) -> SearchResult:
        """Search ``game`` (left unchanged) within ``limits``; see ``SearchResult``."""
        game, started = self._begin(game, limits, stop)
        if game.is_over():
            return SearchResult(None, 0, 0, (), 0, 0.0, {}, exact=True)
        try:
            moves = self.evaluator.root_moves(game, self._poll_now, _defence_time(limits))
        except _Stopped:  # no time even for the root's extra care
            moves = self.evaluator.candidate_moves(game)

        solved = self._try_solver(game, moves, limits, started, on_info)
        if solved is not None:
            return solved
        if not self._threat_search_on(limits):
            return self._iterate(game, moves, limits, started, on_info)
        # The rest of the time is the chosen move's check.
        until = None if limits.seconds is None else started + limits.seconds * THREAT_SEARCH_SHARE
        result = self._iterate_until(until, game, moves, limits, started, on_info)
        return self._verify(game, moves, result, limits, started, on_info)

    def _threat_search_on(self, limits: Limits) -> bool:
        """Whether the threat probe, the root's threat line and the chosen move's last
        check run: ``Limits.threats`` with the solver on, in the full search."""
        return limits.threats and limits.use_solver and self.mode == "full"

    def _verify(self, game: Game, moves: list[Move], result: SearchResult, limits: Limits,
                started: float, on_info: Callable[[SearchInfo], None] | None) -> SearchResult:
        """With ``Limits.threats``: the chosen move checked once more, with a larger
        budget than the root's defence could give each move, for an opponent's forced
        win (``Evaluator.refuted``); a refuted move is dropped and the search runs
        again without it, ``VERIFY_TRIES`` times at most and while ``VERIFY_SHARE`` of
        the time lasts. Proven results and forced moves are not checked."""
        deadline = None if limits.seconds is None else started + limits.seconds * VERIFY_SHARE
        left = list(moves)
        for _i in range(VERIFY_TRIES):
            if (result.stopped or result.move is None or is_proven(result.score)
                    or len(left) <= 1 or result.move not in left
                    or (deadline is not None and time.perf_counter() >= deadline)):
                return result
            try:
                refuted = self.evaluator.refuted(game, result.move, self._poll_now, deadline)
            except _Stopped as why:
                return dataclasses.replace(result, stopped=True) if why.by_user else result
            if not refuted:
                return result
            left.remove(result.move)
            # The search of the moves left stops at the same share of the time left as
            # the first did of the whole, so that its own choice is checked too. (It ran
            # to the deadline and its move was played unchecked: session 8, swap2 game
            # 52 ply 20, level 8 lost to a VCT after g12 that the loss check finds in
            # 27,783 nodes; replayed with the level's 6 s, m9 was refuted and the
            # re-search's g11, refuted too, played unchecked.)
            until = None
            if deadline is not None:
                now = time.perf_counter()
                until = now + (deadline - now) * THREAT_SEARCH_SHARE
            again = self._iterate_until(until, game, left, limits, started, on_info)
            if again.move is None:
                return result
            if again.depth == 0 and result.root_scores:
                # No depth finished in the time left: the last depth's scores choose.
                best = max(left, key=lambda m: result.root_scores[m].score
                           if m in result.root_scores else -INFINITY)
                again = dataclasses.replace(again, move=best, pv=(best,))
            result = again
        return result

    def _iterate_until(self, until: float | None, game: Game, moves: list[Move],
                       limits: Limits, started: float,
                       on_info: Callable[[SearchInfo], None] | None) -> SearchResult:
        """``_iterate`` on a copy of ``game``, with the deadline moved to ``until`` while
        it runs (``None``: the deadline as it is). On a copy: a stop unwinds without
        popping, and what follows (the check, the proof) needs the root."""
        saved = self._deadline
        if until is not None:
            self._deadline = until
        try:
            return self._iterate(game.copy(), moves, limits, started, on_info)
        finally:
            self._deadline = saved

    def _iterate(self, game: Game, moves: list[Move], limits: Limits, started: float,
                 on_info: Callable[[SearchInfo], None] | None) -> SearchResult:
        """Iterative deepening until a limit (``self._deadline`` for the time)."""
        last: SearchInfo | None = None
        stopped = exact = False
        try:
            for info, tree_complete in self._deepen(game, moves, limits, started):
                last = info
                exact = tree_complete
                if on_info is not None:
                    on_info(info)
        except _Stopped as why:
            stopped = why.by_user
            last = self._partial or last
        if last is None:  # stopped before depth 1 finished: the best guess
            return SearchResult(moves[0], 0, 0, (moves[0],), self.nodes,
                                time.perf_counter() - started, {}, stopped=stopped)
        move = self._choose(last, limits.randomness)
        pv = last.pv if move == last.move else (move,)
        return SearchResult(
            move, last.root_scores.get(move, RootScore(last.score, Bound.EXACT)).score,
            last.depth, pv, self.nodes, time.perf_counter() - started,
            last.root_scores, exact=exact, stopped=stopped,
        )

    def search_top(
        self,
        game: Game,
        limits: Limits,
        count: int,
        *,
        stop: threading.Event | None = None,
        on_info: Callable[[TopMoves], None] | None = None,
    ) -> TopMoves:
        """The ``count`` best root moves of ``game``, each with its exact score and line.

        Iterative deepening as ``search`` does; at each depth the best move is
        searched with a full window, then the best of the moves not yet listed, and
        so on: the k-th search's best score is exact and is the k-th best value, so
        every listed score is proven at that depth, never a bound (the transposition
        table makes the later passes cheap). ``on_info`` gets every completed depth.

        The root moves are the evaluator's ``root_moves`` (the moves the search
        considers; forced positions may have only one). Where the evaluator's exact
        solver applies (and ``use_solver``), each root move's position is solved and
        the lines follow the solver's best moves (``exact`` true); otherwise small
        positions are searched to the end, and then ``exact`` is true as well.
        With ``Limits.threats`` a win the solver's threat search proves at the root
        (Gomoku's VCT) is the first line, scored ``WIN - plies`` with the proof's line,
        and the search ranks the other moves below it. ``randomness`` is ignored.
        """
        if count < 1:
            # Translators: "count" is how many best moves were asked for.
            raise ValueError(_("count must be at least 1"))
        game, started = self._begin(game, limits, stop)
        if game.is_over():
            return TopMoves(0, (), 0, 0.0, exact=True)
        try:
            moves = self.evaluator.root_moves(game, self._poll_now)
        except _Stopped as why:
            moves = self.evaluator.candidate_moves(game)
            if why.by_user:
                return TopMoves(0, (), self.nodes, time.perf_counter() - started,
                                stopped=True)
        count = min(count, len(moves))
        if self.mode == "full" and limits.use_solver:
            try:
                solved = self._solve_top(game, moves, count, started)
            except _Stopped as why:
                if why.by_user:
                    return TopMoves(0, (), self.nodes, time.perf_counter() - started,
                                    stopped=True)
                solved = None  # out of time for the solver: the search answers
            if solved is not None:
                if on_info is not None:
                    on_info(solved)
                return solved
        try:
            proven = self._threat_line(game, limits, started)
        except _Stopped:  # only the user's stop comes through
            return TopMoves(0, (), self.nodes, time.perf_counter() - started, stopped=True)
        if proven is not None:
            # A proof: listed first at every depth, the search ranks the other moves.
            moves = [m for m in moves if m != proven.move]
            count = min(count, len(moves) + 1)
            if count == 1:
                top = TopMoves(0, (proven,), self.nodes, time.perf_counter() - started)
                if on_info is not None:
                    on_info(top)
                return top
        max_depth = limits.depth if limits.depth is not None else MAX_SEARCH_DEPTH
        step = self.deepening_step if self.mode == "full" else max_depth
        last: TopMoves | None = None
        stopped = False
        order = list(moves)
        try:
            for depth in range((max_depth - 1) % step + 1, max_depth + 1, step):
                self._reached_horizon = False
                self._killers = [[None, None] for _i in range(depth + 2)]
                remaining = list(order)
                lines: list[Line] = [] if proven is None else [proven]
                for _i in range(count - len(lines)):
                    info = self._search_root(game, remaining, depth, 0, started, None)
                    pv = self._extend_line(game, info.pv, depth)
                    lines.append(Line(info.move, info.score, pv))
                    remaining.remove(info.move)
                complete = not self._reached_horizon
                last = TopMoves(depth, tuple(lines), self.nodes,
                                time.perf_counter() - started, exact=complete)
                if on_info is not None:
                    on_info(last)
                if complete or all(is_proven(line.score) for line in lines):
                    break
                listed = [line.move for line in lines if line is not proven]
                order = listed + [m for m in order if m not in listed]
                if self._deadline is not None:
                    elapsed = time.perf_counter() - started
                    if elapsed > (self._deadline - started) * 0.45:
                        break
        except _Stopped as why:
            stopped = why.by_user
        seconds = time.perf_counter() - started
        if last is None:
            lines_so_far = () if proven is None else (proven,)
            return TopMoves(0, lines_so_far, self.nodes, seconds, stopped=stopped)
        return dataclasses.replace(last, nodes=self.nodes, seconds=seconds, stopped=stopped)

    def _threat_line(self, game: Game, limits: Limits, started: float) -> Line | None:
        """With ``Limits.threats`` (and the solver on): the side to move's proven win by
        the solver's threat search at the root (``THREAT_SHARE`` of the time), as a
        ``Line`` scored ``WIN - plies`` whose ``pv`` is the proof's longest defence
        (``None``: no such win found; a stop by the user goes through)."""
        solver = self.evaluator.solver
        if not self._threat_search_on(limits) or solver is None:
            return None
        try:
            solution = self._try_threats(game, solver, limits, started)
        except _Stopped as why:
            if why.by_user:
                raise
            return None
        if solution is None:
            return None
        self.nodes += solution.nodes
        move = solution.best_moves[0]
        line = getattr(solver, "last_line", None)
        pv = tuple(line) if line and line[0] == move else (move,)
        return Line(move, solution.search_score, pv)

    def _solve_top(self, game: Game, moves: list[Move], count: int,
                   started: float) -> TopMoves | None:
        """The ``count`` best root moves by solving each one's position exactly.

        ``None`` when the solver does not apply or gives up (its node cap); the
        solver gets half the time budget, as in ``search``.
        """
        solver = self.evaluator.solver
        if solver is None or not solver.applies(game):
            return None
        deadline = self._deadline
        if deadline is not None:
            self._deadline = started + (deadline - started) / 2
        try:
            scored: list[tuple[int, int, Move, Move | None]] = []
            for move in moves:
                game.push(move)
                try:
                    score, margin, reply = self._solved_score(solver, game)
                finally:
                    game.pop()
                if score is None:
                    return None
                scored.append((-_one_ply_further(score), -margin, move, reply))
            # Best result first, then the best margin (Othello's discs); ties keep the
            # moves' order (the sort is stable).
            scored.sort(key=lambda item: (-item[0], -item[1]))
            lines = []
            for score, margin, move, reply in scored[:count]:
                lines.append(Line(move, score, self._solved_line(solver, game, move, reply),
                                  margin))
        finally:
            self._deadline = deadline
        return TopMoves(0, tuple(lines), self.nodes, time.perf_counter() - started,
                        exact=True)

    def _solved_score(self, solver: ExactSolver, game: Game
                      ) -> tuple[int | None, int, Move | None]:
        """The side to move's exact score in ``game`` (search scale), the same in the
        game's own convention, and its best move (``None``s when the solver gave up).

        A finished game's own convention is its winner's sign (the margin of a game
        over is not needed: the search never lists a move past the end).
        """
        outcome = game.outcome()
        if outcome is not None:
            score = self.evaluator.terminal_score(game, outcome, 0)
            return score, (score > 0) - (score < 0), None
        solution = solver.solve(game.copy(), self._poll_now)
        if solution is None:
            return None, 0, None
        self.nodes += solution.nodes
        return solution.search_score, solution.score, solution.best_moves[0]

    def _solved_line(self, solver: ExactSolver, game: Game, move: Move, reply: Move | None,
                     length: int = 8) -> tuple[Move, ...]:
        """``move`` and the solver's best moves after it, up to ``length`` plies (each
        step solves a smaller position; the line stops early when time runs short)."""
        line = [move]
        played = 0
        try:
            game.push(move)
            played += 1
            while reply is not None and len(line) < length:
                line.append(reply)
                game.push(reply)
                played += 1
                if game.is_over():
                    break
                try:
                    _, _, reply = self._solved_score(solver, game)
                except _Stopped:
                    break
        finally:
            for _i in range(played):
                game.pop()
        return tuple(line)

    def _extend_line(self, game: Game, line: tuple[Move, ...], depth: int) -> tuple[Move, ...]:
        """``line`` followed by the table's best moves up to ``depth`` plies.

        A node answered from the transposition table reports only its stored move, so
        a searched line can stop short of the depth; the table's moves below it are
        the ones that search found, which is how engines show a full line.
        """
        if not self.use_tt or len(line) >= depth:
            return line
        played = 0
        try:
            for move in line:
                game.push(move)
                played += 1
            extended = list(line)
            while len(extended) < depth and not game.is_over():
                key = game.key()
                entry = self._tt[key % self._tt_size]
                if entry is None or entry.key != key or entry.move is None \
                        or entry.move not in game.legal_moves():
                    break
                game.push(entry.move)
                played += 1
                extended.append(entry.move)
            return tuple(extended)
        finally:
            for _i in range(played):
                game.pop()

    # --- driver -----------------------------------------------------------------

    def _begin(self, game: Game, limits: Limits,
               stop: threading.Event | None) -> tuple[Game, float]:
        """Reset the counters and limits for one search; returns the copy to search
        and the start time."""
        if self.mode != "full" and limits.depth is None:
            # Translators: {mode} is the search's name as typed: "alphabeta" or "minimax".
            raise ValueError(_("{mode} search needs a depth limit").format(mode=self.mode))
        started = time.perf_counter()
        self.nodes = self.tt_probes = self.tt_hits = 0
        self._stop = stop
        self._node_limit = limits.nodes
        self._deadline = None if limits.seconds is None else started + limits.seconds
        self._next_poll = POLL_INTERVAL
        self._probe_plies = THREAT_PROBE_PLIES if self._threat_search_on(limits) else 0
        # A stop unwinds from deep inside the tree without popping: search a copy, so
        # the caller's position is never left mid-line.
        return game.copy(), started

    def _try_solver(self, game: Game, moves: list[Move], limits: Limits, started: float,
                    on_info: Callable[[SearchInfo], None] | None) -> SearchResult | None:
        """Answer exactly when the evaluator's solver applies (full mode only).

        Within the solver's own threshold (quick solves) it gets half the time budget
        and the ordinary search takes over with the rest if it runs out. Beyond it
        (``Limits.solver_reach``, the top levels) a proof may take the whole budget:
        a short search (``FALLBACK_SHARE`` of the time) first keeps a move in hand,
        then the solver proves with the rest; if the proof does not finish, that
        search's move is played, or the proven class's move when the solver had
        settled a win before its exact score.
        """
        solver = self.evaluator.solver
        if self.mode != "full" or not limits.use_solver or solver is None:
            return None
        applies = solver.applies(game, limits.solver_reach)
        if not applies and not limits.threats:
            return None
        deadline = self._deadline
        fallback: SearchResult | None = None
        if limits.seconds is not None:
            if applies and not solver.applies(game):
                fallback = self._iterate_until(started + limits.seconds * FALLBACK_SHARE,
                                               game, moves, limits, started, on_info)
                if fallback.stopped or fallback.exact:
                    return fallback  # the user stopped, or the tree ended: nothing to prove
            else:
                self._deadline = started + limits.seconds / 2
        settled: list[Solution] = []
        try:
            solution = None
            if applies:
                solution = solver.prove(game.copy(), self._poll_now, limits.solver_reach,
                                        settled.append,
                                        None if fallback is None else fallback.move)
            if solution is None and limits.threats:
                solution = self._try_threats(game, solver, limits, started)
        except _Stopped as why:
            if why.by_user:
                if fallback is not None:
                    return dataclasses.replace(fallback, stopped=True,
                                               seconds=time.perf_counter() - started)
                move = self.evaluator.candidate_moves(game)[0]
                return SearchResult(move, 0, 0, (move,), self.nodes,
                                    time.perf_counter() - started, {}, stopped=True)
            if settled and (settled[-1].score > 0 or fallback is None):
                # A won position's proof: its move keeps the win, only maybe not the
                # fastest one (the score is then the slowest win's, a bound).
                return self._solved(game, solver, settled[-1], limits, started, exact=False)
            return fallback  # None: the ordinary search goes on with the time left
        finally:
            self._deadline = deadline
        if solution is None:
            return fallback
        return self._solved(game, solver, solution, limits, started)

    def _solved(self, game: Game, solver: ExactSolver, solution: Solution, limits: Limits,
                started: float, exact: bool = True) -> SearchResult:
        """The search's answer from a solver's ``solution``."""
        self.nodes += solution.nodes
        best = solution.best_moves[0]
        if limits.randomness and len(solution.best_moves) > 1:
            best = self._rng.choice(solution.best_moves)
        bound_of = {-1: Bound.UPPER, 1: Bound.LOWER}
        scores = {m: RootScore(solver.search_score(game, s),
                               bound_of.get(solution.move_bounds.get(m, 0), Bound.EXACT))
                  for m, s in solution.move_scores.items()}
        return SearchResult(
            best, solution.search_score, 0, (best,), self.nodes,
            time.perf_counter() - started, scores, exact=exact,
        )

    def _try_threats(self, game: Game, solver: ExactSolver, limits: Limits,
                     started: float) -> Solution | None:
        """The solver's deeper proof (``Limits.threats``) until ``THREAT_SHARE`` of
        the time budget is spent (``_Stopped`` goes through to ``_try_solver``)."""
        deadline = None
        if limits.seconds is not None:
            deadline = started + limits.seconds * THREAT_SHARE
        return solver.solve_threats(game.copy(), self._poll_now, deadline)

    def _deepen(
        self, game: Game, moves: list[Move], limits: Limits, started: float
    ) -> Iterator[tuple[SearchInfo, bool]]:
        """Yield ``(info, tree_complete)`` per completed depth (one depth outside full mode)."""
        max_depth = limits.depth if limits.depth is not None else MAX_SEARCH_DEPTH
        step = self.deepening_step if self.mode == "full" else max_depth
        # Count back from the limit so that the last iteration is the limit itself.
        first = (max_depth - 1) % step + 1
        root_moves = list(moves)
        self._partial = None
        previous: SearchInfo | None = None
        # Iterations are paced against the time left when deepening begins, not the
        # whole budget: a solver that used its half first must not make the search stop
        # after depth 1 (it did, and level 8 then played worse than level 7).
        deepening_started = time.perf_counter()
        for depth in range(first, max_depth + 1, step):
            self._reached_horizon = False
            self._killers = [[None, None] for _i in range(depth + 2)]
            info = self._search_root(game, root_moves, depth, limits.randomness, started, previous,
                                     limits.exact_moves)
            tree_complete = not self._reached_horizon
            yield info, tree_complete
            previous = info
            self._partial = None
            if tree_complete or is_proven(info.score):
                return  # deeper iterations cannot change a proven result
            # Next iteration: best move first, then the rest by this depth's score.
            root_moves.sort(key=lambda m: -info.root_scores[m].score)
            if self._deadline is not None:
                # An iteration costs several times the last one: do not start what
                # cannot finish.
                elapsed = time.perf_counter() - deepening_started
                if elapsed > (self._deadline - deepening_started) * 0.45:
                    return

    def _search_root(
        self,
        game: Game,
        moves: list[Move],
        depth: int,
        randomness: int,
        started: float,
        previous: SearchInfo | None,
        exact_moves: tuple[Move, ...] = (),
    ) -> SearchInfo:
        """One root pass; root moves within ``randomness`` of the best, and
        ``exact_moves``, get exact scores."""
        child = self._child_search()
        best_score, best_move = -INFINITY, moves[0]
        best_pv: tuple[Move, ...] = (moves[0],)
        scores: dict[Move, RootScore] = {}
        for index, move in enumerate(moves):
            # Window (floor, +inf): a score above the floor is exact, below it an upper
            # bound. With randomness the floor sits that far below the best so far, so
            # every near-equal move gets an exact score to choose among.
            floor = (-INFINITY if index == 0 or self.mode == "minimax" or move in exact_moves
                     else best_score - randomness)
            game.push(move)
            try:
                score, line = child(game, depth - 1, -INFINITY, -floor, 1)
            finally:
                game.pop()
            score = -score
            scores[move] = RootScore(score, Bound.UPPER if score <= floor else Bound.EXACT)
            if score > best_score:
                best_score, best_move, best_pv = score, move, (move, *line)
                # A move that beats the first one at the new depth may be played even
                # if the rest of this depth never completes.
                if index > 0 or previous is None:
                    self._partial = SearchInfo(depth, best_score, best_move, best_pv,
                                               self.nodes, time.perf_counter() - started,
                                               dict(scores) if previous is None else
                                               {**previous.root_scores, **scores})
        return SearchInfo(depth, best_score, best_move, best_pv, self.nodes,
                          time.perf_counter() - started, scores)

    def _choose(self, info: SearchInfo, randomness: int) -> Move:
        """The best move, or a random near-equal one when ``randomness`` allows.

        The better of the near-equal moves are the likelier: a move ``loss`` points
        below the best has weight ``exp(-CHOICE_SHARPNESS * loss / randomness)``, so the
        best is ``e**3`` (about 20) times as likely as one at the margin's edge. A
        uniform choice made the easy Connect-4 levels open on an edge column in a
        quarter of their games, every column being within their margin.
        """
        if randomness <= 0 or is_proven(info.score):
            return info.move
        near = [(m, rs.score) for m, rs in info.root_scores.items()
                if rs.bound == Bound.EXACT and rs.score >= info.score - randomness
                and not is_proven(rs.score)]
        if not near:
            return info.move
        weights = [math.exp(-CHOICE_SHARPNESS * (info.score - score) / randomness)
                   for _, score in near]
        return self._rng.choices([m for m, _ in near], weights)[0]

    # --- stopping -----------------------------------------------------------------

    def _poll_now(self) -> None:
        """Raise ``_Stopped`` when the user stopped us or a limit is reached."""
        if self._stop is not None and self._stop.is_set():
            raise _Stopped(by_user=True)
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise _Stopped(by_user=False)
        if self._node_limit is not None and self.nodes >= self._node_limit:
            raise _Stopped(by_user=False)

    # --- the recursive search ------------------------------------------------------

    def _child_search(self) -> Callable[[Game, int, int, int, int], tuple[int, tuple[Move, ...]]]:
        """The recursive negamax for this mode, with hot names bound as locals."""
        evaluator = self.evaluator
        evaluate = evaluator.evaluate
        candidates = evaluator.candidate_moves
        terminal = evaluator.terminal_score
        probe_plies = self._probe_plies
        probe = evaluator.threat_probe
        use_tt, use_killers, use_history = self.use_tt, self.use_killers, self.use_history
        use_pvs = self.use_pvs
        ordering = use_tt or use_killers or use_history
        prune = self.mode != "minimax"
        tt, tt_size = self._tt, self._tt_size
        killers = self._killers
        history = self._history if use_history else ({}, {})
        no_line: tuple[Move, ...] = ()

        def negamax(game: Game, depth: int, alpha: int, beta: int, ply: int
                    ) -> tuple[int, tuple[Move, ...]]:
            """Fail-soft negamax value of ``game`` searched ``depth`` plies deep.

            Returns ``(score, line)``. With ``alpha < score < beta`` the score is exact
            and ``line`` is the principal variation below this node; ``score <= alpha``
            is an upper bound and ``score >= beta`` a lower bound on the true value.
            """
            self.nodes += 1
            if self.nodes >= self._next_poll:
                self._next_poll = self.nodes + POLL_INTERVAL
                self._poll_now()
            outcome = game.outcome()
            if outcome is not None:
                return terminal(game, outcome, ply), no_line
            if depth <= 0:
                self._reached_horizon = True
                return evaluate(game), no_line
            if ply <= probe_plies:
                # Near the root at the top levels: a threat sequence the depth cannot
                # reach (a proof, so the score is exact).
                plies = probe(game)
                if plies is not None:
                    return WIN - ply - plies, no_line

            tt_move = None
            if use_tt:
                key = game.key()
                slot = key % tt_size
                entry = tt[slot]
                self.tt_probes += 1
                if entry is not None and entry[0] == key:
                    self.tt_hits += 1
                    _, e_depth, e_score, e_bound, tt_move = entry
                    # Only an entry of exactly this depth may end the node: a deeper one
                    # would be more accurate, but then the value would no longer be the
                    # depth-limited minimax value that the lectures (and tests) define.
                    if e_depth == depth:
                        e_score = _score_from_tt(e_score, ply)
                        if (e_bound == Bound.EXACT
                                or (e_bound == Bound.LOWER and e_score >= beta)
                                or (e_bound == Bound.UPPER and e_score <= alpha)):
                            if not is_proven(e_score):
                                # The entry may stand for a subtree cut at its horizon.
                                self._reached_horizon = True
                            return e_score, ((tt_move,) if tt_move is not None else no_line)

            moves = candidates(game)
            if ordering:
                moves = _ordered(moves, tt_move,
                                 killers[ply] if use_killers and ply < len(killers) else (),
                                 history[game.turn])

            alpha_in = alpha
            best, best_move, best_line = -INFINITY, None, no_line
            for index, move in enumerate(moves):
                game.push(move)
                if use_pvs and index and beta - alpha > 1:
                    # Principal variation search: a null window proves most moves no
                    # better than alpha cheaply; only a move that beats it is searched
                    # again with the full window (fail-soft keeps both results true).
                    score, line = negamax(game, depth - 1, -alpha - 1, -alpha, ply + 1)
                    if alpha < -score < beta:
                        score, line = negamax(game, depth - 1, -beta, -alpha, ply + 1)
                else:
                    score, line = negamax(game, depth - 1, -beta, -alpha, ply + 1)
                game.pop()
                score = -score
                if score > best:
                    best, best_move = score, move
                    if score > alpha:
                        best_line = (move, *line)
                        if prune:
                            alpha = score
                            if alpha >= beta:
                                if use_killers:
                                    _remember_killer(killers, ply, move)
                                if use_history:
                                    side = history[game.turn]
                                    side[move] = side.get(move, 0) + depth * depth
                                break

            if use_tt:
                bound = (Bound.UPPER if best <= alpha_in
                         else Bound.LOWER if best >= beta else Bound.EXACT)
                old = tt[slot]
                # Keep a deeper entry of the same position (its move orders best);
                # otherwise always replace.
                if old is None or old[0] != key or depth >= old[1]:
                    tt[slot] = TTEntry(key, depth, _score_to_tt(best, ply), bound, best_move)
            return best, best_line

        return negamax


def _ordered(moves: list[Move], tt_move: Move | None, killers: list[Move | None] | tuple[Move | None, ...],
             history: dict[Move, int]) -> list[Move]:
    """TT move, then killers, then the rest by history; ties keep the evaluator's order."""
    if history:
        moves = sorted(moves, key=lambda m: -history.get(m, 0))
    if not killers:  # the common case without killers: only the TT move moves up
        if tt_move is None or moves[0] == tt_move or tt_move not in moves:
            return moves
        return [tt_move, *(m for m in moves if m != tt_move)]
    front = [m for m in (tt_move, *killers) if m is not None and m in moves]
    if not front:
        return moves
    front = list(dict.fromkeys(front))
    return front + [m for m in moves if m not in front]


def _largest_prime_at_most(n: int) -> int:
    """The largest prime <= ``n`` (trial division: fine for table sizes).

    >>> _largest_prime_at_most(1 << 18)
    262139
    """
    for candidate in range(n, 1, -1):
        if all(candidate % d for d in range(2, int(candidate ** 0.5) + 1)):
            return candidate
    return 2


def _remember_killer(killers: list[list[Move | None]], ply: int, move: Move) -> None:
    """A move that refuted this node is tried early at its siblings (two slots per ply)."""
    if ply < len(killers):
        slot = killers[ply]
        if slot[0] != move:
            slot[1] = slot[0]
            slot[0] = move


def _one_ply_further(score: int) -> int:
    """A child's score seen from one ply nearer the root, before negation: a proven
    result is one ply further away (``WIN - p`` becomes ``WIN - (p + 1)``)."""
    if score >= WIN_THRESHOLD:
        return score - 1
    if score <= -WIN_THRESHOLD:
        return score + 1
    return score


def _score_to_tt(score: int, ply: int) -> int:
    """Proven scores are stored as distance from this node, so they stay true elsewhere."""
    if score >= WIN_THRESHOLD:
        return score + ply
    if score <= -WIN_THRESHOLD:
        return score - ply
    return score


def _score_from_tt(score: int, ply: int) -> int:
    """Inverse of ``_score_to_tt`` at this node's ply."""
    if score >= WIN_THRESHOLD:
        return score - ply
    if score <= -WIN_THRESHOLD:
        return score + ply
    return score


def _defence_time(limits: Limits) -> float | bool:
    """``root_moves``' ``threats``: seconds for the threat defence, ``True`` (node caps
    only) without a time budget, ``False`` when the limits ask no threat search."""
    if not limits.threats:
        return False
    return True if limits.seconds is None else limits.seconds * THREAT_DEFENCE_SHARE
