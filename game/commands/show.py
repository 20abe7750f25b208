"""``plies show FILE [--json]``: print a saved game without opening the window.

The file goes through the one record loader (``game.formats.load_record``: every
format it reads, every check it makes), so ``show`` is also the way to test a file
from outside: a bad file is one sentence on stderr and status 2, exactly what the
window would say. The text form is for people::

    Connect-4 (7 x 6, four in a row)
    Red: a person
    Yellow: computer, level 4
    moves (7): 1. 4 4  2. 4 4  3. 4 4  4. 4
    <the final position as an ASCII diagram>
    result: Red wins (four in a row)

``--json`` prints the validated record (the canonical form ``plies`` itself writes);
``--to FORMAT`` converts: the game in any format Plies writes (``game.formats.convert``:
json, text, psq for Gomoku, ggf for Othello), so ``plies show a.psq --to json`` and
``plies show b.ggf --to text`` read one format and print another.
Each output form is one function of the record (``RENDERERS``), so a conversion
option (``--to FORMAT``) is one more entry there.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from game.commands.common import CliError
from game.i18n import _


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``plies show``."""
    parser.add_argument("file", metavar="FILE",
                        help=_("a saved game (.json, .txt or another format Plies reads)"))
    parser.add_argument("--json", action="store_true",
                        help=_("print the validated record as JSON instead"))
    parser.add_argument("--to", metavar="FORMAT",
                        help=_("convert: print the game as json, text (a .txt move list), psq "
                               "(Gomoku, Piskvork) or ggf (Othello)"))


def run(args: argparse.Namespace) -> int:
    """``plies show``: load, validate and print; a bad file is a ``CliError``."""
    from game import records
    from game.formats import load_record

    try:
        record = load_record(args.file)
        game = records.record_to_game(record)
    except records.RecordError as error:
        raise CliError(str(error)) from None
    if args.to is not None:
        from game.formats.convert import ConvertError, convert

        if args.json:
            raise CliError(_("--json and --to cannot be used together (--to json is the JSON)"))
        try:
            print(convert(record, args.to), end="")
        except ConvertError as error:
            raise CliError(str(error)) from None
        if args.to.lower() == "psq":
            from game.formats.psq import not_kept

            lost = not_kept(record)
            if lost is not None:
                print(_("plies: note: a .psq file cannot hold {what}: only the moves are "
                        "in it").format(what=lost), file=sys.stderr)
        return 0
    render = RENDERERS["json" if args.json else "text"]
    print(render(record, game), end="")
    return 0


def show_text(record: Any, game: Any) -> str:
    """Header, numbered move list, final diagram and result, for a person."""
    lines = [_title(game)]
    if record.note:
        lines.append(_("note: {note}").format(note=record.note))
    if record.opening is not None:
        choices = ", ".join(record.opening["choices"]) or _("no choice made yet")
        # Translators: {kind} is the opening rule's name as typed (swap, swap2).
        lines.append(_("opening: {kind} ({choices})").format(kind=record.opening["kind"],
                                                             choices=choices))
    for side, player in enumerate(record.players):
        lines.append(_("{side}: {player}").format(side=_(game.side_names[side]),
                                                  player=player.describe()))
    lines.append(_("moves ({count}): {moves}").format(
        count=len(record.moves), moves=_numbered(record.moves) or _("(none)")))
    lines.append(_board(game))
    lines.append(_("result: {result}").format(result=_result(record, game)))
    return "\n".join(lines) + "\n"


def show_json(record: Any, game: Any) -> str:
    """The validated record as JSON (what Plies writes for it)."""
    from game.formats.plies_json import record_to_json

    return record_to_json(record)


RENDERERS: dict[str, Callable[[Any, Any], str]] = {"text": show_text, "json": show_json}
"""Output form -> ``render(record, game) -> str``."""


def _title(game: Any) -> str:
    variant = ", ".join(f"{key} {value}" for key, value in game.variant().items())
    return _(game.title) + (f" ({variant})" if variant else "")


def _numbered(moves: list[str]) -> str:
    """``1. e6 f4  2. e3 f6``: moves in pairs (one per side), numbered."""
    pairs = [moves[i:i + 2] for i in range(0, len(moves), 2)]
    return "  ".join(f"{n}. {' '.join(pair)}" for n, pair in enumerate(pairs, start=1))


def _board(game: Any) -> str:
    """The game's ASCII diagram without the status line each game's ``__str__`` ends
    with (whose turn, or the outcome): the ``result:`` line says that once, from the
    record (which also knows the margin)."""
    return str(game).rstrip("\n").rsplit("\n", 1)[0]


def _result(record: Any, game: Any) -> str:
    result = record.result
    if result is None:
        return _("unfinished, {side} to move").format(side=_(game.side_names[game.turn]))
    reason = _(result["reason"])
    if result["winner"] is None:
        return _("draw ({reason})").format(reason=reason)
    side = _(game.side_names[result["winner"]])
    if result.get("margin"):
        return _("{side} wins by {margin} ({reason})").format(
            side=side, margin=abs(result["margin"]), reason=reason)
    return _("{side} wins ({reason})").format(side=side, reason=reason)


__all__ = ["RENDERERS", "add_arguments", "run", "show_json", "show_text"]
