"""How far out the Othello levels can solve: the solver's time on typical positions.

Levels 7 and 8 try the exact solver beyond its own threshold (``Level.solver_reach``)
with most of their time budget (``ai.search.FALLBACK_SHARE`` goes to a short search
first). This script measures what a reach costs: self-play positions (level 3 against
itself after a few random opening moves, seeded) stopped at each number of empty
squares, each solved as a level solves it (a fresh copy of the top levels' evaluator's
solver, its first guess included; best move only), with CPU seconds (``time.process_time``) and nodes::

    python -m ai.tools.endgame_reach                       # 16-20 empties, 8 positions each
    python -m ai.tools.endgame_reach --empties 18 19 --positions 12 --seed 7

A reach suits a level when most positions (the 75th percentile) solve within the
solver's share of the level's budget. On a shared machine CPU seconds are the figure to
quote: a level's own budget is wall time, which a busy machine stretches.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ai.endgame.othello import OthelloSolver
from ai.evaluators import load_evaluator
from ai.levels import level
from ai.search import Searcher
from game.rules import Othello


def self_play_position(rng: random.Random, empties: int, opening: int = 6) -> Othello | None:
    """A game of ``opening`` random moves, then level 3 against itself, stopped at
    ``empties`` empty squares (``None`` if it ended first)."""
    evaluator = load_evaluator("othello")
    limits = level("othello", 3).limits(evaluator.unit)
    searcher = Searcher(evaluator, seed=rng.randrange(1 << 30))
    game = Othello()
    while 64 - sum(game.counts()) > empties:
        if game.is_over():
            return None
        if len(game.move_stack) < opening:
            game.push(rng.choice(game.legal_moves()))
        else:
            game.push(searcher.search(game, limits).move)  # type: ignore[arg-type]
    return None if game.is_over() else game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--empties", type=int, nargs="+", default=[16, 17, 18, 19, 20])
    parser.add_argument("--positions", type=int, default=8, help="positions per count")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    template = load_evaluator("othello", level("othello", 8).evaluator).solver
    assert isinstance(template, OthelloSolver)
    for empties in args.empties:
        seconds: list[float] = []
        nodes: list[int] = []
        while len(seconds) < args.positions:
            game = self_play_position(rng, empties)
            if game is None:
                continue
            solver = OthelloSolver(template.max_empties, exact_all=template.exact_all,
                                   table_size=template.table_size,
                                   first_guess=template.first_guess)
            cpu = time.process_time()
            solution = solver.prove(game, reach=empties)
            seconds.append(time.process_time() - cpu)
            nodes.append(solution.nodes)
        seconds.sort()
        quartile = seconds[(3 * len(seconds)) // 4 - (len(seconds) % 4 == 0)]
        print(f"{empties} empties, {len(seconds)} positions: CPU s median "
              f"{statistics.median(seconds):.2f}, 75th percentile {quartile:.2f}, max "
              f"{seconds[-1]:.2f}; nodes median {int(statistics.median(nodes)):,}"
              f"  [{' '.join(f'{s:.1f}' for s in seconds)}]", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
