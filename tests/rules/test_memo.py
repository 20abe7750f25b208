"""``game.rules.memo.TwoGenerations``: bounded, and it forgets the oldest half, not all.

Checked against a slow reference written here: a list of (key, value) generations
that follows the same rule in the plainest way, and against what a table cleared when
full (the old way) keeps.
"""

from __future__ import annotations

import random

import pytest

from game.rules.memo import TwoGenerations


class Reference:
    """Two generations as two lists of pairs; the rule spelled out step by step."""

    def __init__(self, limit: int) -> None:
        self.half = max(1, limit // 2)
        self.new: list[tuple[int, int]] = []
        self.old: list[tuple[int, int]] = []

    @staticmethod
    def _find(pairs: list[tuple[int, int]], key: int) -> int | None:
        for k, v in pairs:
            if k == key:
                return v
        return None

    def store(self, key: int, value: int) -> None:
        if self._find(self.new, key) is not None:
            self.new = [(k, value if k == key else v) for k, v in self.new]
            return
        if len(self.new) == self.half:  # full: the new turns old, the old is dropped
            self.old, self.new = self.new, []
        self.new.append((key, value))

    def look_up(self, key: int) -> int | None:
        found = self._find(self.new, key)
        if found is not None:
            return found
        found = self._find(self.old, key)
        if found is not None:  # used again: it moves into the new generation
            self.old = [(k, v) for k, v in self.old if k != key]
            self.store(key, found)
        return found


def look_up(memo: TwoGenerations[int, int], key: int) -> int | None:
    """The look-up the callers make: the new generation, then the old."""
    found = memo.get(key)
    return memo.recall(key) if found is None else found


@pytest.mark.parametrize("limit", [2, 3, 8, 64])
def test_random_use_matches_the_reference_and_stays_bounded(limit: int) -> None:
    rng = random.Random(limit)
    memo: TwoGenerations[int, int] = TwoGenerations(limit)
    reference = Reference(limit)
    for step in range(5_000):
        key = rng.randrange(3 * limit)
        if rng.random() < 0.5:
            assert look_up(memo, key) == reference.look_up(key), step
        else:
            memo[key] = reference_value = rng.randrange(1000)
            reference.store(key, reference_value)
        assert dict(memo) == dict(reference.new), step
        assert memo.old == dict(reference.old), step
        assert len(memo) + len(memo.old) <= max(2, limit)


def test_entries_in_use_survive_where_a_cleared_table_loses_them() -> None:
    """A search that keeps using 10 keys while it meets 1,000 new ones: with room for
    100, the 10 are always found again; a table emptied when full loses them each time
    it fills."""
    hot = range(10)
    memo: TwoGenerations[int, int] = TwoGenerations(100)
    cleared: dict[int, int] = {}
    misses = {"two generations": 0, "cleared when full": 0}
    for key in hot:
        memo[key] = cleared[key] = key
    for fresh in range(1_000, 2_000):
        for key in (fresh, *hot):
            if look_up(memo, key) is None:
                misses["two generations"] += key in hot
                memo[key] = key
            if cleared.get(key) is None:
                misses["cleared when full"] += key in hot
                if len(cleared) >= 100:
                    cleared.clear()
                cleared[key] = key
    assert misses["two generations"] == 0
    assert misses["cleared when full"] >= 10 * (1_000 // 100)  # every key, every clear


def test_a_value_may_be_none_and_clear_forgets_both_generations() -> None:
    memo: TwoGenerations[int, int | None] = TwoGenerations(2)
    memo[1] = None
    memo[2] = 4  # 1 turns old
    assert 1 in memo.old and memo.recall(1, -1) is None and 1 in memo
    assert memo.recall(99, -1) == -1
    memo.clear()
    assert len(memo) == 0 and memo.old == {}


def test_pickled_and_copied_with_both_generations() -> None:
    """A renju game keeps one (its forbidden points): games are pickled for a match's
    worker processes and copied."""
    import copy
    import pickle

    from game.rules import new_game

    memo: TwoGenerations[int, int] = TwoGenerations(4)
    for n in range(3):
        memo[n] = n
    for twin in (pickle.loads(pickle.dumps(memo)), copy.deepcopy(memo), copy.copy(memo)):
        assert isinstance(twin, TwoGenerations) and twin.half == 2
        assert dict(twin) == {2: 2} and twin.old == {0: 0, 1: 1}
        twin[3] = 3
        twin[4] = 4  # the new generation was full: it turns old, as in the original
        assert dict(twin) == {4: 4} and twin.old == {2: 2, 3: 3}
    game = new_game("gomoku", rule="renju")
    game.play_moves("h8i9h9")
    game.forbidden_points()
    assert pickle.loads(pickle.dumps(game)).move_stack == game.move_stack
