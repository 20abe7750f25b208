"""``plies solve``: the exact value of a position (Connect-4; Othello near the end).

Plain text is for people; ``--json`` gives one object per position for scripts. With
``--file`` every non-empty line is a position and every position gives one line.
``--board`` (Othello) sets up a diagram; ``--moves`` given with it are played from there.
Without ``--time`` a solve runs until it is done (Ctrl-C stops it).
"""

from __future__ import annotations

import argparse
import sys
import time

from ai.endgame import solver_for
from game.commands.common import CliError, build_game, emit, file_positions, located
from game.rules import Game, Othello, RulesError


class _TimeUp(Exception):
    pass


def _solve_position(args: argparse.Namespace, line: str | None) -> Game:
    if args.game not in ("connect4", "othello"):
        raise CliError(f"plies solve works for connect4 and othello, not {args.game!r}")
    board, turn, moves = args.board, args.turn, args.moves
    if line is not None:
        parts = line.split()
        if args.game == "othello" and len(parts) == 2 and len(parts[0]) == 64:
            board, turn, moves = parts[0], parts[1], None
        else:
            board, turn, moves = None, None, line
    if board is not None:
        if args.game != "othello":
            raise CliError("--board is for othello")
        if turn not in ("X", "O"):
            raise CliError("--board needs --turn X or --turn O")
        try:
            game = Othello.from_board(board, 0 if turn == "X" else 1)
            if moves:  # moves after the board: a diagram plus the line that follows
                game.play_moves(moves)
        except RulesError as error:
            raise CliError(str(error)) from None
    elif turn is not None:
        raise CliError("--turn goes with --board")
    else:
        game = build_game(args, moves or "")
    if game.is_over():
        raise CliError(f"the game is already over after {game.moves_text() or 'no moves'}")
    return game


def solve_command(args: argparse.Namespace) -> int:
    """``plies solve``: the exact value and best moves of each position (streamed from
    ``--file``: each line is solved as soon as it is read)."""
    if args.file and (args.moves or args.board):
        raise CliError("give either --file or a position (--moves, --board), not both")
    if args.game not in ("connect4", "othello"):
        raise CliError(f"plies solve works for connect4 and othello, not {args.game!r}")
    solver = solver_for(args.game)
    for where, line in file_positions(args):
        game = located(where, lambda: _solve_position(args, line))
        started = time.perf_counter()
        deadline = None if args.time is None else started + args.time

        def poll() -> None:
            if deadline is not None and time.perf_counter() > deadline:
                raise _TimeUp

        try:
            solution = solver.solve(game, poll)
        except _TimeUp:
            print(f"plies: no result within {args.time} s", file=sys.stderr)
            return 1
        seconds = time.perf_counter() - started
        name = game.move_name
        payload = {
            "game": game.name,
            "moves": game.moves_text(),
            "score": solution.score,
            "best_moves": [name(m) for m in solution.best_moves],
            "move_scores": {name(m): s for m, s in solution.move_scores.items()},
            "nodes": solution.nodes,
            "seconds": round(seconds, 4),
        }
        text = (f"score {solution.score:+d}  best {' '.join(payload['best_moves'])}"
                f"  ({solution.nodes} nodes, {seconds:.2f} s)")
        emit(args, payload, text)
    return 0


__all__ = ["solve_command"]
