"""``plies solve``: the exact value of a position (Connect-4, tic-tac-toe; Othello near
the end).

Plain text is for people; ``--json`` gives one object per position for scripts. With
``--file`` every non-empty line is a position and every position gives one line.
``--board`` sets up a position (``Game.from_diagram``); ``--moves`` given with it are
played from there.
Without ``--time`` a solve runs until it is done (Ctrl-C stops it).
"""

from __future__ import annotations

import argparse
import sys
import time

from ai.endgame import solver_for
from ai.evaluators.base import ExactSolver, Solution
from game.commands.common import CliError, build_game, emit, file_positions, located
from game.i18n import _, number
from game.rules import Game

SOLVABLE = ("connect4", "othello", "tictactoe")
"""The games ``plies solve`` answers exactly."""


class _TimeUp(Exception):
    """Raised by ``solve_within``'s poll when the time runs out."""


def solve_within(solver: ExactSolver, game: Game,
                 seconds: float | None) -> tuple[Solution | None, float]:
    """Solve ``game`` exactly; ``None`` when ``seconds`` (``None``: no limit) ran out
    first. Also returns the seconds spent."""
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds

    def poll() -> None:
        if deadline is not None and time.perf_counter() > deadline:
            raise _TimeUp

    try:
        solution = solver.solve(game, poll)
    except _TimeUp:
        solution = None
    return solution, time.perf_counter() - started


def _check_solvable(name: str) -> None:
    if name not in SOLVABLE and not _plugin_game(name):
        raise CliError(_("plies solve works for {games}, not {game}").format(
            games=", ".join(SOLVABLE), game=repr(name)))


def _plugin_game(name: str) -> bool:
    """A game a plugin added (``game.plugins``): solved by searching its whole tree."""
    from game.rules import GAMES

    return name in GAMES and name not in ("connect4", "othello", "gomoku", "tictactoe")


def _solve_position(args: argparse.Namespace, line: str | None) -> Game:
    _check_solvable(args.game)
    if line is None:
        game = build_game(args)
    else:  # a file line is a whole position: a move list, or an Othello board and side
        parts = line.split()
        if args.game == "othello" and len(parts) == 2 and len(parts[0]) == 64:
            game = build_game(args, "", board=parts[0], turn=parts[1])
        else:
            game = build_game(args, line)
    if game.is_over():
        raise CliError(_("the game is already over after {moves}").format(
            moves=game.moves_text() or _("no moves")))
    return game


def solve_command(args: argparse.Namespace) -> int:
    """``plies solve``: the exact value and best moves of each position (streamed from
    ``--file``: each line is solved as soon as it is read)."""
    if args.file and (args.moves or args.board):
        raise CliError(_("give either --file or a position (--moves, --board), not both"))
    _check_solvable(args.game)
    if _plugin_game(args.game):  # its whole tree: 1 win, 0 draw, -1 loss (ai.endgame.generic)
        from ai.endgame.generic import GenericSolver

        solver: ExactSolver = GenericSolver()
    else:
        solver = solver_for(args.game)
    for where, line in file_positions(args):
        game = located(where, lambda: _solve_position(args, line))
        solution, seconds = solve_within(solver, game, args.time)
        if solution is None:
            print(_("plies: no result within {seconds} s").format(seconds=args.time),
                  file=sys.stderr)
            return 1
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
        # Translators: a solved position's one line; "best" lists its best moves.
        text = _("score {score}  best {moves}  ({nodes} nodes, {seconds} s)").format(
            score=f"{solution.score:+d}", moves=" ".join(name(m) for m in solution.best_moves),
            nodes=solution.nodes, seconds=number(seconds, 2))
        emit(args, payload, text)
    return 0


__all__ = ["solve_command", "solve_within"]
