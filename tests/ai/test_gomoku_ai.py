"""The Gomoku evaluator, its forcing candidate moves and the VCF solver.

Positions are written as move lists (Black first, alternating); each test's docstring
draws the position. ``X`` is Black, ``O`` White; row 1 is at the bottom. The slow
reference checks here use only the rules (``run_length``, ``push``/``pop``), never the
evaluator's own pattern tables.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from ai.endgame import solver_for
from ai.endgame.gomoku import VcfSolver, find_vcf
from ai.evaluators import EvaluatorError, load_evaluator, preset_names
from ai.evaluators.base import WIN, WIN_THRESHOLD, is_proven
from ai.evaluators.gomoku import PRESETS, GomokuEvaluator, LineBoard, Weights, build
from ai.levels import DEFAULT_LEVEL, LEVEL_NUMBERS, level
from ai.search import Limits, Searcher
from game.rules import new_game
from tests.positions import random_game


def position(black: str, white: str, size: int = 9, rule: str = "freestyle"):
    """A game whose stones are ``black`` and ``white`` (move lists), played alternately.

    ``white`` may be one stone shorter (then White is to move).
    """
    blacks, whites = black.split(), white.split()
    assert len(blacks) - len(whites) in (0, 1)
    moves = [m for pair in zip(blacks, whites) for m in pair] + blacks[len(whites):]
    game = new_game("gomoku", size=size, rule=rule)
    game.play_moves(" ".join(moves))
    assert not game.is_over(), str(game)
    return game


def names(game, moves):
    return sorted(game.move_name(m) for m in moves)


@pytest.fixture(scope="module")
def evaluator() -> GomokuEvaluator:
    return load_evaluator("gomoku")


# --- slow references written with the rules only ------------------------------------


def slow_five_points(game, side: int, cells=None) -> set[int]:
    """Empty cells where a stone of ``side`` completes a five (an exact five under
    standard, and for Black under renju)."""
    standard = game.rule == "standard" or (game.rule == "renju" and side == 0)
    out: set[int] = set()
    mine = game.stones[side]
    if mine.bit_count() < 4:
        return out  # a five needs four stones already there
    occupied = game.stones[0] | game.stones[1]
    # A run through ``move`` longer than 1 along ``d`` needs a stone of ``side`` at
    # ``move + d`` or ``move - d`` (``run_length``'s own first steps): only the cells
    # next to a stone of ``side`` can complete a five, the others are skipped.
    # ``beside`` is that set of cells as a bitboard (every stone moved by +d and -d at
    # once): only its empty cells are visited, those not asked about are passed over.
    beside = 0
    for d in game.directions:
        beside |= mine << d | mine >> d
    candidates = beside & ~occupied
    if not candidates:
        return out
    asked = set(cells if cells is not None else game.legal_moves())
    while candidates:
        move = (candidates & -candidates).bit_length() - 1
        candidates &= candidates - 1
        if move not in asked:
            continue
        for d in game.directions:
            if not (mine >> (move + d) & 1 or (move >= d and mine >> (move - d) & 1)):
                continue  # a run of 1 along ``d``, as above
            run = game.run_length(move, side, d)
            if run == 5 or (run > 5 and not standard):
                out.add(move)
                break
    return out


def cells_in_line_of(game, move: int) -> list[int]:
    """Cells within four of ``move`` along its four lines (by coordinates)."""
    col, row = game.cell_xy(move)
    out = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
        for k in (-4, -3, -2, -1, 1, 2, 3, 4):
            c, r = col + k * dc, row + k * dr
            if 0 <= c < game.size and 0 <= r < game.size:
                out.append(game.cell_index(c, r))
    return out


def slow_vcf(game, fours: int) -> bool:
    """Whether the side to move wins by continuous fours with at most ``fours`` fours
    before the last (an open four or two fours, or a five) — the definition, by brute force."""
    attacker = game.turn
    defender = 1 - attacker
    if slow_five_points(game, attacker):
        return True
    threats = slow_five_points(game, defender)
    if len(threats) >= 2:
        return False
    for move in (sorted(threats) or game.legal_moves()):
        game.push(move)
        # New five-points lie on the lines through the new stone (the attacker had none).
        points = slow_five_points(game, attacker, cells_in_line_of(game, move))
        won = False
        if points and not slow_five_points(game, defender):
            if len(points) >= 2:
                won = True
            elif fours > 0:
                game.push(min(points))
                won = slow_vcf(game, fours - 1)
                game.pop()
        game.pop()
        if won:
            return True
    return False


def assert_vcf_line(game, line: list[int]) -> None:
    """Replay a VCF: each attacker move makes a four and the defender cannot win
    first; each reply but the last is forced (the only five-point); the last attacker
    four leaves two five-points (the reply takes one) and the line ends in a five."""
    game = game.copy()
    attacker = game.turn
    assert len(line) % 2 == 1
    for i, move in enumerate(line):
        assert game.is_legal(move), f"move {i + 1} {game.move_name(move)} illegal\n{game}"
        game.play(move)
        if i == len(line) - 1:
            assert game.outcome() is not None and game.outcome().winner == attacker, str(game)
            return
        assert game.outcome() is None, f"move {i + 1} ends the game\n{game}"
        if i % 2 == 0:
            points = slow_five_points(game, attacker)
            assert not slow_five_points(game, 1 - attacker), "the defender could win first"
            if i < len(line) - 3:
                assert points == {line[i + 1]}, f"{game.move_name(move)}: reply not forced\n{game}"
            else:
                assert {line[i + 1], line[i + 2]} <= points, f"no double threat\n{game}"


# --- forced moves -------------------------------------------------------------------


def test_empty_board_answers_the_centre(evaluator):
    game = new_game("gomoku")
    assert names(game, evaluator.candidate_moves(game)) == ["h8"]
    assert game.move_name(Searcher(evaluator).search(game, Limits(depth=2)).move) == "h8"


def test_win_in_one_is_taken_at_every_depth(evaluator):
    """Black completes the five rather than stopping White's open three::

           a b c d e f g h i
         7 . . O O O . . . .  7
         5 . X X X X . . . .  5     Black to move: a5 or f5 wins
         1 O . . . . . . . O  1
    """
    game = position("b5 c5 d5 e5", "c7 d7 e7 a1")
    assert len(evaluator.candidate_moves(game)) == 1
    for depth in (1, 2, 3, 4):
        for mode in ("minimax", "alphabeta", "full"):
            if mode == "minimax" and depth > 3:
                continue
            result = Searcher(evaluator, mode=mode).search(game, Limits(depth=depth))
            assert game.move_name(result.move) in ("a5", "f5"), (mode, depth)
            assert result.score == WIN - 1


def test_own_five_is_preferred_to_blocking_an_open_four(evaluator):
    """Both sides have a four; Black (to move) wins first with g5::

           a b c d e f g h i
         9 X . . . . . . . .  9
         7 . . O O O O . . .  7     White threatens b7 and g7
         5 . O X X X X . . .  5     Black's four: g5 (b5 is White)
    """
    game = position("c5 d5 e5 f5 a9", "b5 c7 d7 e7 f7")
    assert names(game, evaluator.candidate_moves(game)) == ["g5"]
    result = Searcher(evaluator).search(game, Limits(depth=3))
    assert game.move_name(result.move) == "g5" and result.score == WIN - 1


def test_a_four_is_blocked(evaluator):
    """White's closed four must be blocked at g7, whatever else looks good::

           a b c d e f g h i
         9 X . . . . . . . X  9
         7 . X O O O O . . .  7     White threatens g7
         1 X . . . . . . . .  1
    """
    game = position("b7 i9 a9 a1", "c7 d7 e7 f7")
    assert names(game, evaluator.candidate_moves(game)) == ["g7"]
    for depth in (1, 2, 3, 4):
        result = Searcher(evaluator).search(game, Limits(depth=depth))
        assert game.move_name(result.move) == "g7"
        assert not is_proven(result.score)


def test_an_open_four_is_answered_and_the_loss_seen(evaluator):
    """Against an open four a block is still played, and the search knows it loses::

           a b c d e f g h i
         7 . . O O O O . . .  7     b7 and g7 both complete a five
         1 X . . X . . . . X  1
    """
    game = position("a1 d1 i1 i9", "c7 d7 e7 f7")
    assert names(game, evaluator.candidate_moves(game)) == ["b7", "g7"]
    result = Searcher(evaluator).search(game, Limits(depth=3))
    assert game.move_name(result.move) in ("b7", "g7")
    assert result.score == -(WIN - 2)


def test_an_open_three_allows_only_its_blocks(evaluator):
    """White's open three d5 e5 f5: only c5 and g5 stop an open four (b5 or h5 would
    leave g5 or c5 making one), and Black has no four of its own::

           a b c d e f g h i
         9 X . . . . . . . .  9
         5 . . . O O O . . .  5
         1 X . . . . . . . X  1
    """
    game = position("a1 a9 i1", "d5 e5 f5")
    assert names(game, evaluator.candidate_moves(game)) == ["c5", "g5"]
    for depth in (1, 2, 3, 4):
        result = Searcher(evaluator).search(game, Limits(depth=depth))
        assert game.move_name(result.move) in ("c5", "g5")


def test_a_split_three_allows_its_three_blocks_and_own_fours(evaluator):
    """White's split three d5 . f5 g5 is stopped at c5, e5 or h5; Black may also
    answer with a four of its own (b8 or c8, White holds g8)::

           a b c d e f g h i
         8 . . . X X X O . .  8
         5 . . . O . O O . .  5
         1 X . . . . . . . .  1
    """
    game = position("d8 e8 f8 a1", "d5 f5 g5 g8")
    assert names(game, evaluator.candidate_moves(game)) == ["b8", "c5", "c8", "e5", "h5"]


# --- the rule: exactly five under standard -------------------------------------------


def test_standard_overline_is_not_a_five(evaluator):
    """b5 c5 d5 e5 . g5: f5 makes six in a row. Freestyle: a win; standard: not::

           a b c d e f g h i
         9 O . . . . . . . O  9
         5 O X X X X . X . .  5
         1 O . . . . . . . O  1
    """
    black, white = "b5 c5 d5 e5 g5", "a5 a1 i1 i9 a9"
    free = position(black, white, rule="freestyle")
    assert names(free, evaluator.candidate_moves(free)) == ["f5"]
    assert Searcher(evaluator).search(free, Limits(depth=1)).score == WIN - 1

    standard = position(black, white, rule="standard")
    assert evaluator.board(standard).five_points(0) == set()
    result = Searcher(evaluator).search(standard, Limits(depth=1))
    assert not is_proven(result.score)
    assert VcfSolver().find(standard) is None or standard.move_name(
        VcfSolver().find(standard)[0]) != "f5"
    standard.play(standard.parse_move("f5"))
    assert standard.outcome() is None  # the rules agree: an overline wins nothing


def test_board_five_points_match_the_rules_on_random_positions(evaluator):
    """The incremental line board equals a fresh one and the rules' five-points."""
    for seed in range(12):
        rng = random.Random(seed)
        rule = ("freestyle", "standard", "renju")[seed % 3]
        game = new_game("gomoku", size=(9, 15)[seed % 3 == 0], rule=rule)
        centre = game.size // 2
        for _ in range(rng.randint(8, 30)):
            moves = [m for m in game.legal_moves()
                     if max(abs(c - centre) for c in game.cell_xy(m)) <= 3]
            game.push(rng.choice(moves))
            if game.is_over():
                game.pop()
                break
            if rng.random() < 0.2:
                game.pop()
            board = evaluator.board(game)
            fresh = LineBoard.of(evaluator.tables(rule), game)
            assert board.entries == fresh.entries
            assert (board.score, board.key) == (fresh.score, fresh.key)
            for side in (0, 1):
                assert board.five_points(side) == slow_five_points(game, side), str(game)


# --- victory by continuous fours ----------------------------------------------------


THREE_FOURS = ("b1 c1 d1 e2 e3 f5 g6", "a1 a9 i9 i1 d8 h4 a5")
"""A three-step continuous-fours win for Black (to move)::

       a b c d e f g h i
     9 O . . . . . . . O  9
     8 . . . O . . . . .  8
     6 . . . . . . X . .  6
     5 O . . . . X . . .  5
     4 . . . . . . . O .  4
     3 . . . . X . . . .  3
     2 . . . . X . . . .  2
     1 O X X X . . . . O  1

e1 (row four, f1 forced; column three) e4 (column four, e5 forced; diagonal three
e4 f5 g6) then d3 or h7: an open four on the diagonal, and five.
"""


def test_vcf_of_three_fours_is_found_and_replays():
    game = position(*THREE_FOURS)
    solver = VcfSolver()
    assert solver.applies(game)
    solution = solver.solve(game)
    assert solution is not None
    line = solver.last_line
    assert solution.score == len(line) == 7
    assert solution.search_score == WIN - 7
    assert solution.best_moves == (line[0],) and solution.move_scores == {line[0]: 7}
    assert game.move_name(line[0]) == "e1"
    assert_vcf_line(game, line)
    # No shorter one exists (the definition, by brute force), and the search agrees.
    assert not slow_vcf(game.copy(), 1) and slow_vcf(game.copy(), 2)
    assert VcfSolver(max_fours=1).find(game) is None
    result = Searcher(load_evaluator("gomoku")).search(game, Limits(depth=2))
    assert result.exact and result.score == WIN - 7 and game.move_name(result.move) == "e1"


def test_vcf_under_standard_rule_avoids_the_overline():
    """The same win under standard: no line may rely on an overline."""
    game = position(*THREE_FOURS, rule="standard")
    line = VcfSolver().find(game)
    assert line is not None
    assert_vcf_line(game, line)


@pytest.mark.slow
def test_solver_agrees_with_brute_force_vcf_on_random_positions():
    """Found exactly when the definition says one exists (up to three fours before the
    last); every line found replays correctly."""
    found = absent = 0
    shared = VcfSolver(max_fours=3)  # its failed-positions table persists across solves
    for seed in range(60):
        rng = random.Random(1000 + seed)
        game = random_game("gomoku", rng, rng.randint(10, 22), ending="undo", moves=central,
                           size=9, rule=("freestyle", "standard")[seed % 2])
        solver = VcfSolver(max_fours=3)
        if not solver.applies(game):
            assert not slow_vcf(game.copy(), 0)
            continue
        line = solver.find(game)
        assert (line is not None) == slow_vcf(game.copy(), 3), str(game)
        for _ in range(2):  # a table full of earlier failures changes nothing
            again = shared.find(game)
            assert (again is not None) == (line is not None)
            assert not line or len(again) == len(line)
        if line is None:
            absent += 1
        else:
            found += 1
            assert_vcf_line(game, line)
    assert found >= 3 and absent >= 3, (found, absent)


def test_no_vcf_returns_none_and_leaves_the_game_unchanged():
    """A closed three alone is no win: solve gives None (the search decides)::

           a b c d e f g h i
         5 O X X X . . . . .  5
         1 O . . . . . . . O  1
    """
    game = position("b5 c5 d5 h9", "a5 a1 i1")
    game.push(game.parse_move("i9"))  # White's filler; Black to move
    before = (str(game), game.key())
    solver = solver_for("gomoku")
    assert solver.applies(game)
    assert solver.solve(game) is None
    assert (str(game), game.key()) == before


def test_root_moves_break_the_opponents_vcf(evaluator):
    """``THREE_FOURS`` with the colours swapped: White (not to move) would win by
    continuous fours; every root move leaves White with none::

           a b c d e f g h i
         9 X . . . . . . . X  9
         8 . . . X . . . . .  8
         6 . . . . . . O . .  6
         5 X . . . . O . . .  5
         4 . . . . . . . X .  4
         3 . . . . O . . . .  3
         2 . . . . O . . . .  2
         1 X O O O . . . . X  1
    """
    game = position(THREE_FOURS[1], THREE_FOURS[0])
    assert find_vcf(evaluator.board(game), 1, 12) is not None
    moves = evaluator.root_moves(game)
    assert names(game, moves) == ["d3", "e1", "e4", "e5", "f1", "h7"]
    assert set(moves) < set(evaluator.candidate_moves(game)) | set(moves)
    for move in moves:
        game.push(move)
        assert VcfSolver().find(game) is None, game.move_name(move)
        game.pop()
    # A move the plain candidates allow but that loses to the VCF:
    loser = game.parse_move("g4")
    assert loser in evaluator.candidate_moves(game) and loser not in moves
    game.push(loser)
    assert_vcf_line(game, VcfSolver().find(game))


# --- the search on top ------------------------------------------------------------------


def central(game, legal):
    """The moves at most two lines from the centre of a 9x9 board."""
    return [m for m in legal if max(abs(c - 4) for c in game.cell_xy(m)) <= 2]


def random_position(seed: int):
    """A running 9x9 game of 2 to 16 random stones, kept near the centre."""
    rng = random.Random(seed)
    return random_game("gomoku", rng, rng.randint(2, 16), ending="undo", moves=central,
                       size=9, rule=("freestyle", "standard")[seed % 2])


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(16))
def test_alphabeta_equals_minimax(evaluator, seed):
    game = random_position(seed)
    before = (str(game), game.key())
    for depth in (1, 2, 3):
        limits = Limits(depth=depth, use_solver=False)
        reference = Searcher(evaluator, mode="minimax").search(game, limits)
        for mode in ("alphabeta", "full"):
            result = Searcher(evaluator, mode=mode).search(game, limits)
            assert result.score == reference.score, f"{mode} depth {depth}\n{game}"
            assert reference.root_scores[result.move].score == reference.score
    assert (str(game), game.key()) == before


def test_faster_win_is_preferred(evaluator):
    """``THREE_FOURS`` plus h7: e4 now makes an open four at once (win in 3 plies),
    although the seven-ply VCF from e1 still exists; the solver and the search both
    report the fastest::

           a b c d e f g h i
         9 O . O . . . . . O  9
         8 . . . O . . . . .  8
         7 . . . . . . . X .  7
         6 . . . . . . X . .  6
         5 O . . . . X . . .  5
         4 . . . . . . . O .  4
         3 . . . . X . . . .  3
         2 . . . . X . . . .  2
         1 O X X X . . . . O  1
    """
    game = position(THREE_FOURS[0] + " h7", THREE_FOURS[1] + " c9")
    solution = VcfSolver().solve(game)
    assert solution.score == 3 and game.move_name(solution.best_moves[0]) == "e4"
    for depth in (3, 4, 5):
        result = Searcher(evaluator).search(game, Limits(depth=depth, use_solver=False))
        assert result.score == WIN - 3 and game.move_name(result.move) == "e4"
    result = Searcher(evaluator).search(game, Limits(depth=4))
    assert result.exact and result.score == WIN - 3


# --- levels ---------------------------------------------------------------------------


TACTICS = {
    "win in one": ("b5 c5 d5 e5", "c7 d7 e7 a1"),
    "block a four": ("b7 i9 a9 a1", "c7 d7 e7 f7"),
    "block an open three": ("a1 a9 i1", "d5 e5 f5"),
    "take the VCF": THREE_FOURS,
    "stop a four-three": ("c2 h8 i1 a9 i5", "c3 c4 c5 d6 e6"),
}
"""Positions with one right idea, Black to move: (black stones, white stones).
``stop a four-three``::

       a b c d e f g h i
     9 X . . . . . . . .  9
     8 . . . . . . . X .  8
     6 . . . O O . . . .  6     c6 would make a four (c3-c6) and an open three
     5 . . O . . . . . X  5
     4 . . O . . . . . .  4
     3 . . O . . . . . .  3
     2 . . X . . . . . .  2
     1 . . . . . . . . X  1
"""


def level_limits(number: int, evaluator) -> Limits:
    """Level ``number``'s limits, a time budget (top levels) capped at 1 s: CI stays
    quick whatever the level table says, and less time is the harder test."""
    limits = level("gomoku", number).limits(evaluator.unit)
    if limits.seconds is not None:
        limits = dataclasses.replace(limits, seconds=min(limits.seconds, 1.0))
    return limits


@pytest.mark.slow
@pytest.mark.parametrize("number", LEVEL_NUMBERS)
def test_every_level_takes_a_win_in_one_and_blocks_fours_and_open_threes(evaluator, number):
    """Even level 1, which otherwise picks almost any move near the stones."""
    limits = level_limits(number, evaluator)
    for name, right in (("win in one", {"a5", "f5"}), ("block a four", {"g7"}),
                        ("block an open three", {"c5", "g5"})):
        game = position(*TACTICS[name])
        for seed in range(4 if limits.randomness else 1):
            move = Searcher(evaluator, seed=seed).search(game, limits).move
            game.push(move)
            if name == "win in one":
                assert game.outcome() is not None and game.outcome().winner == 0, name
            else:
                assert game.move_name(move) in right and VcfSolver().find(game) is None, name
            game.pop()


SHARP_LEVELS = [n for n in LEVEL_NUMBERS if level("gomoku", n).solver]
"""The levels with the search for a win by continuous fours: no tactical blunders."""


def test_from_the_default_level_up_every_level_is_sharp():
    assert SHARP_LEVELS == list(range(DEFAULT_LEVEL, LEVEL_NUMBERS[-1] + 1))


@pytest.mark.slow
@pytest.mark.parametrize("number", SHARP_LEVELS)
def test_no_tactical_blunder_at_the_sharp_levels(evaluator, number):
    """After the level's move the opponent has no win by continuous fours (or the
    game is won)."""
    limits = level_limits(number, evaluator)
    for name, (black, white) in TACTICS.items():
        game = position(black, white)
        result = Searcher(evaluator, seed=number).search(game, limits)
        game.push(result.move)
        if game.outcome() is not None:
            assert game.outcome().winner == 0, name
            continue
        line = VcfSolver().find(game)
        assert line is None, (f"level {number}, {name}: after "
                              f"{game.move_name(result.move)} White wins by "
                              f"{game.moves_text(line)}\n{game}")
        if name == "take the VCF":
            assert result.score >= WIN_THRESHOLD


def test_default_beats_naive():
    """Two quick games on 15x15 at depth 2, colours alternating: default wins both."""
    for first in (0, 1):
        players = [load_evaluator("gomoku"), load_evaluator("gomoku", "naive")]
        if first:
            players.reverse()
        searchers = [Searcher(p, seed=first) for p in players]
        game = new_game("gomoku")
        while not game.is_over():
            game.push(searchers[game.turn].search(game.copy(), Limits(depth=2)).move)
        default_side = 0 if first == 0 else 1
        assert game.outcome().winner == default_side, game.moves_text()


# --- weights --------------------------------------------------------------------------


def test_presets_and_toml_weights_load(tmp_path):
    assert preset_names("gomoku")[:2] == ["default", "naive"]
    assert load_evaluator("gomoku", "naive").solver is None
    path = tmp_path / "sharp.toml"
    path.write_text('game = "gomoku"\nbase = "default"\n[weights]\nopen_three = 4000\n'
                    "max_candidates = 15\n", encoding="utf-8")
    evaluator = load_evaluator("gomoku", str(path))
    assert evaluator.name == "sharp"
    assert evaluator.weights == dataclasses.replace(PRESETS["default"], open_three=4000,
                                                    max_candidates=15)
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "gomoku"\n[weights]\nfive = 2.5\n', encoding="utf-8")
    with pytest.raises(EvaluatorError):
        load_evaluator("gomoku", str(bad))


def test_weights_are_checked():
    with pytest.raises(ValueError):
        Weights(forced_win=WIN)
    with pytest.raises(ValueError):
        Weights(four=-1)
    assert isinstance(build(PRESETS["default"], "x"), GomokuEvaluator)
