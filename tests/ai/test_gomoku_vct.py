"""Gomoku victory by continuous threats (``ai.endgame.gomoku_vct``).

Positions are built with ``position(black, white)`` (alternate moves) on 9x9 boards;
the references below use the rules only (``slow_five_points``), not the line tables.
"""

from __future__ import annotations

import dataclasses
import threading

import pytest

from ai.endgame.gomoku import VcfSolver, find_vcf
from ai.endgame import gomoku_vct
from ai.endgame.gomoku_vct import VctTable, find_vct
from ai.evaluators import load_evaluator
from ai.evaluators.base import WIN
from ai.evaluators.gomoku import LineBoard
from ai.levels import level
from ai.search import Limits, Searcher
from tests.ai.test_gomoku_ai import names, position, slow_five_points


def board_of(game) -> LineBoard:
    evaluator = load_evaluator("gomoku")
    return LineBoard.of(evaluator.tables(game.rule), game)


# --- slow references written with the rules only ------------------------------------


def slow_open_four(game, side: int) -> bool:
    """``side`` (to move, the other side without a five-point) has a move leaving two
    five-points: a win in three plies whatever the reply."""
    for move in game.legal_moves():
        game.push(move)
        try:
            if len(slow_five_points(game, side)) >= 2:
                return True
        finally:
            game.pop()
    return False


def slow_threat(game, side: int) -> bool:
    """``side`` (not to move) threatens: a five-point, or a move making an open four."""
    if slow_five_points(game, side):
        return True
    # Whoever is to move, put a stone of ``side`` on each free cell in turn.
    for move in game.legal_moves():
        game.stones[side] |= 1 << move
        try:
            if len(slow_five_points(game, side)) >= 2:
                return True
        finally:
            game.stones[side] &= ~(1 << move)
    return False


def slow_vct_one(game) -> bool:
    """Does the side to move win with ONE threat move (a four or a three) followed by
    an open four or a five, against every reply? Exhaustive over all its moves and all
    the defender's replies, with the rules only."""
    attacker = game.turn
    if slow_five_points(game, attacker) or slow_five_points(game, 1 - attacker):
        raise AssertionError("reference is for quiet positions")
    if slow_open_four(game, attacker):
        return True
    for move in game.legal_moves():
        game.push(move)
        try:
            if not slow_threat(game, attacker):
                continue
            if all(_lost_after(game, reply, attacker) for reply in game.legal_moves()):
                return True
        finally:
            game.pop()
    return False


def _lost_after(game, reply: int, attacker: int) -> bool:
    game.push(reply)
    try:
        if game.outcome() is not None:
            return game.outcome().winner == attacker
        if slow_five_points(game, attacker):
            return True
        if slow_five_points(game, 1 - attacker):
            return False
        return slow_open_four(game, attacker)
    finally:
        game.pop()


def verify_win(game, plies: int, solver: VcfSolver, depth: int = 0,
               won: dict | None = None) -> None:
    """Replay a claimed win of the side to move in at most ``plies`` plies against
    EVERY legal defender reply: the attacker's move is the VCT search's first move (or
    a five); each reply must leave the attacker a win in ``plies - 2``; the game ends
    with the attacker's five by the rules. Renju: no attacker move is forbidden.

    ``won`` (shared down the replay) holds the positions already replayed to the end
    as wins within so many plies: a position reached again by replies in another order
    is a win within that many whatever the search would answer there now, so its lines
    are not played out twice."""
    won = {} if won is None else won
    key = (game.stones[0], game.stones[1], game.turn)
    if won.get(key, plies + 1) <= plies:
        return
    attacker = game.turn
    assert plies >= 1, f"ran out of plies\n{game}"
    fives = slow_five_points(game, attacker)
    if fives:
        move = min(fives)
    else:
        found = solver.find_threats(game, budget=None)
        assert found is not None, f"no win found any more\n{game}"
        assert found[0] <= plies, (found[0], plies, str(game))
        move = found[1][0]
    assert game.is_legal(move), f"{game.move_name(move)} is illegal (forbidden?)\n{game}"
    game.push(move)
    try:
        if game.outcome() is not None:
            assert game.outcome().winner == attacker
            return
        for reply in list(game.legal_moves()):
            game.push(reply)
            try:
                outcome = game.outcome()
                assert outcome is None or outcome.winner == attacker, f"defender won\n{game}"
                if outcome is None:
                    verify_win(game, plies - 2, solver, depth + 1, won)
            finally:
                game.pop()
    finally:
        game.pop()
    won[key] = plies


# --- positions ------------------------------------------------------------------------

DOUBLE_THREE = ("d5 e5 f3 f4", "a1 a9 i1 i9")
"""Black to move: f5 makes two open threes (row d5-f5, column f3-f5)."""

FOUR_THEN_DOUBLE_THREE = ("e5 d2 g5 e1 g1 g4", "d4 b2 i4 c3 i5 d1")
"""Black to move (no VCF, no win with one threat: the exhaustive reference says so):
g3 (a four, White must take g2), then f4 makes two threes (diagonals e5-g3 and
e3-g5 directions); found by a random search of positions, seed 7."""

QUIET = ("e5 d4", "e4 f6")
"""Nothing like a win for Black."""


@pytest.mark.slow
def test_double_three_is_found_and_agrees_with_the_exhaustive_reference():
    game = position(*DOUBLE_THREE)
    counter = [0]
    found = find_vct(board_of(game), 0, counter=counter)
    assert found is not None
    plies, line = found
    assert game.move_name(line[0]) == "f5" and plies == 5
    assert slow_vct_one(game)
    verify_win(game, plies, VcfSolver())


@pytest.mark.slow
def test_quiet_position_has_no_vct_and_the_reference_agrees():
    game = position(*QUIET)
    assert find_vct(board_of(game), 0) is None
    assert not slow_vct_one(game)


@pytest.mark.slow
def test_four_then_double_three_is_found_where_no_vcf_is():
    game = position(*FOUR_THEN_DOUBLE_THREE)
    board = board_of(game)
    assert find_vcf(board, 0, 12) is None
    assert not slow_vct_one(game)  # no win with one threat
    counter = [0]
    found = find_vct(board, 0, counter=counter)
    assert found is not None, str(game)
    plies, line = found
    assert plies == 7  # four, block, double three, block one, open four, block, five
    verify_win(game, plies, VcfSolver())


@pytest.mark.slow
def test_defender_counter_fours_are_answered():
    """White has a closed three it can make a four with: Black's double three must
    survive White's four (Black blocks, White is to move again, the threes stand)."""
    game = position("d5 e5 f3 f4", "a1 b1 c1 i9")
    found = find_vct(board_of(game), 0)
    assert found is not None
    verify_win(game, found[0], VcfSolver())
    # The line played out shows White's longest defence: its four and Black's block.
    assert found[0] >= 7


@pytest.mark.slow
def test_every_found_vct_survives_all_replies_on_random_positions():
    """No false wins: positions from random play near the centre; every VCT found
    (with at most 2 threats) is replayed against all legal replies."""
    import random

    rng = random.Random(16)
    checked = 0
    solver = VcfSolver(max_threats=2)
    for _ in range(60):
        game = position("e5", "", size=9)
        for _ in range(rng.randrange(4, 9)):
            game.push(rng.choice(game.neighbour_moves(1)))
            if game.outcome() is not None:
                break
        if game.outcome() is not None or slow_five_points(game, 0) or slow_five_points(game, 1):
            continue
        found = solver.find_threats(game, budget=20_000)
        if found is not None:
            verify_win(game, found[0], solver)
            checked += 1
    assert checked >= 3


def test_renju_black_never_threatens_through_a_forbidden_point():
    """f5 is a double three for Black (forbidden under renju): freestyle wins with it,
    renju must not, and what renju finds (within four threats: a longer search takes
    a minute) starts elsewhere, and its line replays to Black's five without a
    forbidden move. (Every reply to a found VCT: ``..._survives_all_replies...``.)"""
    free = position(*DOUBLE_THREE)
    renju = position(*DOUBLE_THREE, rule="renju")
    f5 = renju.parse_move("f5")
    assert f5 in renju.forbidden_points()
    assert find_vct(board_of(free), 0)[1][0] == f5
    found = find_vct(board_of(renju), 0, max_threats=4)
    assert found is not None and found[1][0] != f5
    plies, line = found
    assert len(line) == plies
    for move in line:
        assert renju.is_legal(move), f"{renju.move_name(move)} is illegal\n{renju}"
        renju.push(move)
    assert renju.outcome() is not None and renju.outcome().winner == 0, str(renju)


def test_renju_white_wins_when_black_must_block_on_a_forbidden_point():
    """White's four whose five-point is forbidden for Black (a double three there)
    wins at once under renju."""
    game = position("d5 e5 f3 f4 i2", "h3 g4 e6 i9", rule="renju")
    # White to move: d7 makes a four (i2 is Black's: h3 g4 _ e6 d7) whose only
    # five-point, f5, is Black's double three (d5 e5 f5, f3 f4 f5): forbidden.
    assert game.parse_move("f5") in game.forbidden_points()
    found = find_vct(board_of(game), 1)
    assert found is not None and found[0] == 3
    assert game.move_name(found[1][0]) == "d7"
    verify_win(game, found[0], VcfSolver())
    freestyle = position("d5 e5 f3 f4 i2", "h3 g4 e6 i9")
    other = find_vct(board_of(freestyle), 1)
    assert other is None or other[0] > 3  # Black simply blocks f5


def test_poll_cancels_and_leaves_the_board_unchanged(monkeypatch):
    monkeypatch.setattr(gomoku_vct, "POLL_NODES", 3)
    game = position(*FOUR_THEN_DOUBLE_THREE)
    board = board_of(game)
    key, stones = board.key, list(board.stones)

    class Cancelled(Exception):
        pass

    calls = [0]

    def poll():
        calls[0] += 1
        raise Cancelled

    with pytest.raises(Cancelled):
        find_vct(board, 0, poll=poll, table=VctTable())
    assert calls[0] == 1
    assert (board.key, board.stones) == (key, stones)


def test_node_budget_means_not_found():
    game = position(*FOUR_THEN_DOUBLE_THREE)
    assert find_vct(board_of(game), 0, budget=5) is None
    assert find_vct(board_of(game), 0) is not None


def test_level_8_plays_a_vct_as_a_proven_win():
    evaluator = load_evaluator("gomoku")
    game = position(*FOUR_THEN_DOUBLE_THREE)
    limits = dataclasses.replace(level("gomoku", 8).limits(evaluator.unit), seconds=60.0)
    result = Searcher(evaluator).search(game, limits)
    assert result.exact and result.score == WIN - 7  # shown as a proven win in 7 plies
    assert game.move_name(result.move) == "g3"
    off = dataclasses.replace(limits, threats=False, depth=2)
    assert not Searcher(evaluator).search(game, off).exact


def test_search_stop_event_cancels_the_threat_search(monkeypatch):
    monkeypatch.setattr(gomoku_vct, "POLL_NODES", 1)  # poll at once: the win takes 28 nodes
    evaluator = load_evaluator("gomoku")
    game = position(*FOUR_THEN_DOUBLE_THREE)
    stop = threading.Event()
    stop.set()
    result = Searcher(evaluator).search(game, Limits(depth=9, seconds=60.0, threats=True),
                                        stop=stop)
    assert result.stopped


@pytest.mark.slow
def test_root_defends_against_the_opponents_vct():
    """White to move against Black's four-then-double-three (without White's last
    stone): the root's first move leaves Black no VCT (the VCT search, exhaustively),
    and no move it keeps lets Black win by a VCT found in a few thousand nodes."""
    evaluator = load_evaluator("gomoku")
    black, white = FOUR_THEN_DOUBLE_THREE
    game = position(black, " ".join(white.split()[:-1]))  # White to move
    moves = evaluator.root_moves(game, None, True)
    plain = evaluator.root_moves(game, None, False)
    board = board_of(game)
    refuted = []
    for move in plain:
        board.place(move, 1)
        if find_vct(board, 0, budget=3000) is not None:
            refuted.append(move)
        board.remove(move, 1)
    assert refuted  # the plain candidates hold moves that lose to a VCT
    assert not set(refuted) & set(moves), names(game, set(refuted) & set(moves))
    board.place(moves[0], 1)
    assert find_vct(board, 0) is None
    board.remove(moves[0], 1)


def test_threats_need_a_time_or_node_limit():
    with pytest.raises(ValueError):
        Limits(depth=4, threats=True)


def test_match_spec_keeps_the_old_level_8_as_a_fixed_opponent():
    from game.match import parse_player_spec

    assert parse_player_spec("level=8").limits("gomoku").threats
    assert not parse_player_spec("level=8,vct=off").limits("gomoku").threats
    assert not parse_player_spec("level=7").limits("gomoku").threats
    assert parse_player_spec("time=1,vct=on").limits("gomoku").threats


def test_threat_probe_reports_the_vct_of_the_side_to_move_in_plies():
    """The evaluator's probe (asked by the search near the root) is the VCT search of
    the side to move under a small node cap: the double three's 5 plies, the
    four-then-double-three's 7, nothing in a quiet position or for the defender."""
    evaluator = load_evaluator("gomoku")
    assert evaluator.threat_probe(position(*DOUBLE_THREE)) == 5
    assert evaluator.threat_probe(position(*FOUR_THEN_DOUBLE_THREE)) == 7
    assert evaluator.threat_probe(position(*QUIET)) is None
    black, white = DOUBLE_THREE
    defender = position(black + " a5", white)  # one more black stone, White to move
    assert find_vct(board_of(defender), 0) is not None  # Black's, not the mover's
    assert find_vct(board_of(defender), 1) is None
    assert evaluator.threat_probe(defender) is None


def test_defender_replies_cached_in_the_table_give_the_same_proofs():
    """A table reused across searches (its cached defender replies included) proves
    the same wins with the same lengths as a fresh one, and faster the second time."""
    for stones in (DOUBLE_THREE, FOUR_THEN_DOUBLE_THREE):
        game = position(*stones)
        table = VctTable()
        first, again = [0], [0]
        fresh = find_vct(board_of(game), 0, table=table, counter=first)
        reused = find_vct(board_of(game), 0, table=table, counter=again)
        assert fresh is not None and reused is not None and fresh[0] == reused[0]
        assert again[0] <= first[0]
        assert table.replies  # the defender's replies were remembered


@pytest.mark.slow
def test_root_defence_drops_a_move_refuted_beyond_the_first_share():
    """A level-8 match position (15x15, Black to move): e7 is refuted by a 15-ply VCT
    that takes some 2,800 nodes, more than the first pass's 2,500-node share (it was
    kept as 'not known' and played); the fourfold second pass refutes it. No move
    kept loses to a VCT the search finds in 10,000 nodes."""
    from game.rules import new_game

    evaluator = load_evaluator("gomoku")
    game = new_game("gomoku")
    game.play_moves("h8 i9 g8 i7 i6 h7 e8 f8 g6 h6 f7 h5 e6 h9")
    moves = evaluator.root_moves(game, None, True)
    board = board_of(game)
    e7 = game.parse_move("e7")
    assert e7 in evaluator.root_moves(game, None, False) and e7 not in moves
    board.place(e7, 0)
    assert find_vct(board, 1, budget=10_000) is not None
    board.remove(e7, 0)
    for move in moves:
        board.place(move, 0)
        assert find_vct(board, 1, budget=10_000) is None, game.move_name(move)
        board.remove(move, 0)


@pytest.mark.slow
def test_the_chosen_move_check_finds_a_refutation_the_defence_share_misses():
    """A level-8 match position (15x15, Black to move): f5, which level 8 played,
    loses to a 21-ply VCT that takes about 21,000 nodes (beyond the root defence's
    share of each move); ``refuted`` finds it, and passes h13, which the loss check
    proved safe."""
    from game.rules import new_game

    evaluator = load_evaluator("gomoku")
    game = new_game("gomoku")
    game.play_moves("h8 i9 g9 i7 h10 h7 i10 g10 h9 i11 g8 f7 g7 h11 j11 k12 i12 f8 "
                    "k10 l9 f6 g6 j10 l10")
    assert evaluator.refuted(game, game.parse_move("f5"))
    assert not evaluator.refuted(game, game.parse_move("h13"))
