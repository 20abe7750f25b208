"""The search at the root: how it spends a time budget and how the easy levels choose."""

from __future__ import annotations

import time

from ai.evaluators.base import ExactSolver
from ai.search import Limits, Searcher
from tests.ai.tree_game import LeafEvaluator, TreeGame, parse_tree


class _SolverThatNeverFinishes(ExactSolver):
    """Applies everywhere and polls until its share of the budget runs out."""

    def applies(self, game, reach=None):
        return True

    def solve(self, game, poll=lambda: None, reach=None):
        while True:
            poll()
            time.sleep(0.001)

    def search_score(self, game, score):
        raise AssertionError("never solves, so never converts a score")


class _EvaluatorWithSlowSolver(LeafEvaluator):
    solver = _SolverThatNeverFinishes()


def _binary_tree(depth: int, start: int = 0) -> str:
    """A complete binary tree of ``depth`` levels with distinct leaves."""
    if depth == 0:
        return str(start)
    half = 2 ** (depth - 1)
    return f"({_binary_tree(depth - 1, start)} {_binary_tree(depth - 1, start + half)})"


def test_a_solver_that_uses_its_half_of_the_budget_leaves_the_search_its_depths():
    """Regression: the pacing rule counted the solver's time, so after a solver that did
    not finish, the search stopped at depth 1 (Othello level 8 at 15-16 empties)."""
    game = TreeGame(parse_tree(_binary_tree(6)))
    searcher = Searcher(_EvaluatorWithSlowSolver(), deepening_step=1)
    result = searcher.search(game, Limits(depth=6, seconds=0.6))
    # The tree has 64 leaves: every depth takes well under a millisecond, so the half
    # of the budget left after the solver is ample for all six.
    assert result.depth == 6, result


def test_the_random_choice_prefers_the_better_of_the_near_equal_moves():
    """Randomness 10 with root moves worth 10 and 2: both are within the margin, the
    better one is chosen about e**2.4 (11) times as often, the worse one still
    sometimes (a uniform choice, as before, took each half the time)."""
    tree = parse_tree("(10 2 -50)")
    searcher = Searcher(LeafEvaluator(), seed=0)
    chosen = [searcher.search(TreeGame(tree), Limits(depth=1, randomness=10)).move
              for _ in range(1000)]
    better = chosen.count(0) / len(chosen)
    assert 0.85 < better < 0.97, better
    assert chosen.count(1) > 0 and chosen.count(2) == 0


class _ProbingEvaluator(LeafEvaluator):
    """Its threat probe reports a win of the side to move at the paths of ``wins``
    (``move_stack`` tuple -> plies to the win) and counts where it was asked."""

    def __init__(self, wins: dict[tuple[int, ...], int]) -> None:
        super().__init__()
        self.wins = wins
        self.asked: list[tuple[int, ...]] = []

    def threat_probe(self, game):
        path = tuple(game.move_stack)
        self.asked.append(path)
        return self.wins.get(path)


def _minimax_with_wins(tree, path: tuple[int, ...], wins, probe_plies: int) -> int:
    """The reference: plain minimax from the side to move's view, where a node within
    ``probe_plies`` of the root (the root itself excluded) that ``wins`` names is a
    win of the side to move in that many plies: ``WIN - ply - plies``."""
    from ai.evaluators.base import WIN

    node = tree
    for move in path:
        node = node[move]
    ply = len(path)
    if isinstance(node, int):
        return node if ply % 2 == 0 else -node
    if 1 <= ply <= probe_plies and path in wins:
        return WIN - ply - wins[path]
    return max(-_minimax_with_wins(tree, (*path, m), wins, probe_plies)
               for m in range(len(node)))


def test_threat_probes_near_the_root_score_proven_wins_and_nowhere_else():
    """With ``Limits.threats`` every node within ``THREAT_PROBE_PLIES`` of the root is
    probed (none deeper, and none without ``threats``), and a reported win is scored
    as the proof says: the root value equals minimax with those nodes as won leaves."""
    from ai.search import THREAT_PROBE_PLIES

    plies = THREAT_PROBE_PLIES
    tree = parse_tree(_binary_tree(plies + 3))
    # A win of the side to move after A (ply 1, MIN), after B A (ply 2, MAX), after
    # B B A (ply 3), ... down to the last probed ply; one named a ply deeper (B ... B A)
    # must be ignored. The nearer the root, the longer the win.
    wins = {(1,) * k + (0,): 2 * (plies - k) + 1 for k in range(plies + 1)}
    evaluator = _ProbingEvaluator(wins)
    limits = Limits(depth=plies + 3, nodes=10**6, threats=True)
    result = Searcher(evaluator, deepening_step=1).search(TreeGame(tree), limits)
    expected = _minimax_with_wins(tree, (), wins, THREAT_PROBE_PLIES)
    # The probes change the value, and probing one ply deeper would change it again.
    assert expected != _minimax_with_wins(tree, (), {}, 0)
    assert expected != _minimax_with_wins(tree, (), wins, THREAT_PROBE_PLIES + 1)
    assert result.score == expected
    assert result.move == 1
    assert evaluator.asked and max(map(len, evaluator.asked)) == THREAT_PROBE_PLIES
    plain = _ProbingEvaluator(wins)
    Searcher(plain, deepening_step=1).search(TreeGame(tree),
                                             Limits(depth=plies + 3, nodes=10**6))
    assert plain.asked == []


class _RefutingEvaluator(LeafEvaluator):
    """``refuted`` says yes for the root moves in ``refuted_moves`` and records calls."""

    def __init__(self, refuted_moves: set[int]) -> None:
        super().__init__()
        self.refuted_moves = refuted_moves
        self.checked: list[int] = []

    def refuted(self, game, move, poll=None, deadline=None):
        assert not game.move_stack  # asked at the root only
        self.checked.append(move)
        return move in self.refuted_moves


def test_a_refuted_choice_is_dropped_and_the_next_best_played():
    """With ``Limits.threats`` the search's choice is checked (``Evaluator.refuted``);
    a refuted one is dropped and the search runs again: the best root move (C, 9)
    and then the next (A, 7) are refuted, so B (5) is played; without ``threats``
    nothing is checked and C stays."""
    tree = parse_tree("((7 8) (5 6) (9 10))")
    evaluator = _RefutingEvaluator({0, 2})
    limits = Limits(depth=2, nodes=10**6, threats=True)
    result = Searcher(evaluator).search(TreeGame(tree), limits)
    # The last move left is played unchecked: there is nothing else to play.
    assert evaluator.checked == [2, 0] and result.move == 1 and result.score == 5
    plain = _RefutingEvaluator({0, 2})
    assert Searcher(plain).search(TreeGame(tree), Limits(depth=2, nodes=10**6)).move == 2
    assert plain.checked == []


def _ternary_tree(depth: int, start: int = 0) -> str:
    """A complete ternary tree of ``depth`` levels with distinct leaves."""
    if depth == 0:
        return str(start % 97 - 48)
    third = 3 ** (depth - 1)
    return "(" + " ".join(_ternary_tree(depth - 1, start + k * third) for k in range(3)) + ")"


def test_the_chosen_move_is_checked_at_the_root_after_a_search_cut_off_mid_line():
    """Regression (Gomoku level 8, session 7): a search stopped by its limit unwinds
    without popping its moves, and the check of the chosen move then ran on that
    position, stones of the abandoned line still on it, and its re-search chose moves
    for it (the level left fours unblocked). The check must see the root."""
    tree = parse_tree(_ternary_tree(7))  # the limit stops it in its third depth
    evaluator = _RefutingEvaluator({0, 1, 2})  # asserts that it is asked at the root
    limits = Limits(depth=7, nodes=300, threats=True)
    result = Searcher(evaluator, deepening_step=1).search(TreeGame(tree), limits)
    assert evaluator.checked, "the chosen move was not checked"
    assert result.move in (0, 1, 2)


class _FakeClock:
    """Stands in for ``ai.search``'s ``time``: a clock that moves only when a leaf is
    scored, so a time-limited search is the same on any machine and under any load."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


class _SlowRefutingEvaluator(_RefutingEvaluator):
    """A leaf ``ply`` moves deep costs ``base * 10 ** ply`` seconds of the fake clock:
    each depth of the deepening costs tens of times the last, as in Gomoku."""

    def __init__(self, refuted_moves: set[int], clock: _FakeClock, base: float) -> None:
        super().__init__(refuted_moves)
        self.clock, self.base = clock, base

    def evaluate(self, game):
        self.clock.now += self.base * 10 ** len(game.move_stack)
        return super().evaluate(game)


def test_the_search_after_a_refuted_choice_leaves_time_to_check_its_own(monkeypatch):
    """Regression (Gomoku level 8, session 8): after a refuted choice the search of the
    moves left ran to the deadline, cut in its last depth, so its move was played
    without a check (and was refuted too). It must stop early enough for the check:
    here every root move is refuted, and two are checked within the budget."""
    import ai.search

    clock = _FakeClock()
    monkeypatch.setattr(ai.search, "time", clock)
    monkeypatch.setattr(ai.search, "POLL_INTERVAL", 1)  # stop on the clock's tick
    tree = parse_tree(_ternary_tree(7))
    evaluator = _SlowRefutingEvaluator({0, 1, 2}, clock, base=1e-6)
    # 3 s: with the old pacing, budgets of 0.5 and 1.5-4 s (fake) checked one move.
    limits = Limits(depth=7, seconds=3.0, threats=True)
    result = Searcher(evaluator, deepening_step=1).search(TreeGame(tree), limits)
    assert len(evaluator.checked) == 2 and len(set(evaluator.checked)) == 2
    assert result.move != evaluator.checked[0]
    assert clock.now <= 3.0
