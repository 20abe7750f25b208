"""What the ``plies`` sub-commands share: bad-input errors, the game and variant
options, building the position, printing text or JSON.

Commands (``game/commands/<name>.py``, ``game.match``, ``game.bench``) import from
here, never from ``game.cli``, which only builds the parser and dispatches.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.rules import GAMES, Game, RulesError, new_game

EXIT_BAD_INPUT = 2


class CliError(Exception):
    """Bad input on the command line: printed as one line, exit status 2."""


# --- shared options ----------------------------------------------------------------

def add_game_argument(parser: argparse.ArgumentParser, *, positional: bool = True) -> None:
    """The game name (``connect4``, ``othello``, ``gomoku``) and the variant options."""
    if positional:
        parser.add_argument("game", metavar="GAME", help=f"one of {', '.join(GAMES)}")
    else:
        parser.add_argument("--game", metavar="GAME", help=f"one of {', '.join(GAMES)}")
    variant = parser.add_argument_group("variant options")
    variant.add_argument("--width", type=int, help="Connect-4 columns (4-10, default 7)")
    variant.add_argument("--height", type=int, help="Connect-4 rows (4-10, default 6)")
    variant.add_argument("--connect", type=int, help="Connect-4 line length (3-6, default 4)")
    variant.add_argument("--size", type=int, help="Gomoku board size (9-25, default 15)")
    variant.add_argument("--rule", choices=("freestyle", "standard", "renju"),
                         help="Gomoku: five or more wins (freestyle), exactly five (standard),"
                              " or renju (Black: exactly five, no forbidden points)")


def variant_options(args: argparse.Namespace) -> dict[str, Any]:
    """The variant keywords that apply to ``args.game``; others given are an error."""
    per_game = {"connect4": ("width", "height", "connect"), "gomoku": ("size", "rule"),
                "othello": ()}
    allowed = per_game.get(args.game, ())
    given = {k: getattr(args, k) for k in ("width", "height", "connect", "size", "rule")
             if getattr(args, k, None) is not None}
    stray = [k for k in given if k not in allowed]
    if stray:
        raise CliError(f"--{stray[0]} does not apply to {args.game}")
    return given


def build_game(args: argparse.Namespace, moves: str | None = None) -> Game:
    """The game of ``args`` with its variant, after the moves ``--moves`` (checked)."""
    if args.game not in GAMES:
        raise CliError(f"unknown game {args.game!r}; choose one of {', '.join(GAMES)}")
    try:
        game = new_game(args.game, **variant_options(args))
        text = moves if moves is not None else getattr(args, "moves", None)
        if text:
            game.play_moves(text)
    except RulesError as error:
        raise CliError(str(error)) from None
    return game


def emit(args: argparse.Namespace, payload: dict[str, Any], text: str) -> None:
    """Print ``payload`` as one JSON line with ``--json``, else ``text``."""
    print(json.dumps(payload) if getattr(args, "json", False) else text)


def positions_from_file(path: str) -> list[str]:
    """Non-empty, non-comment lines of a positions file (``--file``)."""
    try:
        with open(path, encoding="utf-8") as handle:
            lines = [line.strip() for line in handle]
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path} is not a text file") from None
    return [line for line in lines if line and not line.startswith("#")]


__all__ = ["EXIT_BAD_INPUT", "CliError", "add_game_argument", "build_game", "emit",
           "positions_from_file", "variant_options"]
