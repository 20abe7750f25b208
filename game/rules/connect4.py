"""Connect-4 on bitboards in Pascal Pons' layout (any size 4-10, lines of 3-6).

Bit layout
==========

A board ``width`` x ``height`` is one Python int with ``height + 1`` bits per
column: bit ``column * (height + 1) + row``, row 0 at the bottom. The extra bit on
top of each column (the *sentinel* row) is never a stone. For the standard 7x6
board (stride 7)::

    row 6 |  6 13 20 27 34 41 48   <- sentinel row, always 0
    row 5 |  5 12 19 26 33 40 47
    row 4 |  4 11 18 25 32 39 46
    row 3 |  3 10 17 24 31 38 45
    row 2 |  2  9 16 23 30 37 44
    row 1 |  1  8 15 22 29 36 43
    row 0 |  0  7 14 21 28 35 42
          +---------------------
   column    1  2  3  4  5  6  7   (notation; moves are 0-based: 0 .. 6)

A position is two such ints, as in Pons' ``Position.hpp``:

* ``mask``: every stone on the board;
* ``current``: the stones of the side to move (``current ^ mask`` are the other's).

Constants (properties of a game): ``bottom_mask`` has the row-0 bit of every column,
``board_mask`` every playable cell (no sentinels), ``column_masks[c]`` the playable
cells of column ``c``, ``top_mask`` the highest playable cell of every column.

Worked examples (7x6)
=====================

**Where a stone lands.** Stones fill a column from the bottom, so a column's part of
``mask`` is a run of ones from its bottom bit, and adding the column's bottom bit
carries through that run onto the first empty cell. Move 3 (the centre column,
written ``4``; bits 21..27, shown row 6 to row 0) holding two stones::

    mask        bits 27..21: 0000011      (bits 21, 22)
  + bottom bit  bits 27..21: 0000001      (bit 21)
  = sum         bits 27..21: 0000100      (bit 23: the landing cell, row 2)

so ``(mask + bottom_mask) & column_masks[3]`` is the landing bit (``0`` once the
column is full: the carry then lands on the sentinel, outside ``column_masks[3]``),
and ``mask | (mask + bottom_of_column)`` is the mask after the move. ``(mask +
bottom_mask) & board_mask`` is every playable cell at once (``playable()``).

**Playing a move** is three operations and needs no colour: the side to move
changes, so the new ``current`` is the old opponent, ``current ^ mask``, and the new
``mask`` is ``mask | (mask + bottom_of_column)``.

**A line by shift-and.** A shift by ``d`` steps one cell in a direction: ``1`` up,
``7`` (``height + 1``) right, ``8`` up-right, ``6`` down-right. For the stones
``p`` of one side, ``p & (p >> d)`` keeps the cells whose neighbour in direction
``d`` is also a stone (pairs); ``m & (m >> 2 * d)`` of that keeps the starts of four
in a row. Red on bits 2, 9, 16, 23 (row 2, columns 1-4)::

    p                  = {2, 9, 16, 23}
    m = p & (p >> 7)   = {2, 9, 16}      (2-9, 9-16, 16-23 are pairs)
    m & (m >> 14)      = {2}             (pairs starting at 2 and at 16: a four)

**No wrap-around.** The sentinel row is always empty, so a run cannot continue from
one column into the next: one step up from bit 5 (column 1, row 5) is bit 6, a
sentinel; one step down-right from bit 7 (column 2, row 0) is bit 13, the sentinel
of column 2, not a cell of column 1. Shifts past the left or right edge fall off
the int or land beyond the board, where there are never stones. (That is why the
layout has ``height + 1`` bits per column.)

**All four directions at once** (what ``push`` does). Multiplying ``p`` by a sum of
powers of two lays copies of ``p`` side by side in one big int, each shifted by its
own amount, in slots wide enough never to overlap (so the product is an OR, with no
carries). ``push`` takes two such products: for each direction ``d``, ``R0`` puts a
copy shifted by ``0`` in group 0 and by ``2d`` in group 1, ``R1`` the same one step
``d`` further. In ``q = (p*R0) & (p*R1)`` group 0 marks the pairs ``x, x+d`` and
group 1, aligned on the same bit, the pairs ``x+2d, x+3d``; so
``q & (q >> group_width)`` is non-zero exactly when some direction has ``x, x+d,
x+2d, x+3d`` all in ``p``. Five big-int operations instead of sixteen small ones
(CPython charges per operation, hardly per bit). Lines of 3 put a single copy at
``2d`` in group 1; lines of 5 and 6 add a third group, tested only when the first
two already found a four.

**Only the mover can have won, and only through the new stone**: before the move
there was no line (else the game was over), so ``push`` tests only the mover's
stones, once, and stores the result; ``outcome()`` just reads it.

**The key** is Pons' ``current + mask``. Per column, ``mask + bottom`` is a single
bit just above the column's stones and ``current``'s bits lie below it, so
``current + mask + bottom_mask`` spells each column as "a 1 marking the height,
then who owns each stone" with no carries between columns; two different positions
cannot give the same sum. ``bottom_mask`` is a constant, so ``current + mask`` is
unique too. The side to move is implied (it is the parity of the number of
stones), and the key does not depend on the move order.

>>> g = Connect4()
>>> g.play_moves("4453")
>>> print(g)
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . O . . .
. . O X X . .
1 2 3 4 5 6 7
Red to move
>>> g.legal_moves()
[3, 2, 4, 1, 5, 0, 6]
>>> bin(g.winning_cells(g.current))   # Red threatens nothing yet
'0b0'
"""

from __future__ import annotations

import functools
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

__all__ = ["IN_A_ROW", "Connect4"]

MIN_SIZE, MAX_SIZE = 4, 10
"""Allowed widths and heights."""
MIN_CONNECT, MAX_CONNECT = 3, 6
"""Allowed line lengths."""

IN_A_ROW = {3: N_("three in a row"), 4: N_("four in a row"), 5: N_("five in a row"),
            6: N_("six in a row")}
"""The win reason for each line length (English in records, translated where shown:
``_(IN_A_ROW[4])``), also the phrase that names a variant's line."""


class _Geometry:
    """Everything that depends only on (width, height, connect), shared by copies."""

    def __init__(self, width: int, height: int, connect: int) -> None:
        self.width = width
        self.height = height
        self.connect = connect
        stride = self.stride = height + 1
        column = (1 << height) - 1
        self.bottoms = tuple(1 << (c * stride) for c in range(width))
        self.column_masks = tuple(column << (c * stride) for c in range(width))
        self.tops = tuple(1 << (c * stride + height - 1) for c in range(width))
        self.bottom_mask = sum(self.bottoms)
        self.board_mask = sum(self.column_masks)
        self.top_mask = sum(self.tops)
        # Directions as bit shifts: vertical, horizontal, the two diagonals.
        self.directions = (1, stride, stride + 1, stride - 1)

        # Centre columns first: they take part in the most lines.
        self.order = tuple(sorted(range(width), key=lambda c: (abs(2 * c - (width - 1)), c)))
        # legal_moves() by the set of full columns (mask & top_mask): 2**width lists.
        by_full: dict[int, list[Move]] = {}
        for full_columns in range(1 << width):
            full = sum(self.tops[c] for c in range(width) if full_columns >> c & 1)
            by_full[full] = [c for c in self.order if not full_columns >> c & 1]
        self.moves_by_full = by_full

        # The multiply-and line test (module docstring). Slot (group g, direction
        # i) of ``mover * line_r0`` holds the stones shifted to line up cell
        # x + 2*g*d_i on x; ``line_r1`` the same one step further (x + (2g+1)*d_i),
        # or the same cell again when the line has an odd length and this is
        # its last group. Slots never overlap, so the products have no carries:
        # each slot leaves room for the largest shift, (connect - 1) steps.
        span = (connect - 1) * max(self.directions)
        slot = width * stride + span
        groups = (connect + 1) // 2
        r0 = r1 = 0
        for g in range(groups):
            for i, d in enumerate(self.directions):
                position = (4 * g + i) * slot + span - 2 * g * d
                r0 |= 1 << position
                r1 |= 1 << (position - d if 2 * g + 1 < connect else position)
        self.line_test = (r0, r1, 4 * slot, 8 * slot)
        self.exact = groups <= 2

        self.win_outcomes = (
            Outcome(0, IN_A_ROW[connect]),
            Outcome(1, IN_A_ROW[connect]),
        )
        self.draw_outcome = Outcome(None, N_("board full"))

    def cell_of(self, bit: int) -> Cell:
        """Display cell ``(x, y)`` of a single-bit mask (y = 0 is the top row)."""
        column, row = divmod(bit.bit_length() - 1, self.stride)
        return column, self.height - 1 - row

    def column_label(self, move: Move) -> str:
        """Notation of a column: 1-based digit, column 10 written ``0``."""
        return str((move + 1) % 10)


@functools.lru_cache(maxsize=None)
def _geometry(width: int, height: int, connect: int) -> _Geometry:
    return _Geometry(width, height, connect)


def _check_variant(width: Any, height: Any, connect: Any) -> None:
    for name, value, low, high, out_of_range in (
        ("width", width, MIN_SIZE, MAX_SIZE,
         N_("a Connect-4 board must be {low} to {high} columns wide, not {value}")),
        ("height", height, MIN_SIZE, MAX_SIZE,
         N_("a Connect-4 board must be {low} to {high} rows high, not {value}")),
        ("connect", connect, MIN_CONNECT, MAX_CONNECT,
         N_("Connect-4 is played with {low} to {high} in a row to win, not {value}")),
    ):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidVariantError(
                # Translators: {option} is the option's name as typed: width, height or
                # connect.
                _("the Connect-4 {option} must be a whole number, not {value}").format(
                    option=name, value=repr(value))
            )
        if not low <= value <= high:
            raise InvalidVariantError(_(out_of_range).format(low=low, high=high, value=value))
    if connect > max(width, height):
        raise InvalidVariantError(
            _("{connect} in a row does not fit on a board {width} columns wide "
              "and {height} rows high").format(connect=connect, width=width, height=height)
        )


class Connect4(Game):
    """Connect-4: drop stones into columns; ``connect`` in a line wins.

    Moves are 0-based column numbers; the notation is the 1-based column digit
    (``"4"`` is the centre of the standard board; on a board 10 wide column 10
    is ``"0"``, like the keyboard's number row), and a game is the digits one after
    another: ``"4453"``.

    Read-only attributes for evaluators (see the module docstring for the layout):

    * ``current``, ``mask``: stones of the side to move / all stones.
    * ``bottom_mask``, ``board_mask``, ``top_mask``, ``column_masks``, ``stride``,
      ``directions``: constants of the board.
    * ``playable()``, ``has_line(stones)``, ``winning_cells(stones)``,
      ``can_win_now()``, ``winning_moves()``: the threat helpers.

    Args:
        width: columns, 4 to 10.
        height: rows, 4 to 10.
        connect: stones in a row that win, 3 to 6, at most ``max(width, height)``.

    Raises:
        InvalidVariantError: any option out of range.
    """

    name = "connect4"
    title = N_("Connect-4")
    side_names = (N_("Red"), N_("Yellow"))
    moves_separator = ""

    __slots__ = (
        "width", "height", "connect", "move_stack",
        "_geo", "_cur", "_mask", "_hist", "_won", "_first",
        "_bottoms", "_line_test", "_exact", "_moves_by_full", "_top_mask",
    )

    def __init__(self, width: int = 7, height: int = 6, connect: int = 4) -> None:
        _check_variant(width, height, connect)
        self._setup(_geometry(width, height, connect))
        self._cur = 0
        self._mask = 0
        self._hist: list[tuple[int, int]] = []
        self._won = False
        self._first = 0  # the side to move at the (set-up) start
        self.move_stack = []

    @classmethod
    def from_diagram(cls, text: str, turn: int | None = None, **variant: Any) -> Connect4:
        """A set-up position: rows top to bottom separated by ``/``, ``X`` Red, ``O``
        Yellow, ``.`` empty; the board is as wide as a row and as high as the rows.

        Refused (``SetupError``, one sentence): a disc above an empty cell, disc counts
        alternate play cannot give (Red moves first, so Red has as many discs as Yellow
        or one more; that also decides the side to move), a ``turn`` that disagrees, a
        line already made (one winner or two), a full board.

        >>> g = Connect4.from_diagram("......./......./......./......./...O.../..XX...")
        >>> g.turn, g.counts(), g.move_stack
        (1, (2, 1), [])
        """
        rows = diagram_rows(text, N_("Connect-4"))
        width, height = len(rows[0]), len(rows)
        for given, actual, differs in (
            (variant.get("width"), width,
             N_("the diagram is {actual} columns wide, not {given} as the width option says")),
            (variant.get("height"), height,
             N_("the diagram is {actual} rows high, not {given} as the height option says")),
        ):
            if given is not None and given != actual:
                raise SetupError(_(differs).format(actual=actual, given=given))
        try:
            game = cls(width, height, variant.get("connect") or 4)
        except InvalidVariantError as error:
            raise SetupError(_("the diagram's board: {error}").format(error=error)) from None
        geo = game._geo
        red = yellow = 0
        for y, row in enumerate(rows):
            if len(row) != width:
                raise SetupError(_("row {row} from the top has {cells} cells, not {width} "
                                   "like the first (rows are separated by '/')").format(
                                       row=y + 1, cells=len(row), width=width))
            for x, mark in enumerate(row):
                bit = 1 << (x * geo.stride + height - 1 - y)
                if mark in "Xx":
                    red |= bit
                elif mark in "Oo":
                    yellow |= bit
                elif mark != ".":
                    raise SetupError(_("row {row} from the top has {mark} in column {column}: "
                                       "write X (Red), O (Yellow) or . (empty)").format(
                                           row=y + 1, mark=repr(mark), column=x + 1))
        mask = red | yellow
        for column in range(width):
            stones = mask & geo.column_masks[column]
            if stones & (stones + geo.bottoms[column]) & geo.column_masks[column]:
                raise SetupError(_("column {column} has a disc floating above an empty "
                                   "cell").format(column=column + 1))
        reds, yellows = red.bit_count(), yellow.bit_count()
        if reds not in (yellows, yellows + 1):
            raise SetupError(_("{reds} red and {yellows} yellow discs cannot come from "
                               "alternate moves (Red starts, so Red has as many as Yellow or "
                               "one more)").format(reds=reds, yellows=yellows))
        side = reds - yellows  # Red to move when the counts are equal
        if turn is not None and turn != side:
            raise SetupError(_("with {reds} red and {yellows} yellow discs it is "
                               "{side}'s turn, not {other}'s").format(
                                   reds=reds, yellows=yellows, side=_(cls.side_names[side]),
                                   other=_(cls.side_names[turn])))
        won = [name for name, stones in zip(cls.side_names, (red, yellow)) if game.has_line(stones)]
        if len(won) == 2:
            # Translators: {line} is a line of the game, "four in a row".
            raise SetupError(_("both Red and Yellow have {line}: a game has only one "
                               "winner").format(line=_(IN_A_ROW[game.connect])))
        if won:
            raise SetupError(_("{side} already has {line}: the game is over").format(
                side=_(won[0]), line=_(IN_A_ROW[game.connect])))
        if mask == geo.board_mask:
            raise SetupError(_("the board is full: the game is over"))
        game._first = side
        game._mask = mask
        game._cur = yellow if side else red
        return game

    def _setup(self, geo: _Geometry) -> None:
        self._geo = geo
        self.width = geo.width
        self.height = geo.height
        self.connect = geo.connect
        # Copied into slots: push/pop/legal_moves read them on every call.
        self._bottoms = geo.bottoms
        self._line_test = geo.line_test
        self._exact = geo.exact
        self._moves_by_full = geo.moves_by_full
        self._top_mask = geo.top_mask

    # --- the core protocol ----------------------------------------------------------

    @property
    def turn(self) -> int:  # type: ignore[override]  # computed from the stack; nobody assigns a Connect-4 turn
        """Side to move: 0 (Red) or 1 (Yellow)."""
        return (len(self.move_stack) + self._first) & 1

    def legal_moves(self) -> list[Move]:
        """The non-full columns, centre first (a fresh list); ``[]`` once the game is over.

        >>> Connect4().legal_moves()
        [3, 2, 4, 1, 5, 0, 6]
        """
        if self._won:
            return []
        return self._moves_by_full[self._mask & self._top_mask][:]

    def push(self, move: Move) -> None:
        """Drop a stone in column ``move`` (unchecked: the column must be legal).

        The win test runs here, once, on the mover's stones; see the module docstring.
        """
        mask = self._mask
        cur = self._cur
        self._hist.append((cur, mask))
        self.move_stack.append(move)
        new_mask = mask | (mask + self._bottoms[move])
        self._mask = new_mask
        opponent = mask ^ cur  # moves next, so becomes ``current``
        self._cur = opponent
        mover = new_mask ^ opponent
        r0, r1, shift, shift2 = self._line_test
        pairs = (mover * r0) & (mover * r1)
        if pairs & (pairs >> shift) and (
            self._exact or pairs & (pairs >> shift) & (pairs >> shift2)
        ):
            self._won = True

    def pop(self) -> Move:
        """Take back the last move and return it.

        Raises:
            IndexError: no move to take back.
        """
        self._cur, self._mask = self._hist.pop()
        # A position that a move was played from was not won.
        self._won = False
        return self.move_stack.pop()

    def outcome(self) -> Outcome | None:
        """``None`` while running; a win for the last mover, or a draw on a full board.

        >>> g = Connect4()
        >>> g.play_moves("1212121")
        >>> g.outcome()
        Outcome(winner=0, reason='four in a row')
        """
        if self._won:
            return self._geo.win_outcomes[self.turn ^ 1]
        if self._mask == self._geo.board_mask:
            return self._geo.draw_outcome
        return None

    def key(self) -> int:
        """Pons' ``current + mask``: unique per position (module docstring), order-free."""
        return self._cur + self._mask

    def copy(self) -> Connect4:
        """An independent copy (same position, same move stack)."""
        new = type(self).__new__(type(self))
        new._setup(self._geo)
        new._cur = self._cur
        new._mask = self._mask
        new._hist = self._hist.copy()
        new._won = self._won
        new._first = self._first
        new.move_stack = self.move_stack.copy()
        return new

    def variant(self) -> dict[str, Any]:
        """``{"width": .., "height": .., "connect": ..}``."""
        return {"width": self.width, "height": self.height, "connect": self.connect}

    def is_legal(self, move: Move) -> bool:
        """Whether column ``move`` exists, is not full, and the game still runs."""
        return (
            type(move) is int
            and 0 <= move < self.width
            and not self._won
            and not self._mask & self._geo.tops[move]
        )

    def illegal_reason(self, move: Move) -> str:
        """Why ``move`` cannot be played now, as a sentence for a user."""
        if move == PASS:
            return _("there is no passing in Connect-4")
        if not isinstance(move, int) or not 0 <= move < self.width:
            return _("there is no column {column}; this board has columns {columns}").format(
                column=move + 1 if isinstance(move, int) else move,
                columns=self._column_range())
        if self.is_over():
            return _("the game is already over")
        if self._mask & self._geo.tops[move]:
            return _("column {column} is full").format(column=move + 1)
        return _("column {column} cannot be played now").format(column=move + 1)

    # --- notation -------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """One column digit (surrounding spaces allowed): ``"4"`` -> ``3``.

        On a board 10 wide, ``"0"`` is column 10.

        Raises:
            InvalidMoveError: not a single digit, or no such column on this board.
        """
        stripped = text.strip()
        if not stripped:
            # Translators: {digits} says which digits, "a digit from 1 to 7".
            raise InvalidMoveError(_("no move given: type a column, {digits}").format(
                digits=self._digit_hint()))
        if len(stripped) > 1:
            raise InvalidMoveError(
                _("{text} is not one move: type a single column, {digits}").format(
                    text=repr(stripped), digits=self._digit_hint())
            )
        return self._parse_char(stripped)

    def _parse_char(self, char: str) -> Move:
        if not ("0" <= char <= "9"):
            raise InvalidMoveError(_("{text} is not a column: {digits}").format(
                text=repr(char), digits=self._digit_hint()))
        column = int(char) or 10
        if column > self.width:
            no_column = (N_("there is no column {column} (written 0); this board has columns "
                            "{columns}") if column == 10 else
                         N_("there is no column {column}; this board has columns {columns}"))
            raise InvalidMoveError(_(no_column).format(column=column,
                                                       columns=self._column_range()))
        return column - 1

    def move_name(self, move: Move) -> str:
        """The column digit of ``move``: ``3`` -> ``"4"`` (column 10 -> ``"0"``).

        Raises:
            InvalidMoveError: ``move`` is not a column of this board.
        """
        if not isinstance(move, int) or not 0 <= move < self.width:
            raise InvalidMoveError(_("{move} is not a column of this board").format(
                move=repr(move)))
        return self._geo.column_label(move)

    def parse_moves(self, text: str) -> list[Move]:
        """A game as column digits, spaces allowed: ``"4453"`` or ``"4 4 5 3"``.

        Raises:
            InvalidMoveError: a character that is not a column; the message says
                which move it is.
        """
        moves = []
        for char in text:
            if char.isspace():
                continue
            try:
                moves.append(self._parse_char(char))
            except InvalidMoveError as error:
                raise InvalidMoveError(_("move {number}: {reason}").format(
                    number=len(moves) + 1, reason=error)) from None
        return moves

    def _column_range(self) -> str:
        last = self._geo.column_label(self.width - 1)
        # Translators: the columns of the board, after "this board has columns".
        return (_("1 to {last}").format(last=self.width) if last != "0"
                else _("1 to 9 and 0 (for 10)"))

    def _digit_hint(self) -> str:
        if self.width == 10:
            return _("a digit from 1 to 9, or 0 for column 10")
        return _("a digit from 1 to {last}").format(last=self.width)

    # --- board view -----------------------------------------------------------------

    def _bit(self, x: int, y: int) -> int:
        """Bit of display cell ``(x, y)``, or 0 off the board."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return 1 << (x * self._geo.stride + self.height - 1 - y)
        return 0

    def piece_at(self, x: int, y: int) -> int | None:
        """Side (0 Red, 1 Yellow) of the stone at ``(x, y)`` (y = 0 top), or ``None``."""
        bit = self._bit(x, y)
        if not self._mask & bit:
            return None
        turn = self.turn
        return turn if self._cur & bit else 1 - turn

    def move_at(self, x: int, y: int) -> Move | None:
        """A click anywhere in column ``x`` means that column (``None`` off the board)."""
        return x if self._bit(x, y) else None

    def move_cell(self, move: Move) -> Cell | None:
        """Where a stone dropped in column ``move`` would land; ``None`` if it is full.

        Only the column's fill is considered, not whether the game is over.
        """
        if not isinstance(move, int) or not 0 <= move < self.width:
            return None
        landing = (self._mask + self._bottoms[move]) & self._geo.column_masks[move]
        return self._geo.cell_of(landing) if landing else None

    def last_cell(self) -> Cell | None:
        """The cell of the last stone dropped, or ``None`` at the start."""
        if not self._hist:
            return None
        return self._geo.cell_of(self._mask ^ self._hist[-1][1])

    def winning_line(self) -> list[Cell]:
        """Every cell of each line of ``connect`` or more through the winning stone.

        Sorted display cells; ``[]`` unless the last move won.

        >>> g = Connect4()
        >>> g.play_moves("1212121")
        >>> g.winning_line()
        [(0, 2), (0, 3), (0, 4), (0, 5)]
        """
        if not self._won:
            return []
        last = self._mask ^ self._hist[-1][1]
        mover = self._mask ^ self._cur
        cells: set[int] = set()
        for d in self._geo.directions:
            run = [last]
            for shift in (d, -d):
                bit = last << shift if shift > 0 else last >> -shift
                while bit & mover:
                    run.append(bit)
                    bit = bit << shift if shift > 0 else bit >> -shift
            if len(run) >= self.connect:
                cells.update(run)
        return sorted(self._geo.cell_of(b) for b in cells)

    def counts(self) -> tuple[int, int]:
        """Stones of Red and of Yellow."""
        mine = self._cur.bit_count()
        theirs = self._mask.bit_count() - mine
        return (mine, theirs) if self.turn == 0 else (theirs, mine)

    # --- for evaluators -------------------------------------------------------------

    @property
    def current(self) -> int:
        """Bitboard of the side to move's stones (read-only)."""
        return self._cur

    @property
    def mask(self) -> int:
        """Bitboard of all stones (read-only)."""
        return self._mask

    def bitboards(self) -> tuple[int, int]:
        """``(current, mask)`` in one call (evaluators read both at every node)."""
        return self._cur, self._mask

    @property
    def opponent(self) -> int:
        """Bitboard of the stones of the side that just moved: ``current ^ mask``."""
        return self._cur ^ self._mask

    @property
    def stride(self) -> int:
        """Bits per column: ``height + 1`` (the top one is the always-empty sentinel)."""
        return self._geo.stride

    @property
    def bottom_mask(self) -> int:
        """The row-0 bit of every column."""
        return self._geo.bottom_mask

    @property
    def board_mask(self) -> int:
        """Every playable cell (all bits except the sentinels)."""
        return self._geo.board_mask

    @property
    def top_mask(self) -> int:
        """The highest playable cell of every column (``mask & top_mask``: full columns)."""
        return self._geo.top_mask

    @property
    def column_masks(self) -> tuple[int, ...]:
        """``column_masks[c]``: the playable cells of column ``c``."""
        return self._geo.column_masks

    @property
    def directions(self) -> tuple[int, ...]:
        """Bit shifts of one step up, right, up-right and down-right."""
        return self._geo.directions

    def playable(self) -> int:
        """Bitboard of the cells a stone would land on now (one per non-full column)."""
        return (self._mask + self._geo.bottom_mask) & self._geo.board_mask

    def winning_cells(self, stones: int, mask: int | None = None) -> int:
        """Empty cells that would give ``stones`` a line of ``connect`` or more.

        Pons' ``compute_winning_position`` for any line length: for each direction
        ``d`` and each split ``a + b = connect - 1``, a cell wins when the ``a``
        cells after it and the ``b`` cells before it (steps of ``d``) are all
        ``stones``. The cells need not be playable yet; ``& playable()`` keeps
        those that are (immediate wins), ``>> 1``/``<< 1`` tricks find cells
        above or below.

        Args:
            stones: one side's bitboard, e.g. ``current`` or ``opponent``.
            mask: the occupied cells (default: the current ``mask``).

        >>> g = Connect4()
        >>> g.play_moves("112233")          # Red on row 0, Yellow on row 1, columns 1-3
        >>> g.winning_cells(g.current) == 1 << 21      # column 4, row 0
        True
        >>> g.winning_cells(g.opponent) == 1 << 22     # column 4, row 1: not playable yet
        True
        """
        if mask is None:
            mask = self._mask
        need = self.connect - 1
        found = 0
        for d in self._geo.directions:
            after = [-1]  # after[j]: cells with the j cells after them all stones
            before = [-1]
            run_a = run_b = -1
            for j in range(1, need + 1):
                run_a &= stones >> (j * d)
                run_b &= stones << (j * d)
                after.append(run_a)
                before.append(run_b)
            for a in range(need + 1):
                found |= after[a] & before[need - a]
        return found & self._geo.board_mask & ~mask

    def has_line(self, stones: int) -> bool:
        """Whether ``stones`` hold ``connect`` or more in a row (the test ``push`` runs).

        ``stones`` must lie inside ``board_mask`` (a side's stones always do).

        >>> g = Connect4()
        >>> g.has_line(0b1111)                # column 1, rows 0-3
        True
        >>> g.has_line(0b111000 | 1 << 7)     # column 1 rows 3-5, column 2 row 0
        False
        """
        r0, r1, shift, shift2 = self._line_test
        pairs = (stones * r0) & (stones * r1)
        return bool(pairs & (pairs >> shift)) and (
            self._exact or bool(pairs & (pairs >> shift) & (pairs >> shift2))
        )

    def can_win_now(self) -> bool:
        """Whether the side to move has a move that completes a line right now."""
        return not self._won and bool(self.winning_cells(self._cur) & self.playable())

    def winning_moves(self) -> list[Move]:
        """The columns where the side to move wins at once (centre first)."""
        if self._won:
            return []
        wins = self.winning_cells(self._cur) & self.playable()
        return [c for c in self._geo.order if wins & self._geo.column_masks[c]]

    # --- text -----------------------------------------------------------------------

    def __str__(self) -> str:
        """Rows top to bottom (X Red, O Yellow, . empty), column digits, then status.

        The status line reads ``Red to move``, ``Yellow won (four in a row)`` or
        ``draw (board full)``.
        """
        symbols = {None: ".", 0: "X", 1: "O"}
        lines = [
            " ".join(symbols[self.piece_at(x, y)] for x in range(self.width))
            for y in range(self.height)
        ]
        lines.append(" ".join(self._geo.column_label(c) for c in range(self.width)))
        outcome = self.outcome()
        if outcome is None:
            lines.append(_("{side} to move").format(side=_(self.side_names[self.turn])))
        elif outcome.winner is None:
            lines.append(_("draw ({reason})").format(reason=_(outcome.reason)))
        else:
            lines.append(_("{side} won ({reason})").format(
                side=_(self.side_names[outcome.winner]), reason=_(outcome.reason)))
        return "\n".join(lines)
