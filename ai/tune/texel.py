"""Texel-style fitting: weights whose static scores predict the games' outcomes.

Each position ``p`` of a set of games has a static score ``s_p`` (the evaluator's,
from the side to move's view) and an outcome ``y_p`` for that side (1 won, ½ drawn,
0 lost). A logistic ``σ(K·s) = 1 / (1 + e^(-K·s))`` turns a score into an expected
result; the fit minimises the mean squared error ``E = mean((y_p - σ(K·s_p))²)``
(Peter Österlund's method for the engine Texel, as the Chess Programming Wiki
describes it):

1. ``fit_scale``: the ``K`` that fits the starting weights best (a score's meaning
   in expected result);
2. ``descent_pass``: with ``K`` fixed, coordinate descent over whole-number weights
   inside their ranges: try each weight one step up and down, keep what lowers
   ``E``; halve the steps when a pass finds nothing, stop when a pass with every
   step at 1 finds nothing.

Where the score is linear in the weights (``s_p = b_p + Σ_i f_pi·w_i``: open
lines, threats, each counted and weighted), ``linear_scores`` gives every score from
the position's counts ``f_pi`` without running the evaluator again.

>>> round(logistic(0.0, 1.0), 3), round(logistic(2.0, 0.5), 4)
(0.5, 0.7311)
>>> round(mean_squared_error([0.0, 2.0], [1.0, 1.0], 0.5), 4)  # (0.5² + 0.2689²) / 2
0.1612
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

# untranslated: the module's names
__all__ = ["descent_pass", "first_steps", "fit_scale", "linear_scores", "logistic",
           "mean_squared_error"]

Loss = Callable[[Sequence[int]], float]
"""The error of a whole-number weight vector."""

SCALE_RANGE = (1e-7, 10.0)
"""Where ``fit_scale`` looks for K (per point of score): from a score of ten million
points meaning a sure win down to a tenth of a point."""


def logistic(score: float, scale: float) -> float:
    """``σ(K·s)``: the expected result of a position scored ``score``."""
    x = scale * score
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)  # the same value, without overflow for a very negative x
    return e / (1.0 + e)


def mean_squared_error(scores: Sequence[float], outcomes: Sequence[float],
                       scale: float) -> float:
    """``mean((y - σ(K·s))²)`` over the positions (0 for none)."""
    if not scores:
        return 0.0
    return sum((y - logistic(s, scale)) ** 2 for s, y in zip(scores, outcomes)) / len(scores)


def fit_scale(scores: Sequence[float], outcomes: Sequence[float],
              bounds: tuple[float, float] = SCALE_RANGE, rounds: int = 60) -> float:
    """The ``K`` in ``bounds`` that minimises ``mean_squared_error``: a scan of 41
    points evenly spaced in log K, then a golden-section search around the best one
    (``E`` has one minimum in K for all but contrived data)."""
    low, high = math.log(bounds[0]), math.log(bounds[1])

    def error(log_k: float) -> float:
        return mean_squared_error(scores, outcomes, math.exp(log_k))

    grid = [low + (high - low) * i / 40 for i in range(41)]
    best = min(range(41), key=lambda i: error(grid[i]))
    a, b = grid[max(best - 1, 0)], grid[min(best + 1, 40)]
    ratio = (math.sqrt(5) - 1) / 2
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = error(c), error(d)
    for _round in range(rounds):
        if fc <= fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = error(c)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = error(d)
    return math.exp((a + b) / 2)


def linear_scores(base: Sequence[float], counts: Sequence[Sequence[float]],
                  values: Sequence[float]) -> list[float]:
    """``b_p + Σ_i f_pi·w_i`` for every position ``p``.

    >>> linear_scores([1, 0], [[2, 0], [1, 3]], [10, 1])
    [21, 13]
    """
    return [b + sum(f * w for f, w in zip(row, values)) for b, row in zip(base, counts)]


def first_steps(bounds: Sequence[tuple[int, int]]) -> list[int]:
    """Each weight's first step in ``descent_pass``: an eighth of its range, at least 1."""
    return [max(1, (high - low) // 8) for low, high in bounds]


def descent_pass(values: Sequence[int], steps: Sequence[int],
                 bounds: Sequence[tuple[int, int]],
                 loss: Loss) -> tuple[list[int], list[int], float, bool]:
    """One pass of coordinate descent: each weight in turn tries ``± step`` (kept in
    range) and keeps the better one when it lowers ``loss``.

    Returns the weights, the next steps (all halved, never under 1, when the pass
    found nothing), their loss, and whether the descent is finished (a pass
    with every step at 1 that found nothing). Deterministic: ties keep the current
    value, and ``+step`` is tried before ``-step``.
    """
    current = list(values)
    best = loss(current)
    improved = False
    for i, (low, high) in enumerate(bounds):
        for candidate in (current[i] + steps[i], current[i] - steps[i]):
            candidate = min(max(candidate, low), high)
            if candidate == current[i]:
                continue
            trial = current[:i] + [candidate] + current[i + 1:]
            error = loss(trial)
            if error < best:
                best, current = error, trial
                improved = True
                break
    if improved:
        return current, list(steps), best, False
    finished = all(s <= 1 for s in steps)
    return current, [max(1, s // 2) for s in steps], best, finished
