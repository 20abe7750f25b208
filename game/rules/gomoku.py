"""Gomoku (five in a row) on a square board of 9x9 to 25x25, as bitboards in Python ints.

Bit layout
==========

Each side's stones are one Python int. A board of size ``S`` is stored row by row
from the *bottom*, with one always-empty **padding column** at the right end of each
row, so the row stride is ``W = S + 1`` and::

    bit(col, row) = row * (S + 1) + col        col, row from 0; row 0 is the bottom

(notation row ``n`` is ``row = n - 1``; column letters run ``a b c ...`` without
skipping ``i``). A 9x9 board, ``W = 10``; the ``|`` column is the padding::

           a   b   c   d   e   f   g   h   i   |pad
     9    80  81  82  83  84  85  86  87  88   |89
     8    70  71  72  73  74  75  76  77  78   |79
     7    60  61  62  63  64  65  66  67  68   |69
     6    50  51  52  53  54  55  56  57  58   |59
     5    40  41  42  43  44  45  46  47  48   |49
     4    30  31  32  33  34  35  36  37  38   |39
     3    20  21  22  23  24  25  26  27  28   |29
     2    10  11  12  13  14  15  16  17  18   |19
     1     0   1   2   3   4   5   6   7   8   | 9

So ``e5`` (the 9x9 centre) is bit 44 and on 15x15 (``W = 16``) ``h8`` is bit
``7 * 16 + 7 = 119``. Bits at or above ``S * W`` and the padding bits ``S, S + W,
S + 2W, ...`` are never set; ``board_mask`` has exactly the ``S * S`` real cells.

Lines and shifts
================

The four line directions are the strides (shown for 9x9, ``S = 9``)::

    horizontal  ->   1         e5 (44) -> f5 (45)
    vertical    ^    S + 1     e5 (44) -> e6 (54)
    diagonal    /    S + 2     e5 (44) -> f6 (55)
    antidiag    \\    S         e5 (44) -> d6 (53)

Shifting a bitboard left by a stride moves every stone one step along that line;
the padding column is what stops a line running off one edge and on at the other:

* ``i5`` (48) + 1 = 49 is padding, not ``a6`` (50): a row never continues into the
  next one.
* ``i5`` (48) + (S + 2) = 59 is padding, not ``a7``; ``a5`` (40) + S = 49 is
  padding, not ``i6``: the diagonals stop at the side edges too.
* Stepping down (``>>``) from row 0 drops below bit 0 or lands on padding (``a1 -
  1 = -1`` is gone, ``a2`` (10) ``- 1 = 9`` is padding); stepping up past the top
  row leaves the board and is cut off by ``& board_mask`` (or by ``&`` with a
  stone bitboard, which is zero there).

A run of five in direction ``d`` is five stones at ``b, b+d, ..., b+4d``, so::

    fives = bits & bits >> d & bits >> 2*d & bits >> 3*d & bits >> 4*d

has one set bit per five, at its lowest stone (the same thing with three ANDs:
``p = bits & bits >> d; q = p & p >> 2*d; fives = q & bits >> 4*d``). On 9x9,
black stones ``a5 b5 c5 d5 e5`` (bits 40..44) give ``fives == 1 << 40`` for
``d = 1``; ``f5 g5 h5 i5 a6`` (45..48 and 50) give 0 because bit 49 is padding.
``five_starts`` below does this; the rules themselves only ever look at the lines
through the stone just placed (``run_length``), which is cheaper.

Growing a bitboard by one cell in every direction (the neighbourhood of the stones)
is two separable dilations: ``h = b | b << 1 | b >> 1`` masked with ``board_mask``
(the mask drops what spilt into the padding, which would otherwise wrap at the next
step), then ``h | h << W | h >> W`` masked again. Repeating ``r`` times gives every
cell within Chebyshev distance ``r``; see ``Gomoku.neighbourhood``.

Hashing
=======

``key()`` is a 64-bit Zobrist hash: the XOR of one random number per (side, cell)
for every stone, XORed with one more number when White is to move. The numbers come
from ``random.Random`` seeded with a fixed value per board size, so keys are the
same in every run and process (they may be stored in files or compared across
copies); one table per size is built once and cached. ``push`` and ``pop`` update
the key with a single XOR of ``Z[side][cell] ^ Z_WHITE_TO_MOVE``.

Rules
=====

``freestyle``: five or more in a row wins. ``standard``: exactly five in a row wins;
six or more (an overline) wins for nobody and the game goes on, but a move that
makes an exact five in one direction wins even if it makes an overline in another.
``renju``: White wins with five or more, Black only with exactly five, and Black may
not play a *forbidden point* (a double-three, a double-four or an overline, by the
RIF definitions in ``game.rules.renju``): ``legal_moves`` leaves them out, ``play``
refuses them, and if Black has no other empty cell left White wins ("Black has only
forbidden points"). A full board without a win is a draw. Only lines through the stone just placed are
examined, once, in ``push``; ``outcome()`` only reads the stored result.

>>> g = Gomoku()
>>> g.play_moves("h8 h9 i8 i9 j8 j9 k8 k9 l8")
>>> g.outcome()
Outcome(winner=0, reason='five in a row')
>>> g.move_name(g.move_stack[0]), g.move_stack[0]
('h8', 119)
"""

from __future__ import annotations

import functools
import operator
import random
from itertools import chain
from typing import Any, NamedTuple

from game.i18n import N_, _
from game.rules import renju as _renju
from game.rules.base import (
    CELL_NAME_RE,
    PASS,
    Cell,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidVariantError,
    Move,
    Outcome,
    RulesError,
    SetupError,
    diagram_rows,
    parse_cell_moves,
)
from game.rules.memo import TwoGenerations

MIN_SIZE = 9
"""Smallest supported board side."""
MAX_SIZE = 25
"""Largest supported board side (column letters ``a``..``y``)."""
RULES = ("freestyle", "standard", "renju")
"""The supported rule sets."""
LETTERS = "abcdefghijklmnopqrstuvwxy"
"""Column letters, ``a`` on the left; ``i`` is not skipped."""

_ZOBRIST_SEED = 0x9E3779B97F4A7C15
"""Base of the fixed per-size Zobrist seed; changing it changes every stored key."""


_FIVE_IN_A_ROW = N_("five in a row")
_BOARD_FULL = N_("board full")
_WINS = (Outcome(0, _FIVE_IN_A_ROW), Outcome(1, _FIVE_IN_A_ROW))
_BLACK_STUCK = Outcome(1, N_("Black has only forbidden points"))
_FORBIDDEN_MOVE = {
    _renju.DOUBLE_THREE: N_("{move} is a double-three: forbidden for Black in renju"),
    _renju.DOUBLE_FOUR: N_("{move} is a double-four: forbidden for Black in renju"),
    _renju.OVERLINE: N_("{move} is an overline: forbidden for Black in renju"),
}
"""Why a forbidden point cannot be played, a whole sentence per kind."""
_FORBIDDEN_CACHE = 4096
"""Positions whose forbidden points a game remembers (two generations, ``memo``)."""
_DRAW = Outcome(None, _BOARD_FULL)


def five_starts(bits: int, stride: int) -> int:
    """The lowest stone of every run of five (or more) in ``bits`` along ``stride``.

    A run of six gives two set bits, of seven three, and so on. ``bits`` must not
    have padding bits set (stone bitboards never do).

    >>> bin(five_starts(0b11111, 1)), five_starts(0b11110, 1)
    ('0b1', 0)
    >>> bin(five_starts(0b111111, 1))
    '0b11'

    On 9x9 (``S = 9``): a5-e5 (bits 40..44) is a five; f5-i5 plus a6 (45..48, 50) is
    not, because bit 49 is padding; the diagonal a1 b2 c3 d4 e5 steps by ``S + 2``:

    >>> five_starts(sum(1 << b for b in range(40, 45)), 1) == 1 << 40
    True
    >>> five_starts(sum(1 << b for b in (45, 46, 47, 48, 50)), 1)
    0
    >>> five_starts(sum(1 << 11 * k for k in range(5)), 11)
    1
    """
    pairs = bits & bits >> stride
    fours = pairs & pairs >> 2 * stride
    return fours & bits >> 4 * stride


class _Tables(NamedTuple):
    """Everything about a board size that never changes; built once per size."""

    size: int
    stride: int
    cells: int  # size * size
    board_mask: int
    directions: tuple[int, int, int, int]
    zobrist: tuple[tuple[int, ...], tuple[int, ...]]  # Z[side][bit] ^ Z_WHITE_TO_MOVE
    star: tuple[int, ...]  # bit -> cells within 4 of it along the 4 lines, itself excluded
    lines: tuple[tuple[tuple[int, int], ...], ...]  # bit -> ((stride, that line's part), ...)
    byte_moves: tuple[tuple[tuple[int, ...], ...], ...]  # [byte no][byte value] -> moves
    nbytes: int
    names: tuple[str, ...]  # bit -> notation ('' for padding)


@functools.cache
def _tables(size: int) -> _Tables:
    stride = size + 1
    nbits = size * stride
    on_board = [b % stride != size for b in range(nbits)]
    board_mask = sum(1 << b for b in range(nbits) if on_board[b])
    directions = (1, stride, stride + 1, stride - 1)

    rng = random.Random(_ZOBRIST_SEED ^ size)
    z_white_to_move = rng.getrandbits(64)
    zobrist = (tuple(rng.getrandbits(64) ^ z_white_to_move for _ in range(nbits)),
               tuple(rng.getrandbits(64) ^ z_white_to_move for _ in range(nbits)))

    def cell(col: int, row: int) -> int | None:
        return row * stride + col if 0 <= col < size and 0 <= row < size else None

    star = []
    lines = []
    for b in range(nbits):
        parts = []
        if on_board[b]:
            col, row = b % stride, b // stride
            for d, (dc, dr) in zip(directions, ((1, 0), (0, 1), (1, 1), (-1, 1))):
                part = 0
                for k in (-4, -3, -2, -1, 1, 2, 3, 4):
                    c = cell(col + k * dc, row + k * dr)
                    if c is not None:
                        part |= 1 << c
                parts.append((d, part))
        star.append(functools.reduce(operator.or_, (part for _d, part in parts), 0))
        lines.append(tuple(parts))

    nbytes = (nbits + 7) // 8
    byte_moves = tuple(
        tuple(
            tuple(8 * i + j for j in range(8) if value >> j & 1 and 8 * i + j < nbits
                  and on_board[8 * i + j])
            for value in range(256)
        )
        for i in range(nbytes)
    )
    names = tuple(
        f"{LETTERS[b % stride]}{b // stride + 1}" if on_board[b] else "" for b in range(nbits)
    )
    return _Tables(size, stride, size * size, board_mask, directions, zobrist, tuple(star),
                   tuple(lines), byte_moves, nbytes, names)


class Gomoku(Game):
    """Gomoku on a ``size`` x ``size`` board under ``rule`` (``freestyle``/``standard``/``renju``).

    Public, read-only state for evaluators (see the module docstring for the layout):

    Attributes:
        size: board side ``S``; ``width == height == size``.
        stride: ``S + 1``, the distance between vertically adjacent cells.
        directions: the four line strides ``(1, S + 1, S + 2, S)``: horizontal,
            vertical, diagonal ``/``, anti-diagonal ``\\``.
        board_mask: bitboard of all ``S * S`` real cells.
        stones: ``[black, white]`` bitboards, indexed by side. Do not mutate.
        rule: ``"freestyle"``, ``"standard"`` or ``"renju"``.

    Moves are bit indices; notation is ``h8`` (column letter, row from the bottom).
    """

    name = "gomoku"
    title = N_("Gomoku")
    side_names = (N_("Black"), N_("White"))
    moves_separator = " "

    __slots__ = ("size", "width", "height", "stride", "directions", "board_mask", "rule",
                 "_exact", "_renju", "_forbidden", "_t", "_zobrist", "_star", "_lines", "stones", "turn", "move_stack",
                 "_key", "_outcome", "_placed")

    def __init__(self, size: int = 15, rule: str = "freestyle") -> None:
        size = _check_size(size)
        if not isinstance(rule, str) or rule.lower() not in RULES:
            raise InvalidVariantError(
                _("the Gomoku rule must be 'freestyle', 'standard' or 'renju', not "
                  "{rule}").format(rule=repr(rule)))
        t = _tables(size)
        self.size = self.width = self.height = size
        self.stride = t.stride
        self.directions = t.directions
        self.board_mask = t.board_mask
        self.rule = rule.lower()
        standard = self.rule == "standard"
        self._renju = self.rule == "renju"
        # Per side: does only an exact five win (an overline being no win)?
        self._exact = (standard or self._renju, standard)
        self._forbidden: TwoGenerations[int, dict[Move, str]] = TwoGenerations(_FORBIDDEN_CACHE)
        self._t = t
        self._zobrist = t.zobrist
        self._star = t.star
        self._lines = t.lines
        self.stones = [0, 0]
        self.turn = 0
        self.move_stack: list[Move] = []
        self._key = 0
        self._outcome: Outcome | None = None
        self._placed = 0  # stones already on a set-up board before the first move

    @classmethod
    def from_diagram(cls, text: str, turn: int | None = None, **variant: Any) -> Gomoku:
        """A set-up position from a diagram (:func:`parse_diagram`); ``variant`` may give
        the ``rule`` (and a ``size``, which must agree with the diagram).

        Refused (``SetupError``, one sentence): stone counts alternate play cannot give
        (Black starts: as many black stones as white or one more, which also decides
        the side to move), a ``turn`` that disagrees, a finished position (a five
        that wins under the rule, a full board, Black with only forbidden points).

        >>> g = Gomoku.from_diagram("........./" * 4 + "....X..../" + "........./" * 4)
        >>> g.turn, g.counts(), g.move_stack
        (1, (1, 0), [])
        """
        try:
            size, black, white = parse_diagram("/".join(diagram_rows(text, N_("Gomoku"))))
        except SetupError:
            raise
        except RulesError as error:
            raise SetupError(str(error)) from None
        if variant.get("size") is not None and variant["size"] != size:
            raise SetupError(_("the diagram is {size}x{size}, not {given}x{given} as the size "
                               "option says").format(size=size, given=variant["size"]))
        try:
            game = cls(size, variant.get("rule") or "freestyle")
        except InvalidVariantError as error:
            raise SetupError(str(error)) from None
        blacks, whites = black.bit_count(), white.bit_count()
        if blacks not in (whites, whites + 1):
            raise SetupError(_("{blacks} black and {whites} white stones cannot come from "
                               "alternate moves (Black starts, so Black has as many as White "
                               "or one more)").format(blacks=blacks, whites=whites))
        side = blacks - whites
        if turn is not None and turn != side:
            raise SetupError(_("with {blacks} black and {whites} white stones it is "
                               "{side}'s turn, not {other}'s").format(
                                   blacks=blacks, whites=whites, side=_(cls.side_names[side]),
                                   other=_(cls.side_names[turn])))
        for name, stones, exact in zip(cls.side_names, (black, white), game._exact):
            if game._has_five(stones, exact):
                raise SetupError(_("{side} already has {line}: the game is over").format(
                    side=_(name), line=_(_FIVE_IN_A_ROW)))
        if blacks + whites == game._t.cells:
            raise SetupError(_("the board is full: the game is over"))
        game.stones = [black, white]
        game.turn = side
        game._placed = blacks + whites
        key = 0
        for colour, stones in enumerate((black, white)):
            while stones:
                low = stones & -stones
                stones ^= low
                key ^= game._zobrist[colour][low.bit_length() - 1]
        game._key = key
        if side == 0 and game._renju and game._black_stuck():
            raise SetupError(_("Black has only forbidden points: the game is over"))
        return game

    def _has_five(self, stones: int, exact: bool) -> bool:
        """Whether ``stones`` hold a winning run: five or more, or exactly five."""
        for d in self.directions:
            starts = five_starts(stones, d)
            if exact:
                # a run of six or more has neighbouring starts; an exact five has none
                starts &= ~(starts << d) & ~(starts >> d)
            if starts:
                return True
        return False

    # --- the core protocol ------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every empty cell, lowest bit first (``a1 b1 ... a2 ...``); ``[]`` once over.

        Under renju, Black's forbidden points are left out.
        """
        if self._outcome is not None:
            return []
        t = self._t
        stones = self.stones
        free = t.board_mask ^ stones[0] ^ stones[1]
        if self._renju and not self.turn:
            for cell in self.forbidden_points():
                free ^= 1 << cell
        # One precomputed tuple of moves per byte of the empty bitboard: no Python loop.
        return [*chain.from_iterable(
            map(operator.getitem, t.byte_moves, free.to_bytes(t.nbytes, "little")))]

    def push(self, move: Move) -> None:
        """Place a stone for the side to move on the empty cell ``move`` (unchecked)."""
        turn = self.turn
        self.stones[turn] |= 1 << move
        self._key ^= self._zobrist[turn][move]
        stack = self.move_stack
        stack.append(move)
        self.turn = turn ^ 1
        # Black's fifth stone is move 9 at the earliest; before that no five and no
        # full board is possible, which keeps the opening plies of a search cheap.
        # Then two filters skip the bit-by-bit run scan for most moves of a middle
        # game: at least 4 own stones within 4 cells along the 4 lines through the
        # stone (one AND and a popcount), then the same per line (_makes_five).
        if len(stack) + self._placed >= 9:
            mine = self.stones[turn]
            if (mine & self._star[move]).bit_count() >= 4 and self._makes_five(mine, move, turn):
                self._outcome = _WINS[turn]
            elif len(stack) + self._placed == self._t.cells:
                self._outcome = _DRAW
            elif turn and self._renju and self._black_stuck():
                self._outcome = _BLACK_STUCK

    def _black_stuck(self) -> bool:
        """Renju, Black to move: is every empty cell forbidden?"""
        black, white = self.stones
        empty = self._t.board_mask ^ black ^ white
        # Each black stone lies within reach of at most 32 cells and a forbidden point
        # needs 4 black stones within reach: more than 8 empty cells a black stone
        # cannot all be forbidden (this skips the scan until the board is nearly full).
        if empty.bit_count() > 8 * black.bit_count():
            return False
        memo: dict[tuple[int, int], str | None] = {}
        size = self.size
        while empty:
            low = empty & -empty
            empty ^= low
            if _renju.forbidden_kind(black, white, low.bit_length() - 1, size, memo) is None:
                return False
        return True

    def _makes_five(self, mine: int, move: Move, side: int) -> bool:
        standard = self._exact[side]
        for d, part in self._lines[move]:
            if (mine & part).bit_count() >= 4:
                run = _run(mine, move, d)
                if run == 5 or (run > 5 and not standard):
                    return True
        return False

    def pop(self) -> Move:
        """Take back the last stone and return its move."""
        move = self.move_stack.pop()
        turn = self.turn ^ 1
        self.turn = turn
        self.stones[turn] ^= 1 << move
        self._key ^= self._zobrist[turn][move]
        # push is only ever called on a running game, so the position it left had no result.
        self._outcome = None
        return move

    def outcome(self) -> Outcome | None:
        """The stored result of the last move: a win, ``board full``, or ``None``."""
        return self._outcome

    def key(self) -> int:
        """The 64-bit Zobrist hash of the stones and the side to move."""
        return self._key

    def copy(self) -> Gomoku:
        """An independent copy (shares only the immutable per-size tables)."""
        new = object.__new__(type(self))
        for slot in Gomoku.__slots__:
            setattr(new, slot, getattr(self, slot))
        new.stones = self.stones[:]
        new.move_stack = self.move_stack[:]
        new._forbidden = TwoGenerations(_FORBIDDEN_CACHE)
        return new

    def variant(self) -> dict[str, Any]:
        """``{"size": ..., "rule": ...}``."""
        return {"size": self.size, "rule": self.rule}

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is an empty cell of this board and the game still runs
        (and, under renju with Black to move, not a forbidden point)."""
        return (self._outcome is None and self._is_empty_cell(move)
                and not (self._renju and not self.turn and move in self.forbidden_points()))

    def play(self, move: Move) -> None:
        """Place a stone after checking it; raises ``IllegalMoveError`` and changes nothing."""
        if not self.is_legal(move):
            raise IllegalMoveError(self.illegal_reason(move))
        self.push(move)

    def illegal_reason(self, move: Move) -> str:
        """Why ``move`` cannot be played: ``"h8 is already taken"``, ``"the game is already over"``.
        """
        if self._outcome is not None:
            return _("the game is already over")
        if move == PASS:
            return _("there is no passing in Gomoku")
        if not self.is_cell(move):
            return self._not_a_cell(move)
        if not self._is_empty_cell(move):
            return _("{move} is already taken").format(move=self.move_name(move))
        kind = self.forbidden_kind(move) if self._renju and not self.turn else None
        if kind is not None:
            return _(_FORBIDDEN_MOVE[kind]).format(move=self.move_name(move))
        return _("{move} is not a legal move in this position").format(
            move=self.move_name(move))

    def _not_a_cell(self, move: object) -> str:
        return _("{move} is not a cell of the {size}x{size} board").format(
            move=repr(move), size=self.size)

    # --- renju ---------------------------------------------------------------------

    def forbidden_points(self) -> dict[Move, str]:
        """Under renju, Black's forbidden points now, ``{move: kind}`` (``kind`` is
        ``"double-three"``, ``"double-four"`` or ``"overline"``); ``{}`` under the
        other rules and once the game is over. Whoever is to move, the answer is about
        Black. Do not mutate the result (it is remembered per position).

        >>> g = Gomoku(9, "renju"); g.play_moves("c5 a1 d5 a9 e6 i9 e7 i1")
        >>> print(g)  # doctest: +NORMALIZE_WHITESPACE
           a b c d e f g h i
         9 O . . . . . . . O  9
         8 . . . . . . . . .  8
         7 . . . . X . . . .  7
         6 . . . . X . . . .  6
         5 . . X X . . . . .  5
         4 . . . . . . . . .  4
         3 . . . . . . . . .  3
         2 . . . . . . . . .  2
         1 O . . . . . . . O  1
           a b c d e f g h i
        Black (X) to move
        >>> {g.move_name(m): kind for m, kind in g.forbidden_points().items()}
        {'e5': 'double-three'}
        >>> g.play(g.parse_move("e5"))
        Traceback (most recent call last):
        ...
        game.rules.base.IllegalMoveError: e5 is a double-three: forbidden for Black in renju
        """
        if not self._renju or self._outcome is not None:
            return {}
        key = self._key
        found = self._forbidden.get(key)
        if found is None:
            found = self._forbidden.recall(key)
        if found is None:
            black, white = self.stones
            found = _renju.forbidden_points(black, white, self.size)
            self._forbidden[key] = found
        return found

    def forbidden_kind(self, move: Move) -> str | None:
        """Under renju, why Black may not play ``move`` now (see ``forbidden_points``)."""
        return self.forbidden_points().get(move)

    # --- helpers for evaluators -----------------------------------------------------

    @property
    def occupied(self) -> int:
        """Bitboard of every stone."""
        return self.stones[0] | self.stones[1]

    @property
    def empty(self) -> int:
        """Bitboard of every empty cell (padding excluded)."""
        return self.board_mask ^ self.stones[0] ^ self.stones[1]

    def is_cell(self, move: Move) -> bool:
        """Whether ``move`` is the bit index of a real cell (not padding, not off the board)."""
        return (isinstance(move, int) and 0 <= move < self._t.cells + self.size
                and bool(self.board_mask >> move & 1))

    def _is_empty_cell(self, move: Move) -> bool:
        return self.is_cell(move) and not (self.stones[0] | self.stones[1]) >> move & 1

    def cell_index(self, col: int, row: int) -> Move:
        """The move at board column ``col`` and row ``row``, both from 0, row 0 at the BOTTOM.

        These are board coordinates (as in notation and in the bit layout), not the
        view's ``Cell`` (whose ``y`` counts from the top); see ``move_at``.

        >>> Gomoku().cell_index(7, 7)   # h8
        119
        """
        if not (0 <= col < self.size and 0 <= row < self.size):
            raise ValueError(_("({column}, {row}) is off the {size}x{size} board").format(
                column=col, row=row, size=self.size))
        return row * self.stride + col

    def cell_xy(self, move: Move) -> tuple[int, int]:
        """``(col, row)`` of ``move`` in board coordinates (row 0 at the BOTTOM).

        >>> Gomoku().cell_xy(119)
        (7, 7)
        """
        return move % self.stride, move // self.stride

    def run_length(self, move: Move, side: int, direction: int) -> int:
        """Length of ``side``'s run through ``move`` along one line, ``move`` included.

        ``move`` counts as ``side``'s stone whether or not it is filled, so on an empty
        cell this is the run the side would make by playing there.

        Args:
            move: a cell.
            side: 0 or 1.
            direction: one of ``directions`` (a stride), e.g. ``1`` for the row.

        >>> g = Gomoku(); g.play_moves("h8 a1 j8")
        >>> g.run_length(g.parse_move("i8"), 0, 1)
        3
        """
        return _run(self.stones[side] | 1 << move, move, direction)

    def neighbourhood(self, radius: int = 1) -> int:
        """Bitboard of empty cells within Chebyshev distance ``radius`` of any stone.

        ``0`` on an empty board (an evaluator usually answers the centre there).

        >>> g = Gomoku(9); g.play_moves("e5")
        >>> g.neighbourhood(1).bit_count(), g.neighbourhood(2).bit_count()
        (8, 24)
        """
        if radius < 0:
            raise ValueError("radius must be 0 or more")  # untranslated: a caller's bug
        mask = self.board_mask
        stride = self.stride
        occupied = self.stones[0] | self.stones[1]
        grown = occupied
        for _i in range(radius):
            grown = (grown | grown << 1 | grown >> 1) & mask
        for _i in range(radius):
            grown = (grown | grown << stride | grown >> stride) & mask
        return grown & ~occupied

    def neighbour_moves(self, radius: int = 1) -> list[Move]:
        """The cells of ``neighbourhood(radius)`` as moves, lowest bit first."""
        t = self._t
        bits = self.neighbourhood(radius)
        return [*chain.from_iterable(
            map(operator.getitem, t.byte_moves, bits.to_bytes(t.nbytes, "little")))]

    # --- notation ---------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """``"h8"`` -> its move; case-insensitive; raises ``InvalidMoveError``.

        >>> g = Gomoku()
        >>> g.parse_move("H8") == g.cell_index(7, 7)
        True
        """
        text = text.strip()
        match = CELL_NAME_RE.fullmatch(text)
        if match is None:
            raise InvalidMoveError(
                _("{text} is not a move: write a column letter then a row number, "
                  "like h8").format(text=repr(text)))
        col = LETTERS.find(match[1].lower())
        row = int(match[2]) - 1
        if not (0 <= col < self.size and 0 <= row < self.size):
            raise InvalidMoveError(_("{text} is off the {size}x{size} board").format(
                text=repr(text), size=self.size))
        return row * self.stride + col

    def move_name(self, move: Move) -> str:
        """The notation of ``move``: ``"h8"``."""
        if not self.is_cell(move):
            raise InvalidMoveError(self._not_a_cell(move))
        return self._t.names[move]

    def parse_moves(self, text: str) -> list[Move]:
        """A move list, with or without separators: ``"h8 i9 j10"``, ``"h8i9j10"``, ``"h8,i9"``.

        Raises:
            InvalidMoveError: naming the first bad move and its number in the list.
        """
        return parse_cell_moves(text, self.parse_move)

    # --- what a board view needs -------------------------------------------------

    def _display_index(self, x: int, y: int) -> Move | None:
        if 0 <= x < self.size and 0 <= y < self.size:
            return (self.size - 1 - y) * self.stride + x
        return None

    def _display_cell(self, move: Move) -> Cell:
        return move % self.stride, self.size - 1 - move // self.stride

    def piece_at(self, x: int, y: int) -> int | None:
        """Side of the stone on view cell ``(x, y)`` (``y`` from the top), or ``None``."""
        move = self._display_index(x, y)
        if move is None:
            return None
        for side in (0, 1):
            if self.stones[side] >> move & 1:
                return side
        return None

    def move_at(self, x: int, y: int) -> Move | None:
        """The move for view cell ``(x, y)`` (``y`` from the top), taken or not.

        ``None`` off the board.
        """
        return self._display_index(x, y)

    def move_cell(self, move: Move) -> Cell | None:
        """The view cell ``move`` would fill, or ``None`` if it is taken or not a cell."""
        return self._display_cell(move) if self._is_empty_cell(move) else None

    def last_cell(self) -> Cell | None:
        """The view cell of the last stone, or ``None`` before the first move."""
        return self._display_cell(self.move_stack[-1]) if self.move_stack else None

    def winning_line(self) -> list[Cell]:
        """All view cells of the winning run(s) through the last stone, else ``[]``.

        Under freestyle a longer run is given whole; if the last stone completed two
        lines at once, both are given (the last stone once).
        """
        if self._outcome is None or self._outcome.winner is None:
            return []
        move = self.move_stack[-1]
        mine = self.stones[self._outcome.winner]
        line: list[Move] = []
        for d in self.directions:
            run = _run(mine, move, d)
            if run == 5 or (run > 5 and not self._exact[self._outcome.winner]):
                low = move
                while low - d >= 0 and mine >> (low - d) & 1:
                    low -= d
                line.extend(m for m in range(low, low + run * d, d) if m not in line)
        return [self._display_cell(m) for m in line]

    def counts(self) -> tuple[int, int]:
        """Number of black and white stones."""
        return self.stones[0].bit_count(), self.stones[1].bit_count()

    def __str__(self) -> str:
        """The board, top row first, ``X`` Black, ``O`` White, then whose turn or the result.

        >>> print(Gomoku(9).copy())  # doctest: +NORMALIZE_WHITESPACE
           a b c d e f g h i
         9 . . . . . . . . .  9
         8 . . . . . . . . .  8
         7 . . . . . . . . .  7
         6 . . . . . . . . .  6
         5 . . . . . . . . .  5
         4 . . . . . . . . .  4
         3 . . . . . . . . .  3
         2 . . . . . . . . .  2
         1 . . . . . . . . .  1
           a b c d e f g h i
        Black (X) to move
        """
        letters = "   " + " ".join(LETTERS[: self.size])
        black, white = self.stones
        lines = [letters]
        for row in range(self.size - 1, -1, -1):
            base = row * self.stride
            marks = []
            for col in range(self.size):
                if black >> (base + col) & 1:
                    marks.append("X")
                elif white >> (base + col) & 1:
                    marks.append("O")
                else:
                    marks.append(".")
            lines.append(f"{row + 1:2} {' '.join(marks)} {row + 1:2}")
        lines.append(letters)
        result = self._outcome
        if result is None:
            # Translators: {mark} is the side's mark in the diagram, X or O.
            lines.append(_("{side} ({mark}) to move").format(
                side=_(self.side_names[self.turn]), mark="XO"[self.turn]))
        elif result.winner is None:
            lines.append(_("Draw: {reason}").format(reason=_(result.reason)))
        else:
            lines.append(_("{side} wins: {reason}").format(
                side=_(self.side_names[result.winner]), reason=_(result.reason)))
        return "\n".join(lines)


def _run(bits: int, move: Move, d: int) -> int:
    """Length of the run of ``bits`` through ``move`` (assumed set) along stride ``d``."""
    run = 1
    k = move + d
    while bits >> k & 1:
        run += 1
        k += d
    k = move - d
    while k >= 0 and bits >> k & 1:
        run += 1
        k -= d
    return run


def parse_diagram(text: str) -> tuple[int, int, int]:
    """A board diagram -> ``(size, black, white)`` (the stone bitboards of ``Gomoku``).

    The rows run from the top (row ``size``) to the bottom (row 1), separated by
    ``/``; ``X`` (or ``x``) is Black, ``O`` (or ``o``) White, ``.`` empty. The size is
    the length of a row (9 to 25), and there must be as many rows.

    >>> size, black, white = parse_diagram("........./" * 4 + "....X..../" + "........./" * 3
    ...                                    + "O........")
    >>> size, black == 1 << Gomoku(9).parse_move("e5"), white
    (9, True, 1)

    Raises:
        RulesError: naming the first problem (a bad character, a short row, ...).
    """
    if not isinstance(text, str):
        raise RulesError(_("a board diagram must be text"))
    rows = [row.strip() for row in text.strip().split("/")]
    size = len(rows[0])
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise RulesError(_("a Gomoku board diagram needs rows of {low} to {high} "
                           "cells, not {size} (rows are separated by '/')").format(
                               low=MIN_SIZE, high=MAX_SIZE, size=size))
    if len(rows) != size:
        raise RulesError(_("a {size}x{size} board diagram needs {size} rows separated by "
                           "'/', not {rows}").format(size=size, rows=len(rows)))
    stride = size + 1
    black = white = 0
    for y, row in enumerate(rows):
        number = size - y
        if len(row) != size:
            raise RulesError(_("row {row} of the diagram has {cells} cells, not {size}").format(
                row=number, cells=len(row), size=size))
        for col, mark in enumerate(row):
            bit = 1 << (number - 1) * stride + col
            if mark in "Xx":
                black |= bit
            elif mark in "Oo":
                white |= bit
            elif mark != ".":
                raise RulesError(_("row {row} of the diagram has {mark} at column "
                                   "{column}: write X, O or .").format(
                                       row=number, mark=repr(mark), column=LETTERS[col]))
    return size, black, white


def _check_size(size: Any) -> int:
    if isinstance(size, str) and size.strip().isdigit():
        size = int(size)
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise InvalidVariantError(
            _("a Gomoku board must be {low} to {high} cells wide, not {size}").format(
                low=MIN_SIZE, high=MAX_SIZE, size=repr(size)))
    return size


__all__ = [  # untranslated: identifiers
    "Gomoku", "LETTERS", "MAX_SIZE", "MIN_SIZE", "RULES", "five_starts", "parse_diagram"]
