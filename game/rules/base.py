"""The one protocol every game implements (python-chess's verbs), plus its errors.

A game object is one *mutable* position with its history:

>>> from game.rules import new_game
>>> g = new_game("connect4")
>>> g.play(g.parse_move("4")); g.move_stack
[3]
>>> g.pop(); g.move_stack
3
[]

Contracts shared by all games:

* ``turn`` is the side to move: 0 is the first player (Black in Othello and Gomoku,
  Red in Connect-4), 1 the second.
* Moves are small ints (``Move``); their meaning is the game's own (a column, a cell
  index). ``PASS`` is the one move with the same value in every game; only Othello
  ever has it among its legal moves. Text appears only at the edges, through
  ``parse_move``/``move_name`` and the whole-game forms ``parse_moves``/``moves_text``.
* ``push`` is unchecked and fast (the search uses it); ``play`` is the checked entry
  point and leaves the position untouched when it raises ``IllegalMoveError``.
* ``pop`` restores everything exactly, ``key()`` and ``str()`` included.
* Board coordinates for views are ``(x, y)``: ``x`` counts columns from the left,
  ``y`` counts rows from the *top* as drawn on screen, both from 0.
"""

from __future__ import annotations

import abc
import copy
import dataclasses
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, TypeAlias

from game.i18n import _

Move: TypeAlias = int
"""A move as the search sees it: a small non-negative int, or ``PASS``."""

Cell: TypeAlias = tuple[int, int]
"""``(x, y)`` on the drawn board: column from the left, row from the top, from 0."""

PASS: Move = -1
"""The explicit pass (Othello only, and only when it is forced)."""


class RulesError(ValueError):
    """Base of every error the rules raise; the message is a sentence for a user."""


class InvalidMoveError(RulesError):
    """Text that is not a move of this game and board (bad syntax, off the board)."""


class IllegalMoveError(RulesError):
    """A well-formed move that the rules do not allow in the current position."""


class InvalidVariantError(RulesError):
    """Variant options outside what a game supports (a 3x3 Connect-4, a 30x30 Gomoku)."""


class SetupError(RulesError):
    """A set-up position that cannot happen in a game (floating discs, stone counts
    alternate play cannot give, a game already over), or a diagram that cannot be read."""


def parse_turn(text: str | int | None) -> int | None:
    """``"X"``/``"O"`` (any case; ``"B"``/``"W"``, ``"0"``/``"1"`` too) -> 0/1; ``None`` stays.

    >>> parse_turn("x"), parse_turn("O"), parse_turn(None)
    (0, 1, None)

    Raises:
        SetupError: anything else.
    """
    if text is None or isinstance(text, int) and text in (0, 1) and not isinstance(text, bool):
        return text
    word = str(text).strip().upper()
    if word in ("X", "B", "0", "BLACK", "RED", "*"):
        return 0
    if word in ("O", "W", "1", "WHITE", "YELLOW"):
        return 1
    raise SetupError(_("the side to move must be X (the first player) or O (the second), "
                       "not {text}").format(text=repr(str(text)[:20])))


def diagram_rows(text: str, what: str) -> list[str]:
    """A diagram's rows, top first: split on ``/`` (or line breaks), spaces dropped;
    ``what`` names the game in the errors (marked with ``N_``, translated here).

    Raises:
        SetupError: not text, or empty.
    """
    if not isinstance(text, str):
        raise SetupError(_("a {game} diagram must be text").format(game=_(what)))
    rows = [("".join(row.split())) for row in text.replace("\n", "/").split("/")]
    while rows and not rows[-1]:
        rows.pop()
    while rows and not rows[0]:
        rows.pop(0)
    if not rows:
        raise SetupError(_("the {game} diagram is empty").format(game=_(what)))
    return rows


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    Attributes:
        winner: 0 or 1, or ``None`` for a draw.
        reason: a short phrase for a user: ``"four in a row"``, ``"five in a row"``,
            ``"board full"``, ``"no moves left"``.
    """

    winner: int | None
    reason: str


class Game(abc.ABC):
    """One mutable position of one game, with its move stack.

    Subclasses set the class attributes and implement the abstract members; the
    checked and whole-game helpers here are written once on top of them.
    """

    name: ClassVar[str]
    """Command-line name: ``"connect4"``, ``"othello"``, ``"gomoku"``."""
    title: ClassVar[str]
    """Display name: ``"Connect-4"``, ``"Othello"``, ``"Gomoku"``."""
    side_names: ClassVar[tuple[str, str]]
    """Names of side 0 and side 1 for a user, e.g. ``("Black", "White")``."""

    width: int
    """Board width in cells (columns)."""
    height: int
    """Board height in cells (rows)."""
    turn: int
    """Side to move, 0 or 1."""
    move_stack: list[Move]
    """Moves played since the start position, oldest first (passes included)."""

    # --- the core protocol ------------------------------------------------------

    @abc.abstractmethod
    def legal_moves(self) -> list[Move]:
        """All legal moves; ``[]`` once the game is over; Othello: ``[PASS]`` when forced."""

    @abc.abstractmethod
    def push(self, move: Move) -> None:
        """Play ``move`` without checking it (the caller guarantees it is legal)."""

    @abc.abstractmethod
    def pop(self) -> Move:
        """Take back the last move and return it; the position is restored exactly."""

    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """``None`` while the game runs, else how it ended."""

    @abc.abstractmethod
    def key(self) -> int:
        """An integer hash of the position (board and side to move), history-free."""

    @abc.abstractmethod
    def copy(self) -> Game:
        """An independent copy with the same position and move stack."""

    @abc.abstractmethod
    def variant(self) -> dict[str, Any]:
        """The constructor keywords that rebuild this board: ``type(g)(**g.variant())``."""

    # --- set-up positions -----------------------------------------------------------

    @classmethod
    def from_diagram(cls, text: str, turn: int | None = None, **variant: Any) -> Game:
        """A set-up position with an empty move stack, checked against the rules.

        The diagram is the board as drawn, rows from the top to the bottom separated by
        ``/``, ``X`` the first player, ``O`` the second, ``.`` empty (Othello also reads
        its 64 characters ``a1..h8``). ``turn`` is the side to move (0 or 1); ``None``
        infers it where the stone counts decide (Connect-4, Gomoku; Othello: Black).
        ``variant`` holds the options a diagram does not give (Connect-4's ``connect``,
        Gomoku's ``rule``); a size that disagrees with the diagram is refused.

        Raises:
            SetupError: one sentence: what cannot be read, or what cannot happen.
        """
        raise NotImplementedError

    def diagram(self) -> str:
        """The current board in the form :meth:`from_diagram` reads (side to move apart).

        >>> from game.rules import new_game
        >>> g = new_game("connect4", width=4, height=4); g.play_moves("11")
        >>> g.diagram()
        '..../..../O.../X...'
        """
        marks = {None: ".", 0: "X", 1: "O"}
        return "/".join("".join(marks[self.piece_at(x, y)] for x in range(self.width))
                        for y in range(self.height))

    def start_position(self) -> Game:
        """A copy of this game with every move taken back (the start or the set-up board)."""
        first = self.copy()
        while first.move_stack:
            first.pop()
        return first

    # --- notation ---------------------------------------------------------------

    @abc.abstractmethod
    def parse_move(self, text: str) -> Move:
        """One move in the game's notation; raises ``InvalidMoveError`` (legality unchecked)."""

    @abc.abstractmethod
    def move_name(self, move: Move) -> str:
        """The notation of ``move``; ``parse_move(move_name(m)) == m``."""

    @abc.abstractmethod
    def parse_moves(self, text: str) -> list[Move]:
        """A whole-game move list in the game's notation (``"4453"``, ``"f5d6c3"``, ``"h8 i9"``)."""

    def moves_text(self, moves: Iterable[Move] | None = None) -> str:
        """The whole-game form of ``moves`` (default: the move stack); ``parse_moves`` reads it."""
        names = [self.move_name(m) for m in (self.move_stack if moves is None else moves)]
        return self.moves_separator.join(names)

    moves_separator: ClassVar[str] = ""
    """What ``moves_text`` puts between moves (Gomoku: a space, for readability)."""

    # --- what a board view needs ---------------------------------------------------

    @abc.abstractmethod
    def piece_at(self, x: int, y: int) -> int | None:
        """The side whose piece stands on cell ``(x, y)``, or ``None`` when it is empty."""

    @abc.abstractmethod
    def move_at(self, x: int, y: int) -> Move | None:
        """The move a click on cell ``(x, y)`` means (Connect-4: its column), legal or not."""

    @abc.abstractmethod
    def move_cell(self, move: Move) -> Cell | None:
        """The cell ``move`` would fill in the current position (``None`` for a pass or a full column)."""

    @abc.abstractmethod
    def last_cell(self) -> Cell | None:
        """The cell the last move filled, or ``None`` (no move yet, or a pass)."""

    @abc.abstractmethod
    def winning_line(self) -> list[Cell]:
        """The cells of the winning line(s) once a line has won, else ``[]``."""

    @abc.abstractmethod
    def counts(self) -> tuple[int, int]:
        """How many pieces side 0 and side 1 have on the board."""

    # --- written once on top of the protocol ----------------------------------------

    @property
    def ply(self) -> int:
        """How many moves (passes included) have been played."""
        return len(self.move_stack)

    def is_over(self) -> bool:
        """``outcome() is not None``."""
        return self.outcome() is not None

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` may be played now."""
        return move in self.legal_moves()

    def play(self, move: Move) -> None:
        """Play ``move`` after checking it; raises ``IllegalMoveError`` and changes nothing."""
        if move not in self.legal_moves():
            raise IllegalMoveError(self.illegal_reason(move))
        self.push(move)

    def illegal_reason(self, move: Move) -> str:
        """A sentence saying why ``move`` is illegal here (games refine it)."""
        if self.is_over():
            return _("the game is already over")
        return _("{move} is not a legal move in this position").format(
            move=self.move_name(move))

    def play_moves(self, moves: str | Sequence[Move]) -> None:
        """Play a whole move list (text or moves), checked, all or nothing.

        A forced pass that the list leaves out is played for it, so Othello games
        may be written with or without ``PA``. On an illegal move the position is
        restored and ``IllegalMoveError`` names the move's number in the list.
        """
        if isinstance(moves, str):
            moves = self.parse_moves(moves)
        played = 0
        try:
            for number, move in enumerate(moves, start=1):
                if move != PASS and self.legal_moves() == [PASS]:
                    self.push(PASS)
                    played += 1
                if move not in self.legal_moves():
                    raise IllegalMoveError(
                        # Translators: {number} is the move's number in the list, {reason}
                        # a sentence saying why it is illegal.
                        _("move {number}: {reason}").format(
                            number=number, reason=self.illegal_reason(move)))
                self.push(move)
                played += 1
        except RulesError:
            for _i in range(played):
                self.pop()
            raise

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.variant()} moves={self.moves_text()!r}>"


CELL_NAME_RE = re.compile(r"([a-z])(\d+)", re.IGNORECASE | re.ASCII)
"""A grid cell's name: a column letter, then a row number (``h8``, ``b2``)."""

_MOVE_LIST_SEPARATORS_RE = re.compile(r"[\s,;]+")


def parse_cell_moves(text: str, parse_move: Callable[[str], Move]) -> list[Move]:
    """A list of cell names, with or without separators (``"h8 i9"``, ``"h8i9"``, ``"h8,i9"``).

    Each name is read by ``parse_move`` (the game's own, which checks the board).

    Raises:
        InvalidMoveError: naming the first bad move and its number in the list.
    """
    moves: list[Move] = []
    for chunk in _MOVE_LIST_SEPARATORS_RE.split(text.strip()):
        pos = 0
        while pos < len(chunk):
            match = CELL_NAME_RE.match(chunk, pos)
            piece = chunk[pos:] if match is None else match[0]
            try:
                moves.append(parse_move(piece))
            except InvalidMoveError as error:
                raise InvalidMoveError(_("move {number}: {reason}").format(
                    number=len(moves) + 1, reason=error)) from None
            pos += len(piece)
    return moves


class NoBoard:
    """The board view's six answers for a game without a board (a hand-made tree, a
    test's abstract tree): no piece, no cell, no line, no count. Put it before ``Game``
    in the bases (``class HandTree(NoBoard, Game)``): a game with a board still has to
    write its own, since ``Game`` keeps them abstract."""

    def piece_at(self, x: int, y: int) -> int | None:
        return None

    def move_at(self, x: int, y: int) -> Move | None:
        return None

    def move_cell(self, move: Move) -> Cell | None:
        return None

    def last_cell(self) -> Cell | None:
        return None

    def winning_line(self) -> list[Cell]:
        return []

    def counts(self) -> tuple[int, int]:
        return (0, 0)


class GridGame(Game):
    """The smaller protocol for a game of your own (a plugin): a grid of cells, each
    empty (``None``) or holding a piece of side 0 or 1, and three methods to write.

    A subclass sets ``name``, ``title``, ``width`` and ``height`` (and, if it likes,
    ``side_names``) and writes:

    * ``legal_moves()``: the moves of the side to move (``[]`` once the game is over);
    * ``apply(move)``: change ``self.board`` for ``move``; this class then flips
      ``turn``, keeps the move stack and what ``pop`` needs;
    * ``outcome()``: ``None`` while the game runs, else ``Outcome(winner, reason)``;

    and may write ``start_board()`` (default: an empty board) and ``evaluate()`` (a
    score for the side to move, the computer's guide; without it the computer sees
    only wins, losses and draws).

    Moves are ints made by ``place(x, y)`` (a piece put on a cell, or a cell chosen)
    or ``step((x, y), (x2, y2))`` (a piece moved from a cell to a cell); ``cells(move)``
    takes them apart. Cells are ``(x, y)``, x from the left and y from the *top*, from
    0; ``self.board[y * width + x]``. Notation: column letter and row number counted
    from the bottom (``a1`` is the bottom-left cell), a step ``a1-b2``.

    Everything about a position must live in ``self.board`` and ``self.turn``: ``key``,
    ``pop`` and ``copy`` are written once here on that assumption.

    >>> class Tiny(GridGame):
    ...     name, title, width, height = "tiny", "Tiny", 2, 1
    ...     def legal_moves(self): return [] if self.outcome() else [
    ...         self.place(x, 0) for x in range(2) if self.board[x] is None]
    ...     def apply(self, move): self.board[move] = self.turn
    ...     def outcome(self): return Outcome(None, "full") if None not in self.board else None
    >>> t = Tiny(); t.play(t.parse_move("b1")); t.diagram(), t.turn
    ('.X', 1)
    """

    side_names: ClassVar[tuple[str, str]] = ("X", "O")
    moves_separator: ClassVar[str] = " "
    board: list[int | None]
    """The cells, row by row from the top: ``board[y * width + x]`` is 0, 1 or ``None``."""

    def __init__(self) -> None:
        self.board = list(self.start_board())
        if len(self.board) != self.width * self.height:
            # untranslated: developer error (the plugin's start_board is the wrong size)
            raise ValueError(f"start_board() gave {len(self.board)} cells, not "
                             f"{self.width} x {self.height}")
        self.turn = 0
        self.move_stack = []
        self._undo: list[tuple[tuple[int | None, ...], int]] = []

    # --- what a subclass writes -------------------------------------------------------

    def start_board(self) -> list[int | None]:
        """The cells at the start, row by row from the top (default: all empty)."""
        return [None] * (self.width * self.height)

    @abc.abstractmethod
    def apply(self, move: Move) -> None:
        """Change ``self.board`` for ``move`` (legal); never ``turn`` (flipped after)."""

    # --- moves as cells -----------------------------------------------------------------

    def place(self, x: int, y: int) -> Move:
        """The move that puts a piece on (or chooses) cell ``(x, y)``."""
        return y * self.width + x

    def step(self, start: Cell, end: Cell) -> Move:
        """The move that takes the piece on ``start`` to ``end``."""
        cells = self.width * self.height
        return cells + self.place(*start) * cells + self.place(*end)

    def cells(self, move: Move) -> tuple[Cell | None, Cell]:
        """``(from, to)`` of a move: ``from`` is ``None`` for a ``place`` move."""
        cells = self.width * self.height
        if move < cells:
            return None, (move % self.width, move // self.width)
        start, end = divmod(move - cells, cells)
        return (start % self.width, start // self.width), (end % self.width, end // self.width)

    # --- the protocol, written once ---------------------------------------------------

    def push(self, move: Move) -> None:
        """``apply(move)``, then the other side moves."""
        self._undo.append((tuple(self.board), self.turn))
        self.apply(move)
        self.turn ^= 1
        self.move_stack.append(move)

    def pop(self) -> Move:
        """Restore the board and side to move from before the last move."""
        board, self.turn = self._undo.pop()
        self.board[:] = board
        return self.move_stack.pop()

    def key(self) -> int:
        """A hash of the cells and the side to move."""
        return hash((tuple(-1 if c is None else c for c in self.board), self.turn))

    def copy(self) -> GridGame:
        """An independent deep copy (a plugin's own attributes included)."""
        return copy.deepcopy(self)

    def variant(self) -> dict[str, Any]:
        """No options: a plugin game has one board."""
        return {}

    @classmethod
    def from_diagram(cls, text: str, turn: int | None = None, **variant: Any) -> Game:
        """A set-up board from rows of ``X``, ``O`` and ``.`` (see ``Game.from_diagram``);
        the side to move is ``turn`` (default: the first player)."""
        game = cls(**variant)
        rows = diagram_rows(text, cls.title)
        marks = {"X": 0, "O": 1, ".": None}
        if len(rows) != game.height or any(len(row) != game.width for row in rows):
            raise SetupError(_("a {game} diagram needs {height} rows of {width} cells").format(
                game=cls.title, height=game.height, width=game.width))
        try:
            game.board = [marks[c] for row in rows for c in row.upper()]
        except KeyError:
            raise SetupError(_("a {game} diagram holds only X, O and .").format(
                game=cls.title)) from None
        game.turn = 0 if turn is None else turn
        return game

    def cell_name(self, cell: Cell) -> str:
        """``a1`` is the bottom-left cell."""
        x, y = cell
        return f"{chr(ord('a') + x)}{self.height - y}"

    def parse_move(self, text: str) -> Move:
        """``b3`` (a cell) or ``b2-b3`` (a step); raises ``InvalidMoveError``."""
        parts = text.strip().lower().split("-")
        cells: list[Cell] = []
        for part in parts:
            match = CELL_NAME_RE.fullmatch(part)
            x = ord(match[1].lower()) - ord("a") if match else -1
            row = int(match[2]) if match else 0
            if match is None or not (0 <= x < self.width and 1 <= row <= self.height):
                raise InvalidMoveError(_("{text} is not a cell of this {width}x{height} "
                                         "board").format(text=repr(text[:20]),
                                                         width=self.width, height=self.height))
            cells.append((x, self.height - row))
        if len(cells) == 1:
            return self.place(*cells[0])
        if len(cells) == 2:
            return self.step(cells[0], cells[1])
        raise InvalidMoveError(_("{text} is not a move: a cell (b3) or a step (b2-b3)").format(
            text=repr(text[:20])))

    def move_name(self, move: Move) -> str:
        start, end = self.cells(move)
        return self.cell_name(end) if start is None else (
            f"{self.cell_name(start)}-{self.cell_name(end)}")

    def parse_moves(self, text: str) -> list[Move]:
        """Moves separated by spaces or commas: ``b2-b3 e5-e4``."""
        moves = []
        for number, chunk in enumerate(_MOVE_LIST_SEPARATORS_RE.split(text.strip()), start=1):
            if not chunk:
                continue
            try:
                moves.append(self.parse_move(chunk))
            except InvalidMoveError as error:
                raise InvalidMoveError(_("move {number}: {reason}").format(
                    number=number, reason=error)) from None
        return moves

    # --- what a board view needs ----------------------------------------------------------

    def piece_at(self, x: int, y: int) -> int | None:
        return self.board[y * self.width + x]

    def move_at(self, x: int, y: int) -> Move | None:
        """A click on a cell means ``place(x, y)``; a step is two clicks (the view)."""
        return self.place(x, y)

    def move_cell(self, move: Move) -> Cell | None:
        return self.cells(move)[1]

    def last_cell(self) -> Cell | None:
        return self.move_cell(self.move_stack[-1]) if self.move_stack else None

    def winning_line(self) -> list[Cell]:
        return []

    def counts(self) -> tuple[int, int]:
        return self.board.count(0), self.board.count(1)

    def __str__(self) -> str:
        # untranslated: the ASCII diagram of test failures (as the built-in games' __str__)
        return "\n".join(self.diagram().split("/")) + f"\n{'XO'[self.turn]} to move"
