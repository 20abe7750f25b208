"""Fit the winning-chance curves of ``ai.explain.winchance`` on computer-versus-computer games.

Method (``ai/TUNING.md`` records the run that set the shipped constants):

1. **Games.** Two equal computer players (``--depth``, a little randomness among
   near-equal moves so that games differ) play from random openings of
   ``--opening`` plies (random moves among the default evaluator's first candidates),
   to the end. Each game keeps its moves and its result.
2. **Positions.** Every ``--every``-th position after the opening (an odd step, so both
   sides are to move equally often) is scored by a shallow search (``--eval-depth``)
   with each preset of the game; proven scores (solved, or a won game in sight) are
   left out: their chance is 1 or 0 by definition, not a fit.
3. **Fit.** For each preset, the one-parameter logistic ``p = 1 / (1 + exp(-s / scale))``
   is fitted by maximum likelihood to the results from the side to move's view
   (1 win, 0.5 draw, 0 loss), by Newton's method on ``a = 1 / scale``. The curve has
   no intercept on purpose: a score of 0 is 50% and mirrored positions add to 100%.

Pure Python, one process (the machine is shared); deterministic for a seed::

    python -m ai.tuning.fit_winchance othello --games 200 --seed 1 --data wc-othello.jsonl
    python -m ai.tuning.fit_winchance othello --data wc-othello.jsonl   # refit saved data

>>> samples = sample_logistic(400.0, 4000, seed=3)
>>> 360 < fit_scale(samples) < 440
True
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from ai.evaluators import load_evaluator, preset_names
from ai.evaluators.base import is_proven
from ai.search import Limits, Searcher
from game.rules import new_game

Sample = tuple[float, float]
"""``(score from the side to move's view, result for that side: 1, 0.5 or 0)``."""


# --- the fit ---------------------------------------------------------------------------------

def fit_scale(samples: Sequence[Sample], iterations: int = 50) -> float:
    """Maximum-likelihood ``scale`` of ``p = 1 / (1 + exp(-score / scale))``.

    Newton's method on ``a = 1 / scale`` (the log-likelihood is concave in ``a``),
    starting from ``a = 0`` (every position 50%). Draws count as half a win.

    Raises:
        ValueError: no samples, or samples that do not rise with the score (a
            non-positive slope has no logistic of this shape).
    """
    points = [(s, y) for s, y in samples if s != 0]
    if not points:
        raise ValueError("no samples with a non-zero score to fit")
    a = 0.0
    for _ in range(iterations):
        gradient = hessian = 0.0
        for s, y in points:
            p = _sigmoid(a * s)
            gradient += (y - p) * s
            hessian -= p * (1.0 - p) * s * s
        if hessian == 0.0:
            break
        step = gradient / hessian
        a -= step
        if abs(step) <= 1e-12 + 1e-9 * abs(a):
            break
    if not a > 0:
        raise ValueError("the results do not rise with the score: no curve to fit")
    return 1.0 / a


def log_loss(samples: Iterable[Sample], scale: float) -> float:
    """Mean cross-entropy of the curve on ``samples`` (lower is better; 0.693 is a coin)."""
    total, count = 0.0, 0
    for s, y in samples:
        p = min(1 - 1e-12, max(1e-12, _sigmoid(s / scale)))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
        count += 1
    return total / max(1, count)


def sample_logistic(scale: float, count: int, seed: int, spread: float = 3.0) -> list[Sample]:
    """Synthetic samples from a known curve (the fitter's test): scores spread over
    ``±spread * scale``, results drawn win/loss with the curve's probability."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        s = rng.uniform(-spread, spread) * scale
        out.append((s, 1.0 if rng.random() < _sigmoid(s / scale) else 0.0))
    return out


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


# --- the data --------------------------------------------------------------------------------

def play_games(game_name: str, count: int, seed: int, depth: int, opening: int,
               randomness: float = 0.5) -> list[dict]:
    """``count`` games between two equal players; each ``{"moves", "result"}`` with
    ``result`` for the first player (1, 0.5, 0) and ``moves`` in notation."""
    rng = random.Random(seed)
    evaluator = load_evaluator(game_name)
    players = [Searcher(evaluator, seed=seed * 2 + side, tt_bits=16) for side in (0, 1)]
    limits = Limits(depth=depth, randomness=round(randomness * evaluator.unit))
    games = []
    for _ in range(count):
        game = new_game(game_name)
        for _ in range(opening):
            moves = evaluator.candidate_moves(game)
            if game.is_over() or not moves:
                break
            game.push(rng.choice(moves[:6]))
        while not game.is_over():
            result = players[game.turn].search(game, limits)
            assert result.move is not None
            game.push(result.move)
        outcome = game.outcome()
        assert outcome is not None
        first = 0.5 if outcome.winner is None else float(outcome.winner == 0)
        games.append({"moves": game.moves_text(), "result": first, "opening": opening})
    return games


def score_positions(game_name: str, games: Iterable[dict], preset: str, every: int,
                    eval_depth: int) -> list[Sample]:
    """The samples of one preset: every ``every``-th position after each game's opening,
    scored by a ``eval_depth`` search (no solver), proven scores left out."""
    searcher = Searcher(load_evaluator(game_name, preset), tt_bits=16)
    limits = Limits(depth=eval_depth, use_solver=False)
    samples: list[Sample] = []
    for record in games:
        replay = new_game(game_name)
        replay.play_moves(record["moves"])
        moves = list(replay.move_stack)
        game = new_game(game_name)
        for ply, move in enumerate(moves):
            if ply >= record["opening"] and (ply - record["opening"]) % every == 0:
                score = searcher.search(game, limits).score
                if not is_proven(score):
                    mine = record["result"] if game.turn == 0 else 1.0 - record["result"]
                    samples.append((float(score), mine))
            game.push(move)
    return samples


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.tuning.fit_winchance",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=("connect4", "othello", "gomoku", "tictactoe"))
    parser.add_argument("--games", type=int, default=0, help="games to play (0: only --data)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=2, help="the players' search depth")
    parser.add_argument("--opening", type=int, default=4, help="random plies at the start")
    parser.add_argument("--every", type=int, default=3, help="score every N-th position (odd)")
    parser.add_argument("--eval-depth", type=int, default=2, help="depth that scores positions")
    parser.add_argument("--data", type=Path, help="JSON-lines games file: read, and appended to")
    args = parser.parse_args(argv)
    if args.every < 1 or args.every % 2 == 0:
        parser.error("--every must be an odd number")
    games: list[dict] = []
    if args.data is not None and args.data.exists():
        games = [json.loads(line) for line in args.data.read_text().splitlines() if line]
    if args.games:
        new = play_games(args.game, args.games, args.seed, args.depth, args.opening)
        games += new
        if args.data is not None:
            with args.data.open("a") as handle:
                handle.writelines(json.dumps(g) + "\n" for g in new)
    if not games:
        parser.error("no games: give --games N or an existing --data file")
    wins = sum(g["result"] for g in games)
    print(f"{args.game}: {len(games)} games, first player scored {wins / len(games):.1%}")
    for preset in preset_names(args.game):
        samples = score_positions(args.game, games, preset, args.every, args.eval_depth)
        scale = fit_scale(samples)
        print(f"  {preset}: scale {scale:.0f} from {len(samples)} positions,"
              f" log loss {log_loss(samples, scale):.3f} (coin 0.693)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
