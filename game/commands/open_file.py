"""``plies FILE``: load a saved game for the window (``game.cli`` then opens it).

The file goes through the one record loader (``game.load_record``: ``.json``
records, ``.txt`` move lists, and whatever formats it learns later), fully, before a
window exists: a bad file is one sentence on stderr and status 2, and no window opens.
A ``.txt`` move list without a ``# game:`` line is read as the game last played in the
window. Opening a file changes none of the start screen's remembered choices.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.commands.common import CliError
from game.i18n import _

if TYPE_CHECKING:
    from game.records import GameRecord
    from game.rules import Game


def looks_like_a_command(text: str) -> bool:
    """A bare word with no path, no extension and no file by that name: a mistyped command."""
    return ("/" not in text and "\\" not in text and "." not in text
            and not Path(text).exists())


def load_file(path: str, commands: list[str] | None = None) -> tuple[Game, GameRecord]:
    """Load ``path`` completely (before any window exists): the game and its record.

    Raises:
        CliError: the file is missing, unreadable or not a valid game (one sentence).
    """
    from game import records
    from game.formats import load_record
    from game.settings import load_settings

    if looks_like_a_command(path):
        if commands:
            message = _("{path} is neither a plies command ({commands}) nor a file")
        else:
            message = _("{path} is neither a plies command nor a file")
        raise CliError(message.format(path=repr(path), commands=", ".join(commands or ())))
    try:
        record = load_record(path, default_game=load_settings().last_game)
        game = records.record_to_game(record)
    except records.RecordError as error:
        raise CliError(str(error)) from None
    return game, record


__all__ = ["load_file", "looks_like_a_command"]
