"""Write a record in any format Plies writes: what ``plies show FILE --to FORMAT`` uses.

>>> from game.records import record_from_game, human
>>> from game.rules import new_game
>>> g = new_game("gomoku"); g.play_moves("h8 i9")
>>> print(convert(record_from_game(g, [human(), human()]), "psq"), end="")
Piskvorky 15x15, 11:11, 0
8,8,0
9,7,0
"""

from __future__ import annotations

from typing import Any

from game.i18n import _

FORMATS = {"json": ".json", "text": ".txt", "txt": ".txt", "psq": ".psq", "ggf": ".ggf"}
"""Format names ``--to`` accepts, and the file extension each is saved under."""


class ConvertError(ValueError):
    """A format Plies does not write, or one that cannot hold this game; one sentence."""


def convert(record: Any, to: str) -> str:
    """``record`` (a ``GameRecord``) as the text of format ``to`` (see ``FORMATS``).

    Raises:
        ConvertError: an unknown format, or a game the format cannot hold (a psq file
            holds Gomoku only, GGF Othello only; a text move list no set-up board).
    """
    from game.formats.plies_json import record_to_json
    from game.formats.text import record_to_text
    from game.records import RecordError

    suffix = FORMATS.get(to.lower())
    if suffix is None:
        # Translators: {formats} are the formats' names as typed (ggf, json, psq, text).
        raise ConvertError(_("unknown format {format}; choose one of {formats}").format(
            format=repr(to), formats=", ".join(sorted(set(FORMATS) - {"txt"}))))
    try:
        if suffix == ".json":
            return record_to_json(record)
        if suffix == ".txt":
            return record_to_text(record)
        if suffix == ".psq":
            from game.formats.psq import write_record
        else:
            from game.formats.ggf import write_record
        return write_record(record)
    except RecordError as error:
        raise ConvertError(str(error)) from None


__all__ = ["ConvertError", "FORMATS", "convert"]
