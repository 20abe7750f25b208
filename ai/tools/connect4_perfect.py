"""Connect-4 games of a level against a perfect opponent, from the value file's positions.

A perfect opponent is only affordable where the exact solver settles positions, so the
games start from the won or drawn positions of ``game/data/connect4_values.txt``
(``plies bench connect4 --values``), both sides of each: in one game the level has the
move (it must keep the win or the draw), in the other the perfect player has it (a
drawn position: the level must hold the draw; a won one: the level is lost whatever
it does, and the game is only played for the record). The perfect player is
``Connect4Solver`` with no limit: a move that keeps its value (any winning move when
it wins, a drawing one when it draws) and the slowest loss when it loses::

    python -m ai.tools.connect4_perfect --level 8 --stones 14 42

A game *keeps the value* when its result for the level is the position's value for
the level's side (a win stays a win, a draw a draw): against a perfect player it can
only end worse. The level's own limits are used (level 8: 3 s a move), so the figures
depend on the machine; the report gives the level's CPU seconds per move.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from ai.endgame.connect4 import Connect4Solver
from ai.evaluators import load_evaluator
from ai.levels import level
from ai.search import Searcher
from game.commands.bench_values import ValuePosition, load_values
from game.rules import Game
from game.rules.base import Move


class _Won(Exception):
    """The proof settled a win: any winning move keeps it (no fastest win needed)."""

    def __init__(self, move: Move) -> None:
        super().__init__(move)
        self.move = move


def perfect_move(solver: Connect4Solver, game: Game) -> Move:
    """A move that keeps ``game``'s value for the side to move; the slowest loss when
    every move loses (``Connect4Solver.prove`` with no limit)."""

    def settled(solution) -> None:
        if solution.score > 0:
            raise _Won(solution.best_moves[0])

    try:
        solution = solver.prove(game.copy(), settled=settled)
    except _Won as won:
        return won.move
    assert solution is not None  # no node cap
    return solution.best_moves[0]


def play(position: ValuePosition, level_first: bool, number: int, seed: int
         ) -> tuple[int, int, float]:
    """One game from ``position``: ``(value for the level, result for the level, level's
    CPU seconds per move)``; values and results are ``1`` win, ``0`` draw, ``-1`` loss."""
    game = position.game()
    level_side = game.turn if level_first else 1 - game.turn
    value = position.result if level_first else -position.result
    evaluator = load_evaluator("connect4")
    searcher = Searcher(evaluator, seed=seed)
    limits = level("connect4", number).limits(evaluator.unit)
    perfect = Connect4Solver(None, None)
    cpu, moves = 0.0, 0
    while not game.is_over():
        if game.turn == level_side:
            started = time.process_time()
            move = searcher.search(game, limits).move
            cpu += time.process_time() - started
            moves += 1
        else:
            move = perfect_move(perfect, game)
        game.push(move)  # type: ignore[arg-type]
    winner = game.outcome().winner  # type: ignore[union-attr]
    result = 0 if winner is None else (1 if winner == level_side else -1)
    return value, result, cpu / max(1, moves)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", type=int, default=8)
    parser.add_argument("--stones", type=int, nargs=2, default=(8, 42), metavar=("LOW", "HIGH"))
    parser.add_argument("--every", type=int, default=1, help="every N-th position only")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    positions = [p for p in load_values() if p.result >= 0 and
                 args.stones[0] <= p.stones <= args.stones[1]][::args.every]
    tally: dict[tuple[str, int], list[int]] = {}
    for position in positions:
        for level_first in (True, False):
            value, result, cpu = play(position, level_first, args.level, args.seed)
            side = "level to move" if level_first else "perfect to move"
            counts = tally.setdefault((side, value), [0, 0])
            counts[0] += result == value
            counts[1] += 1
            print(f"{position.moves:22} {side:15} value {value:+d} result {result:+d}"
                  f" {'kept' if result == value else 'LOST'}  {cpu:.2f} CPU s/move", flush=True)
    names = {1: "won", 0: "drawn", -1: "lost"}
    print(f"level {args.level}, {len(positions)} positions with {args.stones[0]}-"
          f"{args.stones[1]} stones:")
    for (side, value), (kept, games) in sorted(tally.items(), key=lambda i: (i[0][0], -i[0][1])):
        print(f"  {side:15} {names[value]:5}: kept {kept}/{games}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
