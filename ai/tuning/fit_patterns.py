"""Fit the Othello pattern tables (the ``patterns`` preset) by ridge least squares.

Data: the games of ``ai/tuning/othello_games.py`` (JSON lines). Every position before
a move (passes included) is a sample. Its label, in discs from the side to move's
view, is the game's final disc difference when the game reaches the solver's point
(14 empty squares) within ``--lookahead`` empty squares, exact; otherwise the fitted
value of the game's first position ``--lookahead`` squares emptier (phases are fitted
from the end of the game backwards, so that value is known): it keeps what the game
went on to show over the next ten moves and averages out the shallow players'
mistakes after that (``--lookahead 0``: always the final result). Games whose
``index`` is a multiple of 10 are held out: they only measure the fit, against the
final result.

Model, per phase (a range of empty squares, ``PHASES``)::

    score = sum over the 46 pattern instances of w[pattern][configuration]
            + sum over the features f (mobility, corners, ...) of v[f] * f + w_bias

(the features are ``ai.evaluators.othello``'s, mine minus theirs; ``FEATURES``).

A configuration and its images under the pattern's own symmetries share one weight
(``othello_patterns.canonical``), and every instance of a pattern reads the same
table, so each position gives 46 observations to 11 tables. Each phase is fitted on
the samples within ``--margin`` empty squares of it (neighbouring phases share data,
which keeps them alike) by conjugate gradients on the ridge normal equations

    (A^T A + lambda I) w = A^T y

(``ridge_fit``; pure Python, sparse rows): configurations seen rarely stay near 0,
while the features (penalised only lightly) carry what the data cannot pin down per
configuration. The penalty grows with the empty squares (``ridge_at``): early
labels are the noisiest.
The tables are written in hundredths of a disc, rounded, to
``ai/evaluators/othello_patterns.json`` (``--out``)::

    python -m ai.tuning.fit_patterns games.jsonl --ridge 3 --out ai/evaluators/othello_patterns.json

It prints each phase's mean squared error (discs squared) on the held-out games, with
the ``default`` evaluator's for comparison (its score / 100 times the factor that fits
those positions best: a generous comparison), and the win-chance scale of both
(``ai.tuning.fit_winchance.fit_scale`` on the static scores and results of the
held-out positions with more than 14 empty squares).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from ai.evaluators.othello_patterns import (
    FEATURES,
    INSTANCE_PATTERNS,
    PATTERNS,
    STABILISERS,
    TABLES_FILE,
    fast_indices,
    permute,
    tables_to_json,
)
from ai.evaluators.othello import features
from ai.tuning.fit_winchance import fit_scale
from game.files import atomic_write_text
from game.rules.othello import Othello

PHASES: tuple[tuple[int, int], ...] = (
    (0, 10), (11, 14), (15, 18), (19, 22), (23, 26), (27, 30), (31, 34), (35, 38),
    (39, 42), (43, 46), (47, 50), (51, 54), (55, 64))
"""The phases' ``(fewest, most)`` empty squares."""

Row = tuple[tuple[int, ...], tuple[float, ...], float]
"""A sample: ``(indicator feature ids, real-valued features, label in discs)``."""


# --- the solver -------------------------------------------------------------------------------

def ridge_fit(rows: Sequence[Row], dim: int, ridge: float, iterations: int = 60,
              tolerance: float = 1e-6, real_ridge: float = 1.0
              ) -> tuple[list[float], list[float]]:
    """Minimise ``sum (label - sum w[ids] - reals . v)**2 + ridge |w|**2 + real_ridge |v|**2``
    over the ``dim`` indicator weights ``w`` and the real columns' weights ``v``.

    A feature id may repeat within a row (it then counts as often); every row has
    the same number of real columns. Conjugate gradients on the normal equations,
    starting from 0; stops after ``iterations`` or when the residual's norm falls
    below ``tolerance`` times its start.

    >>> rows = [((0,), (0.0,), 2.0), ((1,), (0.0,), -1.0), ((0, 1), (1.0,), 2.0)] * 50
    >>> w, v = ridge_fit(rows, 2, ridge=0.0, real_ridge=0.0)
    >>> [round(x, 3) for x in w], [round(x, 3) for x in v]
    ([2.0, -1.0], [1.0])
    """
    reals = len(rows[0][1]) if rows else 0
    size = dim + reals
    penalty = [ridge] * dim + [real_ridge] * reals
    columns = range(dim, size)

    def normal(vector: list[float]) -> list[float]:
        out = [a * b for a, b in zip(penalty, vector)]
        get = vector.__getitem__
        tail = vector[dim:]
        for ids, xs, _ in rows:
            s = sum(map(get, ids)) + sum(map(float.__mul__, xs, tail))
            for j in ids:
                out[j] += s
            for j, x in zip(columns, xs):
                out[j] += x * s
        return out

    r = [0.0] * size
    for ids, xs, y in rows:
        for j in ids:
            r[j] += y
        for j, x in zip(columns, xs):
            r[j] += x * y
    w = [0.0] * size
    p = list(r)
    rs = sum(x * x for x in r)
    start = rs
    for _ in range(iterations):
        if rs <= tolerance * tolerance * start or rs == 0.0:
            break
        ap = normal(p)
        alpha = rs / sum(a * b for a, b in zip(p, ap))
        w = [a + alpha * b for a, b in zip(w, p)]
        r = [a - alpha * b for a, b in zip(r, ap)]
        new = sum(x * x for x in r)
        beta = new / rs
        rs = new
        p = [a + beta * b for a, b in zip(r, p)]
    return w[:dim], w[dim:]


# --- the samples ------------------------------------------------------------------------------

def canonical_maps() -> dict[str, list[int]]:
    """For each pattern, every configuration's canonical one (``canonical``, tabulated)."""
    maps = {}
    for pattern, squares in PATTERNS.items():
        size = 3 ** len(squares)
        table = list(range(size))
        for perm in STABILISERS[pattern]:
            table = [min(c, permute(i, perm)) for i, c in enumerate(table)]
        maps[pattern] = table
    return maps


OFFSETS: dict[str, int] = {}
_total = 0
for _name, _squares in PATTERNS.items():
    OFFSETS[_name] = _total
    _total += 3 ** len(_squares)
DIM = _total + 1
"""Global feature ids: ``OFFSETS[pattern] + configuration``; the last is the constant."""
BIAS_ID = _total


def read_games(paths: Iterable[Path]) -> list[dict]:
    """The game records of one or more JSON-lines files."""
    games = []
    for path in paths:
        for line in path.read_text().splitlines():
            if line.strip():
                games.append(json.loads(line))
    return games


@dataclasses.dataclass
class Position:
    """One position of a game: its empty squares, pattern feature ids, the
    ``FEATURES`` values and the side to move (0 Black)."""

    empties: int
    ids: tuple[int, ...]
    reals: tuple[float, ...]
    turn: int


@dataclasses.dataclass
class Game:
    """A game's positions (before each move), Black's final margin, where the solver
    took over, and whether the game is held out."""

    positions: list[Position]
    margin: int
    solved_at: int
    holdout: bool
    default_scores: list[int]


def positions(games: Iterable[dict], canon: dict[str, list[int]], *, default=None
              ) -> list[Game]:
    """Every game's positions; ``default`` (an evaluator) also scores the held-out ones."""
    maps = [(OFFSETS[p], canon[p]) for p in INSTANCE_PATTERNS]
    out = []
    for record in games:
        holdout = record.get("index", 0) % 10 == 0
        game = Othello()
        kept, scores = [], []
        for move in game.parse_moves(record["moves"]):
            p, o = game.player, game.opponent
            ids = tuple([off + cmap[i] for (off, cmap), i in zip(maps, fast_indices(p, o))]
                        + [BIAS_ID])
            values = features(p, o)
            kept.append(Position(64 - (p | o).bit_count(), ids,
                                 tuple(float(values[f]) for f in FEATURES), game.turn))
            if holdout and default is not None:
                scores.append(default.evaluate(game))
            game.push(move)
        out.append(Game(kept, record["margin"], record.get("solved_at") or 0, holdout, scores))
    return out


def label(game: Game, t: int, lookahead: int, predicted: dict[tuple[int, int], float],
          number: int) -> float:
    """The training label of position ``t`` of game ``number`` (discs, side to move).

    ``lookahead == 0``: the game's final margin. Otherwise the fitted model's value
    (``predicted``, Black's view) of the first later position with ``lookahead`` fewer
    empty squares, which averages out the players' later mistakes; the exact margin
    when that position is at or past the solve point (or the game ends first).
    """
    black = float(game.margin)
    if lookahead:
        goal = game.positions[t].empties - lookahead
        for u in range(t + 1, len(game.positions)):
            empties = game.positions[u].empties
            if empties <= goal:
                if empties > game.solved_at:
                    black = predicted[(number, u)]
                break
    return black if game.positions[t].turn == 0 else -black


# --- fitting and writing ----------------------------------------------------------------------

def fit_phase(rows: list[Row], ridge: float, iterations: int
              ) -> tuple[dict[int, float], list[float]]:
    """Fit one phase's rows: ``({global id: weight}, real columns' weights)``."""
    used = sorted({j for ids, _, _ in rows for j in ids})
    local = {j: k for k, j in enumerate(used)}
    compact = [(tuple(local[j] for j in ids), xs, y) for ids, xs, y in rows]
    w, v = ridge_fit(compact, len(used), ridge, iterations)
    return dict(zip(used, w)), v


def full_tables(weights: dict[int, float], canon: dict[str, list[int]]) -> list[list[int]]:
    """A phase's weights as one full table per pattern, hundredths of a disc."""
    out = []
    for pattern in PATTERNS:
        off, cmap = OFFSETS[pattern], canon[pattern]
        out.append([round(100 * weights.get(off + c, 0.0)) for c in cmap])
    return out


def predict(rows: list[Row], tables: list[list[int]], reals: Sequence[int], bias: int
            ) -> list[float]:
    """The fitted integer weights' scores (discs) for ``rows`` (whose ids are global)."""
    flat = [value for table in tables for value in table] + [bias]
    get = flat.__getitem__
    return [(sum(map(get, ids)) + sum(a * b for a, b in zip(xs, reals))) / 100
            for ids, xs, _ in rows]


def mse(predictions: Sequence[float], labels: Sequence[float]) -> float:
    return sum((a - b) ** 2 for a, b in zip(predictions, labels)) / max(1, len(labels))


def ridge_at(empties: float, end: float, opening: float) -> float:
    """The ridge penalty at ``empties``: ``end`` at 0 empties to ``opening`` at 60,
    linearly (early labels are noisier, so their weights are held closer to 0)."""
    return end + (opening - end) * min(max(empties, 0), 60) / 60


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.tuning.fit_patterns",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=Path, nargs="+", help="JSON-lines games files")
    parser.add_argument("--ridge", type=float, default=20.0,
                        help="the ridge penalty lambda at the end of the game")
    parser.add_argument("--ridge-opening", type=float, default=1000.0,
                        help="the ridge penalty at 60 empty squares (linear in between)")
    parser.add_argument("--lookahead", type=int, default=10,
                        help="label by the fitted value this many plies later (0: the result)")
    parser.add_argument("--margin", type=int, default=2,
                        help="also fit each phase on positions this many empties outside it")
    parser.add_argument("--iterations", type=int, default=60, help="conjugate-gradient steps")
    parser.add_argument("--out", type=Path, default=TABLES_FILE)
    args = parser.parse_args(argv)
    from ai.evaluators import load_evaluator

    started = time.process_time()
    records = read_games(args.games)
    canon = canonical_maps()
    games = positions(records, canon, default=load_evaluator("othello"))
    by_empties: dict[int, list[tuple[int, int]]] = {}
    for number, game in enumerate(games):
        for t, position in enumerate(game.positions):
            by_empties.setdefault(position.empties, []).append((number, t))
    print(f"{len(games)} games, {sum(not g.holdout for g in games)} for training, "
          f"{sum(len(g.positions) for g in games)} positions "
          f"({time.process_time() - started:.0f} CPU s)", file=sys.stderr)
    predicted: dict[tuple[int, int], float] = {}
    weights, feature_w, bias_w, report = [], [], [], []
    for low, high in PHASES:
        ridge = ridge_at((low + high) / 2, args.ridge, args.ridge_opening)
        rows = []
        for e in range(low - args.margin, high + args.margin + 1):
            for number, t in by_empties.get(e, []):
                game = games[number]
                if not game.holdout:
                    position = game.positions[t]
                    rows.append((position.ids, position.reals,
                                 label(game, t, args.lookahead, predicted, number)))
        fitted, v = fit_phase(rows, ridge, args.iterations)
        tables = full_tables(fitted, canon)
        reals, bias = [round(100 * x) for x in v], round(100 * fitted.get(BIAS_ID, 0.0))
        weights.append(tables)
        feature_w.append(reals)
        bias_w.append(bias)
        # This phase's values of every position in it (Black's view): the labels of
        # the phases before it in the game.
        inside = [(n, t) for e in range(low, high + 1) for n, t in by_empties.get(e, [])]
        values = predict([(games[n].positions[t].ids, games[n].positions[t].reals, 0.0)
                          for n, t in inside], tables, reals, bias)
        for (n, t), value in zip(inside, values):
            predicted[(n, t)] = value if games[n].positions[t].turn == 0 else -value
        # Held out: the predictions and the default evaluator's against the final result.
        ours, dflt, labels = [], [], []
        for (n, t), value in zip(inside, values):
            if games[n].holdout:
                ours.append(value)
                dflt.append(games[n].default_scores[t] / 100)
                labels.append(label(games[n], t, 0, predicted, n))
        factor = (sum(a * b for a, b in zip(dflt, labels)) / sum(a * a for a in dflt)
                  if any(dflt) else 0.0)
        our_mse = mse(ours, labels)
        default_mse = mse([factor * a for a in dflt], labels)
        spread = mse([0.0] * len(labels), labels)
        report.append({"empties": [low, high], "ridge": round(ridge, 1), "train": len(rows),
                       "held_out": len(labels), "mse": round(our_mse, 1),
                       "default_mse": round(default_mse, 1), "default_factor": round(factor, 2),
                       "mean_square_result": round(spread, 1)})
        print(f"phase {low:2}-{high:2}: ridge {ridge:5.0f}, {len(rows):6} rows, held out "
              f"{len(labels):5}: MSE {our_mse:6.1f} (default x{factor:.2f}: {default_mse:6.1f}; "
              f"zero: {spread:6.1f}), {dict(zip(FEATURES, reals))}, bias {bias} "
              f"({time.process_time() - started:.0f} CPU s)", file=sys.stderr)
    # The winning-chance curve (ai/explain/winchance.py): the logistic scale of the
    # static scores against the held-out games' results, for this fit and for default.
    curve_ours: list[tuple[float, float]] = []
    curve_default: list[tuple[float, float]] = []
    for number, game in enumerate(games):
        if not game.holdout:
            continue
        for t, position in enumerate(game.positions):
            if position.empties > 14:  # the solver's answers replace scores below
                black = 1.0 if game.margin > 0 else 0.0 if game.margin < 0 else 0.5
                result = black if position.turn == 0 else 1.0 - black
                our_score = predicted[(number, t)] * (1 if position.turn == 0 else -1)
                curve_ours.append((100 * our_score, result))
                curve_default.append((float(game.default_scores[t]), result))
    scales = {"patterns": round(fit_scale(curve_ours)), "default": round(fit_scale(curve_default))}
    print(f"win-chance scale of the static scores (held out): {scales}", file=sys.stderr)
    fit = {"games": len(games), "ridge": args.ridge, "winchance_scales": scales, "ridge_opening": args.ridge_opening,
           "lookahead": args.lookahead, "margin": args.margin, "iterations": args.iterations,
           "held_out": "games whose index is a multiple of 10", "phases": report}
    atomic_write_text(args.out, tables_to_json(list(PHASES), weights, feature_w, bias_w, fit),
                      special=True)  # a crash mid-write keeps the old tables
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
