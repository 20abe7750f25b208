"""Nodes and CPU seconds of the Connect-4 solver's two modes on given positions.

``solve`` scores every root move exactly (``plies solve``, analysis); ``prove`` settles
win/draw/loss first and narrows only what the move choice needs (the search)::

    python -m ai.tools.connect4_proofs --max-nodes 4000000 736411134622247522 4444455557

Each position gets a fresh solver (an empty table); CPU seconds are
``time.process_time`` (on a shared machine the wall-clock time is larger).
``MOVES@COLUMN`` has ``prove`` try that column first (as the search hands it its
move); ``prove`` also says when it knew the result class (what the search plays
when the time runs out before the exact score).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from ai.endgame.connect4 import Connect4Solver
from game.rules import new_game


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("moves", nargs="+",
                        help="positions as column digits from the empty board [@first column]")
    parser.add_argument("--max-nodes", type=int, default=None, help="give up after this many nodes")
    parser.add_argument("--modes", default="solve,prove", help="solve, prove or both")
    parser.add_argument("--tt-bits", type=int, default=None,
                        help="a table of 2**BITS entries (default: the solver's)")
    args = parser.parse_args(argv)
    table = {} if args.tt_bits is None else {"tt_entries": 1 << args.tt_bits}
    for spec in args.moves:
        moves, _, first = spec.partition("@")
        game = new_game("connect4")
        game.play_moves(moves)
        row = [f"{spec:24} {game.width * game.height - len(moves):2d} empty"]
        for mode in args.modes.split(","):
            solver = Connect4Solver(None, args.max_nodes, **table)
            started = time.process_time()
            settled: list[str] = []
            if mode == "prove":
                solution = solver.prove(
                    game.copy(), first=game.parse_move(first) if first else None,
                    settled=lambda s: settled.append(
                        f" (class at {s.nodes:,}, {time.process_time() - started:.2f} s)"))
            else:
                solution = solver.solve(game.copy())
            cpu = time.process_time() - started
            row.append(f"{mode}: gave up ({cpu:.2f} CPU s)" if solution is None else
                       f"{mode}: {solution.score:+d} {solution.nodes:,} nodes {cpu:.2f} CPU s"
                       + "".join(settled))
        print("  ".join(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
