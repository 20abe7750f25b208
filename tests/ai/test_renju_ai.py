"""The Gomoku evaluator, VCF solver and search under renju: Black never plans through
a forbidden point, White uses them.

Diagrams are top row first (``X`` Black, ``O`` White), the ``plies forbidden``
format; ``game_from`` sets the stones up with ``push`` (Black's stones in cell order
could pass through forbidden shapes; only the final position matters here).
"""

from __future__ import annotations

import random

import pytest

from ai.endgame.gomoku import VcfSolver
from ai.evaluators import load_evaluator, preset_names
from ai.levels import level
from ai.search import Searcher
from game.rules.gomoku import Gomoku, parse_diagram


def game_from(diagram: str, rule: str) -> Gomoku:
    size, black, white = parse_diagram(diagram)
    cells = range(size * (size + 1))
    blacks = [m for m in cells if black >> m & 1]
    whites = [m for m in cells if white >> m & 1]
    assert len(blacks) - len(whites) in (0, 1)
    game = Gomoku(size, rule)
    for index, move in enumerate(blacks):
        game.push(move)
        if index < len(whites):
            game.push(whites[index])
    assert game.outcome() is None
    return game


WHITE_DRIVES = ("........O/........./....X..../....XX.../..XX...../...O...../..O....../"
                ".O......./.........")
"""White to move. a1 makes the four a1 b2 c3 d4 whose only five-point is e5, and e5
is a double-three for Black (row c5 d5, column e6 e7): under renju Black cannot block.

    ........O   9
    .........   8
    ....X....   7
    ....XX...   6
    ..XX.....   5    e5: double-three for Black
    ...O.....   4
    ..O......   3
    .O.......   2
    .........   1
"""

BLACK_DOUBLE_FOUR = ("....O..../....X..../....X..../....X..../OXXX...../........./"
                     "........./........./O.....OOO")
"""Black to move. e5 makes two fours (row b5-e5, column e5-e8): a win in freestyle and
standard, forbidden in renju, where Black has no other VCF.

    ....O....   9
    ....X....   8
    ....X....   7
    ....X....   6
    OXXX.....   5    e5: double-four
    .........   4
    .........   3
    .........   2
    O.....OOO   1
"""


@pytest.mark.parametrize("rule", ["freestyle", "standard", "renju"])
def test_white_wins_by_a_four_whose_block_is_forbidden(rule: str) -> None:
    game = game_from(WHITE_DRIVES, rule)
    line = VcfSolver().find(game)
    if rule == "renju":
        assert [game.move_name(m) for m in line] == ["a1", "e5", "e5"]
    else:
        assert line is None  # Black simply blocks e5


@pytest.mark.parametrize("rule", ["freestyle", "standard", "renju"])
def test_black_finds_no_vcf_through_a_double_four(rule: str) -> None:
    game = game_from(BLACK_DOUBLE_FOUR, rule)
    line = VcfSolver().find(game)
    if rule == "renju":
        assert game.forbidden_points() == {game.parse_move("e5"): "double-four"}
        assert line is None
    else:
        assert game.move_name(line[0]) == "e5"


def test_candidates_leave_blacks_forbidden_points_out_but_not_whites() -> None:
    evaluator = load_evaluator("gomoku")
    game = game_from(BLACK_DOUBLE_FOUR, "renju")
    e5 = game.parse_move("e5")
    moves = evaluator.candidate_moves(game)
    assert moves and e5 not in moves
    assert e5 not in evaluator.root_moves(game)
    assert e5 in evaluator.candidate_moves(game_from(BLACK_DOUBLE_FOUR, "freestyle"))
    # White to move in the same shape: e5 is White's best block and allowed.
    game.push(game.parse_move("i5"))
    assert e5 in evaluator.candidate_moves(game)


def test_black_to_move_sees_the_loss_when_its_only_block_is_forbidden() -> None:
    evaluator = load_evaluator("gomoku")
    game = game_from(WHITE_DRIVES, "renju")
    game.play(game.parse_move("a1"))
    moves = evaluator.candidate_moves(game)
    assert moves and game.parse_move("e5") not in moves
    assert all(game.is_legal(m) for m in moves)
    assert evaluator.evaluate(game) < -50_000  # the forced-win rule: lost
    free = game_from(WHITE_DRIVES, "freestyle")
    free.play(free.parse_move("a1"))
    assert evaluator.candidate_moves(free) == [free.parse_move("e5")]


@pytest.mark.parametrize("number", [4, 5])
def test_levels_take_the_renju_win_and_avoid_the_forbidden_point(number: int) -> None:
    """Level 4 is the first with the VCF solver, level 5 the first to search 4 plies."""
    searcher = Searcher(load_evaluator("gomoku"))
    limits = level("gomoku", number).limits()
    white = game_from(WHITE_DRIVES, "renju")
    assert white.move_name(searcher.search(white, limits).move) == "a1"
    black = game_from(BLACK_DOUBLE_FOUR, "renju")
    assert black.is_legal(searcher.search(black, limits).move)


def test_terms_add_up_to_evaluate_under_renju() -> None:
    rng = random.Random(5)
    for preset in preset_names("gomoku"):
        evaluator = load_evaluator("gomoku", preset)
        corrected = 0
        for _ in range(60):
            game = Gomoku(11, "renju")
            for _ in range(rng.randrange(6, 40)):
                moves = [m for m in game.legal_moves()
                         if max(abs(c - 5) for c in game.cell_xy(m)) <= 3]
                if game.is_over() or not moves:
                    break
                game.push(rng.choice(moves))
            if game.is_over():
                continue
            terms = evaluator.terms(game)
            assert sum(terms.values()) == evaluator.evaluate(game), str(game)
            corrected += "Black's forbidden points" in terms
        if preset == "default":
            assert corrected  # the correction really happens in such positions


def test_renju_games_between_levels_only_play_legal_moves() -> None:
    """Short games, levels 1 and 3, 11x11: every move the search picks is legal."""
    rng = random.Random(3)
    searcher = Searcher(load_evaluator("gomoku"))
    for first in (1, 3):
        game = Gomoku(11, "renju")
        game.play(game.parse_move("f6"))
        game.play(rng.choice([game.parse_move(n) for n in ("e5", "g7", "f7")]))
        while not game.is_over() and len(game.move_stack) < 40:
            number = first if game.turn == 0 else 4 - first
            move = searcher.search(game, level("gomoku", number).limits()).move
            game.play(move)  # raises on a forbidden point


HUGE_THREAT_SPACE = ("h8 h9 f6 e5 g7 g8 j11 e6 f7 e7 e4 h7 f5 f4 d3 c2 e10 h2 d6 f9 e9 e11 f8 h6 "
                     "d4 d5 g3 e3 g5 g6 h4 i6 j5 k6 j6 j7 i8 k8 l9 k7 k5 l4 k10 i12 j2 i3 g4 i9 "
                     "i7 g9 j9 j8 h10")
"""A renju game between levels 3 and 2 (the ladder), White to move: Black's fours,
exact fives only, make a threat space of 150,000 nodes and more without a VCF."""


@pytest.mark.slow
def test_root_moves_vcf_searches_stay_within_their_node_budget(monkeypatch) -> None:
    import ai.endgame.gomoku as endgame
    from ai.gomoku_budgets import BUDGETS

    evaluator = load_evaluator("gomoku")
    game = Gomoku(15, "renju")
    game.play_moves(HUGE_THREAT_SPACE)
    counted = [0]
    real = endgame.find_vcf

    def counting(board, attacker, max_fours, budget=None, poll=None, failed=None,
                 counter=None):  # type: ignore[no-untyped-def]
        mine = [0]
        try:
            return real(board, attacker, max_fours, budget, poll, failed, mine)
        finally:
            counted[0] += mine[0]
            if counter is not None:
                counter[0] += mine[0]

    evaluator._find_vcf = counting
    moves = evaluator.root_moves(game)
    assert moves and all(game.is_legal(m) for m in moves)
    # The budget is shared by the whole call (each search may overrun it by a node).
    assert BUDGETS.solver_nodes // 2 < counted[0] <= BUDGETS.solver_nodes + len(moves) + 1
