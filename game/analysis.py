"""``plies analyse`` and ``plies solve``: run the search or a solver and print the answer.

Plain text is for people; ``--json`` gives one object per position for scripts. With
``--file`` every non-empty line is a position and every position gives one line.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from ai.endgame import solver_for
from ai.evaluators import EvaluatorError, load_evaluator
from ai.evaluators.base import Evaluator, plies_to_end
from ai.levels import DEFAULT_LEVEL, level
from ai.search import Bound, Limits, Searcher, SearchResult
from game.cli import CliError, build_game, emit, positions_from_file
from game.rules import Game, Othello, RulesError


def describe_score(score: int) -> str:
    """A score for a person: ``+37``, ``-5``, ``win in 3``, ``loss in 4``.

    >>> describe_score(999_997), describe_score(-12)
    ('win in 3', '-12')
    """
    plies = plies_to_end(score)
    if plies is not None:
        return f"{'win' if score > 0 else 'loss'} in {plies}"
    return f"{score:+d}"


def _limits(args: argparse.Namespace, evaluator: Evaluator) -> Limits:
    if args.depth is not None:
        if args.depth < 1:
            raise CliError(f"depth must be at least 1, not {args.depth}")
        return Limits(depth=args.depth)
    if args.time is not None:
        if args.time <= 0:
            raise CliError(f"time must be positive, not {args.time}")
        return Limits(seconds=args.time)
    if args.mode != "full":
        raise CliError(f"--mode {args.mode} needs --depth")
    try:
        chosen = level(args.game, args.level or DEFAULT_LEVEL)
    except ValueError as error:
        raise CliError(str(error)) from None
    # Analysis reports the best move, so the easy levels' randomness is left out.
    return Limits(depth=chosen.depth, seconds=chosen.seconds)


def analysis_payload(game: Game, result: SearchResult) -> dict[str, Any]:
    """The JSON object ``plies analyse --json`` prints for one position."""
    name = game.move_name
    return {
        "game": game.name,
        "moves": game.moves_text(),
        "best": None if result.move is None else name(result.move),
        "score": result.score,
        "exact": result.exact,
        "pv": [name(m) for m in result.pv],
        "depth": result.depth,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 4),
        "root_scores": {name(m): {"score": rs.score, "bound": rs.bound.name.lower()}
                        for m, rs in result.root_scores.items()},
    }


def analysis_text(game: Game, result: SearchResult) -> str:
    """Several lines for a person: best move, score, line, effort, root moves."""
    if result.move is None:
        return "the game is over: no move to analyse"
    name = game.move_name
    nps = result.nodes / result.seconds if result.seconds > 0 else 0.0
    marks = {Bound.EXACT: "", Bound.UPPER: "<=", Bound.LOWER: ">="}
    roots = sorted(result.root_scores.items(), key=lambda item: -item[1].score)
    return "\n".join([
        f"best move: {name(result.move)}",
        f"score: {describe_score(result.score)} for {game.side_names[game.turn]}"
        f"{' (exact)' if result.exact else ''}",
        f"line: {' '.join(name(m) for m in result.pv)}",
        f"depth {result.depth}, {result.nodes} nodes, {result.seconds:.2f} s, {nps:,.0f} nodes/s",
        "root moves: " + ", ".join(f"{name(m)} {marks[rs.bound]}{describe_score(rs.score)}"
                                   for m, rs in roots),
    ])


def analyse_command(args: argparse.Namespace) -> int:
    """``plies analyse``: see ``game.cli``."""
    positions = positions_from_file(args.file) if args.file else [args.moves or ""]
    games = [build_game(args, moves) for moves in positions]  # all checked before any search
    try:
        evaluator = load_evaluator(args.game, args.eval)
    except EvaluatorError as error:
        raise CliError(str(error)) from None
    limits = _limits(args, evaluator)
    searcher = Searcher(evaluator, mode=args.mode)
    for game in games:
        result = searcher.search(game, limits)
        emit(args, analysis_payload(game, result), analysis_text(game, result))
    return 0


# --- solve ------------------------------------------------------------------------------

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


__all__ = ["analyse_command", "analysis_payload", "analysis_text", "describe_score",
           "solve_command"]
