"""``plies FILE``: open the window straight into a saved game.

The file goes through the one record loader (``game.records.load_record``: ``.json``
records, ``.txt`` move lists, and whatever formats it learns later), fully, before a
window exists: a bad file is one sentence on stderr and status 2, and no window opens.
A ``.txt`` move list without a ``# game:`` line is read as the game last played in the
window. Opening a file changes none of the start screen's remembered choices.
"""

from __future__ import annotations

from pathlib import Path

from game.commands.common import CliError


def looks_like_a_command(text: str) -> bool:
    """A bare word with no path, no extension and no file by that name: a mistyped command."""
    return ("/" not in text and "\\" not in text and "." not in text
            and not Path(text).exists())


def open_file(path: str, commands: list[str] | None = None) -> int:
    """Load ``path`` completely, then open the window on it; the exit status.

    Raises:
        CliError: the file is missing, unreadable or not a valid game (one sentence).
    """
    from game import records
    from game.settings import load_settings

    if looks_like_a_command(path):
        known = f" ({', '.join(commands)})" if commands else ""
        raise CliError(f"{path!r} is neither a plies command{known} nor a file")
    try:
        record = records.load_record(path, default_game=load_settings().last_game)
        game = records.record_to_game(record)
    except records.RecordError as error:
        raise CliError(str(error)) from None
    from game.ui import app

    return app.run_app(opened=(game, record.players, Path(path).name),
                       opening=record.opening, names=record.names)


__all__ = ["looks_like_a_command", "open_file"]
