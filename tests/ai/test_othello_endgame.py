"""The Othello solver's speed-ups keep it exact: stable discs, cut-offs, ordering, table.

Each speed-up is switched on from the smallest positions here (the module's thresholds
are lowered with ``monkeypatch``) and compared with a plain negamax to the end of the
game, written on the rules' own ``flips``/``mobility`` with no pruning at all.
"""

from __future__ import annotations

import functools
import random

import pytest

import ai.endgame.othello as endgame
from ai.endgame.othello import OthelloSolver, final_score, stable_discs
from ai.endgame.othello_count import last_flip_counts
from game.rules.othello import Othello, flips, mobility
from tests.ai.test_othello_ai import diagram, playout


def plain_value(p: int, o: int, passed: bool = False, memo: dict | None = None) -> int:
    """Negamax to the end, every move, no pruning: the exact score for ``p`` to move.

    ``memo`` (a dict a caller may share between calls) holds exact values only, of
    positions already searched to the end: it changes the speed and nothing else."""
    if memo is None:
        memo = {}
    key = (p, o, passed)
    if key in memo:
        return memo[key]
    moves = mobility(p, o)
    if not moves:
        value = final_score(p, o) if passed else -plain_value(o, p, True, memo)
    else:
        value = -65
        for sq in range(64):
            if moves >> sq & 1:
                f = flips(p, o, sq)
                value = max(value, -plain_value(o ^ f, p | f | 1 << sq, False, memo))
    memo[key] = value
    return value


def ever_flipped(p: int, o: int, watched: int, cleared: set | None = None) -> bool:
    """Whether any line of play from ``(p, o)``, ``p`` to move, turns over a disc of
    ``watched`` (every move and pass tried, to the end of the game).

    ``cleared`` (a set a caller may share between calls with the same ``watched``)
    holds the positions already searched to the end without such a flip: they are
    not searched again, which changes the speed and nothing else."""
    if cleared is None:
        cleared = set()
    if (p, o) in cleared:
        return False
    moves = mobility(p, o)
    if not moves:
        if mobility(o, p) and ever_flipped(o, p, watched, cleared):
            return True
        cleared.add((p, o))
        return False
    for sq in range(64):
        if moves >> sq & 1:
            f = flips(p, o, sq)
            if f & watched or ever_flipped(o ^ f, p | f | 1 << sq, watched, cleared):
                return True
    cleared.add((p, o))
    return False


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_stable_discs_are_never_flipped_in_any_continuation(seed):
    """Brute force on small endgames: no line of play turns over a disc called stable,
    for either colour; and the set is a subset of the colour's discs."""
    game = playout(100 + seed, 6 + seed % 3)
    p, o = game.player, game.opponent
    for mine, theirs in ((p, o), (o, p)):
        stable = stable_discs(mine, theirs)
        assert stable & ~mine == 0
        # whoever is to move, the discs stay: try both sides to move first
        cleared: set = set()  # positions searched without a flip of ``stable``
        assert not ever_flipped(mine, theirs, stable, cleared), diagram(game)
        assert not ever_flipped(theirs, mine, stable, cleared), diagram(game)


def test_stable_discs_on_known_shapes():
    """A filled first row is stable; corners and edge runs from a corner are; a disc
    next to an empty square in the middle is not."""
    row = 0xFF
    assert stable_discs(row, 0) == row
    corner_run = 0b111 | 1 << 8 | 1 << 16          # a1 b1 c1 a2 a3
    assert stable_discs(corner_run, 0) == corner_run
    assert stable_discs(1 << 27, 1 << 28) == 0      # d4 next to e4 and empties
    full = (1 << 64) - 1
    black = full & 0x00FF00FF00FF00FF               # alternate rows: board full
    assert stable_discs(black, full ^ black) == black


def test_last_flip_counts_equal_the_rules_flips_on_full_boards():
    """The line tables against ``flips``: on random boards with one empty square, every
    square in turn, both sides' counts (``mine | theirs << 8``); and boards whose
    lines are all one colour (nothing to flip) and all the other."""
    rng = random.Random(16)
    full = (1 << 64) - 1
    for square in range(64):
        bit = 1 << square
        boards = [rng.getrandbits(64) & ~bit for _ in range(60)] + [0, full ^ bit]
        for p in boards:
            o = full ^ bit ^ p
            both = last_flip_counts(p, square)
            assert both & 0xFF == flips(p, o, square).bit_count(), (square, hex(p))
            assert both >> 8 == flips(o, p, square).bit_count(), (square, hex(p))


SPEEDUPS_ON_EARLY = {"STABILITY_EMPTIES": 7, "ETC_EMPTIES": 7, "ORDER_SEARCH_EMPTIES": 7,
                     "SHALLOW": 4, "HINT_FIRST": True}


@pytest.mark.slow
@pytest.mark.parametrize("seed, empties", [(1, 9), (2, 9), (4, 10), (5, 8), (6, 9)])
def test_every_speed_up_keeps_every_root_move_exact(monkeypatch, seed, empties):
    """With every speed-up active from 7 empties (and deep nodes down to 5), the solver
    still agrees with plain negamax on every root move, through a small table that is
    cleared often."""
    for name, value in SPEEDUPS_ON_EARLY.items():
        monkeypatch.setattr(endgame, name, value)
    game = playout(seed, empties)
    p, o = game.player, game.opponent
    expected = {}
    memo: dict = {}  # one memo for the root moves' searches (their subtrees meet)
    for move in game.legal_moves():
        if move < 0:
            expected[move] = -plain_value(o, p, True, memo)
        else:
            f = flips(p, o, move)
            expected[move] = -plain_value(o ^ f, p | f | 1 << move, False, memo)
    solver = OthelloSolver(table_size=64)
    assert solver.solve(game).move_scores == expected, diagram(game)
    fast = OthelloSolver(exact_all=False).solve(game)
    assert fast.score == max(expected.values())
    assert all(expected[m] == fast.score for m in fast.best_moves)


@pytest.mark.slow
def test_random_games_keep_the_value_between_solves_sharing_a_table(monkeypatch):
    """One solver (one table) along a random game: every position's value is right,
    bounds stored by earlier solves included."""
    for name, value in SPEEDUPS_ON_EARLY.items():
        monkeypatch.setattr(endgame, name, value)
    solver = OthelloSolver(table_size=5000)
    game = playout(42, 9)
    rng = random.Random(7)
    memo: dict = {}  # each position's subtree is in the previous one's: searched once
    while not game.is_over():
        solution = solver.solve(game)
        assert solution.score == plain_value(game.player, game.opponent, False, memo), \
            diagram(game)
        game.push(rng.choice(game.legal_moves()))


def test_a_solve_beyond_the_solvers_own_threshold_proves_only_the_best_moves():
    """The levels' extended ``reach``: past ``max_empties`` only the best moves are
    proven (what a level plays); within it every root move keeps its exact score."""
    game = playout(3, 9)
    everything = OthelloSolver().solve(game)
    reached = OthelloSolver(max_empties=8).solve(game, reach=9)
    assert reached.score == everything.score
    assert set(reached.best_moves) <= set(everything.best_moves)
    assert set(reached.move_scores) == set(reached.best_moves)
    assert OthelloSolver(max_empties=9).solve(game, reach=9).move_scores \
        == everything.move_scores


@pytest.mark.parametrize("seed", [3, 8, 11, 12])
def test_prove_gives_the_exact_score_one_best_move_and_true_win_bounds(seed):
    """``prove`` (the levels' call) past ``max_empties``: the exact value and one move
    that achieves it (ties untested); each ``settled`` report names a move that wins
    by at least its bound; the search's ``first`` move changes nothing but the order."""
    game = playout(seed, 10)
    everything = OthelloSolver().solve(game)
    reports = []
    proof = OthelloSolver(max_empties=8).prove(game, reach=10, settled=reports.append)
    assert proof.score == everything.score, diagram(game)
    assert len(proof.best_moves) == 1 and proof.best_moves[0] in everything.best_moves
    for report in reports:
        move = report.best_moves[0]
        assert 0 < report.score <= everything.move_scores[move], diagram(game)
    last = game.legal_moves()[-1]
    hinted = OthelloSolver(max_empties=8).prove(game, reach=10, first=last)
    assert hinted.score == everything.score and hinted.best_moves[0] in everything.best_moves


@functools.cache
def exact_solution(seed: int, empties: int):
    """Every root move's exact score of ``playout(seed, empties)``, solved once for all
    the guesses below (a solver without ``first_guess``: ``GUESS_EMPTIES`` is no lever
    of it, so the answer is the same whichever test asks first)."""
    return OthelloSolver().solve(playout(seed, empties))


@pytest.mark.slow
@pytest.mark.parametrize("guess", [-64, -13, 0, 7, 40, 64])
def test_any_first_guess_gives_the_same_value_and_best_moves(monkeypatch, guess):
    """The root probes start from ``first_guess`` (from 9 empties here): a guess far
    off, odd or at the ends changes the probes, never the answer."""
    monkeypatch.setattr(endgame, "GUESS_EMPTIES", 9)
    for seed in (1, 2, 4):
        game = playout(seed, 10)
        everything = exact_solution(seed, 10)
        calls = []

        def first_guess(position, poll, calls=calls):
            calls.append(position.key())
            return guess

        guessed = OthelloSolver(exact_all=False, first_guess=first_guess).solve(game)
        assert calls == [game.key()]
        assert guessed.score == everything.score, diagram(game)
        assert set(guessed.best_moves) == set(everything.best_moves), diagram(game)


def test_the_evaluators_margin_guess_is_a_disc_margin_near_the_published_value():
    """``margin_guess`` (the solver's first guess at the levels): the ``patterns``
    evaluator's short search on FFO #40 (published +38) and #42 (+6), in discs."""
    from ai.evaluators import evaluator_by_name
    from ai.tools.endgame_levers import position

    evaluator = evaluator_by_name("othello", "patterns")
    assert evaluator.solver.first_guess == evaluator.margin_guess
    assert 26 <= evaluator.margin_guess(position("FFO40")) <= 50
    assert -6 <= evaluator.margin_guess(position("FFO42")) <= 18


def test_a_stop_reaches_the_search_of_the_first_guess():
    """The guess's search asks the solver's ``poll`` as it goes: what ``poll`` raises
    (a stop, a deadline) goes through from inside it, before its depth 6 is done, and
    so out of a level's proof."""
    from ai.evaluators import evaluator_by_name
    from ai.tools.endgame_levers import position

    class Halt(Exception):
        pass

    evaluator = evaluator_by_name("othello", "patterns")
    calls = []

    def poll():
        calls.append(1)
        if len(calls) == 3:
            raise Halt

    unstopped = []
    evaluator.margin_guess(position("FFO40"), lambda: unstopped.append(1))
    assert len(unstopped) > 3  # the whole depth-6 search polls more often than that
    with pytest.raises(Halt):
        evaluator.margin_guess(position("FFO40"), poll)
    assert len(calls) == 3
    calls.clear()
    with pytest.raises(Halt):  # the solve's own first poll is call 1, the guess's next
        evaluator.solver.prove(position("FFO40"), poll, reach=20)
    assert len(calls) == 3


def test_a_root_where_every_move_is_wiped_out_still_names_a_move():
    """White to move, both moves lose 64-0: no probe ever succeeds, yet a best-only
    solve lists both moves and ``prove`` names one of them (not ``None``)::

          a b c d e f g h
        1 X X X X X X X X
        2 X X X X X - X X
        3 X X X X X X X X
        4 X X X X X X X X
        5 X X - X X X X X
        6 X X X X X X X X
        7 X X X X O O X X
        8 X X X X X - X X
    """
    game = Othello.from_board("XXXXXXXXXXXXX-XXXXXXXXXXXXXXXXXXXX-XXXXXXXXXXXXXXXXXOOXXXXXXX-XX", 1)
    assert {game.move_name(m) for m in game.legal_moves()} == {"f2", "c5"}
    assert OthelloSolver(exact_all=False).solve(game).best_moves == (13, 34)
    proof = OthelloSolver(max_empties=0).prove(game, reach=3)
    assert proof.score == -64 and proof.best_moves[0] in (13, 34)


@pytest.mark.slow
def test_the_lever_tool_solves_with_a_lever_changed(monkeypatch, capsys):
    """``python -m ai.tools.endgame_levers --set ROOT_PROBES=0 FFO1``: the published
    value whichever way the root is searched; an unknown lever is refused."""
    from ai.tools import endgame_levers

    monkeypatch.setattr(endgame, "ROOT_PROBES", endgame.ROOT_PROBES)  # restored after
    assert endgame_levers.main(["FFO1", "--set", "ROOT_PROBES=0"]) == 0
    assert endgame.ROOT_PROBES == 0
    out = capsys.readouterr().out
    assert "FFO1" in out and "score +18" in out and "g8" in out and "CPU" in out
    with pytest.raises(SystemExit):
        endgame_levers.main(["FFO1", "--set", "TABLE=1"])


@pytest.mark.slow
def test_the_reach_tool_reports_solve_times_per_empty_count(capsys):
    """``python -m ai.tools.endgame_reach``: self-play positions stopped at the asked
    count, each proven as a level proves it; one line per count with the figures."""
    from ai.tools import endgame_reach

    assert endgame_reach.main(["--empties", "11", "--positions", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("11 empties, 2 positions: CPU s median") and "nodes median" in out
    game = endgame_reach.self_play_position(random.Random(3), 11)
    assert game is not None and 64 - sum(game.counts()) == 11 and not game.is_over()
