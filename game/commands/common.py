"""What the ``plies`` sub-commands share: bad-input errors, the game and variant
options, building the position, printing text or JSON.

Commands (``game/commands/<name>.py``, and ``game.match`` for now) import from
here, never from ``game.cli``, which only builds the parser and dispatches.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import Any, TypeVar

from game.files import FileError, read_lines
from game.i18n import N_, _
from game.rules import GAMES, Game, RulesError, new_game, set_up

EXIT_BAD_INPUT = 2
EXIT_FAILED = 1
"""The question was fine but the work could not be done (a full disk, a failed search)."""

MAX_SECONDS = 86_400.0
"""Longest time limit any command accepts (a day): more is a typo, not a plan."""
MAX_DEPTH = 64
"""Deepest search any command accepts (``ai.search.MAX_SEARCH_DEPTH``, where iterative
deepening stops anyway; not imported, so that the parser loads without the search)."""
DASH_VALUE_OPTIONS = ("--board", "--time", "--seconds")
"""Options whose value may start with ``-`` (an Othello board ``--XO...``, where ``-``
is an empty square; a time of ``-inf``, refused with a clear reason), which argparse
would otherwise take for an option."""

T = TypeVar("T")


class CliError(Exception):
    """Bad input on the command line: printed as one line, exit status 2."""


# --- shared options ----------------------------------------------------------------

def add_game_argument(parser: argparse.ArgumentParser, *, positional: bool = True,
                      optional: bool = False) -> None:
    """The game name (``connect4``, ``othello``, ``gomoku``) and the variant options;
    ``optional``: a positional name that may be left out (``plies tree --tree``)."""
    if positional:
        parser.add_argument("game", metavar="GAME", nargs="?" if optional else None,
                            help=_("one of {games}").format(games=", ".join(GAMES)))
    else:
        parser.add_argument("--game", metavar="GAME",
                            help=_("one of {games} (default: the game last chosen in the "
                                   "window, with its variant)").format(games=", ".join(GAMES)))
    variant = parser.add_argument_group(_("variant options"))
    variant.add_argument("--width", type=int, help=_("Connect-4 columns (4-10, default 7)"))
    variant.add_argument("--height", type=int, help=_("Connect-4 rows (4-10, default 6)"))
    variant.add_argument("--connect", type=int, help=_("Connect-4 line length (3-6, default 4)"))
    variant.add_argument("--size", type=int, help=_("Gomoku board size (9-25, default 15)"))
    variant.add_argument("--rule", choices=("freestyle", "standard", "renju"),
                         help=_("Gomoku: five or more wins (freestyle), exactly five (standard),"
                                " or renju (Black: exactly five, no forbidden points)"))


def variant_options(args: argparse.Namespace) -> dict[str, Any]:
    """The variant keywords that apply to ``args.game``; others given are an error."""
    per_game = {"connect4": ("width", "height", "connect"), "gomoku": ("size", "rule"),
                "othello": ()}
    allowed = per_game.get(args.game, ())
    given = {k: getattr(args, k) for k in ("width", "height", "connect", "size", "rule")
             if getattr(args, k, None) is not None}
    stray = [k for k in given if k not in allowed]
    if stray:
        raise CliError(_("{option} does not apply to {game}").format(option=f"--{stray[0]}",
                                                                      game=args.game))
    return given


BOARD_HELP = N_("a set-up position. Connect-4 and Gomoku: a diagram, the rows from the top "
              "to the bottom separated by '/', X the first player, O the second, . empty "
              "(the size is the diagram's); Othello: 64 characters a1..h8, X black, O white, "
              "- or . empty. --moves are then played from it")


def add_board_arguments(parser: argparse.ArgumentParser) -> None:
    """``--board DIAGRAM`` and ``--turn X|O`` (read by :func:`build_game`)."""
    parser.add_argument("--board", metavar="B", help=_(BOARD_HELP))
    parser.add_argument("--turn", choices=("X", "O", "x", "o"),
                        help=_("with --board: the side to move (default: Connect-4 and Gomoku "
                               "count the stones, Othello Black); a contradiction is refused"))


def check_game_name(name: str) -> None:
    """``CliError`` unless ``name`` is a game Plies plays now: for a plugin's game that
    was refused, the refusal's sentence; else the games to choose from."""
    if name in GAMES:
        return
    from game.plugins import refusal_of_game  # here: most commands never ask

    refusal = refusal_of_game(name)
    if refusal is not None:
        # Translators: {reason} is the plugin's refusal ("badpop.py, line 4: game badpop:
        # pop() ... does not restore the position").
        raise CliError(_("game {game} is not available: its plugin was refused: "
                         "{reason}").format(game=repr(name), reason=refusal))
    raise CliError(_("unknown game {game}; choose one of {games}").format(
        game=repr(name), games=", ".join(GAMES)))


def build_game(args: argparse.Namespace, moves: str | None = None, *,
               board: str | None = None, turn: str | None = None) -> Game:
    """The game of ``args`` with its variant, on the set-up ``board`` (default
    ``--board``, side to move ``--turn``) if any, after the moves ``--moves`` (checked)."""
    check_game_name(args.game)
    board = board if board is not None else getattr(args, "board", None)
    turn = turn if turn is not None else getattr(args, "turn", None)
    if turn is not None and board is None:
        raise CliError(_("--turn goes with --board"))
    try:
        options = variant_options(args)
        if board is not None:
            game = set_up(args.game, board, turn, **options)
        else:
            game = new_game(args.game, **options)
        text = moves if moves is not None else getattr(args, "moves", None)
        if text:
            game.play_moves(text)
    except RulesError as error:
        raise CliError(str(error)) from None
    return game


def emit(args: argparse.Namespace, payload: dict[str, Any], text: str) -> None:
    """Print ``payload`` as one JSON line with ``--json``, else ``text``."""
    print(json.dumps(payload) if getattr(args, "json", False) else text)


def positions_from_file(path: str) -> Generator[tuple[int, str], None, None]:
    """Stream ``(line number, text)`` of the non-empty, non-comment lines of ``path``.

    The file is checked at once (``game.files.read_lines``: a regular file, UTF-8,
    lines of bounded length) and read one line at a time, so a caller that answers
    each position as it comes starts at once on a file of a million lines and holds
    one line in memory. Every problem, then or later, is a ``CliError`` naming the file.
    """
    try:
        lines = read_lines(path, name=path)
    except FileError as error:
        raise CliError(str(error)) from None
    return _positions(lines)


def _positions(lines: Iterator[tuple[int, str]]) -> Generator[tuple[int, str], None, None]:
    try:
        for number, raw in lines:
            line = raw.strip()
            if line and not line.startswith("#"):
                yield number, line
    except FileError as error:
        raise CliError(str(error)) from None


def file_positions(args: argparse.Namespace) -> Iterator[tuple[str, str | None]]:
    """``(where, text)`` of each position a command answers: the ``--file`` lines as
    they are read (``where`` = ``"FILE, line N: "``), else ``("", None)`` once (the
    command's own ``--moves``/``--board``)."""
    if not getattr(args, "file", None):
        yield "", None
        return
    for number, line in positions_from_file(args.file):
        # Translators: the start of an error about one line of a file, "games.txt, line 3: "
        # (the error follows; keep the ": " at the end).
        yield _("{path}, line {line}: ").format(path=args.file, line=number), line


def located(where: str, make: Callable[[], T]) -> T:
    """``make()``, its ``CliError`` prefixed with where the input came from."""
    try:
        return make()
    except CliError as error:
        raise CliError(f"{where}{error}") from None


# --- checked values ----------------------------------------------------------------

def seconds_value(text: str) -> float:
    """An argparse ``type``: a finite time limit above 0 and at most ``MAX_SECONDS``.

    >>> seconds_value("1.5")
    1.5
    >>> seconds_value("nan")
    Traceback (most recent call last):
      ...
    argparse.ArgumentTypeError: time must be a number of seconds above 0, not 'nan'
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if value > MAX_SECONDS:  # inf too
        raise argparse.ArgumentTypeError(
            _("time must be at most {limit} seconds (a day), not {text}").format(
                limit=f"{MAX_SECONDS:.0f}", text=repr(text[:40])))
    if not value > 0:  # nan compares false
        raise argparse.ArgumentTypeError(
            _("time must be a number of seconds above 0, not {text}").format(
                text=repr(text[:40])))
    return value


def int_range(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high``.

    >>> int_range(1, 3, "--jobs")("9")
    Traceback (most recent call last):
      ...
    argparse.ArgumentTypeError: --jobs must be a whole number from 1 to 3, not '9'
    """
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                _("{what} must be a whole number from {low} to {high}, not {text}").format(
                    what=what, low=low, high=high, text=repr(text[:40])))
        return value
    convert.__name__ = what  # argparse names the type in some messages
    return convert


def level_type(what: str = "level") -> Callable[[str], int]:
    """An argparse ``type``: a level number (the range is ``ai.levels``')."""
    from ai.levels import LEVEL_NUMBERS

    return int_range(LEVEL_NUMBERS[0], LEVEL_NUMBERS[-1], what)


def join_dash_values(argv: Sequence[str]) -> list[str]:
    """``["--board", "-XO..."]`` -> ``["--board=-XO..."]`` for ``DASH_VALUE_OPTIONS``.

    argparse reads a word starting with ``-`` after an option as another option, so
    the most common Othello position format (empty squares as ``-``) would need
    ``--board=...``; joining the pair first makes both spellings work.

    >>> join_dash_values(["solve", "othello", "--board", "--XO", "--turn", "X"])
    ['solve', 'othello', '--board=--XO', '--turn', 'X']
    """
    out: list[str] = []
    words = iter(argv)
    for word in words:
        if word == "--":
            out.append(word)
            out.extend(words)
            break
        if word in DASH_VALUE_OPTIONS:
            value = next(words, None)
            out.append(word if value is None else f"{word}={value}")
        else:
            out.append(word)
    return out


__all__ = ["DASH_VALUE_OPTIONS", "EXIT_BAD_INPUT", "EXIT_FAILED", "MAX_DEPTH", "MAX_SECONDS",
           "CliError",
           "add_game_argument", "build_game", "emit", "file_positions", "int_range",
           "join_dash_values", "located", "positions_from_file", "seconds_value",
           "variant_options"]
