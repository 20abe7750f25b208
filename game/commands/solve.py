"""``plies solve``: the exact value of a position (Connect-4; Othello near the end).

Plain text is for people; ``--json`` gives one object per position for scripts. With
``--file`` every non-empty line is a position and every position gives one line.
"""

from __future__ import annotations

import argparse
import sys
import time

from ai.endgame import solver_for
from game.commands.common import CliError, build_game, emit, positions_from_file
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
        except RulesError as error:
            raise CliError(str(error)) from None
    else:
        game = build_game(args, moves or "")
    if game.is_over():
        raise CliError(f"the game is already over after {game.moves_text() or 'no moves'}")
    return game


def solve_command(args: argparse.Namespace) -> int:
    """``plies solve``: the exact value and best moves of each position."""
    lines = positions_from_file(args.file) if args.file else [None]
    games = [_solve_position(args, line) for line in lines]
    solver = solver_for(args.game)
    for game in games:
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
