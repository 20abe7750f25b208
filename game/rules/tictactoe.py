"""Tic-tac-toe (noughts and crosses): 3x3, three in a row; the lectures' own example.

Bit layout
==========

Each side's marks are one 9-bit int, row by row from the *bottom*, as on the other
grids (column letter, row number from the bottom; ``b2`` is the centre)::

           a  b  c
     3     6  7  8
     2     3  4  5
     1     0  1  2

A move is the bit index of its cell (``a1`` = 0, ``b2`` = 4, ``c3`` = 8). The eight
lines are fixed masks (``LINES``): a side has won when one of them is all its own,
which only the stone just placed can have made, so ``push`` tests the three or four
lines through it.

The whole game tree from the empty board has 549,946 nodes and 255,168 finished
games; perft 1-9 is 9, 72, 504, 3,024, 15,120, 54,720, 148,176, 200,448, 127,872
(a game that is won stops, so the later counts fall), and with perfect play it is a
draw.

>>> g = TicTacToe(); g.play_moves("b2 a1 c3")
>>> print(g)
   a b c
 3 . . X 3
 2 . X . 2
 1 O . . 1
   a b c
O to move
>>> g.legal_moves()
[1, 2, 3, 5, 6, 7]
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _
from game.rules.base import (
    CELL_NAME_RE,
    PASS,
    Cell,
    Game,
    InvalidMoveError,
    InvalidVariantError,
    Move,
    Outcome,
    SetupError,
    diagram_rows,
    parse_cell_moves,
)

__all__ = ["LINES", "TicTacToe"]

SIZE = 3
CELLS = SIZE * SIZE
FULL = (1 << CELLS) - 1
LETTERS = "abc"

LINES: tuple[int, ...] = (
    0b000000111, 0b000111000, 0b111000000,   # rows 1, 2, 3
    0b001001001, 0b010010010, 0b100100100,   # columns a, b, c
    0b100010001, 0b001010100,                # the diagonals a1-c3 and c1-a3
)
"""The eight lines of three, as masks."""

_LINES_THROUGH = tuple(tuple(line for line in LINES if line >> cell & 1)
                       for cell in range(CELLS))
_NAMES = tuple(f"{LETTERS[cell % SIZE]}{cell // SIZE + 1}" for cell in range(CELLS))
_WINS = (Outcome(0, N_("three in a row")), Outcome(1, N_("three in a row")))
_DRAW = Outcome(None, N_("board full"))


def _won(marks: int) -> bool:
    return any(marks & line == line for line in LINES)


class TicTacToe(Game):
    """Tic-tac-toe; X moves first. ``marks`` is ``[x, o]`` (read-only for evaluators)."""

    name = "tictactoe"
    title = N_("Tic-tac-toe")
    side_names = ("X", "O")
    moves_separator = " "

    def __init__(self) -> None:
        self.width = self.height = SIZE
        self.marks = [0, 0]
        self.turn = 0
        self.move_stack: list[Move] = []
        self._outcomes: list[Outcome | None] = [None]

    @classmethod
    def from_diagram(cls, text: str, turn: int | None = None, **variant: Any) -> TicTacToe:
        """A set-up board: three rows of ``X``/``O``/``.`` from the top, ``/`` between.

        X starts, so X has as many marks as O or one more, which decides the side to
        move. Refused (``SetupError``): another shape, impossible counts, a finished game.

        >>> TicTacToe.from_diagram("X../.O./...").turn
        0
        """
        cls._check_variant(variant)
        rows = diagram_rows(text, N_("tic-tac-toe"))
        if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
            raise SetupError(_("a tic-tac-toe diagram is three rows of three cells"))
        marks = [0, 0]
        for y, row in enumerate(rows):
            for x, char in enumerate(row.upper()):
                if char not in "XO.":
                    raise SetupError(_("{mark} is not X, O or . in the diagram").format(
                        mark=repr(char)))
                if char != ".":
                    marks["XO".index(char)] |= 1 << ((SIZE - 1 - y) * SIZE + x)
        xs, os_ = marks[0].bit_count(), marks[1].bit_count()
        if xs not in (os_, os_ + 1):
            raise SetupError(_("{x_marks} X and {o_marks} O cannot come from alternate moves "
                               "(X starts, so X has as many marks as O or one more)").format(
                                   x_marks=xs, o_marks=os_))
        side = xs - os_
        if turn is not None and turn != side:
            raise SetupError(_("with {x_marks} X and {o_marks} O it is {side}'s turn, not "
                               "{other}'s").format(x_marks=xs, o_marks=os_,
                                                   side=cls.side_names[side],
                                                   other=cls.side_names[turn]))
        for name, mine in zip(cls.side_names, marks):
            if _won(mine):
                raise SetupError(_("{side} already has {line}: the game is over").format(
                    side=name, line=_(_WINS[0].reason)))
        if xs + os_ == CELLS:
            raise SetupError(_("the board is full: the game is over"))
        game = cls()
        game.marks, game.turn = marks, side
        return game

    @staticmethod
    def _check_variant(variant: dict[str, Any]) -> None:
        """Refuse options: there is one board (``size=3`` is accepted as a no-op)."""
        if any(v is not None and (k, v) != ("size", SIZE) for k, v in variant.items()):
            raise InvalidVariantError(_("tic-tac-toe has one board, 3x3, and no options"))

    # --- the core protocol ------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every empty cell, ``a1 b1 c1 a2 ...``; ``[]`` once the game is over."""
        if self._outcomes[-1] is not None:
            return []
        free = FULL & ~(self.marks[0] | self.marks[1])
        return [cell for cell in range(CELLS) if free >> cell & 1]

    def push(self, move: Move) -> None:
        """Put the side to move's mark on the empty cell ``move`` (unchecked)."""
        turn = self.turn
        mine = self.marks[turn] | 1 << move
        self.marks[turn] = mine
        self.move_stack.append(move)
        self.turn = turn ^ 1
        if any(mine & line == line for line in _LINES_THROUGH[move]):
            outcome: Outcome | None = _WINS[turn]
        elif (mine | self.marks[turn ^ 1]) == FULL:
            outcome = _DRAW
        else:
            outcome = None
        self._outcomes.append(outcome)

    def pop(self) -> Move:
        """Take back the last mark and return its move."""
        move = self.move_stack.pop()
        self._outcomes.pop()
        self.turn ^= 1
        self.marks[self.turn] &= ~(1 << move)
        return move

    def outcome(self) -> Outcome | None:
        """Three in a row, a full board, or ``None`` while the game runs."""
        return self._outcomes[-1]

    def key(self) -> int:
        """The marks of both sides in 18 bits (the side to move follows from them)."""
        return self.marks[0] | self.marks[1] << CELLS

    def copy(self) -> TicTacToe:
        """An independent copy with the same position and move stack."""
        new = type(self)()
        new.marks = self.marks[:]
        new.turn = self.turn
        new.move_stack = self.move_stack[:]
        new._outcomes = self._outcomes[:]
        return new

    def variant(self) -> dict[str, Any]:
        """``{}``: there is only one tic-tac-toe."""
        return {}

    def illegal_reason(self, move: Move) -> str:
        """Why ``move`` cannot be played here, in one sentence."""
        if self.is_over():
            return _("the game is already over")
        if move == PASS:
            return _("there is no passing in tic-tac-toe")
        if not isinstance(move, int) or not 0 <= move < CELLS:
            return _("{move} is not a cell of the 3x3 board").format(move=repr(move))
        return _("{move} is already taken").format(move=self.move_name(move))

    # --- notation ---------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """``"b2"`` -> 4 (case-insensitive); raises ``InvalidMoveError``."""
        text = text.strip()
        match = CELL_NAME_RE.fullmatch(text)
        if match is None:
            raise InvalidMoveError(_("{text} is not a move: write a column letter "
                                     "then a row number, like b2").format(text=repr(text[:20])))
        col, row = LETTERS.find(match[1].lower()), int(match[2][:3]) - 1
        if not (0 <= col < SIZE and 0 <= row < SIZE):
            raise InvalidMoveError(_("{text} is off the 3x3 board (a1 to c3)").format(
                text=repr(text)))
        return row * SIZE + col

    def move_name(self, move: Move) -> str:
        """``4`` -> ``"b2"``."""
        if not isinstance(move, int) or not 0 <= move < CELLS:
            raise InvalidMoveError(_("{move} is not a cell of the 3x3 board").format(
                move=repr(move)))
        return _NAMES[move]

    def parse_moves(self, text: str) -> list[Move]:
        """``"b2 a1 c3"`` or ``"b2a1c3"``; raises ``InvalidMoveError`` naming the bad move."""
        return parse_cell_moves(text, self.parse_move)

    # --- what a board view needs -------------------------------------------------

    def piece_at(self, x: int, y: int) -> int | None:
        """The side whose mark is on view cell ``(x, y)`` (``y`` from the top)."""
        move = self.move_at(x, y)
        if move is None:
            return None
        for side in (0, 1):
            if self.marks[side] >> move & 1:
                return side
        return None

    def move_at(self, x: int, y: int) -> Move | None:
        """The cell's move, or ``None`` off the board."""
        if 0 <= x < SIZE and 0 <= y < SIZE:
            return (SIZE - 1 - y) * SIZE + x
        return None

    @staticmethod
    def _cell(move: Move) -> Cell:
        return move % SIZE, SIZE - 1 - move // SIZE

    def move_cell(self, move: Move) -> Cell | None:
        """The view cell ``move`` would fill, ``None`` when taken or not a cell."""
        if not isinstance(move, int) or not 0 <= move < CELLS:
            return None
        if (self.marks[0] | self.marks[1]) >> move & 1:
            return None
        return self._cell(move)

    def last_cell(self) -> Cell | None:
        """The view cell of the last mark, or ``None``."""
        return self._cell(self.move_stack[-1]) if self.move_stack else None

    def winning_line(self) -> list[Cell]:
        """The view cells of the winning line(s), else ``[]``."""
        result = self.outcome()
        if result is None or result.winner is None:
            return []
        mine = self.marks[result.winner]
        cells = {cell for line in LINES if mine & line == line
                 for cell in range(CELLS) if line >> cell & 1}
        return [self._cell(cell) for cell in sorted(cells)]

    def counts(self) -> tuple[int, int]:
        """How many X and O marks are on the board."""
        return self.marks[0].bit_count(), self.marks[1].bit_count()

    def __str__(self) -> str:
        letters = "   " + " ".join(LETTERS)
        lines = [letters]
        for row in range(SIZE - 1, -1, -1):
            marks = ["X" if self.marks[0] >> (row * SIZE + col) & 1 else
                     "O" if self.marks[1] >> (row * SIZE + col) & 1 else "."
                     for col in range(SIZE)]
            lines.append(f" {row + 1} {' '.join(marks)} {row + 1}")
        lines.append(letters)
        result = self.outcome()
        if result is None:
            lines.append(_("{side} to move").format(side=_(self.side_names[self.turn])))
        elif result.winner is None:
            lines.append(_("Draw: {reason}").format(reason=_(result.reason)))
        else:
            lines.append(_("{side} wins: {reason}").format(
                side=_(self.side_names[result.winner]), reason=_(result.reason)))
        return "\n".join(lines)
