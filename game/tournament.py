"""The statistics behind ``plies match`` and ``plies tournament``: pure functions of
game results, no processes and no files.

- ``Tally``: one pairing's wins, draws and losses, its score and logistic Elo with a
  95% margin (the line ``plies match`` prints).
- ``Sprt``: the sequential probability ratio test on game *pairs* (both colours of one
  opening), with pentanomial counts, as fishtest does: the generalised SPRT whose
  log-likelihood ratio compares the most likely distributions of pair scores with the
  expected score of ``elo0`` and of ``elo1`` (logistic Elo).
- ``schedule``: the pairings of a round robin or a gauntlet, as game slots.
- ``ratings``: the ranking of a tournament: maximum-likelihood logistic Elo over every
  game, with 95% intervals.

>>> round(expected_score(0.0), 3), round(expected_score(400.0), 3)
(0.5, 0.909)
>>> [round(bound, 3) for bound in Sprt.parse("elo0=0,elo1=10").bounds()]  # ln(1/19), ln 19
[-2.944, 2.944]
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence

ELO_CLIP = 0.001
"""Scores are kept this far from 0 and 1 when turned into an Elo margin."""

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def expected_score(elo: float) -> float:
    """The logistic model: the expected score per game of a player ``elo`` stronger."""
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of(score: float) -> float:
    """The inverse of ``expected_score`` (infinite at 0 and 1)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


# --- one pairing -----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Tally:
    """Wins, draws and losses of one player (A) against another, with the score and Elo."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """A's points per game, 0 to 1."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def elo(self) -> tuple[float, float]:
        """Elo difference of A over B and its 95% margin (logistic model).

        The margin comes from the standard error of the per-game score; a score of
        0 or 1 gives an infinite difference, reported as such.
        """
        n, p = self.games, self.score
        if n == 0:
            return 0.0, math.inf
        variance = (self.wins * (1 - p) ** 2 + self.draws * (0.5 - p) ** 2
                    + self.losses * p ** 2) / n
        error = math.sqrt(variance / n)
        # The interval is clipped inside (0, 1) so that a short, lopsided match still
        # gets a (wide) finite margin rather than an infinite one.
        low = max(p - 1.96 * error, ELO_CLIP)
        high = min(p + 1.96 * error, 1 - ELO_CLIP)
        return elo_of(p), max(0.0, (elo_of(high) - elo_of(low)) / 2)

    @classmethod
    def of_scores(cls, scores: Iterable[float]) -> Tally:
        """The tally of per-game scores (1, 0.5 or 0)."""
        found = list(scores)
        return cls(found.count(1.0), found.count(0.5), found.count(0.0))


# --- SPRT ------------------------------------------------------------------------------------

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""A game pair's score per game: the five outcomes of the pentanomial counts."""


def pentanomial(pair_scores: Iterable[float]) -> list[int]:
    """How many pairs scored 0, ½, 1, 1½ and 2 points (given as points per game of the
    pair: 0, .25, .5, .75, 1)."""
    counts = [0] * 5
    for score in pair_scores:
        counts[round(score * 4)] += 1
    return counts


def _most_likely_with_mean(counts: Sequence[float], values: Sequence[float],
                           mean: float) -> list[float]:
    """The probabilities ``p`` over ``values`` with ``Σ p·value = mean`` that make
    ``counts`` most likely (maximise ``Σ n log p``).

    The Lagrange conditions give ``p_i = f_i / (1 + λ (v_i − mean))`` with ``f`` the
    observed frequencies; ``λ`` is the root, in the interval that keeps every ``p``
    positive, of ``Σ f_i (v_i − mean) / (1 + λ (v_i − mean))``, which decreases in ``λ``:
    found by bisection.
    """
    total = sum(counts)
    seen = [(n / total, v - mean) for n, v in zip(counts, values) if n]
    low_gap, high_gap = min(d for _f, d in seen), max(d for _f, d in seen)
    if low_gap >= 0 or high_gap <= 0:  # every outcome on one side of the mean: none fits
        # untranslated: internal, log_likelihood_ratio catches it
        raise ValueError("no distribution of the observed outcomes has that mean")
    # 1 + λd > 0 for every d: λ in (−1/high_gap, −1/low_gap).
    low, high = -1 / high_gap, -1 / low_gap
    for _step in range(200):
        middle = (low + high) / 2
        if sum(f * d / (1 + middle * d) for f, d in seen) > 0:
            low = middle
        else:
            high = middle
    lam = (low + high) / 2
    return [n / total / (1 + lam * (v - mean)) if n else 0.0 for n, v in zip(counts, values)]


def log_likelihood_ratio(counts: Sequence[float], score0: float, score1: float,
                         values: Sequence[float] = PAIR_SCORES) -> float:
    """The generalised SPRT's LLR of "expected score ``score1``" over ``score0`` for
    outcome ``counts`` over ``values`` (pentanomial by default; trinomial with values
    ``(0, .5, 1)``): ``Σ n_i log(p1_i / p0_i)`` with each ``p`` the most likely
    distribution of that mean. 0 until both a better and a worse outcome than each
    mean have been seen (no information on the spread yet)."""
    try:
        p0 = _most_likely_with_mean(counts, values, score0)
        p1 = _most_likely_with_mean(counts, values, score1)
    except (ValueError, ZeroDivisionError):
        return 0.0
    return sum(n * math.log(a / b) for n, a, b in zip(counts, p1, p0) if n)


UNSEEN = 1e-3
"""The weight ``Sprt.llr`` gives an outcome that no pair has had yet."""


@dataclasses.dataclass(frozen=True)
class Sprt:
    """An SPRT of H0 "A is ``elo0`` stronger" against H1 "A is ``elo1`` stronger"
    (logistic Elo), with error rates ``alpha`` (H1 accepted when H0 holds) and ``beta``."""

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05

    @classmethod
    def parse(cls, text: str) -> Sprt:
        """``elo0=0,elo1=10,alpha=0.05,beta=0.05`` (each optional, defaults as above).

        Raises ``ValueError`` with one sentence."""
        from game.i18n import _

        values: dict[str, float] = {}
        for part in (p.strip() for p in text.split(",")):
            key, sign, value = part.partition("=")
            if not sign or key not in ("elo0", "elo1", "alpha", "beta") or key in values:
                raise ValueError(_("--sprt {text}: give elo0=, elo1=, alpha= and beta=, "
                                   "each at most once").format(text=repr(text)))
            try:
                number = float(value)
            except ValueError:
                raise ValueError(_("--sprt {text}: {key} needs a number").format(
                    text=repr(text), key=key)) from None
            if not math.isfinite(number) or abs(number) > 2000:
                raise ValueError(_("--sprt {text}: {key} is out of range").format(
                    text=repr(text), key=key))
            values[key] = number
        sprt = cls(**values)
        if not sprt.elo0 < sprt.elo1:
            raise ValueError(_("--sprt {text}: elo0 must be below elo1").format(
                text=repr(text)))
        if not (0 < sprt.alpha < 0.5 and 0 < sprt.beta < 0.5):
            raise ValueError(_("--sprt {text}: alpha and beta must be between 0 and "
                               "0.5").format(text=repr(text)))
        return sprt

    def bounds(self) -> tuple[float, float]:
        """Wald's bounds: H0 at or below the first, H1 at or above the second."""
        return (math.log(self.beta / (1 - self.alpha)),
                math.log((1 - self.beta) / self.alpha))

    def llr(self, counts: Sequence[float]) -> float:
        """The LLR of pentanomial ``counts``, each outcome never seen counted as
        ``UNSEEN`` of a pair: without it a match of nothing but won pairs (or of pairs
        all on one side of a mean) has no distribution of that mean at all, and the
        test could never end. fishtest regularises its counts the same way."""
        return log_likelihood_ratio([n or UNSEEN for n in counts],
                                    expected_score(self.elo0), expected_score(self.elo1))

    def verdict(self, counts: Sequence[float]) -> str | None:
        """``"H1"``, ``"H0"``, or ``None`` while the LLR is between the bounds."""
        value, (lower, upper) = self.llr(counts), self.bounds()
        return "H1" if value >= upper else "H0" if value <= lower else None

    def to_json(self) -> dict[str, float]:
        return dataclasses.asdict(self)


# --- tournaments -----------------------------------------------------------------------------

FORMATS = ("round-robin", "gauntlet")


def pairings(players: int, kind: str) -> list[tuple[int, int]]:
    """The pairs of player numbers that meet: every pair (round robin), or the first
    player against each other (gauntlet)."""
    if kind == "gauntlet":
        return [(0, j) for j in range(1, players)]
    return [(i, j) for i in range(players) for j in range(i + 1, players)]


@dataclasses.dataclass(frozen=True)
class Slot:
    """One game of a tournament: ``first`` and ``second`` are the player numbers as
    the pairing names them; ``first_moves`` whether ``first`` has the first move;
    ``opening``: which opening (both games of a game pair share it)."""

    index: int
    first: int
    second: int
    first_moves: bool
    opening: int


def schedule(players: int, kind: str, games_per_pair: int) -> list[Slot]:
    """Every game: for each pairing, ``games_per_pair`` games in game pairs (one
    opening, each colour once). Games are interleaved by round (every pairing's
    first game pair, then every pairing's second...), so that a tournament stopped
    early has met every pairing about as often."""
    slots: list[Slot] = []
    meet = pairings(players, kind)
    for game in range(games_per_pair):
        for first, second in meet:
            slots.append(Slot(len(slots), first, second, game % 2 == 0, game // 2))
    return slots


@dataclasses.dataclass(frozen=True)
class Rating:
    """A player's Elo (the field's mean is 0) and the half-width of its 95% interval."""

    elo: float
    margin: float


PRIOR_DRAWS = 1.0
"""Each player is given this many virtual draws against an opponent of the field's
mean rating: it keeps the rating of a player who won (or lost) every game finite."""


def ratings(players: int, games: Iterable[tuple[int, int, float]]) -> list[Rating]:
    """Maximum-likelihood logistic Elo of every player from ``games`` ``(i, j, score of
    i)``, the field's mean set to 0, with 95% intervals.

    The model: the score of ``i`` against ``j`` has mean ``expected_score(r_i − r_j)``
    and a game's likelihood is ``p^s (1 − p)^(1 − s)`` (a draw counts half a win, as
    Elo's tables do), plus ``PRIOR_DRAWS`` against a player rated 0. Fitted by Newton's
    method; the intervals come from the inverse of the log-likelihood's curvature
    (the Fisher information), so players who met more games have narrower ones.
    """
    games = list(games)
    c = math.log(10) / 400
    r = [0.0] * players
    hessian: list[list[float]] = []
    for _iteration in range(100):
        gradient = [0.0] * players
        hessian = [[0.0] * players for _i in range(players)]
        for i in range(players):
            p = expected_score(r[i])
            gradient[i] += c * PRIOR_DRAWS * (0.5 - p)
            hessian[i][i] += c * c * PRIOR_DRAWS * p * (1 - p)
        for i, j, score in games:
            p = expected_score(r[i] - r[j])
            gradient[i] += c * (score - p)
            gradient[j] -= c * (score - p)
            w = c * c * p * (1 - p)
            hessian[i][i] += w
            hessian[j][j] += w
            hessian[i][j] -= w
            hessian[j][i] -= w
        step = _solve(hessian, gradient)
        r = [a + b for a, b in zip(r, step)]
        if max((abs(s) for s in step), default=0.0) < 1e-9:
            break
    mean = sum(r) / players if players else 0.0
    covariance = _inverse(hessian)
    # The variance of r_i − mean: the centring is a linear map of the fitted ratings.
    k = players
    margins = []
    for i in range(k):
        total = sum(covariance[a][b] for a in range(k) for b in range(k))
        row = sum(covariance[i][b] for b in range(k))
        variance = covariance[i][i] - 2 * row / k + total / (k * k)
        margins.append(Z95 * math.sqrt(max(variance, 0.0)))
    return [Rating(r[i] - mean, margins[i]) for i in range(k)]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix · x = vector`` (Gaussian elimination; the matrix is positive
    definite here)."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda row: abs(rows[row][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for row in range(n):
            if row != col and rows[col][col]:
                factor = rows[row][col] / rows[col][col]
                rows[row] = [a - factor * b for a, b in zip(rows[row], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if row == col else 0.0 for row in range(n)])
               for col in range(n)]
    return [[columns[col][row] for col in range(n)] for row in range(n)]


__all__ = ["FORMATS", "PAIR_SCORES", "Rating", "Slot", "Sprt", "Tally",  # untranslated: names
           "elo_of", "expected_score", "log_likelihood_ratio", "pairings", "pentanomial",
           "ratings", "schedule"]
