"""game.tournament's statistics against slow direct formulas written here."""

from __future__ import annotations

import math

import pytest

from game.tournament import (
    Sprt,
    Tally,
    expected_score,
    log_likelihood_ratio,
    pentanomial,
    ratings,
    schedule,
)


def golden_max(f, low, high, steps=120):
    """The maximum of a concave ``f`` on [low, high], by golden-section search.

    Each step keeps one inner point of the last (the golden ratio's point: the old ``c``
    is the new ``d`` when the top part is dropped, the old ``d`` the new ``c`` otherwise)
    and its value, so ``f`` is computed once a step, not twice: the nested searches of
    ``pentanomial_max`` take an eighth of the calls for the same narrowing."""
    ratio = (math.sqrt(5) - 1) / 2
    a, b = low, high
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(steps):
        if fc >= fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = f(d)
    return f((a + b) / 2)


def log_likelihood(counts, probabilities):
    if any(p <= 0 for n, p in zip(counts, probabilities) if n):
        return -math.inf
    return sum(n * math.log(p) for n, p in zip(counts, probabilities) if n)


def trinomial_max(counts, mean):
    """max of the log-likelihood over (loss, draw, win) probabilities with the given mean
    score: with d the draw rate, win = mean − d/2 and loss = 1 − mean − d/2."""
    high = 2 * min(mean, 1 - mean)
    return golden_max(lambda d: log_likelihood(counts, (1 - mean - d / 2, d, mean - d / 2)),
                      0.0, high)


def pentanomial_max(counts, mean):
    """The same over the five pair outcomes (0, ¼, ½, ¾, 1): the probabilities of ¼, ½
    and ¾ chosen by nested searches, those of 0 and 1 then fixed by the sum and the
    mean (the log-likelihood is concave, so the nested maxima are the maximum)."""
    def given(q1, q2, q3):
        rest = 1 - q1 - q2 - q3
        top = mean - 0.25 * q1 - 0.5 * q2 - 0.75 * q3  # = p(1)
        return log_likelihood(counts, (rest - top, q1, q2, q3, top))

    return golden_max(lambda a: golden_max(lambda b: golden_max(
        lambda c: given(a, b, c), 0, 1, 24), 0, 1, 24), 0, 1, 24)


def test_the_trinomial_llr_is_the_ratio_of_the_constrained_maxima():
    counts = (30, 50, 45)  # losses, draws, wins
    s0, s1 = expected_score(0), expected_score(20)
    expected = trinomial_max(counts, s1) - trinomial_max(counts, s0)
    assert log_likelihood_ratio(counts, s0, s1, (0.0, 0.5, 1.0)) == pytest.approx(
        expected, abs=1e-6)


def test_the_pentanomial_llr_is_the_ratio_of_the_constrained_maxima():
    counts = (3, 10, 20, 14, 5)
    s0, s1 = expected_score(0), expected_score(30)
    expected = pentanomial_max(counts, s1) - pentanomial_max(counts, s0)
    assert Sprt(0, 30).llr(counts) == pytest.approx(expected, abs=1e-3)


def test_the_llr_is_near_the_normal_approximation_for_a_small_elo_gap():
    """fishtest's approximation: LLR ≈ N (s1 − s0)(2 x̄ − s0 − s1) / (2 σ²) with x̄ and
    σ² the mean and variance of the pair scores."""
    counts = (40, 200, 500, 230, 30)
    values = (0, 0.25, 0.5, 0.75, 1)
    n = sum(counts)
    mean = sum(c * v for c, v in zip(counts, values)) / n
    variance = sum(c * (v - mean) ** 2 for c, v in zip(counts, values)) / n
    s0, s1 = expected_score(0), expected_score(5)
    approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)
    assert Sprt(0, 5).llr(counts) == pytest.approx(approx, rel=0.01)


def test_pairs_all_won_or_all_above_the_mean_still_decide():
    """Without a regularised count the constrained maximum does not exist (no
    distribution of the seen outcomes has mean ½) and the LLR would stay 0 for ever:
    here each unseen outcome weighs 0.001 of a pair, and the LLR is the same ratio of
    constrained maxima computed directly on those counts."""
    sprt = Sprt(0, 50)
    llrs = [sprt.llr([0, 0, 0, 0, n]) for n in (1, 5, 30)]
    assert 0 < llrs[0] < llrs[1] < llrs[2]
    assert sprt.verdict([0, 0, 5, 4, 191]) == "H1"
    counts = (0.001, 0.001, 0.001, 0.001, 5)
    s0, s1 = expected_score(0), expected_score(50)
    assert llrs[1] == pytest.approx(pentanomial_max(counts, s1) - pentanomial_max(counts, s0),
                                    abs=1e-2)


def test_bounds_and_verdicts():
    sprt = Sprt.parse("elo0=0,elo1=10,alpha=0.05,beta=0.05")
    assert sprt.bounds() == pytest.approx((math.log(0.05 / 0.95), math.log(0.95 / 0.05)))
    assert sprt.verdict([0, 0, 0, 0, 0]) is None
    assert sprt.verdict([0, 1, 2, 60, 200]) == "H1"
    assert sprt.verdict([200, 60, 2, 1, 0]) == "H0"
    assert pentanomial([0, 0.25, 0.5, 0.5, 1]) == [1, 1, 2, 0, 1]
    for bad in ("elo0=10,elo1=0", "elo0=0,elo1=x", "elo=3", "alpha=0.7", "elo0=0,elo0=1",
                "elo1=1e400"):
        with pytest.raises(ValueError):
            Sprt.parse(bad)


def test_two_players_get_the_logistic_elo_of_their_score():
    """With the prior's two virtual draws the fitted gap solves, by hand:
    wins·(1−p) − losses·p + draws·(½−p) + ½ − q(r/2) ... checked here as the zero of
    the score equation written directly."""
    games = [(0, 1, 1.0)] * 30 + [(0, 1, 0.5)] * 10 + [(0, 1, 0.0)] * 10
    a, b = ratings(2, games)
    assert a.elo == pytest.approx(-b.elo)
    gap = a.elo - b.elo
    # Player 0's score equation: actual − expected over the games and its prior draw.
    residual = (35 - 50 * expected_score(gap)) + (0.5 - expected_score(gap / 2))
    assert residual == pytest.approx(0, abs=1e-6)
    # Close to the plain logistic Elo of 70% (the prior pulls it a little to 0).
    assert 130 < gap < Tally(30, 10, 10).elo()[0] + 1e-9
    assert a.margin == pytest.approx(b.margin) and 0 < a.margin < 200


def test_a_round_robin_ranks_the_stronger_first_and_fits_the_scores():
    games = ([(0, 1, 1.0)] * 6 + [(0, 1, 0.5)] * 2 + [(0, 2, 1.0)] * 8
             + [(1, 2, 1.0)] * 5 + [(1, 2, 0.0)] * 3)
    found = ratings(3, games)
    assert found[0].elo > found[1].elo > found[2].elo
    assert sum(r.elo for r in found) == pytest.approx(0, abs=1e-9)
    for player in range(3):  # the likelihood's gradient is zero: actual = expected
        actual = expected = 0.0
        for i, j, score in games:
            if player in (i, j):
                mine = score if player == i else 1 - score
                other = found[j if player == i else i].elo
                actual += mine
                expected += expected_score(found[player].elo - other)
        actual += 0.5
        expected += expected_score(found[player].elo)
        # the prior's opponent is rated at the fitted field's mean before centring
        assert actual == pytest.approx(expected, abs=0.05)


def test_a_schedule_plays_each_pairing_both_colours_of_each_opening():
    slots = schedule(3, "round-robin", 4)
    assert len(slots) == 12
    for pair in ((0, 1), (0, 2), (1, 2)):
        mine = [s for s in slots if (s.first, s.second) == pair]
        assert [(s.first_moves, s.opening) for s in mine] == [(True, 0), (False, 0),
                                                              (True, 1), (False, 1)]
    assert {(s.first, s.second) for s in schedule(4, "gauntlet", 2)} == {(0, 1), (0, 2),
                                                                         (0, 3)}
