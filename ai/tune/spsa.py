"""SPSA from match results: simultaneous perturbation stochastic approximation.

Each step perturbs every weight at once by ``±c_k`` (a random sign per weight,
``perturbation``), plays ``θ + c_k Δ`` against ``θ - c_k Δ`` (a pair of games, each
side once first) and moves ``θ`` towards the side that scored: the result ``r`` of
the pair (wins minus losses of ``θ + c_k Δ``, from -2 to 2) is a noisy measure of
the slope of the playing strength along ``Δ`` (Spall 1998; as fishtest tunes
Stockfish's parameters, with Spall's names):

* ``c_k = c_end · (N / k) ** γ``: the perturbation of the k-th pair (k = 1 … N),
  shrinking to ``c_end`` at the last pair;
* ``a_k = a_end · ((A + N) / (A + k)) ** α`` with ``a_end = r_end · c_end²``: the
  learning rate, shrinking to ``a_end``;
* ``θ_i ← θ_i + (a_k / c_k) · r · Δ_i``, kept inside the weight's range.

Spall's exponents ``α = 0.602`` and ``γ = 0.101`` (the smallest that still
guarantee convergence, his recommendation for a finite run) and ``A = N / 10``.
fishtest's default ``r_end = 0.002`` suits runs of tens of thousands of games;
``default_r_end`` scales it to a run of a few hundred.

>>> gains = Gains(pairs=100, c_end=5.0, r_end=0.1, stability=10.0)
>>> round(gains.c(100), 6), round(gains.a(100), 6)   # the last pair: c_end, r_end·c_end²
(5.0, 2.5)
>>> step([10.0], [(1,)], [2], [gains], [(0, 100)], [100])
[11.0]
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

# untranslated: the module's names
__all__ = ["ALPHA", "GAMMA", "Gains", "default_c_end", "default_r_end", "perturbation",
           "perturbed", "step"]

ALPHA = 0.602
"""Exponent of the learning rate's decay (Spall)."""
GAMMA = 0.101
"""Exponent of the perturbation's decay (Spall)."""
STABILITY_SHARE = 0.1
"""``A``, the learning rate's stability constant, as a share of the pairs (Spall: 10%)."""


@dataclasses.dataclass(frozen=True)
class Gains:
    """The gain sequences of one weight over a run of ``pairs`` game pairs.

    Attributes:
        pairs: N, the pairs the run plays.
        c_end: the perturbation at the last pair.
        r_end: the learning rate at the last pair relative to ``c_end²``.
        stability: A (default ``STABILITY_SHARE · N``).
    """

    pairs: int
    c_end: float
    r_end: float
    stability: float | None = None
    alpha: float = ALPHA
    gamma: float = GAMMA

    def c(self, k: int) -> float:
        """``c_k``, the perturbation of pair ``k`` (1-based)."""
        assert k >= 1
        return float(self.c_end * (self.pairs / k) ** self.gamma)

    def a(self, k: int) -> float:
        """``a_k``, the learning rate of pair ``k`` (1-based)."""
        assert k >= 1
        big_a = STABILITY_SHARE * self.pairs if self.stability is None else self.stability
        return float(self.r_end * self.c_end ** 2
                     * ((big_a + self.pairs) / (big_a + k)) ** self.alpha)


def default_c_end(low: int, high: int) -> float:
    """A weight's final perturbation: a twentieth of its range, at least 1 (a
    perturbation under half a unit would round away: weights are whole numbers)."""
    return max(1.0, (high - low) / 20)


def default_r_end(pairs: int) -> float:
    """``r_end`` for a run of ``pairs`` pairs: ``10 / pairs``, so that a pair result
    that kept the same sign all run long would move a weight about half its range
    (fishtest's 0.002 is this rule at 5,000 pairs)."""
    return 10.0 / max(1, pairs)


def perturbation(seed: int, k: int, size: int) -> tuple[int, ...]:
    """Δ of pair ``k``: ``size`` random signs (±1), the same for the same ``seed`` and
    ``k`` in every run (a resumed run perturbs as an uninterrupted one)."""
    rng = random.Random(f"spsa:{seed}:{k}")
    return tuple(rng.choice((-1, 1)) for _ in range(size))


def perturbed(theta: Sequence[float], delta: Sequence[int], c: Sequence[float],
              bounds: Sequence[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """``θ + cΔ`` and ``θ - cΔ``, each weight rounded to a whole number and kept in
    its range (``bounds``: ``(low, high)`` per weight).

    >>> perturbed([10.0, 0.4], [1, -1], [2.6, 1.0], [(0, 100), (0, 5)])
    ([13, 0], [7, 1])
    """
    plus = [int(_inside(round(t + ci * d), b)) for t, d, ci, b in zip(theta, delta, c, bounds)]
    minus = [int(_inside(round(t - ci * d), b)) for t, d, ci, b in zip(theta, delta, c, bounds)]
    return plus, minus


def step(theta: Sequence[float], deltas: Sequence[Sequence[int]], results: Sequence[float],
         gains: Sequence[Gains], bounds: Sequence[tuple[int, int]],
         ks: Sequence[int]) -> list[float]:
    """θ after the pairs ``ks`` (1-based indices), played with the perturbations
    ``deltas`` and ending with ``results`` (wins minus losses of ``θ + cΔ``): each
    pair adds ``(a_k / c_k) · r · Δ_i`` to weight ``i``, and the sum is kept in
    range. Pairs played at the same θ (one iteration's batch) are applied together.
    """
    theta = list(theta)
    for delta, result, k in zip(deltas, results, ks):
        for i, gain in enumerate(gains):
            theta[i] += gain.a(k) / gain.c(k) * result * delta[i]
    return [float(_inside(t, b)) for t, b in zip(theta, bounds)]


def _inside(value: float, bounds: tuple[int, int]) -> float:
    return min(max(value, bounds[0]), bounds[1])
