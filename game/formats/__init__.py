"""Game files in every format Plies reads and writes, one module each: ``plies_json``
(Plies' own, the default) and ``text`` (a move list with ``#`` headers), ``psq``
(Piskvork's Gomoku games), ``ggf`` (Othello games of GGS and NBoard), ``obf``
(Othello positions with scored moves). They turn text into records (``game.records``,
which checks everything) and back.

``load_record`` and ``save_record`` below are the one way a game file is read or
written: the format by the file's extension, or (reading) by its content.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.files import RECORD_BYTES, FileError, atomic_write_text, os_reason, read_text
from game.formats.plies_json import record_from_json, record_to_json
from game.formats.text import record_from_text, record_to_text
from game.i18n import N_, _
from game.records import GameRecord, Player, RecordError, record_to_game

MAX_FILE_BYTES = RECORD_BYTES
"""Larger files are refused unread: the longest real game is a few kilobytes."""


OTHER_FORMATS = {".psq": "game.formats.psq", ".ggf": "game.formats.ggf"}
"""The field's formats (``game.formats``) by file extension; each module has
``looks_like(text)``, ``read_record(text, name=, default_players=)`` and
``write_record(record)``."""


def load_record(
    path: str | os.PathLike[str],
    *,
    default_game: str | None = None,
    default_variant: Mapping[str, Any] | None = None,
    default_players: Sequence[Player] | None = None,
    follow_links: bool = True,
) -> GameRecord:
    """Read and fully validate a record from ``path`` (``.json``, ``.txt``, or sniffed).

    Args:
        path: the file.
        default_game: the game of a text record without a ``# game:`` line.
        default_variant: its variant (only used together with ``default_game``).
        default_players: the players of a record that names none (default:
            :func:`standard_players`, a person against the computer).
        follow_links: ``False`` refuses a symbolic link (the autosave, which Plies
            writes itself and never as a link).

    Returns:
        The record, normalised: the complete variant, every move (forced Othello
        passes written out), the result recomputed from the moves.

    Raises:
        RecordError: the first problem, in one sentence naming the file.
    """
    path = Path(path)
    text = _read_text(path, follow_links=follow_links)
    name = path.name
    suffix = path.suffix.lower()
    other = _other_format(suffix, text)
    if other is not None:
        record = other.read_record(text, name=name, default_players=default_players)
        try:  # what every record must pass (a start where nobody can move), named too
            record_to_game(record)
        except RecordError as error:
            raise RecordError(f"{name}: {error}") from None
        return record
    if suffix == ".json" or (suffix != ".txt" and text.lstrip().startswith("{")):
        return record_from_json(text, name=name, default_players=default_players)
    return record_from_text(text, name=name, default_game=default_game,
                            default_variant=default_variant,
                            default_players=default_players)


def _read_text(path: Path, *, follow_links: bool = True) -> str:
    """The file's text, after checking it is a regular, small, UTF-8 file (``game.files``)."""
    try:
        return read_text(path, limit=MAX_FILE_BYTES, what=N_("Plies game"),
                         follow_links=follow_links)
    except FileError as error:
        raise RecordError(str(error)) from None


def _other_format(suffix: str, text: str) -> Any:
    """The ``game.formats`` module that reads a file with ``suffix`` (or content ``text``)."""

    if suffix in OTHER_FORMATS:
        return importlib.import_module(OTHER_FORMATS[suffix])
    if suffix in (".json", ".txt") or not text:
        return None
    for module_name in OTHER_FORMATS.values():
        module = importlib.import_module(module_name)
        if module.looks_like(text):
            return module
    return None


def save_record(path: str | os.PathLike[str], record: GameRecord) -> str | None:
    """Write ``record`` to ``path`` atomically: ``.txt`` as plain text, ``.psq`` and
    ``.ggf`` in the field's formats, anything else as JSON.

    The record is validated and serialised before the file is touched; a failure
    leaves any existing file unchanged and no temporary file behind.

    Returns:
        What the file's format cannot hold that changes the game, named for a person
        (``"the swap2 opening"``, from the format module's ``not_kept``), else ``None``.

    Raises:
        RecordError: the record is invalid or the file cannot be written (one sentence).
    """
    path = Path(path)
    suffix = path.suffix.lower()
    other = _other_format(suffix, "")
    lost = None
    if other is not None:
        text = other.write_record(record)
        lost = getattr(other, "not_kept", lambda _record: None)(record)
    else:
        text = record_to_text(record) if suffix == ".txt" else record_to_json(record)
    try:
        atomic_write_text(path, text)
    except OSError as error:
        raise RecordError(_("{file} could not be saved: {reason}").format(
            file=path.name, reason=os_reason(error))) from None
    return lost


__all__ = ["MAX_FILE_BYTES", "OTHER_FORMATS", "load_record", "save_record"]
