"""Othello positions in OBF (the position-and-scores lines of Edax's problem sets).

One position a line: 64 squares a1..h8 row by row (``X`` Black, ``O`` White, ``-`` or
``.`` empty), a space, the side to move (``X`` or ``O``), then optional annotations,
each ``; MOVE:SCORE`` (the exact final disc difference for the side to move after
that move, ``PA`` for a pass)::

    --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;

Empty lines and lines starting with ``%`` or ``#`` are comments.

>>> [p] = parse("-" * 27 + "OX------XO" + "-" * 27 + " X; F5:+0; D3:-2;")
>>> p.turn, p.annotations
(0, {'f5': 0, 'd3': -2})
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator

from game.i18n import _

_ANNOTATION = re.compile(r"\s*([A-Ha-h][1-8]|PA|pa)\s*:\s*([+-]?\d{1,2})\s*")
MAX_POSITIONS = 100_000


class OBFError(ValueError):
    """A line that is not an OBF position; the message is one sentence naming the line."""


@dataclasses.dataclass(frozen=True)
class OBFPosition:
    """One line: its number in the file, the board (``X``/``O``/``-``), who moves, scores."""

    line: int
    board: str
    turn: int
    annotations: dict[str, int]


def parse(text: str) -> list[OBFPosition]:
    """Every position of ``text``; raises ``OBFError`` at the first bad line."""
    positions = list(iter_positions(text))
    if not positions:
        raise OBFError(_("no position found: write 64 squares, a space and X or O on a line"))
    return positions


def iter_positions(text: str) -> Iterator[OBFPosition]:
    """The positions one by one (a bad line raises when it is reached)."""
    return iter_lines(enumerate(text.lstrip("\ufeff").splitlines(), start=1))


def iter_lines(lines: Iterable[tuple[int, str]]) -> Iterator[OBFPosition]:
    """The positions of numbered lines (``game.files.read_lines`` streams a file so)."""
    count = 0
    for number, raw in lines:
        line = raw.strip()
        if not line or line[0] in "%#":
            continue
        count += 1
        if count > MAX_POSITIONS:
            raise OBFError(_("more than {count} positions in one file").format(count=MAX_POSITIONS))
        yield _position(line, number)


def _position(line: str, number: int) -> OBFPosition:
    where = _("line {number}").format(number=number)
    head, *notes = line.split(";")
    parts = head.split()
    if len(parts) != 2 or len(parts[0]) != 64:
        raise OBFError(_("{where}: expected 64 squares, a space and the side to move "
                          "(X or O)").format(where=where))
    squares, side = parts[0].upper().replace(".", "-"), parts[1].upper()
    bad = set(squares) - set("XO-")
    if bad:
        raise OBFError(_("{where}: a square holds {character}; use X, O, - or .").format(
            where=where, character=repr(sorted(bad)[0])))
    if side not in ("X", "O"):
        raise OBFError(_("{where}: the side to move must be X or O, not {side}").format(
            where=where, side=repr(parts[1])))
    annotations: dict[str, int] = {}
    for note in notes:
        if not note.strip():
            continue
        match = _ANNOTATION.fullmatch(note)
        if match is None:
            # Translators: MOVE:SCORE is the annotation's syntax (c4:+2).
            raise OBFError(_("{where}: {note} is not an annotation MOVE:SCORE").format(
                where=where, note=repr(note.strip()[:30])))
        move = "PA" if match[1].lower() == "pa" else match[1].lower()
        score = int(match[2])
        if not -64 <= score <= 64:
            raise OBFError(_("{where}: the score of {move} must be -64 to +64, not {score}").format(
                where=where, move=move, score=score))
        annotations[move] = score
    return OBFPosition(number, squares, 0 if side == "X" else 1, annotations)


def write(position: OBFPosition) -> str:
    """One OBF line (no newline); ``parse`` reads it back equal (line numbers aside)."""
    notes = "".join(f" {m.upper()}:{s:+d};" for m, s in position.annotations.items())
    return f"{position.board} {'XO'[position.turn]};{notes}".rstrip(";") + (";" if notes else "")


__all__ = ["OBFError", "OBFPosition",  # untranslated: identifiers
           "iter_lines", "iter_positions", "parse", "write"]
