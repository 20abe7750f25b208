"""Gomoku rules: each test aims at one kind of bug.

Positions are written in notation (column letter, row number from the bottom, ``h8``
is the centre of 15x15). Several tests compare against ``SlowGomoku`` below: an
independent list-of-lists board that finds fives by scanning every stone in the four
directions, written without the bitboards, strides or tables of the real module.
"""

from __future__ import annotations

import doctest
import functools
import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import game.rules.gomoku as gomoku_module
from game.rules.base import (
    PASS,
    IllegalMoveError,
    InvalidMoveError,
    InvalidVariantError,
    Outcome,
    RulesError,
)
from game.rules.gomoku import Gomoku
from game.rules.perft import perft

ABC = "abcdefghijklmnopqrstuvwxy"
LINE_STEPS = ((1, 0), (0, 1), (1, 1), (-1, 1))
SIZES = (9, 15, 19, 20, 25)


def name(col: int, row: int) -> str:
    """Notation of board column ``col`` / row ``row`` (both from 0, row 0 at the bottom)."""
    return f"{ABC[col]}{row + 1}"


def parse_cell(text: str) -> tuple[int, int]:
    """``(col, row)`` of a move in notation, the inverse of ``name``."""
    return ABC.index(text[0]), int(text[1:]) - 1


class SlowGomoku:
    """The slow reference: ``grid[row][col]`` is ``None``, 0 or 1; row 0 is the bottom."""

    def __init__(self, size: int, rule: str) -> None:
        self.size = size
        self.rule = rule
        self.grid: list[list[int | None]] = [[None] * size for _ in range(size)]
        self.history: list[tuple[int, int]] = []

    @property
    def turn(self) -> int:
        return len(self.history) % 2

    def place(self, col: int, row: int) -> None:
        assert self.grid[row][col] is None
        self.grid[row][col] = self.turn
        self.history.append((col, row))

    def undo(self) -> None:
        col, row = self.history.pop()
        self.grid[row][col] = None

    def empty_cells(self) -> list[tuple[int, int]]:
        return [(c, r) for r in range(self.size) for c in range(self.size)
                if self.grid[r][c] is None]

    def runs(self) -> list[tuple[int, int]]:
        """``(side, length)`` of every maximal run on the board, in all four directions."""
        found = []
        n = self.size
        for col, row in self.history:
            side = self.grid[row][col]
            for dc, dr in LINE_STEPS:
                pc, pr = col - dc, row - dr
                if 0 <= pc < n and 0 <= pr < n and self.grid[pr][pc] == side:
                    continue  # not the start of its run
                length, c, r = 0, col, row
                while 0 <= c < n and 0 <= r < n and self.grid[r][c] == side:
                    length += 1
                    c += dc
                    r += dr
                found.append((side, length))
        return found

    def winner(self) -> int | None:
        # Memoised by the stones played, in order: a random playout is judged move by
        # move where it is drawn, then again by the test replaying it (and twice a move
        # there, by ``outcome`` and ``legal_names``); the scan itself is unchanged.
        key = (self.size, self.rule, tuple(self.history))
        if key not in WINNERS:
            if len(WINNERS) > 50_000:  # a slow_perft visits each position once
                WINNERS.clear()
            WINNERS[key] = self._scan_winner()
        return WINNERS[key]

    def _scan_winner(self) -> int | None:
        for side, length in self.runs():
            if length == 5 or (length > 5 and self.rule == "freestyle"):
                return side
        return None

    def outcome(self) -> Outcome | None:
        side = self.winner()
        if side is not None:
            return Outcome(side, "five in a row")
        if len(self.history) == self.size * self.size:
            return Outcome(None, "board full")
        return None

    def legal_names(self) -> list[str]:
        if self.outcome() is not None:
            return []
        names = cell_names(self.size)
        return sorted(names[c, r] for c, r in self.empty_cells())


WINNERS: dict[tuple[int, str, tuple[tuple[int, int], ...]], int | None] = {}
"""``SlowGomoku.winner`` by board size, rule and stones played in order."""


@functools.cache
def cell_names(size: int) -> dict[tuple[int, int], str]:
    """``name`` of every cell of a ``size`` board, computed once."""
    return {(c, r): name(c, r) for r in range(size) for c in range(size)}


@functools.cache
def move_names(size: int) -> dict[int, str]:
    """``Gomoku.move_name`` of every move of a ``size`` board, asked once per move."""
    g = Gomoku(size)
    return {move: g.move_name(move) for move in g.legal_moves()}


def slow_perft(ref: SlowGomoku, depth: int) -> int:
    if depth == 0:
        return 1
    if ref.outcome() is not None:
        return 0
    total = 0
    for col, row in ref.empty_cells():
        ref.place(col, row)
        total += slow_perft(ref, depth - 1)
        ref.undo()
    return total


def from_diagram(diagram: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Black (``X``) and white (``O``) cells of a diagram drawn top row first."""
    rows = diagram.split()
    black, white = [], []
    for y, line in enumerate(rows):
        row = len(rows) - 1 - y
        for col, mark in enumerate(line):
            if mark == "X":
                black.append((col, row))
            elif mark == "O":
                white.append((col, row))
    return black, white


def interleave(black: list[tuple[int, int]], white: list[tuple[int, int]]) -> str:
    """A move list giving Black's and White's cells in turn (Black has the extra move)."""
    assert len(white) <= len(black) <= len(white) + 1
    moves = []
    for i, cell in enumerate(black):
        moves.append(name(*cell))
        if i < len(white):
            moves.append(name(*white[i]))
    return " ".join(moves)


def black_plays(size: int, rule: str, cells: list[tuple[int, int]]) -> Gomoku:
    """Black plays ``cells`` in order, White answers on random other cells.

    White gets at most ``len(cells) - 1`` stones, on cells not in ``cells``; with four
    stones White cannot have a five, so only Black's shape decides the outcome.
    """
    spare = list(all_cells(size))  # the same list, in the same order, as a scan would give
    for cell in cells:
        spare.remove(cell)
    rng = random.Random(len(cells) * 1000 + size)
    white = rng.sample(spare, len(cells) - 1)
    g = Gomoku(size, rule)
    # Each move checked by ``play`` (an occupied cell or a finished game raises, as in
    # ``play_moves``), without listing every legal move before each one.
    for text in interleave(cells, white).split():
        g.play(g.parse_move(text))
    return g


@functools.cache
def all_cells(size: int) -> tuple[tuple[int, int], ...]:
    """Every ``(col, row)`` of a ``size`` board, row by row from the bottom."""
    return tuple((c, r) for r in range(size) for c in range(size))


def rotated(cells: list[tuple[int, int]], last: int) -> list[tuple[int, int]]:
    """``cells`` with ``cells[last]`` moved to the end (played last, so it is the one
    whose lines are examined)."""
    return cells[:last] + cells[last + 1:] + [cells[last]]


def display(size: int, col: int, row: int) -> tuple[int, int]:
    return col, size - 1 - row


def all_fives(size: int) -> list[list[tuple[int, int]]]:
    """Every true five-cell line segment of a ``size`` board."""
    lines = []
    for row in range(size):
        for col in range(size):
            for dc, dr in LINE_STEPS:
                cells = [(col + k * dc, row + k * dr) for k in range(5)]
                if all(0 <= c < size and 0 <= r < size for c, r in cells):
                    lines.append(cells)
    return lines


def is_true_line(cells: list[tuple[int, int]]) -> bool:
    steps = {(c2 - c1, r2 - r1) for (c1, r1), (c2, r2) in zip(cells, cells[1:])}
    return len(steps) == 1 and steps.pop() in LINE_STEPS


# --- the module's own examples --------------------------------------------------


def test_doctests() -> None:
    assert doctest.testmod(gomoku_module).failed == 0


# --- perft: move generation --------------------------------------------------------


@pytest.mark.parametrize("size", [9, 10, 13, 15, 19, 20, 25])
def test_perft_empty_board_depth_1_and_2(size: int) -> None:
    n = size * size
    g = Gomoku(size)
    assert perft(g, 0) == 1
    assert perft(g, 1) == n
    assert perft(g, 2) == n * (n - 1)
    assert g.move_stack == [] and g.key() == 0


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["freestyle", "standard"])
def test_perft_9x9_depth_3_formula(rule: str) -> None:
    """No five fits in 3 plies, so every sequence of distinct cells counts: 81*80*79."""
    assert perft(Gomoku(9, rule), 3) == 81 * 80 * 79


@pytest.mark.parametrize("size", [9, 10])
def test_perft_empty_board_matches_reference(size: int) -> None:
    for rule in ("freestyle", "standard"):
        assert perft(Gomoku(size, rule), 2) == slow_perft(SlowGomoku(size, rule), 2)


def test_perft_open_four_formula() -> None:
    """Black to move with an open four: b5 and g5 win, so only E - 2 moves have replies.

    9 . . . . . . . . .
    8 . . . . . . . . .
    7 . . . . . . . . .
    6 . . . . . . . . .
    5 . . X X X X . . .
    4 . . . . . . . . .
    3 . . . . . . . . .
    2 . . . . . . . . .
    1 O O O O . . . . .
      a b c d e f g h i
    """
    g = Gomoku(9)
    g.play_moves("c5 a1 d5 b1 e5 c1 f5 d1")
    empty = 81 - 8
    assert perft(g, 1) == empty
    assert perft(g, 2) == (empty - 2) * (empty - 1)


# A 9x9 pattern with runs of four everywhere (and none longer): refilling its holes
# with the other colour makes fives and overlines, so finished games cut branches.
FOURS = """
    XXXXOOOOX
    OOXXXXOOO
    XXXOOOOXX
    OOOOXXXXO
    OXXXXOOOO
    XXOOOOXXX
    OOOXXXXOO
    XOOOOXXXX
    XXXXOOOOX
"""


def near_win_positions(holes: int, count: int) -> list[tuple[str, str]]:
    """``count`` move lists leaving ``holes`` empty cells of ``FOURS``, Black to move."""
    black, white = from_diagram(FOURS)
    assert len(black) == 41 and len(white) == 40
    rng = random.Random(holes)
    positions = []
    for _ in range(count):
        # Black to move: as many black stones as white ones.
        keep_white = rng.sample(white, 40 - holes // 2)
        keep_black = rng.sample(black, len(keep_white))
        rng.shuffle(keep_black)
        rng.shuffle(keep_white)
        for rule in ("freestyle", "standard"):
            positions.append((rule, interleave(keep_black, keep_white)))
    return positions


@pytest.mark.slow
@pytest.mark.parametrize(("rule", "moves"), near_win_positions(holes=22, count=4),
                         ids=lambda value: value if value in ("freestyle", "standard") else "")
def test_perft_near_wins_matches_reference(rule: str, moves: str) -> None:
    g = Gomoku(9, rule)
    g.play_moves(moves)
    ref = SlowGomoku(9, rule)
    for text in moves.split():
        ref.place(*parse_cell(text))
    assert g.outcome() is None and ref.outcome() is None
    for depth in (1, 2, 3):
        assert perft(g, depth) == slow_perft(ref, depth), f"depth {depth}\n{g}"


def test_perft_near_wins_actually_cut_branches() -> None:
    """The positions above are only a test of finished games if some games finish."""
    cut = 0
    for rule, moves in near_win_positions(holes=22, count=4):
        g = Gomoku(9, rule)
        g.play_moves(moves)
        empty = len(g.legal_moves())
        cut += perft(g, 2) < empty * (empty - 1)
    assert cut >= 4


# --- random playouts ------------------------------------------------------------------


@st.composite
def playouts(draw: st.DrawFn, max_moves: int = 70) -> tuple[int, str, list[str]]:
    """A size, a rule and a random game in notation, often crowded near edges or a corner.

    Moves are drawn from a region (five rows of the three outer columns on each side, a
    5x5 corner, or anywhere) while the region has room, so fives, overlines and
    would-be wrap-arounds happen often. The game stops where it ends.
    """
    size = draw(st.sampled_from([9, 10, 15, 19, 20, 25]))
    rule = draw(st.sampled_from(["freestyle", "standard"]))
    region = draw(st.sampled_from(["edges", "corner", "anywhere"]))
    if region == "edges":
        cols = {0, 1, 2, size - 3, size - 2, size - 1}
        bottom = draw(st.integers(0, size - 5))
        rows = set(range(bottom, bottom + 5))
    elif region == "corner":
        cols = set(range(size - 5, size)) if draw(st.booleans()) else set(range(5))
        rows = set(range(size - 5, size)) if draw(st.booleans()) else set(range(5))
    else:
        cols = rows = set(range(size))
    ref = SlowGomoku(size, rule)
    moves = []
    for _ in range(draw(st.integers(0, 10) | st.integers(25, max_moves))):
        if ref.outcome() is not None:
            break
        empty = ref.empty_cells()
        near = [(c, r) for c, r in empty if c in cols and r in rows]
        choices = near or empty
        cell = choices[draw(st.integers(0, len(choices) - 1))]
        ref.place(*cell)
        moves.append(name(*cell))
    return size, rule, moves


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(playouts())
def test_playout_agrees_with_reference_and_pop_restores(game: tuple[int, str, list[str]]) -> None:
    size, rule, moves = game
    g = Gomoku(size, rule)
    ref = SlowGomoku(size, rule)
    snapshots = []
    for text in moves:
        snapshots.append((g.key(), str(g), g.outcome(), g.legal_moves(), g.turn, g.counts()))
        move = g.parse_move(text)
        assert g.is_legal(move)
        g.push(move)
        ref.place(*parse_cell(text))
        assert g.outcome() == ref.outcome(), f"after {text}\n{g}"
        assert sorted(map(move_names(size).__getitem__, g.legal_moves())) == ref.legal_names()
        assert g.turn == ref.turn
    event(f"{rule}: {'running' if g.outcome() is None else g.outcome().reason}")
    if any(length > 5 for _side, length in ref.runs()):
        event(f"{rule}: an overline was made")
    for text in reversed(moves):
        assert g.move_name(g.pop()) == text
        key, board, outcome, legal, turn, counts = snapshots.pop()
        assert g.key() == key
        assert str(g) == board
        assert (g.outcome(), g.legal_moves(), g.turn, g.counts()) == (outcome, legal, turn, counts)
    assert g.key() == 0 and g.move_stack == []


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(playouts(max_moves=40), st.data())
def test_transpositions_have_equal_keys(
    game: tuple[int, str, list[str]], data: st.DataObject
) -> None:
    """The same stones reached in another order give the same key and diagram.

    The game is cut before its first run of five or more, so no reordering can finish
    it early under either rule.
    """
    size, rule, moves = game
    ref = SlowGomoku(size, rule)
    for i, text in enumerate(moves):
        ref.place(*parse_cell(text))
        if any(length >= 5 for _side, length in ref.runs()):
            moves = moves[:i]
            break
    g = Gomoku(size, rule)
    g.play_moves(" ".join(moves))
    black = data.draw(st.permutations(moves[0::2]))
    white = data.draw(st.permutations(moves[1::2]))
    other = Gomoku(size, rule)
    other.play_moves(" ".join(m for pair in zip(black, white + [""]) for m in pair if m))
    assert other.key() == g.key()
    assert str(other) == str(g)
    assert g.outcome() is None and other.outcome() is None
    if moves:
        g.pop()
        assert g.key() != other.key()


def test_crowded_random_games_agree_with_reference() -> None:
    """Many seeded games packed into a 6x6 corner or edge band, so most end in a five
    or go through overlines; outcome checked after every move, then all moves undone."""
    ended = overlines = 0
    for seed in range(300):
        rng = random.Random(seed)
        size = rng.choice([9, 15, 19])
        rule = ("freestyle", "standard")[seed % 2]
        band = [0, 1, 2, size - 3, size - 2, size - 1]
        cols = rng.choice([range(6), range(size - 6, size), band])
        rows = rng.choice([range(6), range(size - 6, size)])
        cells = [(c, r) for c in cols for r in rows]
        rng.shuffle(cells)
        g, ref = Gomoku(size, rule), SlowGomoku(size, rule)
        start = (g.key(), str(g))
        for cell in cells:
            g.play(g.parse_move(name(*cell)))
            ref.place(*cell)
            assert g.outcome() == ref.outcome(), f"seed {seed}\n{g}"
            if g.is_over():
                break
        ended += g.is_over()
        overlines += any(length > 5 for _side, length in ref.runs())
        while g.move_stack:
            g.pop()
        assert (g.key(), str(g)) == start
    assert ended > 150 and overlines > 20


def test_keys_are_reproducible() -> None:
    """Keys come from a fixed seed: rebuilding the per-size tables gives the same keys."""
    moves = "h8 i9 j10 a1 o15"
    before = Gomoku()
    before.play_moves(moves)
    gomoku_module._tables.cache_clear()
    after = Gomoku()
    after.play_moves(moves)
    assert after.key() == before.key() != 0
    assert 0 <= after.key() < 2**64


def test_keys_differ_across_a_game() -> None:
    g = Gomoku(9)
    rng = random.Random(5)
    seen = {g.key()}
    while not g.is_over():
        g.push(rng.choice(g.legal_moves()))
        seen.add(g.key())
    assert len(seen) == len(g.move_stack) + 1


# --- fives on edges and diagonals, no wrap-around ------------------------------------------


def edge_lines(s: int) -> list[tuple[str, list[tuple[int, int]]]]:
    """Named five-cell lines touching every edge and corner of an ``s`` board."""
    m = s - 1
    return [
        ("bottom row, left end", [(k, 0) for k in range(5)]),
        ("bottom row, right end", [(m - k, 0) for k in range(5)]),
        ("top row, left end", [(k, m) for k in range(5)]),
        ("top row, right end", [(m - k, m) for k in range(5)]),
        ("left column, bottom", [(0, k) for k in range(5)]),
        ("left column, top", [(0, m - k) for k in range(5)]),
        ("right column, bottom", [(m, k) for k in range(5)]),
        ("right column, top", [(m, m - k) for k in range(5)]),
        ("main diagonal from a1", [(k, k) for k in range(5)]),
        ("main diagonal into the top right corner", [(m - k, m - k) for k in range(5)]),
        ("anti-diagonal from the bottom right corner", [(m - k, k) for k in range(5)]),
        ("anti-diagonal into the top left corner", [(k, m - k) for k in range(5)]),
        ("short diagonal, bottom right corner", [(s - 5 + k, k) for k in range(5)]),
        ("short diagonal, top left corner", [(k, s - 5 + k) for k in range(5)]),
        ("short anti-diagonal, bottom left corner", [(4 - k, k) for k in range(5)]),
        ("short anti-diagonal, top right corner", [(m - 4 + k, m - k) for k in range(5)]),
    ]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rule", ["freestyle", "standard"])
@pytest.mark.parametrize("last", [0, 2, 4])
def test_fives_on_every_edge_and_corner(size: int, rule: str, last: int) -> None:
    """On 15x15 the shapes are, e.g.: a1-e1, k1-o1, a15-e15, a1-a5, o11-o15, a1-e5,
    k11-o15, o1-k5, a15-e11, k1 l2 m3 n4 o5, a11 b12 c13 d14 e15, e1 d2 c3 b4 a5,
    k15 l14 m13 n12 o11; the winning stone is the first, middle or last of the line."""
    for label, cells in edge_lines(size):
        g = black_plays(size, rule, rotated(cells, last))  # raises if the game ended early
        assert g.outcome() == Outcome(0, "five in a row"), f"{label}\n{g}"
        assert sorted(g.winning_line()) == sorted(display(size, *c) for c in cells), label
        assert g.legal_moves() == []
        assert g.last_cell() == display(size, *cells[last])
        g.pop()
        assert g.outcome() is None, label


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_every_five_on_the_board_wins(size: int) -> None:
    for cells in all_fives(size):
        g = black_plays(size, "freestyle", cells)
        assert g.outcome() == Outcome(0, "five in a row"), f"{cells}\n{g}"


def test_no_wrap_around_15x15() -> None:
    """Four stones at the end of row 7 and one at the start of row 8 are not a line.

     8 X . . . . . . . . . . . . . .
     7 . . . . . . . . . . . X X X X
       a b c d e f g h i j k l m n o

    Nor are the diagonals that a board without a padding column would continue on the
    far side: m6 n7 o8 a10 b11 (stride 16) and c5 b6 a7 o7 n8 (stride 14).
    """
    for moves in ("l7 m7 n7 o7 a8", "o7 a8 b8 c8 d8", "n7 o7 a8 b8 c8",
                  "m6 n7 o8 a10 b11", "c5 b6 a7 o7 n8"):
        cells = [parse_cell(text) for text in moves.split()]
        for last in range(5):
            g = black_plays(15, "freestyle", rotated(cells, last))
            assert g.outcome() is None, f"{moves}\n{g}"
            assert len(g.legal_moves()) == 225 - 9


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_no_wrap_around_any_evenly_numbered_cells(size: int) -> None:
    """Five cells evenly spaced in a row-major numbering (width ``size`` or ``size + 1``,
    spacing 1, size - 1, size, size + 1 or size + 2) win only if they really form a line.
    That covers every way a row or diagonal could run off one edge and on at the other."""
    seen = set()
    for width in (size, size + 1):
        for step in (1, size - 1, size, size + 1, size + 2):
            for start in range(width * size):
                cells = []
                for k in range(5):
                    row, col = divmod(start + k * step, width)
                    cells.append((col, row))
                if any(c >= size or r >= size for c, r in cells) or is_true_line(cells):
                    continue
                if frozenset(cells) in seen:
                    continue
                seen.add(frozenset(cells))
                for last in range(5):
                    g = black_plays(size, "freestyle", rotated(cells, last))
                    assert g.outcome() is None, f"{cells}\n{g}"
    assert seen


# --- overlines and the two rules -----------------------------------------------------


def test_freestyle_six_wins() -> None:
    """Black fills l8 between h8-k8 and m8: six in a row wins under freestyle.

     8 . . . . . . . X X X X . X . .
       a b c d e f g h i j k l m n o
    """
    g = Gomoku(rule="freestyle")
    g.play_moves("h8 a1 i8 a3 j8 a5 k8 a7 m8 a9 l8")
    assert g.outcome() == Outcome(0, "five in a row")
    assert sorted(g.winning_line()) == [(c, 7) for c in range(7, 13)]


def test_standard_six_does_not_win_and_the_game_goes_on() -> None:
    """The same six under the standard rule wins for nobody; play continues."""
    g = Gomoku(rule="standard")
    g.play_moves("h8 a1 i8 a3 j8 a5 k8 a7 m8 a9 l8")
    assert g.outcome() is None and g.winning_line() == []
    assert g.turn == 1 and len(g.legal_moves()) == 225 - 11
    g.play_moves("o1 g8")  # seven is no better
    assert g.outcome() is None
    g.play_moves("b15 c3 c15 e3 d15 g3 e15 i3 f15")  # White's exact five still wins
    assert g.outcome() == Outcome(1, "five in a row")


def test_standard_gap_fill_making_six_does_not_win_but_five_does() -> None:
    """h8 i8 _ k8 l8 m8: j8 makes six (no win); with m8 missing it makes five (win)."""
    g = Gomoku(rule="standard")
    g.play_moves("h8 a1 i8 a3 k8 a5 l8 a7 m8 a9 j8")
    assert g.outcome() is None
    g = Gomoku(rule="standard")
    g.play_moves("h8 a1 i8 a3 k8 a5 l8 a7 j8")
    assert g.outcome() == Outcome(0, "five in a row")


def test_standard_exact_five_wins_despite_an_overline_in_another_direction() -> None:
    """h8 completes the row d8-h8 (exactly five) and the column h5-h11 (seven).

    11 . . . . . . . X . . . . . . .
    10 . . . . . . . X . . . . . . .
     9 . . . . . . . X . . . . . . .
     8 . . . X X X X * . . . . . . .
     7 . . . . . . . X . . . . . . .
     6 . . . . . . . X . . . . . . .
     5 . . . . . . . X . . . . . . .
       a b c d e f g h i j k l m n o
    """
    black = "d8 e8 f8 g8 h5 h6 h7 h9 h10 h11".split()
    white = "a1 a3 a5 a7 a9 a11 a13 a15 c1 c3".split()
    moves = [m for pair in zip(black, white) for m in pair] + ["h8"]
    for rule in ("standard", "freestyle"):
        g = Gomoku(rule=rule)
        g.play_moves(" ".join(moves))
        assert g.outcome() == Outcome(0, "five in a row"), rule
    g = Gomoku(rule="standard")
    g.play_moves(" ".join(moves))
    assert sorted(g.winning_line()) == [(c, 7) for c in range(3, 8)]  # only the five


def test_standard_overline_in_both_directions_does_not_win() -> None:
    """h8 makes d8-i8 (six) and h5-h11 (seven): a win only under freestyle."""
    black = "d8 e8 f8 g8 i8 h5 h6 h7 h9 h10 h11".split()
    white = "a1 a3 a5 a7 a9 a11 a13 a15 c1 c3 c5".split()
    moves = " ".join(m for pair in zip(black, white) for m in pair) + " h8"
    g = Gomoku(rule="standard")
    g.play_moves(moves)
    assert g.outcome() is None
    g = Gomoku(rule="freestyle")
    g.play_moves(moves)
    assert g.outcome() == Outcome(0, "five in a row")
    assert len(g.winning_line()) == 6 + 7 - 1


def full_board_draw(rule: str) -> Gomoku:
    """Fill 9x9 with pairs so that no line is longer than two.

     9 X X O O X X O O X
     8 O O X X O O X X O
     ...  (rows alternate)
     1 X X O O X X O O X
       a b c d e f g h i
    """
    black, white = from_diagram("""
        XXOOXXOOX
        OOXXOOXXO
        XXOOXXOOX
        OOXXOOXXO
        XXOOXXOOX
        OOXXOOXXO
        XXOOXXOOX
        OOXXOOXXO
        XXOOXXOOX
    """)
    g = Gomoku(9, rule)
    moves = g.parse_moves(interleave(black, white))
    for move in moves[:-1]:
        g.play(move)
        assert g.outcome() is None
    g.play(moves[-1])
    return g


@pytest.mark.parametrize("rule", ["freestyle", "standard"])
def test_full_board_is_a_draw(rule: str) -> None:
    g = full_board_draw(rule)
    assert g.outcome() == Outcome(None, "board full")
    assert g.legal_moves() == [] and g.winning_line() == []
    assert g.counts() == (41, 40)
    assert "Draw: board full" in str(g)
    g.pop()
    assert g.outcome() is None and len(g.legal_moves()) == 1


@pytest.mark.parametrize("rule", ["freestyle", "standard"])
def test_a_five_on_the_last_empty_cell_is_a_win_not_a_draw(rule: str) -> None:
    """The draw pattern with c1, d1 made black and f1, i9 white: c1, played last,
    completes a1-e1 (exactly five) on the 81st move.

     9 X X O O X X O O O
     8 O O X X O O X X O
     ...
     1 X X * X X O O O X
       a b c d e f g h i
    """
    black, white = from_diagram("""
        XXOOXXOOO
        OOXXOOXXO
        XXOOXXOOX
        OOXXOOXXO
        XXOOXXOOX
        OOXXOOXXO
        XXOOXXOOX
        OOXXOOXXO
        XXXXXOOOX
    """)
    c1 = (2, 0)
    black.remove(c1)
    black.append(c1)
    ref = SlowGomoku(9, rule)
    for col, row in black + white:
        ref.grid[row][col] = 0 if (col, row) in black else 1
        ref.history.append((col, row))
    runs = sorted(length for _side, length in ref.runs())
    assert runs[-1] == 5 and runs[-2] <= 4  # a1-e1 is the only five, and c1 is in it
    g = Gomoku(9, rule)
    g.play_moves(interleave(black, white))
    assert g.ply == 81
    assert g.outcome() == Outcome(0, "five in a row")
    assert sorted(g.winning_line()) == [(c, 8) for c in range(5)]
    g.pop()
    assert g.outcome() is None and g.legal_moves() == [g.parse_move("c1")]


# --- notation ------------------------------------------------------------------------


def test_h8_is_the_centre_of_15x15() -> None:
    g = Gomoku()
    centre = g.parse_move("h8")
    assert g.cell_xy(centre) == (7, 7)
    assert g.move_at(7, 7) == centre
    g.play(centre)
    assert g.piece_at(7, 7) == 0 and g.last_cell() == (7, 7)


@pytest.mark.parametrize("size", range(9, 26))
def test_notation_round_trips_on_every_cell(size: int) -> None:
    g = Gomoku(size)
    moves = g.legal_moves()
    assert len(moves) == size * size
    names = [g.move_name(m) for m in moves]
    assert sorted(names) == sorted(name(c, r) for c in range(size) for r in range(size))
    for move, text in zip(moves, names):
        assert g.parse_move(text) == move
        assert g.parse_move(text.upper()) == move
        assert g.parse_move(f" {text} ") == move
    assert g.parse_moves(g.moves_text(moves)) == moves
    assert g.parse_moves("".join(names)) == moves


def test_parse_moves_with_and_without_separators() -> None:
    g = Gomoku()
    expected = [g.parse_move(t) for t in ("h8", "i9", "j10")]
    for text in ("h8 i9 j10", "h8i9j10", "H8I9J10", "h8, i9,j10", "  h8\ti9\nj10 ", "h8;i9;j10"):
        assert g.parse_moves(text) == expected, text
    assert g.parse_moves("") == [] and g.parse_moves("   ") == []
    g.play_moves("h8i9j10")
    assert g.moves_text() == "h8 i9 j10"


@pytest.mark.parametrize(("text", "message"), [
    ("p3", "'p3' is off the 15x15 board"),
    ("h16", "'h16' is off the 15x15 board"),
    ("h0", "'h0' is off the 15x15 board"),
    ("z1", "'z1' is off the 15x15 board"),
    ("8h", "'8h' is not a move: write a column letter then a row number, like h8"),
    ("", "'' is not a move"),
    ("hh", "'hh' is not a move"),
    ("h 8", "'h 8' is not a move"),
    ("h-8", "'h-8' is not a move"),
    ("é8", "'é8' is not a move"),
])
def test_parse_move_rejects_bad_text(text: str, message: str) -> None:
    with pytest.raises(InvalidMoveError, match="^" + message.replace("(", r"\(")) as error:
        Gomoku().parse_move(text)
    assert isinstance(error.value, ValueError)


def test_parse_moves_names_the_bad_move() -> None:
    g = Gomoku()
    with pytest.raises(InvalidMoveError, match="^move 3: 'p3' is off the 15x15 board"):
        g.parse_moves("h8 i9 p3 j10")
    with pytest.raises(InvalidMoveError, match="^move 2: '8h' is not a move"):
        g.parse_moves("h8 8h")
    with pytest.raises(InvalidMoveError, match="^move 3: 'x' is not a move"):
        g.parse_moves("h8i9x")


def test_sizes_change_the_letters() -> None:
    assert Gomoku(9).move_name(Gomoku(9).cell_index(8, 8)) == "i9"
    assert Gomoku(25).move_name(Gomoku(25).cell_index(24, 24)) == "y25"
    with pytest.raises(InvalidMoveError, match="off the 9x9 board"):
        Gomoku(9).parse_move("j1")
    with pytest.raises(InvalidMoveError):
        Gomoku(25).parse_move("z1")


# --- checked play and illegal input --------------------------------------------------------


def state(g: Gomoku) -> tuple:
    return g.key(), str(g), list(g.move_stack), g.turn, g.outcome(), g.legal_moves(), g.counts()


def test_illegal_moves_are_rejected_and_change_nothing() -> None:
    g = Gomoku()
    g.play_moves("h8 i9")
    before = state(g)
    h8 = g.parse_move("h8")
    with pytest.raises(IllegalMoveError, match="^h8 is already taken$"):
        g.play(h8)
    padding = g.cell_index(14, 0) + 1
    for move in (PASS, padding, -5, 15 * 16, 10**6):
        assert not g.is_legal(move)
        with pytest.raises(IllegalMoveError):
            g.play(move)
    assert state(g) == before


def test_is_legal_agrees_with_legal_moves() -> None:
    """``is_legal`` and ``play`` have their own fast check; it must match the list."""
    for size, moves in ((9, "e5 a1 i9 a9 i1"), (15, "h8 h9 i8 i9 j8 j9 k8 k9 l8")):
        g = Gomoku(size)
        for move in g.parse_moves(moves):
            g.push(move)
            legal = set(g.legal_moves())
            for candidate in range(-2, size * (size + 1) + 3):
                assert g.is_legal(candidate) == (candidate in legal), candidate
    assert g.is_over() and not g.is_legal(g.parse_move("a1"))


def test_no_move_after_the_game_is_over() -> None:
    g = Gomoku()
    g.play_moves("h8 a1 i8 a2 j8 a3 k8 a4 l8")
    before = state(g)
    with pytest.raises(IllegalMoveError, match="^the game is already over$"):
        g.play(g.parse_move("o15"))
    assert g.legal_moves() == []
    assert state(g) == before


def test_play_moves_is_all_or_nothing() -> None:
    g = Gomoku()
    g.play_moves("a1 b2")
    before = state(g)
    with pytest.raises(IllegalMoveError, match="^move 3: h8 is already taken"):
        g.play_moves("h8 i9 h8 j10")
    assert state(g) == before
    with pytest.raises(IllegalMoveError, match="^move 10: the game is already over"):
        g.play_moves("h8 c1 i8 c2 j8 c3 k8 c4 l8 o15")
    assert state(g) == before
    with pytest.raises(InvalidMoveError):
        g.play_moves("h8 i9 p3")
    assert state(g) == before
    with pytest.raises(IllegalMoveError):
        g.play_moves([g.parse_move("h8"), PASS])
    assert state(g) == before


@pytest.mark.parametrize(("options", "fragment"), [
    ({"size": 8}, "9 to 25"),
    ({"size": 26}, "9 to 25"),
    ({"size": "big"}, "9 to 25"),
    ({"size": 15.0}, "9 to 25"),
    ({"size": True}, "9 to 25"),
    ({"rule": "gomoku"}, "'freestyle', 'standard' or 'renju'"),
    ({"rule": None}, "'freestyle', 'standard' or 'renju'"),
])
def test_invalid_variants(options: dict, fragment: str) -> None:
    with pytest.raises(InvalidVariantError, match=fragment) as error:
        Gomoku(**options)
    assert isinstance(error.value, RulesError)


def test_variants_rebuild() -> None:
    for size in (9, 15, 19, 20, 25):
        for rule in ("freestyle", "standard"):
            g = Gomoku(size, rule)
            assert g.variant() == {"size": size, "rule": rule}
            assert type(g)(**g.variant()).variant() == g.variant()
            assert g.width == g.height == g.size == size
    assert Gomoku().variant() == {"size": 15, "rule": "freestyle"}
    assert Gomoku(rule="Standard").rule == "standard"
    assert Gomoku.name == "gomoku" and Gomoku.title == "Gomoku"
    assert Gomoku.side_names == ("Black", "White") and Gomoku.moves_separator == " "


# --- board view and evaluator helpers --------------------------------------------------


def test_view_coordinates_count_rows_from_the_top() -> None:
    """a1 is drawn bottom left, (0, 14) on 15x15; o15 top right, (14, 0)."""
    g = Gomoku()
    g.play_moves("a1 o15")
    assert g.piece_at(0, 14) == 0 and g.piece_at(14, 0) == 1
    assert g.piece_at(0, 0) is None and g.piece_at(15, 0) is None and g.piece_at(-1, 3) is None
    assert g.move_name(g.move_at(0, 14)) == "a1" and g.move_name(g.move_at(14, 0)) == "o15"
    assert g.move_at(15, 3) is None and g.move_at(3, -1) is None
    assert g.last_cell() == (14, 0)
    assert g.move_cell(g.parse_move("a1")) is None  # taken
    assert g.move_cell(g.parse_move("b1")) == (1, 14)
    assert g.counts() == (1, 1)
    assert g.winning_line() == []
    assert Gomoku().last_cell() is None


def test_str_draws_the_stones() -> None:
    g = Gomoku(9)
    g.play_moves("a1 i9 e5")
    lines = str(g).splitlines()
    assert lines[0].split() == list("abcdefghi")
    assert lines[1].split() == ["9"] + list("........O") + ["9"]
    assert lines[5].split() == ["5"] + list("....X....") + ["5"]
    assert lines[9].split() == ["1"] + list("X........") + ["1"]
    assert lines[-1] == "White (O) to move"


def test_copy_is_independent() -> None:
    g = Gomoku(9, "standard")
    g.play_moves("e5 d4")
    c = g.copy()
    c.play(c.parse_move("a1"))
    assert g.moves_text() == "e5 d4" and c.moves_text() == "e5 d4 a1"
    assert g.key() != c.key() and g.counts() == (1, 1)
    assert c.variant() == g.variant()
    c.pop()
    assert c.key() == g.key() and str(c) == str(g)


def naive_neighbourhood(g: Gomoku, radius: int) -> set[str]:
    stones = {parse_cell(g.move_name(m)) for m in g.move_stack}
    out = set()
    for col in range(g.size):
        for row in range(g.size):
            if (col, row) not in stones and any(
                max(abs(col - c), abs(row - r)) <= radius for c, r in stones
            ):
                out.add(name(col, row))
    return out


@pytest.mark.parametrize("size", [9, 15, 25])
def test_neighbourhood_matches_naive_and_never_wraps(size: int) -> None:
    rng = random.Random(size)
    g = Gomoku(size)
    assert g.neighbourhood(1) == 0 and g.neighbour_moves(2) == []
    # Corner and edge stones first: that is where a shift could wrap around.
    for text in (name(0, 0), name(size - 1, size - 1), name(size - 1, 3), name(0, 5)):
        g.play(g.parse_move(text))
    for _ in range(20):
        for radius in (1, 2, 3):
            expected = naive_neighbourhood(g, radius)
            assert {g.move_name(m) for m in g.neighbour_moves(radius)} == expected
            assert g.neighbourhood(radius).bit_count() == len(expected)
            assert g.neighbourhood(radius) & ~g.board_mask == 0
        g.play(rng.choice(g.legal_moves()))
    assert g.empty == g.board_mask & ~g.occupied
    assert g.board_mask.bit_count() == size * size


def test_run_length_and_directions() -> None:
    """Black h8 i8 j8 and i9: playing k8 would make four in the row, i10 three in the column.

     9 . . . . . . . . X . . . . . .
     8 . . . . . . . X X X . . . . .
    """
    g = Gomoku()
    g.play_moves("h8 a1 i8 a3 j8 a5 i9")
    assert g.directions == (1, 16, 17, 15) and g.stride == 16
    k8, i10, g7 = g.parse_moves("k8 i10 g7")
    assert g.run_length(k8, 0, 1) == 4
    assert g.run_length(i10, 0, g.stride) == 3
    assert g.run_length(g7, 0, g.stride + 1) == 3  # g7 with h8 and i9
    assert g.run_length(k8, 1, 1) == 1
    black = g.stones[0]
    assert black.bit_count() == 4 and g.stones[1].bit_count() == 3
    assert gomoku_module.five_starts(black, 1) == 0
