"""Tic-tac-toe rules against published counts and a list-of-lists reference board.

Published counts (e.g. Henry Bottomley's "How many Tic-Tac-Toe (noughts and crosses)
games are possible?", se16.info/hgb/tictactoe.htm; OEIS A008907 for the number of
finished games by length): move sequences of 1-9 plies, where a won game stops, are
9, 72, 504, 3,024, 15,120, 54,720, 148,176, 200,448, 127,872, and 255,168 games reach
an end. Positions are in notation (``a1``..``c3``, rows from the bottom, ``b2`` the
centre).
"""

from __future__ import annotations

import random

import pytest

from game.rules import IllegalMoveError, InvalidMoveError, SetupError, new_game, set_up
from game.rules.perft import perft

PERFT = [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]


class SlowBoard:
    """A 3x3 list of lists; a win is found by scanning rows, columns and diagonals."""

    def __init__(self) -> None:
        self.cells = [[None] * 3 for _ in range(3)]  # cells[row][col], row 0 at the bottom
        self.turn = 0

    def winner(self):
        lines = [[(r, c) for c in range(3)] for r in range(3)]
        lines += [[(r, c) for r in range(3)] for c in range(3)]
        lines += [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]
        for line in lines:
            marks = {self.cells[r][c] for r, c in line}
            if len(marks) == 1 and None not in marks:
                return marks.pop()
        return None

    def over(self) -> bool:
        return self.winner() is not None or all(v is not None for row in self.cells for v in row)

    def moves(self) -> list[str]:
        if self.over():
            return []
        return ["abc"[c] + str(r + 1) for r in range(3) for c in range(3)
                if self.cells[r][c] is None]

    def play(self, name: str) -> None:
        self.cells[int(name[1]) - 1]["abc".index(name[0])] = self.turn
        self.turn ^= 1


def test_perft_1_to_6_matches_the_published_counts():
    game = new_game("tictactoe")
    assert [perft(game, d) for d in range(7)] == PERFT[:7]


@pytest.mark.slow
def test_perft_7_to_9_and_all_finished_games():
    """One walk of the whole tree: nodes at depth d are perft(d)."""
    game = new_game("tictactoe")
    at_depth = [0] * 10
    finished = 0

    def walk(depth: int) -> None:
        nonlocal finished
        at_depth[depth] += 1
        moves = game.legal_moves()
        finished += not moves
        for move in moves:
            game.push(move)
            walk(depth + 1)
            game.pop()

    walk(0)
    assert at_depth == PERFT
    assert finished == 255_168


def test_cells_are_named_a1_to_c3_with_b2_the_centre():
    game = new_game("tictactoe")
    names = [game.move_name(m) for m in game.legal_moves()]
    assert sorted(names) == sorted(f"{c}{r}" for c in "abc" for r in "123")
    centre = game.parse_move("b2")
    assert game.move_cell(centre) == (1, 1)
    assert game.move_cell(game.parse_move("a1")) == (0, 2)  # bottom left as drawn
    assert game.move_cell(game.parse_move("c3")) == (2, 0)  # top right


@pytest.mark.parametrize("seed", range(30))
def test_random_games_agree_with_the_slow_board_and_pop_restores(seed):
    rng = random.Random(seed)
    game, slow = new_game("tictactoe"), SlowBoard()
    seen = [(game.key(), str(game))]
    while not game.is_over():
        assert sorted(game.move_name(m) for m in game.legal_moves()) == sorted(slow.moves())
        name = rng.choice(slow.moves())
        game.play(game.parse_move(name))
        slow.play(name)
        seen.append((game.key(), str(game)))
    assert slow.over()
    assert game.outcome().winner == slow.winner()
    if slow.winner() is not None:
        assert len(game.winning_line()) >= 3
    while game.move_stack:
        seen.pop()
        game.pop()
        assert (game.key(), str(game)) == seen[-1]


def test_win_and_draw_are_reported():
    game = new_game("tictactoe")
    game.play_moves("a1 a2 b1 b2 c1")
    assert game.outcome().winner == 0 and game.outcome().reason == "three in a row"
    assert sorted(game.winning_line()) == [(0, 2), (1, 2), (2, 2)]
    draw = new_game("tictactoe")
    draw.play_moves("b2 a1 c3 c1 b1 b3 a2 c2 a3")  # X O X / X X O / O X O from the top
    assert draw.outcome().winner is None and draw.legal_moves() == []


def test_bad_moves_are_sentences_and_change_nothing():
    game = new_game("tictactoe")
    game.play_moves("b2")
    with pytest.raises(IllegalMoveError, match="already taken"):
        game.play(game.parse_move("b2"))
    with pytest.raises(InvalidMoveError, match="off the 3x3 board"):
        game.parse_move("d1")
    with pytest.raises(InvalidMoveError):
        game.parse_move("zz")
    assert game.moves_text() == "b2"


def test_set_up_boards_infer_the_side_to_move_and_refuse_impossible_ones():
    game = set_up("tictactoe", "X../.O./..X")
    assert game.turn == 1 and game.counts() == (2, 1)
    assert game.piece_at(0, 0) == 0 and game.piece_at(2, 2) == 0 and game.piece_at(1, 1) == 1
    for bad, why in (("XX./.../...", "alternate"), ("XXX/OO./...", "already has three"),
                     ("XX/.../...", "three rows of three")):
        with pytest.raises(SetupError, match=why):
            set_up("tictactoe", bad)
