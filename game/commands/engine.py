"""``plies engine gomoku|othello``: speak a field's engine protocol on stdin/stdout.

``gomoku`` speaks the Gomocup (pbrain) protocol (``game.engines.pbrain``), ``othello``
the NBoard protocol (``game.engines.nboard``), or GTP with ``--protocol gtp``
(``game.engines.gtp``: GTP managers and Quarry). Managers that insist on the
``pbrain-`` prefix of a brain's file name run the ``pbrain-plies`` script, which is
``plies engine gomoku``.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from typing import BinaryIO

from ai.levels import LEVEL_NUMBERS, level_range
from game.protocols import NAMES, default_protocol, for_game, game_names
from game.protocols import protocol as protocol_named
from game.i18n import _, set_language


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``plies engine``."""
    parser.add_argument("game", metavar="GAME", choices=game_names(),
                        help=_("gomoku (Gomocup pbrain protocol) or othello (NBoard "
                               "protocol, or GTP with --protocol gtp)"))
    parser.add_argument("--level", type=int, default=None,
                        help=_("strength {levels} (default {level}; the manager's clock bounds "
                                "the time)").format(levels=level_range(),
                                                    level=LEVEL_NUMBERS[-1]))
    parser.add_argument("--protocol", choices=NAMES, default=None,
                        help=_("othello: nboard (default) or gtp; gomoku: pbrain"))


def _level(args: argparse.Namespace) -> int:
    from ai.levels import check_level
    from game.commands.common import CliError
    from game.engines.pbrain import DEFAULT_LEVEL

    try:
        return check_level(DEFAULT_LEVEL if args.level is None else args.level)
    except ValueError as error:
        raise CliError(str(error)) from None


MAX_LINE = 100_000
"""Characters of one command line read at a time (a whole GGF game is about 1,000): a
longer line arrives in pieces, each refused, so no input can exhaust memory."""


def command_lines(stream: BinaryIO) -> Iterator[str]:
    """The lines of the manager's byte stream, decoded leniently.

    Universal newlines (managers end lines with CR LF), and bytes that are not UTF-8
    become U+FFFD: a garbled line is answered as unknown, it never ends the engine.
    """
    text = io.TextIOWrapper(stream, encoding="utf-8", errors="replace", newline=None)
    return iter(lambda: text.readline(MAX_LINE), "")


def run(args: argparse.Namespace) -> int:
    """``plies engine``: runs until the manager ends the session or closes stdin."""
    from game.commands.common import CliError

    number = _level(args)
    default = default_protocol(args.game)
    assert default is not None  # argparse took only games with protocols
    protocol = getattr(args, "protocol", None) or default
    if protocol not in [p.name for p in for_game(args.game)]:
        if args.game == "othello":
            message = _("plies engine {game} speaks {protocol}, or GTP with --protocol gtp, "
                        "not {asked}")
        else:
            message = _("plies engine {game} speaks {protocol}, not {asked}")
        # untranslated: the protocol's label and name, "Gomocup (pbrain)"
        label = f"{protocol_named(default).label} ({default})"
        raise CliError(message.format(game=args.game, protocol=label, asked=protocol))
    # Everything from here on is protocol traffic, English whatever the desktop's
    # language: the rules' and GGF's refusals are quoted in its ERROR and status lines.
    set_language("en")
    stdin = command_lines(sys.stdin.buffer) if hasattr(sys.stdin, "buffer") else sys.stdin
    from game.engines.adapters import serve

    return serve(protocol, stdin, sys.stdout, number)
