"""The tuning mathematics (``ai.tune``) against hand-computed values, and on synthetic
problems whose best weights are known."""

from __future__ import annotations

import math
import random

import pytest

from ai.evaluators import weights_from_toml
from ai.evaluators.connect4 import Weights as Connect4Weights
from ai.tune import spsa, texel
from ai.tune.weights import Parameter, parameters, weights_toml

# --- SPSA ------------------------------------------------------------------------------


def test_gains_by_hand() -> None:
    """N = 100 pairs, A = 10, c_end = 5, r_end = 0.1: a_end = 0.1 · 25 = 2.5.
    c_1 = 5 · 100^0.101 = 5 · 10^0.202 = 5 · 1.59221 = 7.961;
    a_1 = 2.5 · (110 / 11)^0.602 = 2.5 · 10^0.602 = 2.5 · 3.99945 = 9.9986."""
    gains = spsa.Gains(pairs=100, c_end=5.0, r_end=0.1, stability=10.0)
    assert gains.c(1) == pytest.approx(7.961, abs=1e-3)
    assert gains.a(1) == pytest.approx(9.9986, abs=1e-3)
    assert gains.c(100) == pytest.approx(5.0)
    assert gains.a(100) == pytest.approx(2.5)
    # A defaults to a tenth of the pairs
    assert spsa.Gains(pairs=100, c_end=5.0, r_end=0.1).a(1) == pytest.approx(gains.a(1))


def test_step_by_hand() -> None:
    """Two pairs at k = 100 (a/c = 2.5/5 = 0.5): results +2 with Δ = (+1, -1) and -1
    with Δ = (+1, +1) move θ by 0.5·(2 - 1) = +0.5 and 0.5·(-2 - 1) = -1.5; the
    second weight then leaves its range and is kept at 0."""
    gains = spsa.Gains(pairs=100, c_end=5.0, r_end=0.1, stability=10.0)
    theta = spsa.step([10.0, 1.0], [(1, -1), (1, 1)], [2, -1], [gains, gains],
                      [(0, 100), (0, 100)], [100, 100])
    assert theta == [pytest.approx(10.5), 0.0]


def test_perturbed_rounds_and_clamps() -> None:
    assert spsa.perturbed([10.0, 99.0], [1, 1], [2.4, 3.0], [(0, 100), (0, 100)]) == \
        ([12, 100], [8, 96])


def test_perturbation_is_signs_from_the_seed() -> None:
    first = spsa.perturbation(7, 3, 40)
    assert set(first) <= {-1, 1} and len(first) == 40
    assert spsa.perturbation(7, 3, 40) == first
    assert spsa.perturbation(7, 4, 40) != first
    assert spsa.perturbation(8, 3, 40) != first
    signs = [s for k in range(1, 200) for s in spsa.perturbation(1, k, 5)]
    assert abs(sum(signs)) < 100  # about as many of each (995 signs)


def test_default_gains() -> None:
    assert spsa.default_c_end(0, 100) == 5.0
    assert spsa.default_c_end(0, 10) == 1.0
    assert spsa.default_r_end(5000) == pytest.approx(0.002)  # fishtest's default


def test_spsa_finds_the_best_weights_of_a_simulated_match() -> None:
    """A made-up game whose strength peaks at weights (30, 70): the side nearer the
    optimum wins each game with a logistic probability of the strength difference. SPSA
    from (80, 10) must end near (30, 70)."""
    best = (30.0, 70.0)

    def strength(w: list[int]) -> float:
        return -sum((a - b) ** 2 for a, b in zip(w, best)) / 100.0

    rng = random.Random(5)
    pairs = 1000
    bounds = [(0, 100), (0, 100)]
    gains = [spsa.Gains(pairs, spsa.default_c_end(*b), spsa.default_r_end(pairs))
             for b in bounds]
    theta = [80.0, 10.0]
    for k in range(1, pairs + 1):
        delta = spsa.perturbation(11, k, 2)
        plus, minus = spsa.perturbed(theta, delta, [g.c(k) for g in gains], bounds)
        p = 1 / (1 + math.exp(-(strength(plus) - strength(minus))))
        result = sum(1 if rng.random() < p else -1 for _game in range(2))
        theta = spsa.step(theta, [delta], [result], gains, bounds, [k])
    assert abs(theta[0] - 30) < 8 and abs(theta[1] - 70) < 8, theta


# --- Texel -----------------------------------------------------------------------------


def test_logistic_and_error_by_hand() -> None:
    """σ(ln 3 · 1) = 1 / (1 + 1/3) = 0.75; the error of scores (0, 1) for outcomes
    (1, 0) is ((1 - 0.5)² + (0 - 0.75)²) / 2 = 0.40625."""
    k = math.log(3)
    assert texel.logistic(0, 1.0) == 0.5
    assert texel.logistic(1, k) == pytest.approx(0.75)
    assert texel.logistic(-1, k) == pytest.approx(0.25)
    assert texel.logistic(-1e9, 1.0) == 0.0 and texel.logistic(1e9, 1.0) == 1.0
    assert texel.mean_squared_error([0, 1], [1, 0], k) == pytest.approx(0.40625)
    assert texel.mean_squared_error([], [], k) == 0.0


def test_fit_scale_finds_the_known_scale() -> None:
    """Positions scored +10 were won 3 times in 4, those scored -10 lost 3 times in 4:
    the best fit has σ(10K) = 3/4, K = ln(3) / 10."""
    scores = [10.0] * 4 + [-10.0] * 4
    outcomes = [1, 1, 1, 0, 0, 0, 0, 1]
    assert texel.fit_scale(scores, outcomes) == pytest.approx(math.log(3) / 10, rel=1e-4)


def test_descent_pass_by_hand() -> None:
    """loss (v - 3)², from 0 with step 2 in 0..10: 2 (loss 1), then nothing at step 2
    (4 and 0 are no better), step 1: 3 (loss 0), then nothing at step 1: finished."""
    def loss(v: list[int]) -> float:
        return (v[0] - 3) ** 2

    bounds = [(0, 10)]
    assert texel.descent_pass([0], [2], bounds, loss) == ([2], [2], 1, False)
    assert texel.descent_pass([2], [2], bounds, loss) == ([2], [1], 1, False)
    assert texel.descent_pass([2], [1], bounds, loss) == ([3], [1], 0, False)
    assert texel.descent_pass([3], [1], bounds, loss) == ([3], [1], 0, True)


def _descend(values: list[int], bounds: list[tuple[int, int]], loss: texel.Loss) -> list[int]:
    steps = texel.first_steps(bounds)
    for _pass in range(500):
        values, steps, _error, done = texel.descent_pass(values, steps, bounds, loss)
        if done:
            return values
    raise AssertionError("the descent did not finish")


def test_texel_fit_recovers_known_weights() -> None:
    """Outcomes made from known weights (7, 3, 0) through the logistic, on random
    counts: fitting from (0, 0, 20) with the scale known recovers them exactly."""
    rng = random.Random(3)
    counts = [[rng.randint(-3, 3) for _ in range(3)] for _ in range(300)]
    scale, truth = 0.1, [7, 3, 0]
    scores = texel.linear_scores([0] * 300, counts, truth)
    outcomes = [texel.logistic(s, scale) for s in scores]
    bounds = [(0, 40), (0, 40), (0, 40)]

    def loss(values: list[int]) -> float:
        return texel.mean_squared_error(texel.linear_scores([0] * 300, counts, values),
                                        outcomes, scale)

    assert _descend([0, 0, 20], bounds, loss) == truth


def test_texel_fit_stays_in_range() -> None:
    """The best weight 7 lies outside the range 0..5: the fit ends at 5."""
    counts = [[1], [-1], [2], [-2]]
    outcomes = [texel.logistic(7 * c[0], 0.3) for c in counts]

    def loss(values: list[int]) -> float:
        return texel.mean_squared_error(texel.linear_scores([0] * 4, counts, values),
                                        outcomes, 0.3)

    assert _descend([0], [(0, 5)], loss) == [5]


# --- weights ---------------------------------------------------------------------------


def test_parameters_of_a_weights_class() -> None:
    found = parameters(Connect4Weights())
    assert found[0] == Parameter("first_odd_threat", 120, 0, 300)
    assert [p.name for p in found][-1] == "lines"
    assert parameters(Connect4Weights(), ["lines", "centre"]) == [
        Parameter("centre", 0, 0, 50), Parameter("lines", 12, 0, 30)]
    with pytest.raises(KeyError):
        parameters(Connect4Weights(), ["no_such_weight"])
    with pytest.raises(TypeError):
        parameters(object())


@pytest.mark.parametrize("game", ["tictactoe", "connect4", "othello", "gomoku"])
def test_weights_toml_reads_back(game: str) -> None:
    """Every weight written, shifted inside its range, reads back as written."""
    import importlib

    default = importlib.import_module(f"ai.evaluators.{game}").PRESETS["default"]
    values = {p.name: (p.start + 1 if p.start < p.high else p.start - 1)
              for p in parameters(default)}
    read = weights_from_toml(game, weights_toml(game, values))
    assert {name: getattr(read, name) for name in values} == values
