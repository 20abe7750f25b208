"""``plies forbidden``: Black's forbidden points under renju, for a diagram or a move list.

>>> from game.cli import main
>>> main(["forbidden", "--board", "........./O.......O/....X..../....X..../..XX...../"
...       "........./........./O.......O/........."])
e5 double-three
0
"""

from __future__ import annotations

import argparse

from game.commands.common import CliError, emit
from game.i18n import _
from game.rules import RulesError, set_up
from game.rules.gomoku import Gomoku
from game.rules.renju import KINDS, forbidden_points


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``plies forbidden``."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--board", metavar="DIAGRAM",
                        help=_("the rows from the top (row N) to the bottom (row 1) separated "
                               "by '/', X black, O white, . empty; the size is the row length"))
    source.add_argument("--moves", metavar="M", help=_("the position, as moves from the start"))
    parser.add_argument("--size", type=int, help=_("with --moves: the board size (default 15)"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object"))


def run(args: argparse.Namespace) -> int:
    """Print each forbidden point and its kind, or that there is none."""
    try:
        if args.board is not None:
            if args.size is not None:
                raise CliError(_("--size goes with --moves; a diagram gives its own size"))
            # The one check of a set-up position every --board goes through: stone
            # counts alternate play can give, no five made, a move left.
            game = set_up("gomoku", args.board, rule="renju")
        else:
            game = Gomoku(15 if args.size is None else args.size, "renju")
            game.play_moves(args.moves)
    except RulesError as error:
        raise CliError(str(error)) from None
    assert isinstance(game, Gomoku)  # set_up("gomoku", ...) makes one
    black, white = game.stones
    points = sorted(forbidden_points(black, white, game.size).items())
    names = [(game.move_name(move), kind) for move, kind in points]
    payload = {
        "size": game.size,
        "forbidden": [{"move": name, "kind": kind} for name, kind in names],
        "counts": {kind: sum(1 for _name, k in names if k == kind) for kind in KINDS},
    }
    # The kinds (double-three, double-four, overline) are renju terms, translated where
    # the rules mark them; the JSON keeps the English identifiers.
    text = "\n".join(f"{name} {_(kind)}" for name, kind in names) or _("no forbidden points")
    emit(args, payload, text)
    return 0
