"""Gomoku games in Piskvork's ``.psq`` format (the Gomocup's game records).

A file is a header line, one move a line, then an optional trailer::

    Piskvorky 15x15, 11:11, 0
    8,8,0
    9,9,1520
    8,9,312
    pbrain-plies
    pbrain-other
    -1

* The header starts ``Piskvorky WxH``: the board size (Plies plays square boards
  only); the rest of the line is Piskvork's own bookkeeping and is not needed.
* Each move is ``x,y,time``: ``x`` the column from the left, ``y`` the row from the
  *top*, both counted from **1**, and the milliseconds the move took (optional here).
  Black moves first and the colours alternate.
* Whatever follows the first line that is not a move (brain names, a result code) is
  the trailer; it is kept as text and not interpreted. A trailer needs moves before
  it, and a line that starts like a move (a digit, then a comma) is a bad move, not a
  trailer: a garbled file is refused, never read as a shorter game.

The format has no place for the rule nor for a swap / swap2 opening, and Plies adds
none: Piskvork reads the trailer's lines as the players' programs, so a line there
could make it look for a program of that name. A psq file is read as freestyle, and
saving one says what it leaves out (``not_kept``); ``.json`` and ``.txt`` keep both.

>>> game = parse("Piskvorky 15x15, 11:11, 0\\n8,8,0\\n9,9,10\\n")
>>> game.size, game.moves, game.times
(15, [(7, 7), (8, 8)], [0, 10])
>>> write(game).splitlines()[1]
'8,8,0'
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from game.i18n import _, raw

# re.ASCII: "\d" alone takes any script's digits ("٣,٤" would read as 3,4).
HEADER = re.compile(r"\s*Piskvorky\s+(\d{1,3})\s*x\s*(\d{1,3})\b.*",
                    re.IGNORECASE | re.ASCII)
_MOVE = re.compile(r"\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(-?\d{1,12})\s*)?", re.ASCII)
_BROKEN_MOVE = re.compile(r"\s*-?\d+\s*[,;]")
"""A line that starts like a move but is not one (``8,8,x``, ``٣,٤``, ``8;8``): an error,
not the start of the trailer (brain names, a result code such as ``-1``)."""

MAX_TRAILER_LINES = 50
"""A trailer longer than this is not a Piskvork file's."""


class PSQError(ValueError):
    """Text that is not a psq game; the message is one sentence."""


@dataclasses.dataclass
class PSQGame:
    """One game: board size, moves as 0-based ``(x, y)`` from the top left, times, trailer."""

    size: int
    moves: list[tuple[int, int]] = dataclasses.field(default_factory=list)
    times: list[int] = dataclasses.field(default_factory=list)
    trailer: list[str] = dataclasses.field(default_factory=list)


def looks_like(text: str) -> bool:
    """Whether ``text`` starts like a psq file (for loaders that sniff the content)."""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    return HEADER.fullmatch(first.rstrip("\r")) is not None


def parse(text: str) -> PSQGame:
    """Read a psq file's text; raises ``PSQError`` naming the first bad line."""
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or not lines[0].strip():
        raise PSQError(_("the file is empty") if not text.strip() else
                       # Translators: 'Piskvorky WxH, ...' is the psq header as written.
                       _("the first line must be the header 'Piskvorky WxH, ...'"))
    header = HEADER.fullmatch(lines[0])
    if header is None:
        raise PSQError(_("the first line must be the header 'Piskvorky WxH, ...', not "
                         "{line}").format(line=repr(_clip(lines[0]))))
    width, height = int(header[1]), int(header[2])
    if width != height:
        raise PSQError(_("the board is {width}x{height}: Plies plays square boards "
                         "only").format(width=width, height=height))
    game = PSQGame(width)
    index = 1
    for index in range(1, len(lines)):
        match = _MOVE.fullmatch(lines[index])
        if match is None:
            break
        x, y = int(match[1]), int(match[2])
        if not (1 <= x <= width and 1 <= y <= height):
            raise PSQError(_("line {number}: {x},{y} is off the {width}x{height} board "
                             "(coordinates count from 1)").format(
                                 number=index + 1, x=x, y=y, width=width, height=height))
        game.moves.append((x - 1, y - 1))
        game.times.append(int(match[3]) if match[3] is not None else 0)
    else:
        index = len(lines)
    trailer = [line.rstrip() for line in lines[index:]]
    while trailer and not trailer[-1]:
        trailer.pop()
    if trailer and (not game.moves or _BROKEN_MOVE.match(trailer[0])) \
            or len(trailer) > MAX_TRAILER_LINES:
        # Translators: x,y,time is the psq move's syntax as written.
        raise PSQError(_("line {number}: {line} is not a move x,y,time").format(
            number=index + 1, line=repr(_clip(lines[index]))))
    game.trailer = trailer
    return game


def write(game: PSQGame) -> str:
    """The psq text of ``game`` (``parse`` reads it back equal), ending in a newline."""
    lines = [raw(f"Piskvorky {game.size}x{game.size}, 11:11, 0")]
    times = game.times or []
    for index, (x, y) in enumerate(game.moves):
        spent = times[index] if index < len(times) else 0
        lines.append(f"{x + 1},{y + 1},{spent}")
    lines.extend(game.trailer)
    return "\n".join(lines) + "\n"


def _clip(text: str, width: int = 30) -> str:
    return text if len(text) <= width else text[:width] + "..."



# --- records ----------------------------------------------------------------------------

def read_record(text: str, *, name: str | None = None,
                default_players: Any = None) -> Any:
    """A validated ``GameRecord`` of a psq file (freestyle: the file does not say the rule).

    Raises:
        RecordError: one sentence naming the file (``name``, "the game file" when
            ``None``) and the first problem.
    """
    from game.records import (
        RecordError,
        file_label,
        player_names,
        record_from_game,
        standard_players,
    )
    from game.rules import Gomoku, RulesError

    name = file_label(name)
    try:
        psq = parse(text)
        game = Gomoku(psq.size)
    except (PSQError, RulesError) as error:
        raise RecordError(_("{file}: {error}").format(file=name, error=error)) from None
    for number, (x, y) in enumerate(psq.moves, start=1):
        move = game.cell_index(x, psq.size - 1 - y)
        try:
            game.play(move)
        except RulesError as error:
            raise RecordError(_("{file}: move {number} ({x},{y}): {error}").format(
                file=name, number=number, x=x + 1, y=y + 1, error=error)) from None
    record = record_from_game(game, default_players or standard_players())
    # Piskvork writes the two players' programs first in the trailer (then a result
    # code): they are shown as the players' names, never run.
    named = [line.strip() for line in psq.trailer if any(c.isalpha() for c in line)]
    record.names = player_names(named[:2])
    return record


def not_kept(record: Any) -> str | None:
    """What of ``record`` a psq file cannot hold and that changes the game, named for a
    person (``None`` when only the players are lost: Plies reads its default players).

    >>> from game.records import GameRecord
    >>> not_kept(GameRecord("gomoku", {"size": 15, "rule": "renju"}, ["h8"],
    ...                     opening={"kind": "swap2", "choices": []}))
    'the swap2 opening and the renju rule'
    """
    lost = []
    if record.opening is not None:
        # Translators: {opening} is "swap" or "swap2".
        lost.append(_("the {opening} opening").format(opening=record.opening["kind"]))
    rule = record.variant.get("rule", "freestyle")
    if rule != "freestyle":
        # Translators: {rule} is a Gomoku rule's name as typed ("renju", "standard").
        lost.append(_("the {rule} rule").format(rule=rule))
    if not lost:
        return None
    if len(lost) == 1:
        return lost[0]
    # Translators: two things a psq file cannot hold: "the swap2 opening", "the renju rule".
    return _("{first} and {second}").format(first=lost[0], second=lost[1])


def write_record(record: Any) -> str:
    """The psq text of a Gomoku ``GameRecord`` (move times are not recorded: 0)."""
    from game.records import RecordError, record_to_game
    from game.rules import Gomoku

    if record.game != "gomoku":
        raise RecordError(_("a psq file holds Gomoku games, not {game}").format(
            game=record.game))
    if record.start is not None:
        raise RecordError(_("a psq file holds games from the empty board, not from a set-up "
                            "position: save it as JSON or text"))
    game = record_to_game(record)
    assert isinstance(game, Gomoku)  # the record's game was checked above
    moves = []
    for move in game.move_stack:
        col, row = game.cell_xy(move)
        moves.append((col, game.size - 1 - row))
    return write(PSQGame(game.size, moves, [0] * len(moves)))


# untranslated: identifiers
__all__ = ["PSQError", "PSQGame", "looks_like", "not_kept", "parse", "read_record", "write",
           "write_record"]
