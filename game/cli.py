"""The ``plies`` command line: the window, and headless commands that print text or JSON.

Every headless command exits 0 on success and 2 with one line on stderr when its
input is wrong (an unknown game, an illegal move, a negative depth, ...), so scripts
can tell a bad question from a bad answer.

>>> main(["perft", "connect4", "4"])
2401
0
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from ai.evaluators.plugin import EvaluatorFault
from ai.levels import DEFAULT_LEVEL, level_range
from game.commands.common import (  # noqa: F401  (re-exported for older callers)
    EXIT_BAD_INPUT,
    EXIT_FAILED,
    MAX_DEPTH,
    CliError,
    add_board_arguments,
    add_game_argument,
    build_game,
    emit,
    int_range,
    join_dash_values,
    level_type,
    positions_from_file,
    seconds_value,
    variant_options,
)
from game.i18n import N_, _
from game.rules.perft import perft
from game.settings import ConfigFolderError


class _Parser(argparse.ArgumentParser):
    """argparse, but its errors are one line and go through ``CliError``."""

    def error(self, message: str) -> NoReturn:
        raise CliError(message)


# --- perft ---------------------------------------------------------------------------

def _perft_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    parser.add_argument("depth", type=int_range(0, MAX_DEPTH, "depth"),
                        help=_("plies to count, 0 to 64 (a forced pass is a ply); the count "
                               "grows about tenfold a ply, so depths past 10 run for hours: "
                               "Ctrl-C stops them"))
    parser.add_argument("--moves", metavar="M", help=_("start from these moves (game notation)"))
    add_board_arguments(parser)
    parser.add_argument("--json", action="store_true", help=_("one JSON object"))


def _perft(args: argparse.Namespace) -> int:
    if args.depth < 0:
        raise CliError(_("depth must be 0 or more, not {depth}").format(depth=args.depth))
    game = build_game(args)
    started = time.perf_counter()
    nodes = perft(game, args.depth)
    seconds = time.perf_counter() - started
    emit(args, {"game": game.name, "depth": args.depth, "moves": game.moves_text(),
                "nodes": nodes, "seconds": round(seconds, 6)}, str(nodes))
    return 0


# --- analyse / solve ---------------------------------------------------------------------

def _analyse_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    parser.add_argument("--moves", metavar="M", help=_("the position, as moves from the start"))
    add_board_arguments(parser)
    parser.add_argument("--file", metavar="F",
                        help=_("one move list per line; one result per line"))
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--depth", type=int_range(1, MAX_DEPTH, "depth"),
                       help=_("search exactly this deep (1-64; a deep search in a big "
                              "position can run for hours: Ctrl-C stops it)"))
    limit.add_argument("--time", type=seconds_value, metavar="S",
                       help=_("search for S seconds (above 0, at most a day)"))
    limit.add_argument("--level", type=level_type(),
                       help=_("search as that level does ({levels}, default {level})").format(
                           levels=level_range(), level=DEFAULT_LEVEL))
    parser.add_argument("--eval", metavar="E",
                        help=_("evaluator: a preset, a NAME kept in the evaluators folder, "
                               "or a path to a TOML file"))
    parser.add_argument("--mode", choices=("full", "alphabeta", "minimax"), default="full",
                        help=_("full search, bare alpha-beta, or plain minimax (node counts)"))
    parser.add_argument("--multipv", type=int, metavar="N", default=1,
                        help=_("the N best moves, each with its exact score and line"))
    parser.add_argument("--explain", action="store_true",
                        help=_("why the best move: its line's end against the second best's"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object per position"))


def _analyse(args: argparse.Namespace) -> int:
    from game.commands.analyse import (
        analyse_command,  # the search loads only when needed
    )

    return analyse_command(args)


def _solve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME", help=_("connect4 or othello"))
    parser.add_argument("--moves", metavar="M", help=_("the position, as moves from the start"))
    add_board_arguments(parser)
    parser.add_argument("--file", metavar="F",
                        help=_("one position per line; one result per line"))
    parser.add_argument("--obf", metavar="F", help=_("Othello: an OBF file (a position a line, "
                        "optional '; move:score' annotations), each solved and checked"))
    parser.add_argument("--time", type=seconds_value, metavar="S",
                        help=_("give up after S seconds (status 1); without it a solve runs "
                               "until it is done, which far from the end can take hours: "
                               "Ctrl-C stops it"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object per position"))
    # solve takes no variant options, but build_game reads them.
    parser.set_defaults(width=None, height=None, connect=None, size=None, rule=None)


def _solve(args: argparse.Namespace) -> int:
    if args.obf is not None:
        from game.commands.solve_obf import solve_obf

        return solve_obf(args)
    from game.commands.solve import solve_command

    return solve_command(args)


# --- the window ----------------------------------------------------------------------------

def _play_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser, positional=False)
    parser.add_argument("--first", choices=("human", "ai"), default="human",
                        help=_("who moves first (default: you)"))
    parser.add_argument("--board", metavar="B",
                        help=_("start from a set-up position (with --game): a diagram, rows "
                               "from the top separated by '/', X first player, O second, . "
                               "empty; Othello also 64 characters a1..h8"))
    parser.add_argument("--turn", choices=("X", "O", "x", "o"),
                        help=_("with --board: the side to move (default: counted, Othello "
                               "Black)"))
    parser.add_argument("--level", type=level_type(), default=None,
                        help=_("computer level ({levels})").format(levels=level_range()))
    parser.add_argument("--eval", metavar="NAME", default=None,
                        help=_("evaluator: a preset or a NAME kept in the evaluators folder "
                               "as NAME.toml (the game is saved with it, so not a path; "
                               "default: the level's)"))
    parser.add_argument("--opening", choices=("none", "swap", "swap2"), default="none",
                        help=_("Gomoku: swap or swap2 opening (the first player places three "
                               "stones, the other chooses a colour; --first says who begins)"))


def _demo_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser, positional=False)
    parser.add_argument("--levels", type=level_type(), nargs=2,
                        metavar=("A", "B"), default=None,
                        help=_("levels of the first and second computer player"))


def _window_game(args: argparse.Namespace) -> tuple[str, dict[str, Any] | None]:
    """The game and variant ``play`` / ``demo`` open: ``--game``'s, else the game last
    chosen on the start screen (variant ``None``: the window uses the one remembered)."""
    if args.game is None:
        if any(getattr(args, k) is not None for k in ("width", "height", "connect", "size", "rule")):
            raise CliError(_("variant options need --game"))
        from game.settings import load_settings

        return load_settings().last_game, None
    game = build_game(args)  # validates the name and variant before a window opens
    return game.name, game.variant()


def _check_level(value: int | None) -> None:
    from ai.levels import check_level

    if value is not None:
        try:
            check_level(value)
        except ValueError as error:
            raise CliError(str(error)) from None


def _check_window_eval(game_name: str, name: str) -> None:
    """``play --eval``: the name goes into the saved game and the autosave, so it must
    be what a record may hold (a preset or a user evaluator), and load now."""
    from ai.evaluators import EvaluatorError, is_evaluator_name
    from game.settings import evaluators_dir, find_evaluator

    if not is_evaluator_name(name):
        raise CliError(_("the window's --eval takes a name, not a file: keep the weights as "
                         "{path} and give NAME").format(path=evaluators_dir() / "NAME.toml"))
    try:
        find_evaluator(game_name, name)
    except EvaluatorError as error:
        raise CliError(str(error)) from None


def _play(args: argparse.Namespace) -> int:
    from ai.levels import DEFAULT_LEVEL
    from game.players import Computer
    from game.ui import app

    _check_level(args.level)
    position = None
    if args.board is not None or args.turn is not None:
        if args.game is None:
            raise CliError(_("--board needs --game (connect4, othello or gomoku)"))
        position = build_game(args)  # checked before a window opens
    name, variant = _window_game(args)
    opening = None if args.opening == "none" else args.opening
    if opening is not None and (name != "gomoku" or position is not None):
        raise CliError(_("--opening is for a new Gomoku game (--game gomoku, without --board)"))
    players = app.players_for(args.first, args.level or DEFAULT_LEVEL, args.eval, name)
    _check_window_eval(name, next(p.evaluator_name(name) for p in players
                                  if isinstance(p, Computer)))
    return app.run_app(game=name, variant=variant, players=players,
                       position=position, opening=opening)


def _demo(args: argparse.Namespace) -> int:
    from ai.levels import DEFAULT_LEVEL
    from game.ui import app

    levels = args.levels or (DEFAULT_LEVEL, DEFAULT_LEVEL)
    for value in levels:
        _check_level(value)
    name, variant = _window_game(args)
    return app.run_app(game=name, variant=variant,
                       players=app.demo_players(levels[0], levels[1], game_name=name),
                       demo=True)


def _learn_arguments(parser: argparse.ArgumentParser) -> None:
    """``plies learn`` has no options: the lessons remember where the learner was."""


def _learn(args: argparse.Namespace) -> int:
    from game.ui import app
    return app.run_app(learn=True)


# --- match / bench live in their own modules --------------------------------------------

def _delegate(module: str, function: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        return getattr(importlib.import_module(module), function)(args)
    return run


def _delegate_arguments(module: str) -> Callable[[argparse.ArgumentParser], None]:
    def add(parser: argparse.ArgumentParser) -> None:
        importlib.import_module(module).add_arguments(parser)
    return add


def _bench(args: argparse.Namespace) -> int:
    """``plies bench``; ``--ui`` measures the window (``game.ui.bench``)."""
    if getattr(args, "ui", False):
        from game.ui.bench import run_ui_bench

        figures = run_ui_bench()
        # The figures' names are the JSON keys, for developers.
        emit(args, figures, "\n".join(f"{k}: {v}" for k, v in figures.items()))
        return 0
    return importlib.import_module("game.commands.bench").run(args)



COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None],
                          Callable[[argparse.Namespace], int]]] = {
    "play": (N_("open the window straight into a game"), _play_arguments, _play),
    "demo": (N_("open the window into computer-versus-computer play"), _demo_arguments, _demo),
    "learn": (N_("open the window on the Learn lessons: game trees, minimax, alpha-beta, "
                 "move ordering, with exercises"), _learn_arguments, _learn),
    "perft": (N_("count the legal move sequences of a depth"), _perft_arguments, _perft),
    "analyse": (N_("best move, score, principal variation and root scores"),
                _analyse_arguments, _analyse),
    "solve": (N_("exact game-theoretic value (Connect-4, tic-tac-toe; Othello near the end)"),
              _solve_arguments,
              _solve),
    "match": (N_("computer-versus-computer games with a results table"),
              _delegate_arguments("game.commands.match"),
              _delegate("game.commands.match", "run")),
    "tournament": (N_("a round robin or gauntlet of players: crosstable, Elo ranking, CSV"),
                   _delegate_arguments("game.commands.tournament"),
                   _delegate("game.commands.tournament", "run")),
    "bench": (N_("nodes per second, time to depth, solve and perft speed"),
              _delegate_arguments("game.commands.bench"), _bench),
    "show": (N_("print a saved game: header, moves, final position, result (or --json)"),
             _delegate_arguments("game.commands.show"), _delegate("game.commands.show", "run")),
    "tree": (N_("record a small search as a tree: values, (alpha, beta) windows, pruning"),
             _delegate_arguments("game.commands.tree"), _delegate("game.commands.tree", "run")),
    "exercise": (N_("a minimax, alpha-beta or move-ordering exercise on a real position, "
                    "with its answer key"),
                 _delegate_arguments("game.commands.exercise"),
                 _delegate("game.commands.exercise", "run")),
    "engine": (N_("speak an engine protocol on stdin/stdout: Gomocup (gomoku), NBoard or "
                  "GTP (othello, --protocol gtp)"),
               _delegate_arguments("game.commands.engine"),
               _delegate("game.commands.engine", "run")),
    "install-desktop": (N_("add Plies to the desktop menu (icons, file type); --uninstall"),
                        _delegate_arguments("game.commands.install_desktop"),
                        _delegate("game.commands.install_desktop", "run")),
    "review": (N_("judge every move of a saved game (labels, exact verdicts, accuracy)"),
               _delegate_arguments("game.commands.review"),
               _delegate("game.commands.review", "run")),
    "tune": (N_("tune an evaluator's weights from games (SPSA or Texel), then match it against "
                "the original"),
             _delegate_arguments("game.commands.tune"), _delegate("game.commands.tune", "run")),
    "plugins": (N_("list the plugins (your own evaluators and games): where each came from, "
                   "what it adds, why one was refused"),
                _delegate_arguments("game.commands.plugins"),
                _delegate("game.commands.plugins", "run")),
    "forbidden": (N_("renju: Black's forbidden points (double-three, double-four, overline)"),
                  _delegate_arguments("game.commands.forbidden"),
                  _delegate("game.commands.forbidden", "run")),
}


def _open_file(path: str) -> int:
    """``plies FILE``: the file is loaded completely before a window opens."""
    from pathlib import Path

    from game.commands.open_file import load_file

    game, record = load_file(path, list(COMMANDS))
    from game.ui import app

    return app.run_app(opened=(game, record.players, Path(path).name), opening=record.opening,
                       names=record.names, clock=record.clock)


def pbrain_main(argv: Sequence[str] | None = None) -> int:
    """The ``pbrain-plies`` console script: ``plies engine gomoku [--level N]``."""
    return main(["engine", "gomoku", *(sys.argv[1:] if argv is None else argv)])


def build_parser() -> argparse.ArgumentParser:
    """The ``plies`` parser with every sub-command."""
    parser = _Parser(prog="plies",
                     usage="plies [FILE | COMMAND ...]",  # untranslated: placeholder names
                     description=_("Gomoku, Othello and Connect-4 against an alpha-beta "
                                   "computer opponent. With no command, opens the window; "
                                   "with a saved game FILE (.json or .txt), opens the window "
                                   "on that game."))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, (summary, add_arguments, run) in COMMANDS.items():
        sub = commands.add_parser(name, help=_(summary), description=_(summary))
        add_arguments(sub)
        sub.set_defaults(run=run)
    return parser


def _run(argv: list[str]) -> int:
    from game.plugins import loaded_plugins

    loaded_plugins()  # before the parser and the window: a plugin's game is a GAME too
    if not argv:
        from game.ui import app

        return app.run_app()
    if len(argv) == 1 and argv[0] not in COMMANDS and not argv[0].startswith("-"):
        return _open_file(argv[0])
    args = build_parser().parse_args(join_dash_values(argv))
    return args.run(args)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``plies`` with ``argv`` (default: the process arguments); returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    _speak_the_chosen_language()
    try:
        status = _run(argv)
        sys.stdout.flush()  # here, so that a failing write is reported like any other
        return status
    except (CliError, ConfigFolderError) as error:
        print(_("plies: error: {message}").format(message=error), file=sys.stderr)
        return EXIT_BAD_INPUT
    except EvaluatorFault as fault:  # a plugin's code failed where no caller expected it
        print(_("plies: error: {message}").format(message=fault), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(_("plies: interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``plies analyse ... | head``): not an error of ours.
        _silence_stdout()
        return 0
    except OSError as error:
        if error.errno not in _WRITE_ERRORS:
            raise
        # A full disk or a failing device under stdout (``plies show F > /dev/full``).
        _silence_stdout()
        try:
            print(_("plies: error: the output could not be written: {reason}").format(
                reason=error.strerror), file=sys.stderr)
        except OSError:
            pass  # stderr is just as broken: the status alone must tell
        return EXIT_FAILED


def _speak_the_chosen_language() -> None:
    """The settings' language, or the desktop's (game.i18n), for the window and the
    messages alike; argparse's own texts ("usage:", its errors) too."""
    from game import i18n
    from game.settings import load_settings

    i18n.set_language(load_settings().language)
    i18n.translate_argparse()


_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""A write that failed for want of room or a working device: one sentence, status 1."""


def _silence_stdout() -> None:
    """Point stdout at nothing, so that the interpreter's final flush of what is still
    buffered stays quiet (it would print a second error and exit with status 120)."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # no real stdout (an embedding caller): nothing will be flushed to it
