"""Nodes and CPU seconds of the Connect-4 solver's two modes on given positions.

``solve`` scores every root move exactly (``plies solve``, analysis); ``prove`` settles
win/draw/loss first and narrows only what the move choice needs (the search)::

    python -m ai.tools.connect4_proofs --max-nodes 4000000 736411134622247522 4444455557

Each position gets a fresh solver (an empty table); CPU seconds are
``time.process_time`` (on a shared machine the wall-clock time is larger).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from ai.endgame.connect4 import Connect4Solver
from game.rules import new_game


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("moves", nargs="+", help="positions as column digits from the empty board")
    parser.add_argument("--max-nodes", type=int, default=None, help="give up after this many nodes")
    args = parser.parse_args(argv)
    for moves in args.moves:
        game = new_game("connect4")
        game.play_moves(moves)
        row = [f"{moves:24} {game.width * game.height - len(moves):2d} empty"]
        for mode in ("solve", "prove"):
            solver = Connect4Solver(None, args.max_nodes)
            started = time.process_time()
            solution = getattr(solver, mode)(game.copy())
            cpu = time.process_time() - started
            row.append(f"{mode}: gave up ({cpu:.2f} CPU s)" if solution is None else
                       f"{mode}: {solution.score:+d} {solution.nodes:,} nodes {cpu:.2f} CPU s")
        print("  ".join(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
