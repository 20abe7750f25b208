"""``plies solve othello --obf FILE``: solve every position of an OBF file, check its notes.

Each line of the file is a position (``game.formats.obf``), optionally annotated with
the exact score of some moves. Every position is solved exactly; when the line has
annotations, the output says whether Plies agrees with each of them. Results stream
out one line per position as they are solved (``--json``: one object per position);
the text output ends with a summary. ``--time S`` gives each position S seconds; a
position not solved in time is reported and the command exits 1 at the end.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import closing
from typing import Any

from ai.endgame.othello import OthelloSolver
from game.commands.common import CliError, emit
from game.commands.solve import solve_within
from game.files import FileError, read_lines
from game.formats.obf import OBFError, OBFPosition, iter_lines
from game.i18n import _, ngettext, number
from game.rules import Othello, RulesError


def _positions(path: str) -> Iterator[OBFPosition]:
    """The file's positions, streamed through the one safe reader (``game.files``)."""
    try:
        # Translators: what the file is, in "the OBF file ... is not readable"-like errors.
        lines = read_lines(path, what=_("OBF file"), name=path)
    except FileError as error:
        raise CliError(str(error)) from None
    with closing(lines):
        try:
            yield from iter_lines(lines)
        except FileError as error:
            raise CliError(str(error)) from None


def solve_obf(args: argparse.Namespace) -> int:
    """Solve and check each position of ``args.obf``; 0, or 1 if one ran out of time."""
    if args.game != "othello":
        raise CliError(_("--obf holds Othello positions, not {game} ones").format(game=args.game))
    for option in ("moves", "board", "file"):
        if getattr(args, option, None) is not None:
            raise CliError(_("--obf and {option} cannot be used together").format(
                option=f"--{option}"))
    if args.time is not None and args.time <= 0:
        raise CliError(_("--time must be positive, not {seconds}").format(seconds=args.time))
    # Two passes over the file, one line in memory at a time: every line is checked
    # before the first (possibly long) solve, then the positions are solved as read.
    total = 0
    try:
        for position in _positions(args.obf):
            _game(position)
            total += 1
    except OBFError as error:
        raise CliError(f"{args.obf}: {error}") from None
    if not total:
        raise CliError(_("{path} holds no positions").format(path=args.obf))
    solver = OthelloSolver()
    counts = {"annotated": 0, "agree": 0, "unsolved": 0}
    for position in _positions(args.obf):
        payload, text_line = _solve_one(solver, position, _game(position), args.time)
        if payload.get("score") is None:
            counts["unsolved"] += 1
        elif payload["agrees"] is not None:
            counts["annotated"] += 1
            counts["agree"] += payload["agrees"]
        emit(args, payload, text_line)
        sys.stdout.flush()
    if not args.json:
        # Translators: the English text keeps "positions" for one too (unchanged output
        # that scripts may read); give each plural form of your language.
        if counts["unsolved"]:
            summary = ngettext(
                "{total} positions, {annotated} annotated: Plies agrees with {agree}; "
                "{unsolved} not solved in time",
                "{total} positions, {annotated} annotated: Plies agrees with {agree}; "
                "{unsolved} not solved in time", total)
        else:
            summary = ngettext("{total} positions, {annotated} annotated: Plies agrees with "
                               "{agree}",
                               "{total} positions, {annotated} annotated: Plies agrees with "
                               "{agree}", total)
        print(summary.format(total=total, annotated=counts["annotated"], agree=counts["agree"],
                             unsolved=counts["unsolved"]))
    return 1 if counts["unsolved"] else 0


def _game(position: OBFPosition) -> Othello:
    try:
        game = Othello.from_board(position.board, position.turn)
    except RulesError as error:
        raise OBFError(_("line {line}: {error}").format(line=position.line, error=error)) from None
    for move in position.annotations:
        if game.parse_move(move) not in game.legal_moves():
            raise OBFError(_("line {line}: the annotated move {move} is not legal in the "
                             "position").format(line=position.line, move=move))
    return game


def _solve_one(solver: OthelloSolver, position: OBFPosition, game: Othello,
               seconds: float | None) -> tuple[dict[str, Any], str]:
    base: dict[str, Any] = {"line": position.line, "board": position.board,
                            "turn": "XO"[position.turn],
                            "annotations": dict(position.annotations)}
    line = position.line
    if game.is_over():
        score = game.margin_for_side_to_move()
        base.update(score=score, best_moves=[], move_scores={}, agrees=None, nodes=0,
                    seconds=0.0)
        return base, _("line {line}: the game is over, {score}").format(line=line,
                                                                         score=f"{score:+d}")
    solution, spent = solve_within(solver, game, seconds)
    if solution is None:
        base.update(score=None, agrees=None)
        return base, _("line {line}: not solved within {seconds} s").format(
            line=line, seconds=f"{seconds:g}")
    name = game.move_name
    scores = {name(m): s for m, s in solution.move_scores.items()}
    disagreements = {m: {"file": s, "plies": scores.get(m)}
                     for m, s in position.annotations.items() if scores.get(m) != s}
    agrees = None if not position.annotations else not disagreements
    best = [name(m) for m in solution.best_moves]
    base.update(score=solution.score, best_moves=best, move_scores=scores, agrees=agrees,
                disagreements=disagreements, nodes=solution.nodes, seconds=round(spent, 4))
    text = _("line {line}: score {score}  best {moves}").format(
        line=line, score=f"{solution.score:+d}", moves=" ".join(best))
    if agrees is True:
        annotated = len(position.annotations)
        text += "  " + ngettext("agrees with the file's {n} score",
                                "agrees with the file's {n} scores", annotated).format(
                                    n=number(annotated))
    elif agrees is False:
        # Translators: a move, the score the file gives it, the score Plies finds.
        text += "  " + _("DISAGREES: {moves}").format(moves=", ".join(
            _("{move} file {file_score}, Plies {plies_score}").format(
                move=m, file_score=f"{d['file']:+d}",
                plies_score=f"{d['plies']:+d}")
            for m, d in disagreements.items()))
    return base, text + "  " + _("({nodes} nodes, {seconds} s)").format(
        nodes=solution.nodes, seconds=number(spent, 2))


__all__ = ["solve_obf"]
