"""Measure the Othello solver's speed-ups one by one: nodes and CPU seconds.

Each run solves a fixed set of positions (best move only, a fresh solver each) with the
module's thresholds as they are, or changed with ``--set NAME=VALUE``; compare two runs
to see what one lever buys::

    python -m ai.tools.endgame_levers                              # the default set
    python -m ai.tools.endgame_levers --set STABILITY_EMPTIES=99   # stability cut-off off
    python -m ai.tools.endgame_levers FFO40 --set ROOT_PROBES=0    # one position
    python -m ai.tools.endgame_levers FFO40 --prove                # one best move, as a level

The default set: FFO #15, #16, #18, #19 (16 empties, from
``tests/ai/data/othello_ffo_1_19.txt``) and FFO #40 after a2 b1 (18 empties): a few
seconds in all. The solver's first guess is the ``patterns`` evaluator's (the top
levels' one): ``--set GUESS_EMPTIES=99`` turns it off. ``FFO40``-``FFO44`` name the long positions of ``game/data/bench.toml``
(minutes each). CPU seconds (``time.process_time``) are printed next to wall seconds:
on a shared machine the wall clock says little.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import ai.endgame.othello as endgame
from ai.evaluators import evaluator_by_name
from ai.evaluators.othello import OthelloEvaluator
from game.commands.bench import load_positions
from game.rules import Othello

FFO_1_19 = Path(__file__).resolve().parents[2] / "tests" / "ai" / "data" / "othello_ffo_1_19.txt"
DEFAULT_SET = ("FFO15", "FFO16", "FFO18", "FFO19", "FFO40:a2b1")
LEVERS = ("SHALLOW", "GUESS_EMPTIES", "STABILITY_EMPTIES", "ETC_EMPTIES", "ORDER_SEARCH_EMPTIES",
          "ORDER_WEIGHT", "FAR_EMPTIES", "ROOT_PROBES", "HINT_FIRST", "TABLE_SIZE")


def position(name: str) -> Othello:
    """``FFO<n>`` (1-19 or 40-44), optionally ``:moves`` played after it."""
    base, _, moves = name.partition(":")
    number = int(base.upper().removeprefix("FFO"))
    if number >= 40:
        entry = {e["name"]: e for e in load_positions()["othello"]["long_solve"]}[f"FFO #{number}"]
        board, side = entry["board"], entry["turn"]
    else:
        lines = [line.split() for line in FFO_1_19.read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.startswith("#")]
        board, side = lines[number - 1][0], lines[number - 1][1]
    game = Othello.from_board(board, "XO".index(side))
    game.play_moves(moves)
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions", nargs="*", default=list(DEFAULT_SET))
    parser.add_argument("--set", nargs="+", default=[], metavar="NAME=VALUE",
                        help=f"change a threshold first; one of {', '.join(LEVERS)}")
    parser.add_argument("--all", action="store_true", help="prove every root move")
    parser.add_argument("--prove", action="store_true",
                        help="one best move, as a level asks (ties not tested)")
    args = parser.parse_args(argv)
    for item in args.set:
        name, _, value = item.partition("=")
        if name not in LEVERS:
            parser.error(f"--set {name}: not one of {', '.join(LEVERS)}")
        setattr(endgame, name, int(value))
    guesser = evaluator_by_name("othello", "patterns")  # the top levels' evaluator
    assert isinstance(guesser, OthelloEvaluator)
    total_nodes = total_cpu = total_wall = 0.0
    for name in args.positions:
        game = position(name)
        solver = endgame.OthelloSolver(exact_all=args.all, table_size=endgame.TABLE_SIZE,
                                       first_guess=guesser.margin_guess)
        wall, cpu = time.perf_counter(), time.process_time()
        solution = solver.prove(game) if args.prove else solver.solve(game)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        total_nodes += solution.nodes
        total_cpu += cpu
        total_wall += wall
        best = " ".join(game.move_name(m) for m in solution.best_moves)
        print(f"{name:12} {64 - sum(game.counts())} empties  score {solution.score:+d}  best {best}"
              f"  {solution.nodes:,} nodes  {cpu:.2f} s CPU  {wall:.2f} s", flush=True)
    print(f"{'total':12} {int(total_nodes):,} nodes  {total_cpu:.2f} s CPU  {total_wall:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
