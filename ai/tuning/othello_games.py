"""Self-play Othello games with exact results: the training data of the ``patterns`` evaluator.

Each game (``play_game``) is:

1. a random opening of ``2..max_opening`` plies (uniform among all legal moves), so
   that the games cover many different middle games;
2. then the ``default`` evaluator at ``depth`` (with a little randomness among
   near-equal moves, ``randomness`` hundredths of a disc) plays both sides until
   ``solve_empties`` squares are empty;
3. from there the exact solver (``ai.endgame.othello``, best move only) plays the rest
   perfectly: every position from that point on has the same exact value.

The label of a game is ``margin``: Black's final disc difference (empty squares to the
winner) of the game as played, which is Black's exact value at the solve point. For a
position before the solve point it is the result of the game as it went on (a noisy
label: the shallow players' later mistakes are in it); from the solve point on it is
exact. ``ai/tuning/fit_patterns.py`` fits the tables to these labels.

Deterministic: game ``i`` of seed ``s`` depends only on ``(s, i)``, so a run can be
split (``--first``) and continued. Output: JSON lines ``{"moves", "margin", "solved_at",
"opening"}``, appended to ``--out``::

    python -m ai.tuning.othello_games --games 1500 --seed 1 --out games.jsonl

(``ai/TUNING.md``, "Session 6", has the runs behind the shipped tables.)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from ai.endgame.othello import OthelloSolver
from ai.evaluators import load_evaluator
from ai.search import Limits, Searcher
from game.rules.othello import Othello


def play_game(seed: int, index: int, *, depth: int = 2, randomness: int = 100,
              max_opening: int = 8, solve_empties: int = 14,
              solver: OthelloSolver | None = None) -> dict:
    """Game ``index`` of ``seed`` (see the module docstring); returns its record."""
    rng = random.Random(seed * 1_000_003 + index)
    game = Othello()
    opening = rng.randint(2, max_opening)
    for _ in range(opening):
        moves = game.legal_moves()
        if game.is_over():
            break
        game.push(rng.choice(moves))
    evaluator = load_evaluator("othello")
    searcher = Searcher(evaluator, seed=rng.randrange(1 << 30), tt_bits=16)
    limits = Limits(depth=depth, randomness=randomness, use_solver=False)
    solver = solver or OthelloSolver(exact_all=False)
    solved_at = None
    while not game.is_over():
        empties = 64 - (game.player | game.opponent).bit_count()
        moves = game.legal_moves()
        if empties <= solve_empties and solved_at is None:
            solved_at = empties
        if len(moves) == 1:  # a forced move (or pass): nothing to choose
            move = moves[0]
        elif solved_at is not None:
            # (a root lost by 64 can list ``None`` among its best moves: skip it)
            move = next(m for m in solver.solve(game).best_moves if m is not None)
        else:
            searched = searcher.search(game, limits).move
            assert searched is not None
            move = searched
        game.push(move)
    return {"moves": game.moves_text(), "margin": game.final_margin(),
            "solved_at": solved_at, "opening": opening}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.tuning.othello_games",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, required=True, help="how many games")
    parser.add_argument("--first", type=int, default=0, help="index of the first game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=2, help="the players' search depth")
    parser.add_argument("--randomness", type=int, default=100,
                        help="choose among moves this many hundredths of a disc below the best")
    parser.add_argument("--max-opening", type=int, default=8, help="random plies at most")
    parser.add_argument("--solve-empties", type=int, default=14,
                        help="the solver plays from this many empty squares")
    parser.add_argument("--out", type=Path, required=True, help="JSON-lines file, appended to")
    args = parser.parse_args(argv)
    solver = OthelloSolver(exact_all=False)
    started = time.process_time()
    with args.out.open("a") as handle:
        for index in range(args.first, args.first + args.games):
            record = play_game(args.seed, index, depth=args.depth, randomness=args.randomness,
                               max_opening=args.max_opening,
                               solve_empties=args.solve_empties, solver=solver)
            record["seed"], record["index"] = args.seed, index
            handle.write(json.dumps(record) + "\n")
            handle.flush()
            if (index - args.first + 1) % 50 == 0:
                print(f"{index - args.first + 1} games, "
                      f"{time.process_time() - started:.0f} CPU s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
