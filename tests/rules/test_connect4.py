"""Connect-4 rules: each test aims at one kind of bug.

Positions are written in notation (1-based column digits, ``"4453"``; on a board 10
wide column 10 is ``0``), with the diagram ``str()`` prints in the docstring: ``X``
is Red (moves first), ``O`` Yellow, row 0 of the bitboards is the bottom line.

Many tests compare against ``SlowConnect4`` below: an independent list-of-lists board
that looks for lines by scanning every cell of the board in the four directions,
written without the bitboards, shifts or tables of the real module.

Published counts used here:

* John Tromp, "John's Connect Four Playground", https://tromp.github.io/c4/c4.html
  (formerly http://homepages.cwi.nl/~tromp/c4/c4.html):
  "The value of all 1+7+49+343+2401=2801 up to 4-ply positions" -- the move
  sequences (perft) of 1 to 4 plies on 7x6.
* OEIS A212693 (John Tromp, from Edelkamp and Kissmann), "Number of legal 7 X 6
  Connect-Four positions after n plies": 1, 7, 49, 238, 1120, 4263, 16422, 54859,
  184275, 558186, ... -- distinct positions, so it checks ``key()`` as well.
* OEIS A235610 (John Tromp's table of positions by board size), "number of possible
  positions in standard Connect Four play on a board of height n and width k":
  T(4, 4) = 161029 -- every position of a whole game on 4 x 4, so it checks wins that
  end the game, full boards and ``key()`` on a second board size.

Deeper perft on 7x6 (no published table found): 16807 and 117649 are 7**5 and 7**6
(no column can fill and nobody can win before ply 7); 823536 is 7**7 - 7 (only the
seven single-column sequences overfill); depth 5 is re-counted here by
``SlowConnect4``. The first wins (ply 7) are checked by A212693's ply-8 count.
"""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import game.rules.connect4 as connect4_module
from game.rules import new_game
from game.rules.base import (
    PASS,
    IllegalMoveError,
    InvalidMoveError,
    InvalidVariantError,
    Outcome,
    RulesError,
)
from game.rules.connect4 import Connect4
from game.rules.perft import perft
from tests import positions

WORDS = {3: "three", 4: "four", 5: "five", 6: "six"}
STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))  # (dx, drow): right, up, up-right, down-right

VARIANTS = [
    (7, 6, 4), (4, 4, 3), (5, 4, 4), (4, 10, 4), (10, 4, 3),
    (10, 10, 5), (6, 9, 6), (8, 7, 5), (9, 5, 4),
]
"""(width, height, connect) boards that the random tests sample from."""


# --- the slow reference ----------------------------------------------------------------


class SlowConnect4:
    """``grid[row][x]`` is ``None``, 0 or 1 with row 0 at the bottom; lines by full scan."""

    def __init__(self, width: int = 7, height: int = 6, connect: int = 4) -> None:
        self.width, self.height, self.connect = width, height, connect
        self.grid: list[list[int | None]] = [[None] * width for _ in range(height)]
        self.moves: list[int] = []
        self._outcome: list[Outcome | None] = []  # memo of outcome(): one scan per position

    @property
    def turn(self) -> int:
        return len(self.moves) % 2

    def fill(self, x: int) -> int:
        """How many stones column ``x`` holds."""
        return sum(self.grid[row][x] is not None for row in range(self.height))

    def push(self, x: int) -> None:
        row = self.fill(x)
        assert row < self.height, f"column {x} is full"
        self.grid[row][x] = self.turn
        self.moves.append(x)
        self._outcome = []

    def pop(self) -> None:
        x = self.moves.pop()
        self.grid[self.fill(x) - 1][x] = None
        self._outcome = []

    def inside(self, x: int, row: int) -> bool:
        return 0 <= x < self.width and 0 <= row < self.height

    def line_from(self, x: int, row: int, dx: int, dy: int) -> bool:
        """Whether ``connect`` stones of one side start at (x, row) in direction (dx, dy)."""
        side = self.grid[row][x]
        if side is None:
            return False
        last = self.connect - 1
        if not self.inside(x + last * dx, row + last * dy):
            return False  # the line's far end is off the board (and so every cell after)
        grid = self.grid
        for i in range(1, self.connect):
            if grid[row + i * dy][x + i * dx] != side:
                return False
        return True

    def winners(self) -> set[int]:
        # The same full scan of every cell and direction as ever; empty cells are passed
        # over before their four directions are tried (the reference's main cost).
        return {
            self.grid[row][x]
            for row in range(self.height)
            for x in range(self.width)
            if self.grid[row][x] is not None
            for dx, dy in STEPS
            if self.line_from(x, row, dx, dy)
        }

    def outcome(self) -> Outcome | None:
        if not self._outcome:
            # Also memoised by the stones on the board, for every board alike: a perft
            # reaches the same position by many move orders (the scan is unchanged).
            key = (self.connect, tuple(map(tuple, self.grid)))
            if key not in OUTCOMES:
                if len(OUTCOMES) > 50_000:
                    OUTCOMES.clear()
                OUTCOMES[key] = self._scan_outcome()
            self._outcome.append(OUTCOMES[key])
        return self._outcome[0]

    def _scan_outcome(self) -> Outcome | None:
        winners = self.winners()
        assert len(winners) <= 1, "both sides have a line"
        if winners:
            return Outcome(winners.pop(), f"{WORDS[self.connect]} in a row")
        if len(self.moves) == self.width * self.height:
            return Outcome(None, "board full")
        return None

    def legal_moves(self) -> list[int]:
        if self.outcome() is not None:
            return []
        return [x for x in range(self.width) if self.fill(x) < self.height]

    def piece(self, x: int, y: int) -> int | None:
        """Display coordinates: y = 0 is the top row."""
        return self.grid[self.height - 1 - y][x]

    def winning_line(self) -> list[tuple[int, int]]:
        """Cells of every line of ``connect`` or more through the last stone (display)."""
        if not self.moves or not self.winners():
            return []
        x0 = self.moves[-1]
        r0 = self.fill(x0) - 1
        side = self.grid[r0][x0]
        cells = set()
        for dx, dy in STEPS:
            run = [(x0, r0)]
            for sign in (1, -1):
                x, r = x0 + sign * dx, r0 + sign * dy
                while self.inside(x, r) and self.grid[r][x] == side:
                    run.append((x, r))
                    x, r = x + sign * dx, r + sign * dy
            if len(run) >= self.connect:
                cells.update(run)
        return sorted((x, self.height - 1 - r) for x, r in cells)

    def completes_line(self, x: int, row: int, side: int) -> bool:
        """Would a stone of ``side`` on empty cell (x, row) make a line? (gravity ignored)"""
        for dx, dy in STEPS:
            run = 1
            for sign in (1, -1):
                xi, ri = x + sign * dx, row + sign * dy
                while self.inside(xi, ri) and self.grid[ri][xi] == side:
                    run += 1
                    xi, ri = xi + sign * dx, ri + sign * dy
            if run >= self.connect:
                return True
        return False


OUTCOMES: dict[tuple, Outcome | None] = {}
"""``SlowConnect4._scan_outcome`` by line length and grid."""


def slow_perft(ref: SlowConnect4, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for x in ref.legal_moves():
        ref.push(x)
        total += slow_perft(ref, depth - 1)
        ref.pop()
    return total


# --- helpers ---------------------------------------------------------------------------


def game_of(moves: str, width: int = 7, height: int = 6, connect: int = 4) -> Connect4:
    g = Connect4(width, height, connect)
    g.play_moves(moves)
    return g


def slow_of(moves: list[int], width: int, height: int, connect: int) -> SlowConnect4:
    ref = SlowConnect4(width, height, connect)
    for x in moves:
        ref.push(x)
    return ref


def divide(g: Connect4, depth: int) -> dict[int, int]:
    out = {}
    for move in g.legal_moves():
        g.push(move)
        out[move] = perft(g, depth - 1)
        g.pop()
    return out


def slow_divide(ref: SlowConnect4, depth: int) -> dict[int, int]:
    out = {}
    for x in ref.legal_moves():
        ref.push(x)
        out[x] = slow_perft(ref, depth - 1)
        ref.pop()
    return out


def bit(g: Connect4, x: int, row: int) -> int:
    """Bitboard bit of column x, row (0 = bottom) in Pons' layout."""
    return 1 << (x * (g.height + 1) + row)


def random_moves(variant: tuple[int, int, int], seed: int, plies: int) -> list[int]:
    """A legal game prefix of at most ``plies`` moves (shorter if the game ends)."""
    return list(positions.playout(Connect4(*variant), random.Random(seed), plies).move_stack)


def playout(g: Connect4, choices: list[int]) -> None:
    """Push one legal move per choice (index modulo the legal moves) until the end."""
    for choice in choices:
        moves = g.legal_moves()
        if not moves:
            break
        g.push(moves[choice % len(moves)])


variants = st.sampled_from(VARIANTS)
_choices = st.integers(min_value=0, max_value=10**6)
choice_lists = st.one_of(
    st.lists(_choices, max_size=110),
    st.lists(_choices, min_size=40, max_size=110),  # long enough to reach the end often
)
"""Choices for ``playout``: one index into the legal moves per ply."""


# --- module docs -----------------------------------------------------------------------


def test_module_doctests_pass():
    """The examples in the module's docstrings (the ones users read first) run."""
    result = doctest.testmod(connect4_module)
    assert result.attempted > 0
    assert result.failed == 0


# --- perft against published counts -----------------------------------------------------


@pytest.mark.parametrize("depth, nodes", [(0, 1), (1, 7), (2, 49), (3, 343), (4, 2401)])
def test_perft_start_matches_tromp(depth, nodes):
    """Move generation at the start: Tromp's 1+7+49+343+2401 (see module docstring)."""
    assert perft(Connect4(), depth) == nodes


@pytest.mark.slow
@pytest.mark.parametrize("depth, nodes", [(5, 16807), (6, 117649), (7, 823536)])
def test_perft_start_up_to_first_full_column(depth, nodes):
    """Up to 7 plies: full columns (7**7 - 7 at ply 7) but no wins yet."""
    assert perft(Connect4(), depth) == nodes


@pytest.mark.slow
def test_distinct_positions_per_ply_match_oeis_a212693():
    """Distinct keys after n plies equal OEIS A212693 (n <= 8).

    A key collision would make a count too small; a transposition given two keys,
    too large; a win that does not stop the game, too large from ply 8.
    """
    expected = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275]
    last = len(expected) - 1
    seen: list[set[int]] = [set() for _ in expected]  # the distinct keys of each ply
    g = Connect4()

    def walk(ply: int) -> None:
        # Each distinct key of a ply is expanded once, as a layer-by-layer walk would,
        # on one board by push and pop (no copy per position, a third less CPU).
        key = g.key()
        if key in seen[ply]:
            return
        seen[ply].add(key)
        if ply < last:
            for move in g.legal_moves():
                g.push(move)
                walk(ply + 1)
                g.pop()

    walk(0)
    assert [len(keys) for keys in seen] == expected


def test_every_position_of_4x4_games_matches_oeis_a235610():
    """161,029 positions on 4 wide x 4 high (OEIS A235610, T(4, 4)), walked to the end.

    A win that did not end the game would add positions after it; a full board that
    did not, moves past it; a key collision would merge two positions.
    """
    start = Connect4(4, 4, 4)
    seen = {start.key()}
    waiting = [start]
    while waiting:
        g = waiting.pop()
        if g.is_over():
            continue
        for move in g.legal_moves():
            g.push(move)
            if g.key() not in seen:
                seen.add(g.key())
                waiting.append(g.copy())
            g.pop()
    assert len(seen) == 161_029


# --- perft against the slow reference -----------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "variant, moves, depth",
    [
        ((7, 6, 4), "", 5),
        ((7, 6, 4), "4453", 4),  # Red can win on ply 7
        ((7, 6, 4), "44444433", 3),  # column 4 full
        ((7, 6, 4), "1122", 4),  # both threaten along the bottom rows
        ((4, 4, 3), "", 8),
        ((5, 4, 4), "", 7),
        ((4, 10, 4), "", 6),
        ((10, 4, 3), "", 4),
        ((10, 10, 5), "55667788", 3),
        ((6, 9, 6), "112211221122", 3),
    ],
)
def test_perft_matches_slow_reference(variant, moves, depth):
    """Per-first-move leaf counts (divide) equal the naive board's, on many boards."""
    g = game_of(moves, *variant)
    ref = slow_of(g.move_stack, *variant)
    assert divide(g, depth) == slow_divide(ref, depth), f"\n{g}"


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_perft_from_random_midgames_matches_slow_reference(variant, seed):
    """Middle-game positions, where wins, threats and full columns are all around."""
    width, height, _ = variant
    plies = random.Random(seed).randrange(8, width * height // 2 + 8)
    moves = random_moves(variant, seed, plies)
    g = Connect4(*variant)
    for move in moves:
        g.push(move)
    if g.is_over():
        g.pop()
    ref = slow_of(g.move_stack, *variant)
    assert divide(g, 3) == slow_divide(ref, 3), f"\n{g}"


# --- random playouts ------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(variant=variants, choices=choice_lists)
def test_every_ply_agrees_with_slow_reference(variant, choices):
    """Outcome, legal moves, stones, counts, winning line: same as the naive board."""
    g = Connect4(*variant)
    ref = SlowConnect4(*variant)
    for choice in [*choices, None]:
        assert g.outcome() == ref.outcome(), f"\n{g}"
        assert sorted(g.legal_moves()) == ref.legal_moves(), f"\n{g}"
        assert g.turn == ref.turn
        board = [[g.piece_at(x, y) for x in range(g.width)] for y in range(g.height)]
        assert board == [[ref.piece(x, y) for x in range(g.width)] for y in range(g.height)]
        assert g.counts() == (
            sum(row.count(0) for row in board), sum(row.count(1) for row in board)
        )
        assert g.winning_line() == ref.winning_line(), f"\n{g}"
        moves = g.legal_moves()
        if choice is None or not moves:
            break
        move = moves[choice % len(moves)]
        g.push(move)
        ref.push(move)
    outcome = g.outcome()
    event("running" if outcome is None else f"{outcome.reason}, winner {outcome.winner}")


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(variant=variants, choices=choice_lists)
def test_pop_restores_key_and_str_exactly(variant, choices):
    """Every pop undoes its push: key, diagram, outcome, legal moves, last cell."""
    g = Connect4(*variant)
    seen = []
    for choice in choices:
        moves = g.legal_moves()
        if not moves:
            break
        seen.append((g.key(), str(g), g.outcome(), moves, g.last_cell(), list(g.move_stack)))
        g.push(moves[choice % len(moves)])
    while seen:
        key, text, outcome, moves, last, stack = seen.pop()
        g.pop()
        assert (g.key(), str(g)) == (key, text)
        assert g.outcome() == outcome
        assert g.legal_moves() == moves
        assert g.last_cell() == last
        assert g.move_stack == stack
    assert g.key() == Connect4(*variant).key()


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(variant=variants, choices=choice_lists, seed=st.integers(0, 2**32))
def test_transpositions_share_key(variant, choices, seed):
    """The same stones reached in another move order give the same key (and diagram).

    The other order replays each column's stones bottom to top in a random
    interleaving that keeps the colours alternating. A game that was just won is
    cut one move short: the other order might complete the line earlier.
    """
    g = Connect4(*variant)
    playout(g, choices)
    if g.outcome() is not None and g.outcome().winner is not None:
        g.pop()
    stacks = [
        [g.piece_at(x, y) for y in reversed(range(g.height)) if g.piece_at(x, y) is not None]
        for x in range(g.width)
    ]
    rnd = random.Random(seed)
    other = Connect4(*variant)
    dead_ends: set[tuple[int, ...]] = set()

    def replay(done: list[int]) -> bool:
        if other.ply == g.ply:
            return True
        if tuple(done) in dead_ends:
            return False
        columns = [x for x in range(g.width) if done[x] < len(stacks[x])]
        rnd.shuffle(columns)
        for x in columns:
            if stacks[x][done[x]] == other.turn:
                other.push(x)
                done[x] += 1
                if replay(done):
                    return True
                done[x] -= 1
                other.pop()
        dead_ends.add(tuple(done))
        return False

    assert replay([0] * g.width)
    assert other.key() == g.key()
    assert str(other) == str(g)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(variant=variants, a=choice_lists, b=choice_lists)
def test_different_positions_have_different_keys(variant, a, b):
    """Keys differ whenever the boards differ (no collisions between random positions)."""
    g, h = Connect4(*variant), Connect4(*variant)
    playout(g, a)
    playout(h, b)
    assert (g.key() == h.key()) == (str(g) == str(h))


@settings(max_examples=100, deadline=None)
@given(variant=variants, choices=choice_lists)
def test_copy_is_independent(variant, choices):
    """A copy has the same position and history, and changing one leaves the other."""
    g = Connect4(*variant)
    playout(g, choices[: len(choices) // 2])
    before = (g.key(), str(g), list(g.move_stack))
    c = g.copy()
    assert (c.key(), str(c), c.move_stack) == before
    playout(c, choices[len(choices) // 2 :])
    while c.ply:
        c.pop()
    assert (g.key(), str(g), g.move_stack) == before
    assert c.key() == Connect4(*variant).key()


# --- notation -------------------------------------------------------------------------------


@pytest.mark.parametrize("width", range(4, 11))
def test_move_names_round_trip_on_every_width(width):
    """parse_move(move_name(m)) == m for every column of every width."""
    g = Connect4(width=width)
    names = [g.move_name(m) for m in range(width)]
    assert [g.parse_move(n) for n in names] == list(range(width))
    assert len(set(names)) == width


@settings(max_examples=100, deadline=None)
@given(variant=variants, choices=choice_lists)
def test_game_text_round_trips(variant, choices):
    """parse_moves(moves_text()) is the move stack, and replays to the same position."""
    g = Connect4(*variant)
    playout(g, choices)
    text = g.moves_text()
    assert g.parse_moves(text) == g.move_stack
    assert game_of(text, *variant).key() == g.key()


def test_width_10_writes_column_10_as_zero():
    """Column 10 is the digit 0, like the keyboard's number row."""
    g = Connect4(width=10, height=4)
    assert g.move_name(9) == "0"
    assert g.parse_move("0") == 9
    assert g.parse_moves("1234567890") == list(range(10))
    g.play_moves("00")
    assert g.moves_text() == "00"
    assert str(g).splitlines()[-2] == "1 2 3 4 5 6 7 8 9 0"


def test_parse_accepts_spaces():
    """One digit with spaces around; whole games with spaces between moves."""
    g = Connect4()
    assert g.parse_move(" 4\n") == 3
    assert g.parse_moves("4 4 5 3") == g.parse_moves("4453") == [3, 3, 4, 2]
    assert g.parse_moves("") == []
    assert Connect4.moves_separator == ""


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "no move"),
        ("x", "'x' is not a column"),
        ("45", "not one move"),
        ("-1", "not one move"),
        ("8", "there is no column 8"),
        ("0", "there is no column 10"),
    ],
)
def test_bad_move_text_is_rejected_with_a_sentence(text, words):
    """Syntax and off-board columns raise InvalidMoveError (a ValueError) in words."""
    with pytest.raises(InvalidMoveError, match=words) as error:
        Connect4().parse_move(text)
    assert isinstance(error.value, ValueError)
    assert "1 to 7" in str(error.value)


def test_bad_game_text_names_the_move():
    """parse_moves says which move is wrong."""
    with pytest.raises(InvalidMoveError, match="move 3: 'x' is not a column"):
        Connect4().parse_moves("4 4 x 3")
    with pytest.raises(InvalidMoveError, match="move 2: there is no column 9"):
        Connect4().parse_moves("49")


def test_move_name_rejects_off_board_moves():
    with pytest.raises(InvalidMoveError):
        Connect4().move_name(7)
    with pytest.raises(InvalidMoveError):
        Connect4().move_name(PASS)


# --- illegal moves leave the position alone -----------------------------------------------


def snapshot(g: Connect4) -> tuple:
    return g.key(), str(g), list(g.move_stack), g.outcome(), g.legal_moves()


def test_full_column_is_illegal_and_changes_nothing():
    """
    ::

        . . . O . . .
        . . . X . . .
        . . . O . . .
        . . . X . . .
        . . . O . . .
        . . . X . . .
        1 2 3 4 5 6 7
    """
    g = game_of("444444")
    assert 3 not in g.legal_moves()
    assert g.move_cell(3) is None
    before = snapshot(g)
    with pytest.raises(IllegalMoveError, match="column 4 is full"):
        g.play(3)
    assert snapshot(g) == before
    assert not g.is_legal(3)


def test_moves_after_the_game_is_over_are_illegal():
    """Red's vertical four ends the game: no legal moves, play refuses politely."""
    g = game_of("1212121")
    assert g.legal_moves() == []
    before = snapshot(g)
    with pytest.raises(IllegalMoveError, match="the game is already over"):
        g.play(4)
    assert snapshot(g) == before
    assert not g.can_win_now()
    assert g.winning_moves() == []


@pytest.mark.parametrize(
    "move, words",
    [(7, "there is no column 8"), (-3, "there is no column -2"), (PASS, "no passing")],
)
def test_off_board_moves_are_illegal(move, words):
    g = game_of("44")
    before = snapshot(g)
    with pytest.raises(IllegalMoveError, match=words):
        g.play(move)
    assert snapshot(g) == before
    assert not g.is_legal(move)


def test_play_moves_with_an_illegal_move_restores_everything():
    """Column 4 overflows at move 8 of the list: nothing of the list stays played."""
    g = game_of("12")
    before = snapshot(g)
    with pytest.raises(IllegalMoveError, match="move 8: column 4 is full"):
        g.play_moves("3 444444 4 5")
    assert snapshot(g) == before


def test_play_moves_past_the_end_of_the_game_restores_everything():
    g = Connect4()
    with pytest.raises(IllegalMoveError, match="move 8: the game is already over"):
        g.play_moves("12121215")
    assert snapshot(g) == snapshot(Connect4())


def test_play_moves_with_bad_text_changes_nothing():
    g = game_of("4")
    before = snapshot(g)
    with pytest.raises(InvalidMoveError, match="move 2"):
        g.play_moves("4?4")
    assert snapshot(g) == before


def test_errors_are_rules_errors():
    """The CLI and UI catch RulesError; every error here is one."""
    for cls in (IllegalMoveError, InvalidMoveError, InvalidVariantError):
        assert issubclass(cls, RulesError)


# --- wins -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "moves, winner, line",
    [
        # O O O . . . .   (bottom two rows; the rest is empty)
        # X X X X . . .
        ("1122334", 0, [(0, 5), (1, 5), (2, 5), (3, 5)]),
        # X O . . . . .   (bottom four rows)
        # X O . . . . .
        # X O . . . . .
        # X O . . . . .
        ("1212121", 0, [(0, 2), (0, 3), (0, 4), (0, 5)]),
        # . . . O . . .   (bottom five rows)
        # . . . X . . .
        # . . X O . . .
        # . X O O . . .
        # X O X X . . .
        ("12334424443", 0, [(0, 5), (1, 4), (2, 3), (3, 2)]),
        # X . . . . . .   (bottom four rows)
        # O X . . . . .
        # O X X O . . .
        # O X O X . . .
        ("21233141142", 0, [(0, 2), (1, 3), (2, 4), (3, 5)]),
        # . . . . . . O   (bottom four rows: Yellow along the right edge)
        # . . . . . O X
        # . . . . O X X
        # . . . O X O X
        ("7655647677", 1, [(3, 5), (4, 4), (5, 3), (6, 2)]),
        # . . . O O O O   (all six rows: Yellow along the top row)
        # . . . X X O X
        # . . . O O X X
        # . . . X X X O
        # . . . O X O X
        # . . . O X X O
        ("665764776676745755445544", 1, [(3, 0), (4, 0), (5, 0), (6, 0)]),
    ],
    ids=["horizontal", "vertical", "up-right", "down-right", "yellow-diagonal", "top-row"],
)
def test_wins_in_every_direction(moves, winner, line):
    """A four in each direction ends the game and is the winning line; pop revives it."""
    g = game_of(moves)
    assert g.outcome() == Outcome(winner, "four in a row"), f"\n{g}"
    assert g.winning_line() == line
    assert g.legal_moves() == []
    assert slow_of(g.move_stack, 7, 6, 4).outcome() == g.outcome()
    last = g.pop()
    assert g.outcome() is None
    assert g.winning_line() == []
    assert g.can_win_now() and last in g.winning_moves()


def test_a_line_longer_than_needed_wins_and_is_drawn_whole():
    """Red fills the gap of X X . X X: five in a row, all five cells highlighted.

    ::

        . . . . . . .
        O O . O . . .
        X X X X X . O
        1 2 3 4 5 6 7
    """
    g = game_of("112244573")
    assert g.outcome() == Outcome(0, "four in a row")
    assert g.winning_line() == [(x, 5) for x in range(5)]


def test_two_lines_through_the_last_stone_are_both_drawn():
    """Red's last stone on column 4 completes the bottom row and a diagonal at once.

    ::

        . . . . . . .
        O . . . . . .
        X . . . . . .
        O X . . . . .
        O O X . O . .
        X X X X O . .
        1 2 3 4 5 6 7
    """
    g = game_of("2511353221114")
    assert g.outcome() == Outcome(0, "four in a row"), f"\n{g}"
    assert g.winning_line() == [
        (0, 2), (0, 5), (1, 3), (1, 5), (2, 4), (2, 5), (3, 5)
    ]
    assert g.winning_line() == slow_of(g.move_stack, 7, 6, 4).winning_line()


@pytest.mark.parametrize(
    "moves, red",
    [
        # Red holds the top two cells of column 1 and the bottom two of column 2:
        # with a stride of 6 (no sentinel row) those bits would be one column.
        # X . . . . . .
        # X . . . . . .
        # O . . . . . .
        # X . . . . . .
        # O X . . O . .
        # O X X . O . .
        ("25312111151", [(0, 4), (0, 5), (1, 0), (1, 1)]),
        # End of one row and start of the next: a row-major board would wrap.
        # O . . . . . .
        # X X . . . . .
        # O O . . . X X
        ("7111622", [(5, 0), (6, 0), (0, 1), (1, 1)]),
        # Up-right off the top of column 2 would land at the bottom of column 4.
        ("1716425155222112732", [(0, 4), (1, 5), (3, 0), (4, 1)]),
        # Down-right off the bottom of column 3 would land at its own top.
        ("34324333265234454", [(1, 1), (2, 0), (2, 5), (3, 4)]),
    ],
    ids=["vertical", "horizontal", "up-right", "down-right"],
)
def test_lines_do_not_wrap_between_columns_or_rows(moves, red):
    """Four Red stones that are consecutive bits in a careless layout are no line."""
    g = game_of(moves)
    assert all(g.piece_at(x, 5 - row) == 0 for x, row in red), f"\n{g}"
    assert g.outcome() is None, f"\n{g}"
    assert slow_of(g.move_stack, 7, 6, 4).outcome() is None


# --- full board -------------------------------------------------------------------------------

DRAWS = [
    # The 7x6 game fills the board with no four in a row:
    # X O O O X O X
    # O X X X O X O
    # X O O O X X X
    # X O X O X X O
    # O X X X O O O
    # O X O O O X X
    ((7, 6, 4), "637534366563272231677352562245577114111444"),
    ((4, 4, 3), "1223413443321421"),
    ((5, 4, 4), "43242223331514545511"),
    ((6, 9, 5), "116654322416554545333555442425114413623613362223261166"),
]


@pytest.mark.parametrize("variant, moves", DRAWS, ids=["7x6", "4x4-3", "5x4", "6x9-5"])
def test_full_board_is_a_draw(variant, moves):
    """The last stone fills the board without a line: a draw, nothing left to play."""
    g = game_of(moves, *variant)
    ref = slow_of(g.move_stack, *variant)
    assert ref.outcome() == Outcome(None, "board full"), f"\n{g}"
    assert g.outcome() == Outcome(None, "board full"), f"\n{g}"
    assert g.legal_moves() == []
    assert g.winning_line() == []
    assert g.counts() == (len(moves) // 2, len(moves) // 2)
    assert str(g).endswith("draw (board full)")
    g.pop()
    assert g.outcome() is None
    assert len(g.legal_moves()) == 1


def test_last_stone_wins_on_a_full_board():
    """A line made by the stone that fills the board is a win, not a draw (4x4, three)."""
    rnd = random.Random(7)
    for _ in range(2000):
        g = Connect4(4, 4, 3)
        while g.legal_moves():
            g.push(rnd.choice(g.legal_moves()))
        if g.ply == 16 and g.outcome().winner is not None:
            break
    assert g.ply == 16 and g.outcome().winner is not None
    assert g.outcome() == slow_of(g.move_stack, 4, 4, 3).outcome()
    assert g.outcome().reason == "three in a row"


# --- other sizes and line lengths --------------------------------------------------------------


@pytest.mark.parametrize(
    "variant, moves, outcome",
    [
        ((4, 4, 3), "11223", Outcome(0, "three in a row")),
        ((4, 4, 3), "1213", None),  # X X at the bottom with a gap is not three
        ((10, 10, 5), "112233445", Outcome(0, "five in a row")),
        ((10, 10, 5), "11223344", None),
        ((10, 10, 5), "0102030495", Outcome(1, "five in a row")),  # Yellow, columns 1-5
        ((6, 9, 6), "12121212121", Outcome(0, "six in a row")),
        ((6, 9, 6), "1212121", None),  # four in a row does not win at six
        ((6, 9, 6), "123456123456123456123456123456", None),
        ((4, 10, 6), "1212121212 1", Outcome(0, "six in a row")),
        ((10, 4, 5), "10203040", None),  # column 10 full, Red has four
    ],
)
def test_other_sizes_and_line_lengths(variant, moves, outcome):
    """The line length is the variant's: shorter lines do not win, reasons say the length."""
    g = game_of(moves, *variant)
    assert g.outcome() == outcome, f"\n{g}"
    assert slow_of(g.move_stack, *variant).outcome() == outcome


@pytest.mark.parametrize(
    "options, words",
    [
        ({"width": 3}, "4 to 10 columns wide, not 3"),
        ({"width": 11}, "4 to 10 columns wide, not 11"),
        ({"height": 3}, "4 to 10 rows high, not 3"),
        ({"height": 11}, "4 to 10 rows high, not 11"),
        ({"connect": 2}, "3 to 6 in a row to win, not 2"),
        ({"connect": 7}, "3 to 6 in a row to win, not 7"),
        ({"width": 4, "height": 4, "connect": 5}, "5 in a row does not fit"),
        ({"width": "7"}, "whole number"),
        ({"height": 6.0}, "whole number"),
        ({"connect": True}, "whole number"),
    ],
)
def test_invalid_variants_are_rejected_in_words(options, words):
    with pytest.raises(InvalidVariantError, match=words):
        Connect4(**options)


@pytest.mark.parametrize("variant", [(4, 4, 3), (10, 10, 6), (4, 10, 6), (10, 4, 6), (4, 4, 4)])
def test_extreme_variants_are_accepted_and_rebuild(variant):
    g = Connect4(*variant)
    assert g.variant() == dict(zip(("width", "height", "connect"), variant))
    assert type(g)(**g.variant()).key() == g.key()
    assert new_game("connect4", **g.variant()).variant() == g.variant()


def test_registered_with_the_default_variant():
    g = new_game("connect4")
    assert isinstance(g, Connect4)
    assert g.variant() == {"width": 7, "height": 6, "connect": 4}
    assert (g.name, g.title, g.side_names) == ("connect4", "Connect-4", ("Red", "Yellow"))


# --- what the board view and the search read ----------------------------------------------------


def test_legal_moves_are_centre_first_and_fresh():
    """Centre columns first (the search's move ordering); callers may sort the list."""
    g = Connect4()
    moves = g.legal_moves()
    assert moves == [3, 2, 4, 1, 5, 0, 6]
    moves.sort()
    assert g.legal_moves() == [3, 2, 4, 1, 5, 0, 6]
    assert Connect4(width=6).legal_moves() == [2, 3, 1, 4, 0, 5]
    assert game_of("444444").legal_moves() == [2, 4, 1, 5, 0, 6]


def test_board_view_coordinates():
    """y = 0 is the top row; a click anywhere in a column means that column.

    ::

        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . O . . .
        . . O X X . .
        1 2 3 4 5 6 7
    """
    g = game_of("4453")
    assert str(g) == "\n".join(
        [". . . . . . ."] * 4 + [". . . O . . .", ". . O X X . .", "1 2 3 4 5 6 7", "Red to move"]
    )
    pieces = (g.piece_at(3, 5), g.piece_at(3, 4), g.piece_at(2, 5), g.piece_at(3, 3))
    assert pieces == (0, 1, 1, None)
    assert g.piece_at(7, 0) is None and g.piece_at(0, 6) is None
    assert [g.move_at(3, y) for y in range(6)] == [3] * 6
    assert g.move_at(7, 0) is None and g.move_at(0, -1) is None
    assert g.move_cell(3) == (3, 3) and g.move_cell(0) == (0, 5) and g.move_cell(7) is None
    assert g.last_cell() == (2, 5)
    assert Connect4().last_cell() is None
    assert g.counts() == (2, 2)
    assert g.turn == 0
    g.push(0)
    assert g.turn == 1 and g.counts() == (3, 2) and g.last_cell() == (0, 5)


def test_status_line_names_the_winner():
    assert str(game_of("1212121")).endswith("Red won (four in a row)")
    assert str(game_of("12324262")).endswith("Yellow won (four in a row)")
    assert str(game_of("1")).endswith("Yellow to move")


def test_key_is_pons_current_plus_mask():
    """The documented key, for the transposition table's sake."""
    g = game_of("4453")
    assert g.key() == g.current + g.mask
    assert g.opponent == g.current ^ g.mask


def test_bitboards_follow_pons_layout():
    """Bit x * (height + 1) + row, row 0 at the bottom; current = side to move."""
    g = game_of("4453")  # Red: (3,0), (4,0); Yellow: (3,1), (2,0); Red to move
    red = bit(g, 3, 0) | bit(g, 4, 0)
    yellow = bit(g, 3, 1) | bit(g, 2, 0)
    assert (g.current, g.mask) == (red, red | yellow)
    g.push(0)
    assert (g.current, g.mask) == (yellow, red | yellow | bit(g, 0, 0))
    assert g.stride == 7
    assert g.bottom_mask == sum(bit(g, x, 0) for x in range(7))
    assert g.top_mask == sum(bit(g, x, 5) for x in range(7))
    assert g.column_masks[2] == sum(bit(g, 2, row) for row in range(6))
    assert g.board_mask == sum(g.column_masks)
    assert g.board_mask.bit_count() == 42
    assert g.playable() == bit(g, 0, 1) | bit(g, 1, 0) | bit(g, 2, 1) | bit(g, 3, 2) | bit(
        g, 4, 1
    ) | bit(g, 5, 0) | bit(g, 6, 0)
    assert g.directions == (1, 7, 8, 6)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS + [(10, 4, 6), (4, 10, 6), (10, 10, 6)])
def test_line_test_matches_a_plain_scan_on_any_stones(variant):
    """``has_line`` (the multiply-and test ``push`` runs) on dense random stone sets.

    Games rarely build the crowded patterns where the packed copies of the board
    could leak from one slot into the next (lines of 5 and 6 need the widest
    slots); random bitboards do, thousands per board size.
    """
    g = Connect4(*variant)
    rnd = random.Random(sum(variant))
    cells = [(x, row) for x in range(g.width) for row in range(g.height)]
    for _ in range(1500):
        density = rnd.choice((0.3, 0.5, 0.7, 0.85))
        stones = [cell for cell in cells if rnd.random() < density]
        ref = SlowConnect4(*variant)
        for x, row in stones:
            ref.grid[row][x] = 0
        bits = sum(bit(g, x, row) for x, row in stones)
        assert g.has_line(bits) == (0 in ref.winners()), sorted(stones)


@settings(max_examples=150, deadline=None)
@given(variant=variants, choices=choice_lists)
def test_winning_cells_match_brute_force(variant, choices):
    """For both sides, the empty cells where a stone would complete a line."""
    g = Connect4(*variant)
    playout(g, choices)
    if g.is_over():
        g.pop()
    ref = slow_of(g.move_stack, *variant)
    for side, stones in ((g.turn, g.current), (1 - g.turn, g.opponent)):
        expected = 0
        for x in range(g.width):
            for row in range(g.height):
                if ref.grid[row][x] is None and ref.completes_line(x, row, side):
                    expected |= bit(g, x, row)
        assert g.winning_cells(stones) == expected, f"side {side}\n{g}"
        assert g.winning_cells(stones, g.mask) == expected


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(variant=variants, choices=choice_lists)
def test_can_win_now_matches_trying_every_move(variant, choices):
    g = Connect4(*variant)
    playout(g, choices)
    if g.is_over():
        g.pop()
    winners = []
    for move in g.legal_moves():
        g.push(move)
        if g.outcome() is not None and g.outcome().winner is not None:
            winners.append(move)
        g.pop()
    assert g.winning_moves() == winners
    assert g.can_win_now() == bool(winners)
