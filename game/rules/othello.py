"""Othello on two 64-bit bitboards kept relative to the side to move.

Bit layout
----------
One Python int per colour; bit ``row * 8 + col``, with ``a1`` = bit 0 at the
top-left and rows 1-8 counted from the top, as the standard notation ``f5d6c3``
counts them::

          a   b   c   d   e   f   g   h
     1    0   1   2   3   4   5   6   7
     2    8   9  10  11  12  13  14  15
     3   16  17  18  19  20  21  22  23
     4   24  25  26  27  28  29  30  31        start:  d4 = 27, e5 = 36 white
     5   32  33  34  35  36  37  38  39                d5 = 35, e4 = 28 black
     6   40  41  42  43  44  45  46  47
     7   48  49  50  51  52  53  54  55
     8   56  57  58  59  60  61  62  63

A shift moves every disc of a board one step at once::

    << 1  east  (right)        >> 1  west  (left)
    << 8  south (down a row)   >> 8  north (up a row)
    << 9  south-east           >> 9  north-west
    << 7  south-west           >> 7  north-east

Rows are glued end to end, so ``h1`` (bit 7) ``<< 1`` lands on ``a2`` (bit 8):
every shift with an east or west component must be masked. Bits shifted past
either end of the board simply fall off (a right shift) or are cut by the final
``& empty``, which is already within 64 bits (a left shift).

The position is ``player`` (discs of the side to move), ``opponent`` and ``turn``
(0 = Black to move). ``push`` swaps the two boards, so search code never asks
"whose disc is this": it is always "mine" or "theirs".

Trick 1: directional move generation (shift with an edge mask)
--------------------------------------------------------------
A move for P is an empty square from which a straight run of one or more O discs
ends on a P disc. Run it backwards for one direction at a time, for all squares at
once: start from P, step onto adjacent O discs, keep stepping through O, then one
more step onto an empty square. For the east direction (``<< 1``) the O board is
first masked to columns b-g, which both stops runs from wrapping round the edge
and is exact: discs that get flanked lie strictly inside their line, never on the
a or h file. The diagonals use the same mask; north/south need none. At the start
position, Black (X) to move::

    rows 4-5    a b c d e f g h
             4  . . . O X . . .      P << 1        -> d5 moves to e5, e4 to f4
             5  . . . X O . . .      & O[b-g]      -> t = {e5}
                                     t << 1 & O    -> {} (the run ends)
                                     t << 1 & empty -> {f5}: a move

Each of the 8 directions is filled the same way; the run of O discs is at most six
long. Instead of six single steps, the fill doubles (Kogge-Stone style): after two
single steps ``t`` holds runs of length 1-2, then ``pre = O & (O << s)`` (pairs of
O discs) lets ``t |= pre & (t << 2s)`` extend by two at a time: 1-2 -> 1-4 -> 1-6.
``erp``, the same pairs for the opposite direction, is just ``pre >> s``. Both
directions of a line share ``pre``, so they are filled side by side (:func:`mobility`).

Trick 2: flip computation (first non-O square on a ray)
-------------------------------------------------------
For a move on square ``s``, each of the 8 rays from ``s`` to the edge is a
precomputed mask. Along the ray the discs flipped are the O discs before the first
square that is *not* O, provided that square holds a P disc. On a ray that goes to
higher bit numbers (east, south-west, south, south-east) the first square is the
lowest bit, isolated by ``x & -x``; on the other four it is the highest bit,
``x.bit_length() - 1``. Black plays d3 (bit 19) at the start; the south ray is::

    ray  = d4 d5 d6 d7 d8        = bits 27 35 43 51 59
    x    = ray & ~O              = bits    35 43 51 59    (d4 is O, skipped)
    b    = x & -x                = bit 35 (d5), a P disc  -> the run is closed
    flip = ray & (b - 1)         = bit 27 (d4)

and with the ray going the other way, Black on f5 (bit 37) looking west::

    ray  = e5 d5 c5 b5 a5        = bits 36 35 34 33 32
    x    = ray & ~O              = bits    35 34 33 32
    b    = 1 << (x.bit_length() - 1)                = bit 35 (d5), a P disc
    flip = ray & -(b << 1)       = ray bits above b = bit 36 (e5)

Only rays whose first square holds an O disc can flip anything, so the rays to try
are looked up by ``opponent & NEIGHBOURS[s]`` (see :func:`flips`).

Trick 3: several positions' moves at once (lanes)
-------------------------------------------------
A Python int has no width, so :func:`mobility` runs unchanged on many positions
packed side by side, position ``i`` in bits ``128 i`` to ``128 i + 63`` (its *lane*;
:func:`lanes` packs them) and the 64 bits above each one left empty as a guard: each
operation costs little more than on one board, so a solver that orders eight
children by their replies pays about a quarter of eight calls. What a shift pushes
out of a lane lands in a guard (the fills shift at most 18 up, or 9 + 18 down
before a mask of the lane's own discs clears it: ``128 - 27 >= 64``), and the masks
are repeated in every lane (``INNER_LANES``, ``FULL_LANES``)::

    bits      0 .. 63     64 .. 127    128 .. 191    192 .. 255
             position 0    guard       position 1     guard

Make/unmake (Edax's ``board_update`` / ``board_restore``): ``push`` stores the
flipped discs; ``pop`` undoes with three XORs and restores the boards exactly.

>>> g = Othello()
>>> g.play_moves("f5d6c3")
>>> g.moves_text(), g.counts(), g.turn
('f5d6c3', (5, 2), 1)
>>> [g.move_name(m) for m in g.legal_moves()]
['d3', 'f3', 'f4', 'g5']
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _
from game.rules.base import (
    PASS,
    Cell,
    Game,
    InvalidMoveError,
    InvalidVariantError,
    Move,
    Outcome,
    SetupError,
    diagram_rows,
)

SIZE = 8
"""Board side in squares."""

FULL = (1 << 64) - 1
"""All 64 squares."""

COLUMN_A = 0x0101010101010101
"""The a column (bits 0, 8, ..., 56)."""

COLUMN_H = COLUMN_A << 7
"""The h column."""

INNER_COLUMNS = FULL & ~(COLUMN_A | COLUMN_H)
"""Columns b-g: the squares an east/west run of flanked discs can occupy."""

LANE_BITS = 128
"""Width of one position's lane in a packed board (see Trick 3): 64 bits and a guard."""

MAX_LANES = 64
"""Lanes the packing masks cover (more than any position's number of moves)."""

INNER_LANES = sum(INNER_COLUMNS << LANE_BITS * i for i in range(MAX_LANES))
"""``INNER_COLUMNS`` in every lane (an ``&`` with one board reads only its low lane)."""

FULL_LANES = [sum(FULL << LANE_BITS * i for i in range(k)) for k in range(MAX_LANES + 1)]
"""``FULL_LANES[k]``: all squares of the first ``k`` lanes (the ``full`` of ``mobility``)."""

START_BLACK = (1 << 35) | (1 << 28)
"""Black's discs at the start: d5 and e4."""

START_WHITE = (1 << 27) | (1 << 36)
"""White's discs at the start: d4 and e5."""

COLUMNS = "abcdefgh"

_DIRECTIONS = ((0, 1), (1, -1), (1, 0), (1, 1), (0, -1), (-1, 1), (-1, 0), (-1, -1))
"""(row, col) steps: the first four go to higher bit numbers, the last four lower."""


def mobility(player: int, opponent: int, full: int = FULL) -> int:
    """The bitboard of squares where ``player`` may move (flips at least one disc).

    Args:
        player: discs of the side whose moves are wanted.
        opponent: discs of the other side (disjoint from ``player``).
        full: the board's squares: ``FULL``, or ``FULL_LANES[k]`` when ``player``
            and ``opponent`` pack ``k`` positions (see Trick 3 and :func:`lanes`);
            the result then holds each position's moves in its lane.

    >>> mobility(START_BLACK, START_WHITE) == (1 << 19 | 1 << 26 | 1 << 37 | 1 << 44)
    True
    >>> both = mobility(lanes([START_BLACK, 0]), lanes([START_WHITE, 0]), FULL_LANES[2])
    >>> both == mobility(START_BLACK, START_WHITE)      # the empty board: no moves
    True
    """
    empty = full ^ (player | opponent)
    inner = opponent & INNER_LANES

    # East / west (1): runs must stay within columns b-g.
    t = inner & (player << 1)
    u = inner & (player >> 1)
    t |= inner & (t << 1)
    u |= inner & (u >> 1)
    pre = inner & (inner << 1)
    erp = pre >> 1
    t |= pre & (t << 2)
    u |= erp & (u >> 2)
    t |= pre & (t << 2)
    u |= erp & (u >> 2)
    moves = (t << 1) | (u >> 1)

    # South / north (8): no wrap; bits beyond 64 are cut by ``& empty`` below.
    t = opponent & (player << 8)
    u = opponent & (player >> 8)
    t |= opponent & (t << 8)
    u |= opponent & (u >> 8)
    pre = opponent & (opponent << 8)
    erp = pre >> 8
    t |= pre & (t << 16)
    u |= erp & (u >> 16)
    t |= pre & (t << 16)
    u |= erp & (u >> 16)
    moves |= (t << 8) | (u >> 8)

    # South-west / north-east (7).
    t = inner & (player << 7)
    u = inner & (player >> 7)
    t |= inner & (t << 7)
    u |= inner & (u >> 7)
    pre = inner & (inner << 7)
    erp = pre >> 7
    t |= pre & (t << 14)
    u |= erp & (u >> 14)
    t |= pre & (t << 14)
    u |= erp & (u >> 14)
    moves |= (t << 7) | (u >> 7)

    # South-east / north-west (9).
    t = inner & (player << 9)
    u = inner & (player >> 9)
    t |= inner & (t << 9)
    u |= inner & (u >> 9)
    pre = inner & (inner << 9)
    erp = pre >> 9
    t |= pre & (t << 18)
    u |= erp & (u >> 18)
    t |= pre & (t << 18)
    u |= erp & (u >> 18)
    moves |= (t << 9) | (u >> 9)

    return moves & empty


_RaysToTry = dict[int, tuple[tuple[int, ...], tuple[int, ...]]]
"""For one square: (rays going up, rays going down) keyed by which first squares are O."""


def _build_ray_tables() -> tuple[list[int], list[_RaysToTry]]:
    """Per square: the mask of first ray squares, and rays to try by which of those are O.

    Rays shorter than two squares are left out: a flip needs an O disc and then a P disc.
    """
    neighbours: list[int] = []
    table: list[_RaysToTry] = []
    for square in range(64):
        row, col = divmod(square, SIZE)
        rays: list[tuple[int, int, bool]] = []  # (first square bit, ray, goes up)
        for index, (dr, dc) in enumerate(_DIRECTIONS):
            ray, r, c = 0, row + dr, col + dc
            while 0 <= r < SIZE and 0 <= c < SIZE:
                ray |= 1 << (r * SIZE + c)
                r, c = r + dr, c + dc
            if ray.bit_count() >= 2:
                first = 1 << ((row + dr) * SIZE + col + dc)
                rays.append((first, ray, index < 4))
        neighbours.append(sum(first for first, _, _ in rays))
        by_pattern: _RaysToTry = {}
        for subset in range(1 << len(rays)):
            chosen = [rays[i] for i in range(len(rays)) if subset >> i & 1]
            key = sum(first for first, _, _ in chosen)
            up = tuple(ray for _, ray, goes_up in chosen if goes_up)
            down = tuple(ray for _, ray, goes_up in chosen if not goes_up)
            by_pattern[key] = (up, down)
        table.append(by_pattern)
    return neighbours, table


NEIGHBOURS, _RAYS_BY_PATTERN = _build_ray_tables()
"""``NEIGHBOURS[s]``: first squares of the rays (of length >= 2) leaving ``s``."""


def flips(player: int, opponent: int, square: int) -> int:
    """The discs ``player`` turns over by moving on the empty ``square`` (0 if illegal).

    >>> flips(START_BLACK, START_WHITE, 37) == 1 << 36     # f5 flips e5
    True
    >>> flips(START_BLACK, START_WHITE, 0)                 # a1 flips nothing
    0
    """
    up, down = _RAYS_BY_PATTERN[square][opponent & NEIGHBOURS[square]]
    flipped = 0
    not_opponent = ~opponent
    for ray in up:
        x = ray & not_opponent
        nearest = x & -x
        if nearest & player:
            flipped |= ray & (nearest - 1)
    for ray in down:
        x = ray & not_opponent
        if x:
            nearest = 1 << (x.bit_length() - 1)
            if nearest & player:
                flipped |= ray & -(nearest << 1)
    return flipped


def lanes(boards: list[int]) -> int:
    """Boards packed one a lane (``boards[i]`` in bits ``128 i`` up, see Trick 3).

    >>> lanes([1, 2]) == 1 | 2 << 128
    True
    """
    packed = 0
    for i, board in enumerate(boards):
        packed |= board << LANE_BITS * i
    return packed


def line_masks(reach: int) -> list[int]:
    """``masks[s]``: the squares at most ``reach`` steps from ``s`` along its eight lines.

    ``line_masks(1)`` are the neighbours of each square (a flip needs an opponent disc
    next to the move); ``line_masks(7)`` the whole "star" of lines through it.

    >>> bin(line_masks(1)[0])  # a1 touches b1, a2 and b2
    '0b1100000010'
    """
    masks = []
    for square in range(64):
        row, col = divmod(square, SIZE)
        bits = 0
        for dr, dc in _DIRECTIONS:
            r, c = row + dr, col + dc
            for _i in range(reach):
                if not (0 <= r < SIZE and 0 <= c < SIZE):
                    break
                bits |= 1 << (r * SIZE + c)
                r, c = r + dr, c + dc
        masks.append(bits)
    return masks


def _square_lists() -> list[list[tuple[int, ...]]]:
    """``table[r][byte]``: the squares of row ``r`` whose bits are set in ``byte``."""
    return [
        [tuple(r * SIZE + c for c in range(SIZE) if byte >> c & 1) for byte in range(256)]
        for r in range(SIZE)
    ]


_ROW_SQUARES = _square_lists()
(_R0, _R1, _R2, _R3, _R4, _R5, _R6, _R7) = _ROW_SQUARES


def squares(bits: int) -> list[int]:
    """Indices of the set bits of a 64-bit board, lowest first.

    The same as ``list(bits.iter_bits(b))`` but about three times faster for a
    typical move list: it looks each non-empty row up in a table of 256 tuples.

    >>> squares(1 << 19 | 1 << 26 | 1 << 37)
    [19, 26, 37]
    """
    result: list[int] = []
    if bits & 0xFFFFFFFF:
        if bits & 0xFF:
            result += _R0[bits & 0xFF]
        if bits & 0xFF00:
            result += _R1[bits >> 8 & 0xFF]
        if bits & 0xFF0000:
            result += _R2[bits >> 16 & 0xFF]
        if bits & 0xFF000000:
            result += _R3[bits >> 24 & 0xFF]
    bits >>= 32
    if bits:
        if bits & 0xFF:
            result += _R4[bits & 0xFF]
        if bits & 0xFF00:
            result += _R5[bits >> 8 & 0xFF]
        if bits & 0xFF0000:
            result += _R6[bits >> 16 & 0xFF]
        if bits >> 24:
            result += _R7[bits >> 24]
    return result


def _margin(mine: int, theirs: int) -> int:
    """Disc difference with the empty squares given to the side ahead (0 if level)."""
    diff = mine - theirs
    if diff > 0:
        return 64 - 2 * theirs
    if diff < 0:
        return 2 * mine - 64
    return 0


_OUTCOMES = {
    0: Outcome(0, N_("no moves left")),
    1: Outcome(1, N_("no moves left")),
    None: Outcome(None, N_("no moves left")),
}

_PASS_WORDS = ("pa", "pass")

_NOT_A_SQUARE = N_("{text} is not a square: columns are a-h and rows 1-8")


class Othello(Game):
    """Othello (Reversi) on the standard 8x8 board.

    Read-only attributes (change them only through ``push``/``pop``/``play``):

    Attributes:
        player: bitboard of the discs of the side to move.
        opponent: bitboard of the discs of the other side.
        turn: the side to move, 0 = Black, 1 = White.
        move_stack: the moves since the start position (square 0-63, or ``PASS``).

    >>> g = Othello()
    >>> print(g)
      a b c d e f g h
    1 - - - - - - - -
    2 - - - - - - - -
    3 - - - - - - - -
    4 - - - O X - - -
    5 - - - X O - - -
    6 - - - - - - - -
    7 - - - - - - - -
    8 - - - - - - - -
    Black (X) to move
    """

    name = "othello"
    title = N_("Othello")
    side_names = (N_("Black"), N_("White"))
    moves_separator = ""

    width = SIZE
    height = SIZE

    def __init__(self) -> None:
        self.player = START_BLACK
        self.opponent = START_WHITE
        self.turn = 0
        self.move_stack: list[Move] = []
        self._flipped: list[int] = []  # what each push turned over (0 for a pass)
        # legal-move cache: (player, opponent, mobility of player, mobility of opponent)
        self._status: tuple[int, int, int, int] = (-1, -1, 0, 0)

    # --- construction -------------------------------------------------------------

    @classmethod
    def from_board(cls, text64: str, turn: int) -> Othello:
        """A position from 64 characters ``a1..h8`` row by row, with an empty move stack.

        ``X`` is Black, ``O`` is White, ``-`` or ``.`` is empty (case and whitespace
        are ignored, so a drawn diagram of 8 lines works too).

        Args:
            text64: the board.
            turn: the side to move, 0 (Black) or 1 (White).

        Raises:
            InvalidVariantError: a board or side that cannot be read.

        >>> g = Othello.from_board("-" * 27 + "OX------XO" + "-" * 27, 0)
        >>> g.key() == Othello().key()
        True
        """
        text = "".join(text64.split())
        if len(text) != 64:
            raise InvalidVariantError(
                _("an Othello board needs 64 squares (X, O, - or .), not {squares}").format(
                    squares=len(text))
            )
        if turn not in (0, 1):
            raise InvalidVariantError(
                _("the side to move must be 0 (Black) or 1 (White), not {turn}").format(
                    turn=repr(turn))
            )
        black = white = 0
        for square, char in enumerate(text.upper()):
            if char == "X":
                black |= 1 << square
            elif char == "O":
                white |= 1 << square
            elif char not in "-.":
                raise InvalidVariantError(
                    _("square {square} holds {mark}; "
                      "use X (Black), O (White), - or . (empty)").format(
                          square=_name(square), mark=repr(char))
                )
        game = cls()
        game.player, game.opponent = (black, white) if turn == 0 else (white, black)
        game.turn = turn
        return game

    @classmethod
    def from_diagram(cls, text: str, turn: int | None = None, **variant: Any) -> Othello:
        """A set-up position: 64 squares ``a1..h8`` (rows may be separated by ``/`` or
        line breaks), ``X``/``B``/``*`` Black, ``O``/``W`` White (any case), ``-``/``.``
        empty; ``turn`` ``None`` means Black.

        Any placement is allowed (discs are turned over, so no count is impossible). A
        side to move with no legal move starts with a pass (``legal_moves() == [PASS]``);
        a position where neither side can move is refused as already over.

        >>> Othello.from_diagram("-" * 27 + "OX------XO" + "-" * 27).key() == Othello().key()
        True

        Raises:
            SetupError: one sentence.
        """
        if variant:
            raise SetupError(_("Othello has no options, not {options}").format(
                options=", ".join(variant)))
        text = "".join(diagram_rows(text, N_("Othello")))
        table = str.maketrans("BbXx*WwOo.", "XXXXXOOOO-")
        try:
            game = cls.from_board(text.translate(table), 0 if turn is None else turn)
        except InvalidVariantError as error:
            raise SetupError(str(error)) from None
        if game.is_over():
            raise SetupError(_("neither side can move on this board: the game is already "
                               "over"))
        return game

    def diagram(self) -> str:
        """The 64 squares ``a1..h8``, ``X`` Black, ``O`` White, ``-`` empty (what
        :meth:`from_board` and GGF/OBF files use).

        >>> Othello().diagram()[24:40]
        '---OX------XO---'
        """
        black, white = self.black, self.white
        return "".join("X" if black >> s & 1 else "O" if white >> s & 1 else "-"
                       for s in range(64))

    def copy(self) -> Othello:
        """An independent copy with the same position and move stack."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.move_stack = self.move_stack.copy()
        other._flipped = self._flipped.copy()
        return other

    def variant(self) -> dict[str, Any]:
        """No options: ``{}``."""
        return {}

    # --- boards -------------------------------------------------------------------

    @property
    def black(self) -> int:
        """Bitboard of Black's discs."""
        return self.opponent if self.turn else self.player

    @property
    def white(self) -> int:
        """Bitboard of White's discs."""
        return self.player if self.turn else self.opponent

    # --- the core protocol --------------------------------------------------------

    def _mobilities(self) -> tuple[int, int]:
        """Mobility of the side to move and of the other side (cached per position)."""
        player, opponent = self.player, self.opponent
        status = self._status
        if status[0] == player and status[1] == opponent:
            return status[2], status[3]
        mine = mobility(player, opponent)
        theirs = -1 if mine else mobility(opponent, player)  # -1: not needed, not computed
        self._status = (player, opponent, mine, theirs)
        return mine, theirs

    def legal_moves(self) -> list[Move]:
        """Squares that flip at least one disc; ``[PASS]`` when forced; ``[]`` at the end.

        >>> Othello().legal_moves()
        [19, 26, 37, 44]
        """
        player, opponent = self.player, self.opponent
        status = self._status
        if status[0] == player and status[1] == opponent:
            mine, theirs = status[2], status[3]
        else:
            mine = mobility(player, opponent)
            theirs = -1 if mine else mobility(opponent, player)
            self._status = (player, opponent, mine, theirs)
        if mine:
            return squares(mine)
        return [PASS] if theirs else []

    def moves_bitboard(self) -> int:
        """``mobility(player, opponent)``, shared with ``legal_moves``/``outcome`` (cached).

        An evaluator that scores mobility should ask here rather than recompute it.
        """
        return self._mobilities()[0]

    def push(self, move: Move) -> None:
        """Play ``move`` (a legal square or a forced ``PASS``) without checking it."""
        player = self.player
        if move >= 0:
            flipped = flips(player, self.opponent, move)
            self._flipped.append(flipped)
            self.player = self.opponent ^ flipped
            self.opponent = player | flipped | 1 << move
        else:
            self._flipped.append(0)
            self.player = self.opponent
            self.opponent = player
        self.turn ^= 1
        self.move_stack.append(move)

    def pop(self) -> Move:
        """Take back the last move and return it; raises ``IndexError`` at the start."""
        move = self.move_stack.pop()
        flipped = self._flipped.pop()
        mover = self.opponent  # the side that made ``move`` is to move again
        if move >= 0:
            self.opponent = self.player ^ flipped
            self.player = mover ^ flipped ^ 1 << move
        else:
            self.opponent = self.player
            self.player = mover
        self.turn ^= 1
        return move

    def outcome(self) -> Outcome | None:
        """``None`` while either side can move, else the winner by disc count.

        >>> g = Othello()
        >>> g.play_moves("f5f4c3c6c5d6f3c4c7")   # Black wipes White out in 9
        >>> g.outcome()
        Outcome(winner=0, reason='no moves left')
        """
        player, opponent = self.player, self.opponent
        status = self._status
        if status[0] == player and status[1] == opponent:
            if status[2] or status[3]:
                return None
        elif self._mobilities() != (0, 0):
            return None
        mine, theirs = player.bit_count(), opponent.bit_count()
        if mine == theirs:
            return _OUTCOMES[None]
        return _OUTCOMES[self.turn if mine > theirs else self.turn ^ 1]

    def key(self) -> int:
        """``black | white << 64 | turn << 128``: unique for (board, side to move)."""
        if self.turn:
            return self.opponent | self.player << 64 | 1 << 128
        return self.player | self.opponent << 64

    # --- scores -------------------------------------------------------------------

    def final_margin(self) -> int:
        """Black's discs minus White's, empty squares going to whoever has more.

        This is the standard final score; before the end it scores the current discs
        as if the game stopped now.

        >>> Othello().final_margin()
        0
        """
        black, white = self.counts()
        return _margin(black, white)

    def margin_for_side_to_move(self) -> int:
        """:meth:`final_margin` from the side to move's point of view."""
        return _margin(self.player.bit_count(), self.opponent.bit_count())

    # --- checked play -------------------------------------------------------------

    def illegal_reason(self, move: Move) -> str:
        """A sentence saying why ``move`` may not be played here."""
        legal = self.legal_moves()
        if not legal:
            return _("the game is already over")
        if move in legal:
            return _("{move} is a legal move").format(move=self.move_name(move))
        if move == PASS:
            return _("you may not pass: you have a legal move")
        if not (isinstance(move, int) and 0 <= move < 64):
            return _(_NOT_A_SQUARE).format(text=repr(move))
        if legal == [PASS]:
            return _("you must pass: no legal move")
        if (self.player | self.opponent) >> move & 1:
            return _("the square is taken")
        return _("{move} does not flip any disc").format(move=_name(move))

    # --- notation -----------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """``"f5"`` (any case) is a square, ``"PA"`` or ``"pass"`` the pass.

        >>> g = Othello()
        >>> g.parse_move("F5"), g.parse_move("pa")
        (37, -1)
        """
        word = text.strip().lower()
        if word in _PASS_WORDS:
            return PASS
        if len(word) == 2 and word[0] in COLUMNS and word[1] in "12345678":
            return (int(word[1]) - 1) * SIZE + COLUMNS.index(word[0])
        raise InvalidMoveError(_(_NOT_A_SQUARE).format(text=repr(text.strip())))

    def move_name(self, move: Move) -> str:
        """``"f5"`` for square 37, ``"PA"`` for a pass."""
        if move == PASS:
            return "PA"
        if not (isinstance(move, int) and 0 <= move < 64):
            raise InvalidMoveError(_(_NOT_A_SQUARE).format(text=repr(move)))
        return _name(move)

    def parse_moves(self, text: str) -> list[Move]:
        """A game such as ``"f5d6c3"``, ``"F5 D6 C3"`` or ``"f5 d6 ... PA e3"``.

        Raises:
            InvalidMoveError: naming the first move that is not a square or a pass.
        """
        squeezed = "".join(text.split())
        moves: list[Move] = []
        i = 0
        while i < len(squeezed):
            if squeezed[i:i + 4].lower() == "pass":
                moves.append(PASS)
                i += 4
                continue
            chunk = squeezed[i:i + 2]
            try:
                moves.append(self.parse_move(chunk))
            except InvalidMoveError as error:
                raise InvalidMoveError(f"move {len(moves) + 1}: {error}") from None
            i += 2
        return moves

    # --- what a board view needs --------------------------------------------------

    def piece_at(self, x: int, y: int) -> int | None:
        """0 (Black), 1 (White) or ``None`` (empty or off the board) on column x, row y."""
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            return None
        bit = 1 << (y * SIZE + x)
        if self.player & bit:
            return self.turn
        if self.opponent & bit:
            return self.turn ^ 1
        return None

    def move_at(self, x: int, y: int) -> Move | None:
        """The square under cell (x, y), legal or not (``None`` off the board)."""
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            return None
        return y * SIZE + x

    def move_cell(self, move: Move) -> Cell | None:
        """The cell of square ``move``; ``None`` for a pass."""
        if move == PASS:
            return None
        return (move % SIZE, move // SIZE)

    def last_cell(self) -> Cell | None:
        """Where the last disc was placed; ``None`` at the start or after a pass."""
        if not self.move_stack:
            return None
        return self.move_cell(self.move_stack[-1])

    def winning_line(self) -> list[Cell]:
        """Othello has no winning lines: always ``[]``."""
        return []

    def counts(self) -> tuple[int, int]:
        """(Black's discs, White's discs)."""
        mine, theirs = self.player.bit_count(), self.opponent.bit_count()
        return (theirs, mine) if self.turn else (mine, theirs)

    def flipped_by_last_move(self) -> list[Cell]:
        """The cells the last move turned over (for the flip animation).

        ``[]`` at the start, after a pass, and in a position built by :meth:`from_board`.
        """
        if not self._flipped:
            return []
        return [(s % SIZE, s // SIZE) for s in squares(self._flipped[-1])]

    # --- text ---------------------------------------------------------------------

    def __str__(self) -> str:
        black, white = self.black, self.white
        lines = ["  " + " ".join(COLUMNS)]
        for row in range(SIZE):
            cells = []
            for col in range(SIZE):
                bit = 1 << (row * SIZE + col)
                cells.append("X" if black & bit else "O" if white & bit else "-")
            lines.append(f"{row + 1} " + " ".join(cells))
        result = self.outcome()
        if result is None:
            lines.append(_("{side} ({mark}) to move").format(
                side=_(self.side_names[self.turn]), mark="XO"[self.turn]))
        else:
            b, w = self.counts()
            names = self.side_names
            if result.winner is None:
                # Translators: {black}-{white} are the disc counts, "32-32".
                over = _("game over, draw {black}-{white} ({side} to move)")
            else:
                over = _("game over, {winner} wins {black}-{white} ({side} to move)")
            lines.append(over.format(winner=_(names[result.winner or 0]), black=b, white=w,
                                     side=_(names[self.turn])))
        return "\n".join(lines)


def _name(square: int) -> str:
    return COLUMNS[square % SIZE] + str(square // SIZE + 1)
