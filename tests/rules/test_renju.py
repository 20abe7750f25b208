"""Renju: Black's forbidden points, the renju rule of ``Gomoku``, against a slow reference.

Positions are diagrams, top row first (``X`` Black, ``O`` White, ``.`` empty), the
format of ``plies forbidden --board``; in the docstrings ``*`` marks the point asked
about (it is empty on the board).
"""

from __future__ import annotations

import doctest
import random

import pytest

import game.rules.renju as renju
from game.rules.base import IllegalMoveError, RulesError
from game.rules.gomoku import LETTERS, Gomoku, parse_diagram
from game.rules.perft import perft
from tests.rules.renju_reference import Board


def board(rows: str) -> tuple[int, int, int]:
    """``(size, black, white)`` of a diagram written one row a line (``*`` is empty)."""
    return parse_diagram("/".join(rows.split()).replace("*", "."))


def cell(size: int, text: str) -> int:
    return Gomoku(size).parse_move(text)


def kinds(rows: str) -> dict[str, str]:
    """Every forbidden point of a diagram, by name."""
    size, black, white = board(rows)
    return {Gomoku(size).move_name(m): k
            for m, k in renju.forbidden_points(black, white, size).items()}


def kind_at(rows: str, name: str) -> str | None:
    size, black, white = board(rows)
    return renju.forbidden_kind(black, white, cell(size, name), size)


def reference(rows: str) -> dict[str, str]:
    size, black, white = board(rows)
    stride = size + 1
    b = {(m % stride, m // stride) for m in range(size * stride) if black >> m & 1}
    w = {(m % stride, m // stride) for m in range(size * stride) if white >> m & 1}
    return {f"{LETTERS[c]}{r + 1}": k for (c, r), k in Board(size, b, w).forbidden().items()}


def test_doctests() -> None:
    assert doctest.testmod(renju).failed == 0


# --- each kind -------------------------------------------------------------------------

DOUBLE_THREE = """
    .........
    .........
    ....X....
    ....X....
    ..XX*....
    .........
    .........
    .........
    .........
"""


def test_double_three() -> None:
    """Row c5 d5 * and column e6 e7: two open threes meeting in e5.

        .........
        .........
        ....X....
        ....X....
        ..XX*....
        .........
    """
    assert kind_at(DOUBLE_THREE, "e5") == renju.DOUBLE_THREE
    assert kinds(DOUBLE_THREE) == {"e5": "double-three"}


def test_split_threes_count_too() -> None:
    """A split three (b5 . d5 *) and a split column (e7 . * e4) make a double-three.

        .........
        .........
        ....X....
        .........
        .X.X*....
        ....X....
        .........
    """
    rows = """
        .........
        .........
        ....X....
        .........
        .X.X*....
        ....X....
        .........
        .........
        .........
    """
    assert kind_at(rows, "e5") == "double-three"


def test_a_blocked_three_is_not_a_three() -> None:
    """White at b5 closes the row: c5 d5 * can only become a closed four.

        ....X....
        ....X....
        .OXX*....
        .........
    """
    rows = DOUBLE_THREE.replace("..XX*....", ".OXX*....")
    assert kind_at(rows, "e5") is None


def test_the_edge_blocks_like_a_white_stone() -> None:
    """a5 b5 * at the left edge: a straight four would need a cell off the board.

        .........
        ..X......
        ..X......
        XX*......
        .........
    """
    rows = """
        .........
        .........
        .........
        ..X......
        ..X......
        XX*......
        .........
        .........
        .........
    """
    assert kind_at(rows, "c4") is None
    assert kind_at(rows.replace("XX*......", ".XX*.....").replace("..X......", "...X....."),
                   "d4") == "double-three"


def test_double_four_in_two_lines() -> None:
    """Row b5 c5 d5 * (a four) and column e6 e7 e8 * (a four): a double-four.

        .........
        ....X....
        ....X....
        ....X....
        OXXX*....
        .........
    """
    rows = """
        .........
        ....X....
        ....X....
        ....X....
        OXXX*....
        .........
        .........
        .........
        .........
    """
    assert kind_at(rows, "e5") == "double-four"


def test_double_four_in_one_line() -> None:
    """X . X * X . X: each gap makes its own exact five, so two fours in one line.

        .........
        X.X*X.X..
        .........
    """
    rows = """
        .........
        .........
        .........
        .........
        X.X*X.X..
        .........
        .........
        .........
        .........
    """
    assert kind_at(rows, "d5") == "double-four"
    # A straight four is one four, not two.
    assert kind_at(rows.replace("X.X*X.X..", "..XX*X..."), "e5") is None


def test_overline() -> None:
    """XXX * XX: six in a row.

        XXX*XX...
    """
    rows = """
        .........
        .........
        .........
        .........
        XXX*XX...
        .........
        .........
        .........
        .........
    """
    assert kind_at(rows, "d5") == "overline"


def test_a_four_is_not_a_four_when_its_five_would_be_six() -> None:
    """X X X * . X: the gap would make seven, so * makes no four in the row; with the
    column four (e6 e7 e8 *) that is a single four, not a double-four.

        ....X....
        ....X....
        ....X....
        OXXX*.X..
    """
    rows = """
        .........
        ....X....
        ....X....
        ....X....
        OXXX*.X..
        .........
        .........
        .........
        .........
    """
    assert kind_at(rows, "e5") is None
    # Without the white stone, a5 makes an exact five: a second four.
    assert kind_at(rows.replace("OXXX*.X..", ".XXX*.X.."), "e5") == "double-four"


def test_four_three_is_allowed() -> None:
    """Row b5 c5 d5 * is a four, column e6 e7 * a three: a four-three, Black's win.

        .........
        .........
        ....X....
        ....X....
        OXXX*....
    """
    rows = """
        .........
        .........
        ....X....
        ....X....
        OXXX*....
        .........
        .........
        .........
        .........
    """
    assert kind_at(rows, "e5") is None


def test_three_threes_are_a_double_three() -> None:
    """Row c5 d5 *, column e6 e7 *, diagonal f6 g7 *: three threes, forbidden.

        ....X.X..
        ....XX...
        ..XX*....
    """
    rows = """
        .........
        .........
        ....X.X..
        ....XX...
        ..XX*....
        .........
        .........
        .........
        .........
    """
    assert kind_at(rows, "e5") == "double-three"


# --- the five always wins ------------------------------------------------------------------


def test_exact_five_wins_even_through_an_overline_shape() -> None:
    """d5 makes a five in the column and six in the row: the five wins.

        ...X.....
        ...X.....
        ...X.....
        ...X.....
        XXX*XX...
    """
    rows = """
        .........
        .........
        .........
        ...X.....
        ...X.....
        ...X.....
        ...X.....
        XXX*XX...
        .........
    """
    assert kind_at(rows, "d2") is None
    g = Gomoku(9, "renju")
    g.play_moves("d6 a9 d5 c9 d4 e9 d3 g9 a2 i9 b2 i7 c2 i5 e2 i3 f2 g7")
    assert g.forbidden_kind(cell(9, "d2")) is None
    g.play(cell(9, "d2"))
    assert g.outcome() is not None and g.outcome().winner == 0


def test_exact_five_wins_even_through_a_double_three() -> None:
    """e5 completes the row b5..f5 and also makes threes in the column and a diagonal.

        ....X.X..
        ....XX...
        .XXX*X...
    """
    rows = """
        .........
        .........
        ....X.X..
        ....XX...
        .XXX*X...
        .........
        .........
        .........
        .........
    """
    assert kind_at(rows, "e5") is None
    # Without f5 the row is only a four, and the two threes make e5 forbidden.
    assert kind_at(rows.replace(".XXX*X...", ".XXX*...."), "e5") == "double-three"


# --- the recursion ---------------------------------------------------------------------------

NOT_A_THREE = """
    ...............
    ...............
    ...............
    ...............
    .....X.........
    .....X.X.......
    .....X.X.......
    ....X.X*.......
    ...............
    ...............
    ...............
    ...............
    ...............
    ...............
    ...............
"""


def test_a_three_whose_only_completion_is_forbidden_is_not_a_three() -> None:
    """h8 makes the column three h8 h9 h10 and the row e8 . g8 h8, whose only
    straight-four point is f8; but with h8 placed, f8 makes the row's straight four
    and the four f8 f9 f10 f11: a double-four. So the row is no three and h8 is allowed.

        .....X.........   11
        .....X.X.......   10
        .....X.X.......    9
        ....X.X*.......    8
    """
    assert kind_at(NOT_A_THREE, "h8") is None
    assert "h8" not in kinds(NOT_A_THREE)
    # Without the column f stones f8 is harmless and h8 is a double-three.
    plain = NOT_A_THREE.replace(".....X.X.......", ".......X.......").replace(
        ".....X.........", "...............")
    assert kind_at(plain, "h8") == "double-three"
    assert kinds(NOT_A_THREE) == reference(NOT_A_THREE)


NESTED = [
    # Found by comparing the full recursion with one cut at depth 1: in each, a point
    # is a double-three only because a completion point's own completion point is
    # forbidden (so that completion point is allowed, and the three is real).
    ("........./..X.O..../.XXX.OO../.X..O..../.OXXXO.../.X......./......O../.OO.X.O../"
     ".........", {"d4": "double-three", "d6": "double-three"}),
    ("........./..XX.O.O./.....OOX./.OXXX.XX./.XX....X./.....X.O./..OO.OO../.O..XO.../"
     ".........", {"d5": "double-three", "f6": "overline", "d7": "double-three"}),
    ("........./...XXXO../.X.X.OO../.O.X..XO./..X.X.OO./.O.....O./...XX.OO./.OXOX..X./"
     ".........", None),
]


@pytest.mark.parametrize(("diagram", "expected"), NESTED)
def test_nested_recursion(diagram: str, expected: dict[str, str] | None) -> None:
    """Depth-two cases, e.g. the first:

        .........
        ..X.O....
        .XXX.OO..
        .X..O....
        .OXXXO...
        .X.......
        ......O..
        .OO.X.O..
        .........
    """
    rows = "\n".join(diagram.split("/"))
    found = kinds(rows)
    assert found == reference(rows)
    if expected is not None:
        assert found == expected
    # Cutting the recursion at depth one changes the answer: the case is really nested.
    size, black, white = board(rows)
    shallow = _cut_at_depth_one(black, white, size)
    assert shallow != renju.forbidden_points(black, white, size)


def _cut_at_depth_one(black: int, white: int, size: int) -> dict[int, str]:
    real = renju._kind
    depth = [0]

    def cut(b, w, move, rays, memo):  # type: ignore[no-untyped-def]
        if depth[0] > 1:
            return None
        depth[0] += 1
        try:
            return real(b, w, move, rays, {})
        finally:
            depth[0] -= 1

    renju._kind = cut
    try:
        return renju.forbidden_points(black, white, size)
    finally:
        renju._kind = real


# --- against the slow reference ------------------------------------------------------


def random_position(rng: random.Random) -> tuple[int, set, set]:
    size = rng.choice((9, 10, 11))
    margin = rng.choice((0, 1))
    cells = [(c, r) for c in range(margin, size - margin) for r in range(margin, size - margin)]
    nb = rng.randint(6, 24)
    nw = rng.randint(max(0, nb - 6), nb)
    picks = rng.sample(cells, nb + nw)
    return size, set(picks[:nb]), set(picks[nb:])


@pytest.mark.slow
def test_forbidden_points_match_the_reference_on_random_positions() -> None:
    """60 random crowded positions on 9x9 to 11x11 boards, every empty cell (the
    reference takes a tenth of a second a position)."""
    rng = random.Random(2026)
    seen = {kind: 0 for kind in renju.KINDS}
    for _ in range(60):
        size, b, w = random_position(rng)
        stride = size + 1
        black = sum(1 << r * stride + c for c, r in b)
        white = sum(1 << r * stride + c for c, r in w)
        got = {(m % stride, m // stride): k
               for m, k in renju.forbidden_points(black, white, size).items()}
        expected = Board(size, b, w).forbidden()
        assert got == expected, (size, sorted(b), sorted(w))
        for kind in expected.values():
            seen[kind] += 1
    # The sample exercises every kind many times.
    assert min(seen.values()) >= 10, seen


# --- the renju rule in Gomoku ---------------------------------------------------------------


def renju_game(rows: str) -> Gomoku:
    """A renju game reaching the diagram (Black to move: as many stones each)."""
    size, black, white = board(rows)
    bl = [m for m in range(size * (size + 1)) if black >> m & 1]
    wl = [m for m in range(size * (size + 1)) if white >> m & 1]
    assert len(bl) == len(wl)
    g = Gomoku(size, "renju")
    for b, w in zip(bl, wl):
        g.play(b)
        g.play(w)
    return g


PERFT_POSITION = """
    .........
    .........
    ....X....
    ....X....
    ..XX.....
    .O.......
    ..O......
    ...O.....
    O........
"""


def test_legal_moves_and_perft_leave_forbidden_points_out() -> None:
    """Black to move, e5 is a double-three: 81 - 8 stones = 73 empty, 72 legal.

        .........
        .........
        ....X....
        ....X....
        ..XX*....
        .O.......
        ..O......
        ...O.....
        O........
    """
    g = renju_game(PERFT_POSITION)
    e5 = cell(9, "e5")
    assert g.forbidden_points() == {e5: "double-three"}
    assert e5 not in g.legal_moves() and not g.is_legal(e5)
    assert perft(g, 1) == 72
    free = Gomoku(9, "freestyle")
    free.play_moves(g.moves_text())
    assert perft(free, 1) == 73


@pytest.mark.slow
def test_perft_after_each_white_move_counts_forbidden_points_out() -> None:
    """Black adds i1 (far away), then perft 2: each white move, then Black's legal
    moves, the forbidden ones counted by the slow reference."""
    g = renju_game(PERFT_POSITION)
    g.play(cell(9, "i1"))
    size, black, white = board(PERFT_POSITION)
    stride = size + 1
    b = {(m % stride, m // stride) for m in range(size * stride) if black >> m & 1} | {(8, 0)}
    w = {(m % stride, m // stride) for m in range(size * stride) if white >> m & 1}
    empties = [(c, r) for c in range(size) for r in range(size)
               if (c, r) not in b and (c, r) not in w]
    expected = sum(len(empties) - 1 - len(Board(size, b, w | {m}).forbidden())
                   for m in empties)
    assert perft(g, 1) == len(empties) == 72
    assert perft(g, 2) == expected
    assert expected > 72 * 71 - 72  # some white moves (e5, the blocks) free e5


def test_play_refuses_a_forbidden_point_and_changes_nothing() -> None:
    g = renju_game(PERFT_POSITION)
    before = (g.stones[:], g.turn, g.key(), len(g.move_stack))
    with pytest.raises(IllegalMoveError, match="e5 is a double-three: forbidden for Black in renju"):
        g.play(cell(9, "e5"))
    assert (g.stones[:], g.turn, g.key(), len(g.move_stack)) == before


def test_white_may_play_on_blacks_forbidden_point() -> None:
    g = renju_game(PERFT_POSITION)
    g.play(cell(9, "a9"))
    assert g.turn == 1 and g.is_legal(cell(9, "e5"))
    g.play(cell(9, "e5"))
    assert g.outcome() is None


def test_white_wins_with_an_overline() -> None:
    """White fills e5 between a5-d5 and f5: six in a row wins for White under renju."""
    g = Gomoku(9, "renju")
    g.play_moves("a1 a5 c1 b5 e1 c5 g1 d5 a3 f5 c3")
    g.play(cell(9, "e5"))
    assert g.outcome() is not None and g.outcome().winner == 1
    assert len(g.winning_line()) == 6


def test_black_cannot_play_an_overline_and_standard_rules_are_unchanged() -> None:
    moves = "a5 a1 b5 c1 c5 e1 e5 g1 f5 a3"
    g = Gomoku(9, "renju")
    g.play_moves(moves)
    assert g.forbidden_kind(cell(9, "d5")) == "overline"
    assert cell(9, "d5") not in g.legal_moves()
    for rule in ("freestyle", "standard"):
        other = Gomoku(9, rule)
        other.play_moves(moves)
        assert other.forbidden_points() == {}
        assert cell(9, "d5") in other.legal_moves()


STUCK_MOVES = ("a1 h9 e1 g9 f1 d9 i1 c9 d2 i8 g2 f8 h2 e8 a3 b8 b3 a8 e3 h7 f3 g7 i3 d7 c4 c7 "
               "d4 i6 g4 f6 h4 e6 a5 b6 b5 a6 c5 h5 d5 g5 f5 i4 i5 f4 c6 e4 d6 b4 g6 a4 h6 h3 "
               "a7 g3 b7 d3 e7 c3 f7 i2 i7 f2 c8 e2 d8 c2 g8 b2 h8 a2 a9 h1 b9 g1 e9 d1 f9 c1 "
               "i9 b1")
"""The moves the test below finds, for the records tests."""

STUCK = ("XXOOXXOOX/OOXXOOXXO/XXOOXXOOX/OOXXOOXXO/XXXX.XOOX/OOXXOOXXO/XXOOXXOOX/"
         "OOOXOOXXO/XOOOXXOOX")


def test_black_with_only_forbidden_points_loses() -> None:
    """The board is full but for e5, an overline point: White's last move wins.

        XXOOXXOOX
        OOXXOOXXO
        XXOOXXOOX
        OOXXOOXXO
        XXXX*XOOX
        OOXXOOXXO
        XXOOXXOOX
        OOOXOOXXO
        XOOOXXOOX
    """
    size, black, white = parse_diagram(STUCK)
    bl = [m for m in range(90) if black >> m & 1]
    wl = [m for m in range(90) if white >> m & 1]
    g = Gomoku(9, "renju")
    for _ in range(40):  # Black's stones in an order that never needs a forbidden point
        black_move = next(m for m in bl if g.is_legal(m))
        bl.remove(black_move)
        g.play(black_move)
        assert g.outcome() is None
        g.play(wl.pop())
    assert g.outcome() is not None
    assert (g.outcome().winner, g.outcome().reason) == (1, "Black has only forbidden points")
    assert g.legal_moves() == []
    assert g.moves_text() == STUCK_MOVES
    g.pop()
    assert g.outcome() is None
    # Under the standard rule the same board is simply Black's move (a dead cell).
    std = Gomoku(9, "standard")
    std.play_moves(g.moves_text())
    assert std.outcome() is None


def test_push_pop_restore_under_renju_on_random_games() -> None:
    rng = random.Random(7)
    for _ in range(20):
        g = Gomoku(9, "renju")
        seen = []
        while g.outcome() is None and len(g.move_stack) < 60:
            moves = g.legal_moves()
            forbidden = g.forbidden_points() if g.turn == 0 else {}
            assert not set(forbidden) & set(moves)
            seen.append((g.key(), str(g), sorted(moves)))
            g.push(rng.choice(moves))
        while g.move_stack:
            g.pop()
            key, text, moves = seen.pop()
            assert (g.key(), str(g), sorted(g.legal_moves())) == (key, text, moves)


# --- the diagram ---------------------------------------------------------------------


@pytest.mark.parametrize(("text", "fragment"), [
    ("X" * 8, "9 to 25"),
    ("/".join(["." * 9] * 8), "9 rows"),
    ("/".join(["." * 9] * 8 + ["." * 8]), "row 1 of the diagram has 8 cells"),
    ("/".join(["." * 9] * 8 + ["....#...."]), "'#' at column e"),
])
def test_bad_diagrams_are_refused_in_one_sentence(text: str, fragment: str) -> None:
    with pytest.raises(RulesError, match=fragment):
        parse_diagram(text)


@pytest.mark.parametrize("size", [9, 15, 25])
def test_the_bit_sliced_prefilter_counts_like_the_star_masks(size: int) -> None:
    """``_crowded`` (32 shifted copies, a bit-sliced counter) marks exactly the cells
    with four or more black stones within four along their lines, edges included."""
    rays = renju._rays(size)
    stride = size + 1
    cells = [r * stride + c for r in range(size) for c in range(size)]
    rng = random.Random(size)
    for _ in range(100):
        black = sum(1 << c for c in rng.sample(cells, rng.randint(0, 40)))
        expected = sum(1 << m for m in cells if (black & rays.star[m]).bit_count() >= 4)
        assert renju._crowded(black, rays) == expected
