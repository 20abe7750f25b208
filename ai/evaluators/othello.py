"""The Othello evaluator: mobility, frontier, corners, stability and discs, by game phase.

Scale: scores are in **hundredths of a disc** of the expected final disc difference
(100 points = one disc), from the side to move's view. ``unit`` = 400: four discs is a
small but clear advantage.

Weights (``Weights``; every field an int; points per unit of its feature)
--------------------------------------------------------------------------
Each feature has two weights: ``<feature>`` applies when the board is empty (60 empty
squares, the opening) and ``<feature>_end`` when it is full (0 empty squares); in
between the weight moves linearly with the number of empty squares ``e``::

    weight(e) = (feature * e + feature_end * (60 - e)) / 60

Every feature is "mine minus the opponent's" (the side to move first), so a positive
weight means "more is better". The ranges below are enforced when a weights file is
read: they are written next to each field of ``Weights`` (``weight(default, low,
high)``), and a test keeps this text equal to them.

``mobility`` / ``mobility_end`` (0..400)
    per legal move of difference (a pass counts 0). Few moves for the opponent means
    it soon has to give something away.
``frontier`` / ``frontier_end`` (0..200)
    potential mobility: per *frontier disc* (one next to an empty square) of the
    opponent's minus mine. Frontier discs are what the other side can flip and play
    next to; the quiet side keeps few.
``corners`` / ``corners_end`` (0..4000)
    per corner disc of difference. A corner can never be flipped.
``x_squares`` / ``x_squares_end`` (0..3000)
    penalty per disc on an X-square (b2, g2, b7, g7) whose corner is still empty
    (opponent's minus mine): it usually hands over the corner.
``c_squares`` / ``c_squares_end`` (0..1500)
    the same for the C-squares (b1, a2, g1, h2, a7, b8, h7, g8) next to an empty corner.
``edges`` / ``edges_end`` (-200..200)
    per disc of difference on the other edge squares (c1-f1, a3-a6, ...).
``stable`` / ``stable_end`` (0..400)
    per stable edge disc of difference other than the corners: an edge disc that no
    sequence of moves can flip, computed exactly for each edge line (corners have
    their own weight).
``discs`` / ``discs_end`` (-200..200)
    per disc of difference. Negative early is the "quiet move" strategy; at the end
    this is the score itself (100, one disc).
``parity`` / ``parity_end`` (-200..200)
    the side to move gets the last move when the number of empty squares is odd
    (+1), the opponent when even (-1). Only passes change it, which is when it matters.
``squares`` / ``squares_end`` (0..50)
    per point of the classic square table (corners +100, X-squares -50, ...; see
    ``SQUARE_TABLE``), mine minus the opponent's. ``0`` skips its computation.
``patterns`` (0..200)
    the fitted pattern tables (``ai.evaluators.othello_patterns``: edges, corner
    blocks, rows and diagonals, with their own mobility weight, per phase), in percent
    of their fitted scale; ``0`` skips them. It has no ``_end`` twin: the tables have
    their own phases. The tables are read once, when the first evaluator using them is
    built.

Presets
-------
``"default"``
    fitted by least squares to predict the final disc difference (x100) of about
    100,000 positions from 1,700 self-play games (depth 3, random openings, exact
    play from 12 empties), the corner, X, C, stability and mobility weights held
    non-negative; then checked in matches of 40-80 games from random openings (it
    scores about 83% against a hand-set first version at depths 2 and 3; a refit on
    its own games and single weights scaled by 0.5-2 score 42-66% against it, none
    better at every depth from 2 to 5). A corner is worth 27 discs at the start and
    nothing extra at the end, where the disc count says everything; mobility grows
    from 0.1 to 1.5 discs a move.
``"naive"``
    the disc count only: greedy, the classic beginner's mistake, so a learner sees
    what mobility and corners buy (default scores 90% against it at depth 2, all games
    at depth 4; "positional" 80% at depth 3).
``"positional"``
    the classic square table (corners good, X-squares bad) and no mobility.
``"patterns"``
    the fitted pattern tables alone (``patterns = 100``, every other weight 0): one
    weight per configuration of each pattern and phase, fitted by least squares on
    self-play games whose ends were solved exactly (``ai/tuning/fit_patterns.py``;
    ``ai/TUNING.md``, "Session 6").

Finished games keep the base scale (``WIN - ply`` for a win): the fastest win is
preferred and ``plies_to_end`` stays true. The disc margin of a win is left out of
it; the exact solver (which maximises the margin) answers from ``SOLVER_EMPTIES``.

Forced moves: ``candidate_moves`` plays a move that flips every opponent disc (an
immediate win) at once and leaves out moves that let the opponent do that, so every
level, even depth 1, takes a wipe-out and avoids giving one away.

>>> from game.rules.othello import Othello
>>> ev = build(PRESETS["default"])
>>> ev.evaluate(Othello())
0
>>> g = Othello(); g.play_moves("f5")
>>> build(PRESETS["naive"]).evaluate(g)   # White to move, 1 disc against 4
-300
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable

from ai.endgame.othello import OthelloSolver
from ai.evaluators import othello_patterns
from ai.evaluators.base import WIN_THRESHOLD, Evaluator, SearchHints, is_proven, weight
from game.rules.base import PASS, Game, Move
from game.rules.othello import SIZE, flips, line_masks, mobility

FULL = (1 << 64) - 1
COLUMN_A = 0x0101010101010101
COLUMN_H = COLUMN_A << 7
NOT_A = FULL ^ COLUMN_A
NOT_H = FULL ^ COLUMN_H
_COLUMN_TO_ROW = 0x0102040810204080
"""``((b & COLUMN_A) * _COLUMN_TO_ROW) >> 56 & 0xFF`` packs the a column (a1..a8) into bits 0..7."""

CORNERS = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
_CORNER_SQUARES = (0, 7, 56, 63)
_X_OF = {0: (9,), 7: (14,), 56: (49,), 63: (54,)}
_C_OF = {0: (1, 8), 7: (6, 15), 56: (48, 57), 63: (55, 62)}
EDGE_AB = sum(1 << s for s in (2, 3, 4, 5, 58, 59, 60, 61, 16, 24, 32, 40, 23, 31, 39, 47))
"""Edge squares that are neither corners nor C-squares."""

SOLVER_EMPTIES = 12
"""The evaluator's solver answers exactly from this many empty squares on (well under a
second, every root move's exact score included)."""

SOLVER_TABLE_SIZE = 1 << 15
"""The evaluator's solver keeps a small table (a few MB): its positions are small."""

GUESS_DEPTH = 6
"""Depth of the search whose score is the solver's first guess (``margin_guess``)."""

GUESS_NODES = 20_000
"""Node cap on that search, above what depth 6 usually takes, to bound the rare larger
one. A stop reaches it through the solver's ``poll``."""

SQUARE_TABLE = (
    100, -20, 10, 5, 5, 10, -20, 100,
    -20, -50, -2, -2, -2, -2, -50, -20,
    10, -2, -1, -1, -1, -1, -2, 10,
    5, -2, -1, -1, -1, -1, -2, 5,
    5, -2, -1, -1, -1, -1, -2, 5,
    10, -2, -1, -1, -1, -1, -2, 10,
    -20, -50, -2, -2, -2, -2, -50, -20,
    100, -20, 10, 5, 5, 10, -20, 100,
)
"""The classic positional table (a1..h8) of the ``squares`` feature."""

_MOVE_RANK = (
    0, 6, 2, 3, 3, 2, 6, 0,
    6, 7, 5, 4, 4, 5, 7, 6,
    2, 5, 1, 1, 1, 1, 5, 2,
    3, 4, 1, 9, 9, 1, 4, 3,
    3, 4, 1, 9, 9, 1, 4, 3,
    2, 5, 1, 1, 1, 1, 5, 2,
    6, 7, 5, 4, 4, 5, 7, 6,
    0, 6, 2, 3, 3, 2, 6, 0,
)
"""Static move order (lower first): corners, then the quiet centre and A-squares, X-squares last."""


@dataclasses.dataclass(frozen=True)
class Weights:
    """The evaluator's knobs (the module docstring says what each means): default, low, high."""

    mobility: int = weight(0, 0, 400)
    mobility_end: int = weight(0, 0, 400)
    frontier: int = weight(0, 0, 200)
    frontier_end: int = weight(0, 0, 200)
    corners: int = weight(0, 0, 4000)
    corners_end: int = weight(0, 0, 4000)
    x_squares: int = weight(0, 0, 3000)
    x_squares_end: int = weight(0, 0, 3000)
    c_squares: int = weight(0, 0, 1500)
    c_squares_end: int = weight(0, 0, 1500)
    edges: int = weight(0, -200, 200)
    edges_end: int = weight(0, -200, 200)
    stable: int = weight(0, 0, 400)
    stable_end: int = weight(0, 0, 400)
    discs: int = weight(0, -200, 200)
    discs_end: int = weight(0, -200, 200)
    parity: int = weight(0, -200, 200)
    parity_end: int = weight(0, -200, 200)
    squares: int = weight(0, 0, 50)
    squares_end: int = weight(0, 0, 50)
    patterns: int = weight(0, 0, 200)


PRESETS: dict[str, Weights] = {
    "default": Weights(
        mobility=12, mobility_end=150,
        frontier=45, frontier_end=120,
        corners=2700, corners_end=0,
        x_squares=2400, x_squares_end=0,
        c_squares=1000, c_squares_end=0,
        edges=100, edges_end=-70,
        stable=220, stable_end=100,
        discs=-30, discs_end=65,
        parity=0, parity_end=0,
    ),
    "naive": Weights(discs=100, discs_end=100),
    "positional": Weights(squares=10, squares_end=10, discs_end=100),
    "patterns": Weights(patterns=100),
}
"""Named weight sets; ``"default"`` first."""


# --- edge stability ---------------------------------------------------------------------

def _line_flips(mine: int, theirs: int, cell: int) -> int:
    """Discs of ``theirs`` flipped along a line of 8 cells when ``mine`` plays ``cell``."""
    flipped = 0
    for step in (1, -1):
        run, i = 0, cell + step
        while 0 <= i < 8 and theirs >> i & 1:
            run |= 1 << i
            i += step
        if run and 0 <= i < 8 and mine >> i & 1:
            flipped |= run
    return flipped


def _edge_stability() -> tuple[dict[tuple[int, int], int], list[int]]:
    """The stable discs of every edge line, and ``table[a | b << 8]``: the stable discs
    of ``a`` minus those of ``b`` on a line, its two ends (corners) excluded.

    A disc on an edge can only ever be flipped along that edge (every other line
    through it ends there), and any empty square of the edge may one day receive a disc
    of either colour (the move may flip in another direction), so the exact stable set
    of a line is: the discs that keep their colour and stay stable after every possible
    placement of either colour on every empty cell. Lines are solved from full to
    empty (3**8 patterns, a tenth of a second).
    """
    stable: dict[tuple[int, int], int] = {}
    patterns = []
    for code in range(3 ** 8):
        a = b = 0
        for cell in range(8):
            code, digit = divmod(code, 3)
            if digit == 1:
                a |= 1 << cell
            elif digit == 2:
                b |= 1 << cell
        patterns.append((a, b))
    patterns.sort(key=lambda ab: -(ab[0] | ab[1]).bit_count())  # fuller lines first
    for a, b in patterns:
        occupied = a | b
        result = occupied
        for cell in range(8):
            if occupied >> cell & 1:
                continue
            bit = 1 << cell
            f = _line_flips(a, b, cell)
            result &= stable[(a | f | bit, b ^ f)] & ~f
            f = _line_flips(b, a, cell)
            result &= stable[(a ^ f, b | f | bit)] & ~f
            if not result:
                break
        stable[(a, b)] = result
    table = [0] * (1 << 16)
    inner = 0b01111110
    for (a, b), s in stable.items():
        table[a | b << 8] = (s & a & inner).bit_count() - (s & b & inner).bit_count()
    return stable, table


_LINE_STABLE, EDGE_STABLE = _edge_stability()


def line_stable(first: int, second: int) -> int:
    """The discs (bits 0-7) of an edge line that can never flip; ``first`` and ``second``
    are the two colours' discs on it.

    >>> bin(line_stable(0b00000111, 0b00110000))   # X X X - O O - -: the corner run
    '0b111'
    """
    return _LINE_STABLE[(first, second)]


def _corner_masks() -> tuple[list[int], list[int]]:
    """X- and C-square masks for each set of empty corners.

    The index has one bit per empty corner: a1, h1, a8, h8 as bits 0-3.
    """
    x_masks, c_masks = [], []
    for index in range(16):
        x = c = 0
        for bit, corner in enumerate(_CORNER_SQUARES):
            if index >> bit & 1:
                x |= sum(1 << s for s in _X_OF[corner])
                c |= sum(1 << s for s in _C_OF[corner])
        x_masks.append(x)
        c_masks.append(c)
    return x_masks, c_masks


X_MASKS, C_MASKS = _corner_masks()

STAR = line_masks(SIZE - 1)
"""``STAR[s]``: every square on the eight lines through ``s`` (``s`` itself left out)."""


def wipe_squares(discs: int, empty: int) -> int:
    """The squares of ``empty`` that lie on a line through every one of ``discs``.

    Only there can one move flip all of ``discs`` at once. The set is usually empty
    after a few discs, which keeps the test cheap.

    >>> wipe_squares(1 << 1, ~(1 << 0 | 1 << 1)) & 1 << 2 != 0    # b1 is seen from c1
    True
    >>> wipe_squares(1 << 1 | 1 << 63, FULL ^ (1 | 1 << 1 | 1 << 63)) & 1 << 2
    0
    """
    candidates = empty
    while discs:
        low = discs & -discs
        candidates &= STAR[low.bit_length() - 1]
        if not candidates:
            return 0
        discs ^= low
    return candidates


def can_wipe_out(player: int, opponent: int) -> bool:
    """Whether ``player`` has a move that flips every disc of ``opponent`` (ending the game).

    >>> can_wipe_out(1 << 0, 1 << 1)      # a1 X, b1 O: c1 takes the lone disc
    True
    >>> can_wipe_out(1 << 0, 1 << 1 | 1 << 63)
    False
    """
    candidates = wipe_squares(opponent, FULL ^ (player | opponent))
    while candidates:
        low = candidates & -candidates
        if flips(player, opponent, low.bit_length() - 1) == opponent:
            return True
        candidates ^= low
    return False


_SQUARE_CLASSES = tuple(
    (value, sum(1 << s for s in range(64) if SQUARE_TABLE[s] == value))
    for value in sorted(set(SQUARE_TABLE))
)


def stable_edge_discs(player: int, opponent: int) -> int:
    """Stable edge discs (corners excluded) of ``player`` minus ``opponent``, all four edges.

    >>> stable_edge_discs(0b00000111, 0)   # a1 b1 c1: a corner and two discs beside it
    2
    """
    table = EDGE_STABLE
    col_a_p = ((player & COLUMN_A) * _COLUMN_TO_ROW) >> 56 & 0xFF
    col_a_o = ((opponent & COLUMN_A) * _COLUMN_TO_ROW) >> 56 & 0xFF
    col_h_p = ((player >> 7 & COLUMN_A) * _COLUMN_TO_ROW) >> 56 & 0xFF
    col_h_o = ((opponent >> 7 & COLUMN_A) * _COLUMN_TO_ROW) >> 56 & 0xFF
    return (table[(player & 0xFF) | (opponent & 0xFF) << 8]
            + table[(player >> 56) | (opponent >> 56) << 8]
            + table[col_a_p | col_a_o << 8]
            + table[col_h_p | col_h_o << 8])


def features(player: int, opponent: int) -> dict[str, int]:
    """Every feature's raw value for the side ``player`` (to move); for tests and tuning."""
    empty = FULL ^ (player | opponent)
    near_empty = empty | (empty << 1) & NOT_A | (empty >> 1) & NOT_H
    near_empty = (near_empty | near_empty << 8 | near_empty >> 8) & FULL
    corner_index = (empty & 1) | (empty >> 6 & 2) | (empty >> 54 & 4) | (empty >> 60 & 8)
    x_mask, c_mask = X_MASKS[corner_index], C_MASKS[corner_index]
    return {
        "mobility": mobility(player, opponent).bit_count() - mobility(opponent, player).bit_count(),
        "frontier": (opponent & near_empty).bit_count() - (player & near_empty).bit_count(),
        "corners": (player & CORNERS).bit_count() - (opponent & CORNERS).bit_count(),
        "x_squares": (opponent & x_mask).bit_count() - (player & x_mask).bit_count(),
        "c_squares": (opponent & c_mask).bit_count() - (player & c_mask).bit_count(),
        "edges": (player & EDGE_AB).bit_count() - (opponent & EDGE_AB).bit_count(),
        "stable": stable_edge_discs(player, opponent),
        "discs": player.bit_count() - opponent.bit_count(),
        "parity": 1 if empty.bit_count() & 1 else -1,
        "squares": sum(v * ((player & m).bit_count() - (opponent & m).bit_count())
                       for v, m in _SQUARE_CLASSES),
    }


FEATURES = tuple(features(0, 0))
"""Feature names, in ``Weights`` order (each has ``name`` and ``name_end`` weights;
``patterns``, which has one weight, is not among them)."""


def phase_weights(weights: Weights, empties: int) -> tuple[float, ...]:
    """Each feature's weight at ``empties`` empty squares (linear between the two ends)."""
    e = min(max(empties, 0), 60)
    return tuple((getattr(weights, f) * e + getattr(weights, f + "_end") * (60 - e)) / 60
                 for f in FEATURES)


class _PollAsStop(threading.Event):
    """A stop event for ``Searcher`` that asks a solver's ``poll`` instead: each time
    the search checks whether it is set, ``poll`` runs and may raise (a user's stop,
    a deadline), which ends the search as a stop would."""

    def __init__(self, poll: Callable[[], None]) -> None:
        super().__init__()
        self._poll = poll

    def is_set(self) -> bool:
        self._poll()
        return False


class OthelloEvaluator(Evaluator):
    """Evaluates Othello positions with ``Weights``; solves the last ``SOLVER_EMPTIES`` exactly.

    Args:
        weights: the knobs.
        name: the preset's or file's name.
        solver_empties: empty squares from which the exact solver answers (``None``: never).
    """

    game_name = "othello"
    # History helps, killers do not (the bench positions at depth 8: 123,000 nodes
    # with history alone, 138,000 with both, 161,000 with neither); deepening two
    # plies at a time cost nodes in the midgame.
    search_hints = SearchHints(killers=False, history=True, deepening_step=1)
    unit = 400

    def __init__(self, weights: Weights, name: str = "custom",
                 solver_empties: int | None = SOLVER_EMPTIES) -> None:
        self.weights = weights
        self.name = name
        self.solver = (None if solver_empties is None
                       else OthelloSolver(solver_empties, table_size=SOLVER_TABLE_SIZE,
                                          first_guess=self.margin_guess))
        # Every feature's integer weight for each number of empty squares (the hot loop's).
        self._table = [tuple(round(w) for w in phase_weights(weights, e)) for e in range(65)]
        self._use_squares = bool(weights.squares or weights.squares_end)
        self._rank = _MOVE_RANK

    def margin_guess(self, game: Game, poll: Callable[[], None] = lambda: None) -> int:
        """The final disc margin (side to move) this evaluator expects after a
        ``GUESS_DEPTH``-ply search without the solver: the exact solver's first probe
        at 18+ empties. ``patterns`` at depth 6 came within 0-6 discs on FFO #40-#44
        (``default``: 0-17) in 0.1-0.2 s. The search calls ``poll`` (the solver's) as
        often as it checks for a stop; what ``poll`` raises ends it early (the guess is
        then the last depth's) or goes through."""
        from ai.search import Limits, Searcher  # (ai.search imports the evaluators)

        limits = Limits(depth=GUESS_DEPTH, nodes=GUESS_NODES, use_solver=False)
        score = Searcher(self).search(game.copy(), limits, stop=_PollAsStop(poll)).score
        if is_proven(score):
            return 64 if score > 0 else -64 if score < 0 else 0
        return round(score / 100)  # scores are hundredths of a disc

    def candidate_moves(self, game: Game) -> list[Move]:
        """Legal moves, corners first and X-squares last (``[PASS]`` when forced).

        Forced-move logic (what a player would never get wrong, found at every depth):
        a move that flips every opponent disc wins at once and is the only candidate;
        moves after which the opponent can flip all of ours in one move are left out,
        unless every move allows it. (Other game-ending moves are rare before the exact
        solver takes over and are left to the search.)
        """
        moves = game.legal_moves()
        if len(moves) < 2:
            return moves
        player, opponent = game.player, game.opponent  # type: ignore[attr-defined]
        empty = FULL ^ (player | opponent)
        # After any move our discs include today's, so the opponent's wiping square
        # must already be in ``danger``; usually it is empty and nothing more is done.
        danger = wipe_squares(player, empty)
        if wipe_squares(opponent, empty):
            for move in moves:
                if flips(player, opponent, move) == opponent:
                    return [move]
        if danger:
            safe = []
            for move in moves:
                f = flips(player, opponent, move)
                new = f | 1 << move
                mine, theirs = player | new, opponent ^ f
                squares = wipe_squares(new, danger & ~new)
                while squares:
                    low = squares & -squares
                    if flips(theirs, mine, low.bit_length() - 1) == mine:
                        break
                    squares ^= low
                else:
                    safe.append(move)
            if safe:
                moves = safe
        if len(moves) > 1:
            moves = sorted(moves, key=self._rank.__getitem__)
        return moves

    def evaluate(self, game: Game) -> int:
        """The weighted features from the side to move's view (hundredths of a disc)."""
        player, opponent = game.player, game.opponent  # type: ignore[attr-defined]
        empty = FULL ^ (player | opponent)
        n = empty.bit_count()
        (w_mob, w_front, w_corner, w_x, w_c, w_edge, w_stable, w_disc, w_parity,
         w_squares) = self._table[n]

        moves = game.legal_moves()  # cached by the rules since the search asked outcome()
        mine = len(moves) if moves and moves[0] != PASS else 0
        score = w_mob * (mine - mobility(opponent, player).bit_count())

        near_empty = empty | (empty << 1) & NOT_A | (empty >> 1) & NOT_H
        near_empty |= near_empty << 8 | near_empty >> 8
        score += w_front * ((opponent & near_empty).bit_count() - (player & near_empty).bit_count())
        score += w_corner * ((player & CORNERS).bit_count() - (opponent & CORNERS).bit_count())
        corner_index = (empty & 1) | (empty >> 6 & 2) | (empty >> 54 & 4) | (empty >> 60 & 8)
        if corner_index:
            mask = X_MASKS[corner_index]
            score += w_x * ((opponent & mask).bit_count() - (player & mask).bit_count())
            mask = C_MASKS[corner_index]
            score += w_c * ((opponent & mask).bit_count() - (player & mask).bit_count())
        score += w_edge * ((player & EDGE_AB).bit_count() - (opponent & EDGE_AB).bit_count())
        table = EDGE_STABLE
        score += w_stable * (
            table[(player & 0xFF) | (opponent & 0xFF) << 8]
            + table[(player >> 56) | (opponent >> 56) << 8]
            + table[(((player & COLUMN_A) * _COLUMN_TO_ROW) >> 56 & 0xFF)
                    | (((opponent & COLUMN_A) * _COLUMN_TO_ROW) >> 56 & 0xFF) << 8]
            + table[(((player >> 7 & COLUMN_A) * _COLUMN_TO_ROW) >> 56 & 0xFF)
                    | (((opponent >> 7 & COLUMN_A) * _COLUMN_TO_ROW) >> 56 & 0xFF) << 8])
        score += w_disc * (player.bit_count() - opponent.bit_count())
        score += w_parity if n & 1 else -w_parity
        if self._use_squares:
            for value, mask in _SQUARE_CLASSES:
                score += (w_squares * value
                          * ((player & mask).bit_count() - (opponent & mask).bit_count()))
        limit = WIN_THRESHOLD - 1
        return score if -limit <= score <= limit else (limit if score > 0 else -limit)


    def terms(self, game: Game) -> dict[str, int]:
        """``evaluate``'s named terms: each feature's difference times its weight at
        this many empty squares (the same integer weights ``evaluate`` uses)."""
        player, opponent = game.player, game.opponent  # type: ignore[attr-defined]
        empties = 64 - (player | opponent).bit_count()
        values = features(player, opponent)
        return {name: weight * values[name]
                for name, weight in zip(FEATURES, self._table[empties])
                if weight * values[name]}

    def term_counts(self, game: Game) -> dict[str, int]:
        """The features' raw differences (``features``): moves, discs, corners..."""
        return features(game.player, game.opponent)  # type: ignore[attr-defined]


class PatternEvaluator(OthelloEvaluator):
    """The fitted pattern tables (``Weights.patterns`` percent of them) on top of
    ``OthelloEvaluator``.

    The tables file holds, per phase, a table per pattern, a constant and its own
    weights for the features above (mobility, corners, ...: fitted together with the
    tables). The features are computed exactly as ``OthelloEvaluator`` does, with, at
    each number of empty squares, the file's weights (times ``patterns / 100``) plus
    the ``Weights``' own (all 0 in the ``patterns`` preset); then the tables' score
    and the constant (times ``patterns / 100``) are added.

    Raises:
        othello_patterns.PatternFileError: the shipped tables file is missing or bad
            (``ai.evaluators`` turns it into an ``EvaluatorError``).
    """

    def __init__(self, weights: Weights, name: str = "custom",
                 solver_empties: int | None = SOLVER_EMPTIES) -> None:
        super().__init__(weights, name, solver_empties)
        loaded = othello_patterns.tables()
        assert othello_patterns.FEATURES == FEATURES[:len(othello_patterns.FEATURES)]
        percent = weights.patterns
        self._phase_of = loaded.phase_of
        self._phase_tables = loaded.tables
        self._bias = loaded.bias
        self._percent = percent
        own = [phase_weights(weights, e) for e in range(65)]
        self._table = [
            tuple(round(fitted * percent / 100 + mine) for fitted, mine
                  in zip(loaded.features[loaded.phase_of[e]] + (0,), own[e]))
            for e in range(65)]

    def pattern_part(self, game: Game) -> int:
        """The tables' score and the phase's constant, scaled by ``patterns`` percent."""
        player, opponent = game.player, game.opponent  # type: ignore[attr-defined]
        phase = self._phase_of[64 - (player | opponent).bit_count()]
        score: int = (othello_patterns.pattern_score(player, opponent, self._phase_tables[phase])
                      + self._bias[phase])
        return score if self._percent == 100 else score * self._percent // 100

    def evaluate(self, game: Game) -> int:
        """The features (``OthelloEvaluator.evaluate``) plus the pattern tables."""
        score = super().evaluate(game) + self.pattern_part(game)
        limit = WIN_THRESHOLD - 1
        return score if -limit <= score <= limit else (limit if score > 0 else -limit)

    def terms(self, game: Game) -> dict[str, int]:
        """The features' terms (``OthelloEvaluator.terms``) and ``patterns``: the
        tables with the phase's constant."""
        out = dict(super().terms(game))
        out["patterns"] = self.pattern_part(game)
        return {name: value for name, value in out.items() if value}


def build(weights: Weights, name: str = "custom") -> OthelloEvaluator:
    """The evaluator for ``weights`` (the ``ai.evaluators`` factory); with a
    ``patterns`` weight, a ``PatternEvaluator`` (the tables are read on the first).

    Raises:
        othello_patterns.PatternFileError: the tables file is missing or bad.
    """
    if weights.patterns:
        return PatternEvaluator(weights, name)
    return OthelloEvaluator(weights, name)


# untranslated: the module's names
__all__ = ["FEATURES", "PRESETS", "SOLVER_EMPTIES", "OthelloEvaluator", "PatternEvaluator",
           "Weights", "build",
           "can_wipe_out", "features", "line_stable", "phase_weights", "stable_edge_discs",
           "wipe_squares"]
