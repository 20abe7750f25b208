"""Make the Connect-4 value-keeping positions (``game/data/connect4_values.txt``).

Each position comes from a game of self-play between two level-4 players (their
randomness varies the games), stopped at a stone count drawn uniformly from
``--stones`` (8 to 20 by default); a game that ends earlier gives no position. The
project's own exact solver then gives the position's result and the moves that keep
it with no time limit (``Connect4Solver.keepers``: the result class first, then one
null window per undecided move), and the line records them::

    python -m ai.tools.connect4_values --seed 16 --count 200 --out game/data/connect4_values.txt

Lines are written as they are found, so a run can be stopped at any time (or bounded
with ``--seconds``); ``--skip FILE`` passes over the positions a file already holds
(the same seed replays the same games, so a stopped run resumes into a new file, and
a second seed adds no duplicates to the shipped set). ``--max-nodes`` skips a
position whose proof takes more nodes than that; the header says how many were
skipped, since that leans the set towards the easier positions. File format, one position a line after ``#`` comments::

    MOVES RESULT KEEPING      e.g.  44455 win 4      (moves as column digits 1-9,
                                                     result win|draw|loss for the
                                                     side to move, keeping columns)

``game.commands.values`` (``plies bench connect4 --values``) reads it.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from ai.endgame.connect4 import Connect4Solver
from ai.evaluators import load_evaluator
from ai.levels import level
from ai.search import Searcher
from game.rules import Game, new_game

RESULT_NAMES = {1: "win", 0: "draw", -1: "loss"}
"""A result class (from the side to move's view) as written in the file."""


class _TooLong(Exception):
    """The position's proof went over ``--max-nodes``."""


def self_play_position(rng: random.Random, stones: int) -> Game | None:
    """A level-4 self-play game stopped at ``stones`` stones (``None``: it ended first)."""
    evaluator = load_evaluator("connect4")
    limits = level("connect4", 4).limits(evaluator.unit)
    searcher = Searcher(evaluator, seed=rng.randrange(1 << 30))
    game = new_game("connect4")
    while game.ply < stones:
        if game.is_over():
            return None
        game.push(searcher.search(game, limits).move)  # type: ignore[arg-type]
    return None if game.is_over() else game


def classify(game: Game, solver: Connect4Solver, max_nodes: int | None
             ) -> tuple[int, frozenset[int]]:
    """The result class and the keeping moves (raises ``_TooLong`` past ``max_nodes``)."""
    polls = 0

    def poll() -> None:
        nonlocal polls
        polls += 1
        if max_nodes is not None and polls * 4096 > max_nodes:
            raise _TooLong

    return solver.keepers(game, poll)


def line_of(game: Game, result: int, keepers: frozenset[int]) -> str:
    """``MOVES RESULT KEEPING`` for one position."""
    keeping = "".join(game.move_name(m) for m in sorted(keepers))
    moves = "".join(game.move_name(m) for m in game.move_stack)
    return f"{moves} {RESULT_NAMES[result]} {keeping}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--count", type=int, default=200, help="positions to write")
    parser.add_argument("--stones", type=int, nargs=2, default=(8, 20), metavar=("LOW", "HIGH"))
    parser.add_argument("--max-nodes", type=int, default=None,
                        help="skip a position whose proof takes more nodes than this")
    parser.add_argument("--seconds", type=float, default=None, help="stop after this long")
    parser.add_argument("--skip", nargs="*", default=(), metavar="FILE",
                        help="pass over the positions these value files hold")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    solver = Connect4Solver(None, None, tt_entries=1 << 20)
    started = time.process_time()
    written = skipped = 0
    seen: set[str] = set()
    for path in args.skip:
        with open(path, encoding="utf-8") as held:
            seen.update(line.split()[0] for line in held
                        if line.strip() and not line.startswith("#"))
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("# Connect-4 positions with their exact result and value-keeping moves.\n"
                  f"# python -m ai.tools.connect4_values --seed {args.seed} --count {args.count}"
                  f" --stones {args.stones[0]} {args.stones[1]}"
                  + (f" --max-nodes {args.max_nodes}" if args.max_nodes else "")
                  + "".join(f" --skip {path}" for path in args.skip)
                  + " --out FILE\n# MOVES RESULT KEEPING (see ai/tools/connect4_values.py)\n")
        while written < args.count:
            if args.seconds is not None and time.process_time() - started > args.seconds:
                break
            game = self_play_position(rng, rng.randint(*args.stones))
            if game is None:
                continue
            key = "".join(game.move_name(m) for m in game.move_stack)
            if key in seen:
                continue
            seen.add(key)
            try:
                result, keepers = classify(game, solver, args.max_nodes)
            except _TooLong:
                skipped += 1
                continue
            out.write(line_of(game, result, keepers) + "\n")
            out.flush()
            written += 1
        out.write(f"# {written} positions; {skipped} skipped over --max-nodes;"
                  f" {time.process_time() - started:.0f} CPU s\n")
    print(f"{written} positions, {skipped} skipped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
