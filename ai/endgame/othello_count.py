"""How many discs the last move of an Othello game flips, without flipping them.

On the last empty square the solver needs only a count: the final score is the
mover's discs plus the flipped ones plus the move. With one empty square every other
square is taken, so along each of the four lines through it the opponent's discs are
exactly the line's squares that are not the player's: the count is a function of the
player's bits on the four lines alone, and a table per line answers it.

Gathering a line into a byte (bit layout of ``game.rules.othello``: ``a1`` = bit 0,
``h8`` = bit 63; a square at row ``r``, column ``c``)::

    row       p >> 8r & 0xFF                              bit i = column i
    column    (p >> c & COLUMN_A) * 0x0102040810204080 >> 56 & 0xFF
                                                          bit i = row i
    diagonal  (p & diagonal) * 0x0101010101010101 >> 56 & 0xFF
                                                          bit i = column i

The column multiplier moves row ``k``'s bit (``8k``) up by ``56 - 7k`` to ``56 + k``;
the diagonal one adds every row into the top byte, where each square keeps its
column (a diagonal has one square per column). No two partial products land on the
same bit, so nothing carries. Worked example: column c holds P on rows 0, 2 and 3,
bits 0, 16, 24 of ``p >> c & COLUMN_A``; times the multiplier they reach bits 56,
58, 59: the byte ``0b1101``.

A table entry holds both sides' counts, ``mine | theirs << 8`` (``theirs``: what the
opponent would flip there, when the player cannot move); the four entries of a square
add up without carries (a line flips at most 6, four lines at most 18 < 256):

>>> from game.rules.othello import FULL, flips
>>> p = 0x0000000000000002 | 1 << 16                 # b1 and a3 mine, a1 empty
>>> o = FULL ^ p ^ 1
>>> both = last_flip_counts(p, 0)
>>> both & 0xFF == flips(p, o, 0).bit_count(), both >> 8 == flips(o, p, 0).bit_count()
(True, True)
"""

from __future__ import annotations

COLUMN_A = 0x0101010101010101
COLUMN_GATHER = 0x0102040810204080
DIAGONAL_GATHER = 0x0101010101010101


def _line_count(place: int, low: int, high: int, line: int, mine: int) -> int:
    """Discs flipped on a full line by a move at ``place`` (its squares ``low..high``
    of a byte): ``mine`` 1 counts for the side whose bits are set in ``line``, 0 for
    the other side (whose discs are the unset bits)."""
    total = 0
    for step in (1, -1):
        i, run = place + step, 0
        while low <= i <= high and (line >> i & 1) != mine:
            run += 1
            i += step
        if low <= i <= high:
            total += run
    return total


def _tables() -> list[tuple[int, list[int], int, list[int], int, list[int], int, list[int]]]:
    """Per square: (row shift, row table, column, column table, anti-diagonal mask,
    its table, main-diagonal mask, its table); a table maps the gathered byte to
    ``mine | theirs << 8``. Tables are shared between squares with the same place
    on a line of the same extent."""
    cache: dict[tuple[int, int, int], list[int]] = {}

    def table(place: int, low: int, high: int) -> list[int]:
        key = (place, low, high)
        if key not in cache:
            cache[key] = [_line_count(place, low, high, byte, 1)
                          | _line_count(place, low, high, byte, 0) << 8
                          for byte in range(256)]
        return cache[key]

    result = []
    for square in range(64):
        row, col = divmod(square, 8)
        anti = [c for c in range(8) if 0 <= row + col - c < 8]      # columns it spans
        main = [c for c in range(8) if 0 <= row - col + c < 8]
        anti_mask = sum(1 << ((row + col - c) * 8 + c) for c in anti)
        main_mask = sum(1 << ((row - col + c) * 8 + c) for c in main)
        result.append((8 * row, table(col, 0, 7), col, table(row, 0, 7),
                       anti_mask, table(col, anti[0], anti[-1]),
                       main_mask, table(col, main[0], main[-1])))
    return result


LAST_FLIP = _tables()
"""``LAST_FLIP[square]``: the gathering constants and tables of its four lines."""


def last_flip_counts(player: int, square: int) -> int:
    """``mine | theirs << 8``: the discs a move on ``square``, the board's only empty
    square, flips for ``player`` (``mine``) and for the opponent (``theirs``).

    The solver inlines this body (a call costs as much as the look-ups); this is the
    reference form for tests and readers.
    """
    shift, row, col, column, anti_mask, anti, main_mask, main = LAST_FLIP[square]
    return (row[player >> shift & 0xFF]
            + column[(player >> col & COLUMN_A) * COLUMN_GATHER >> 56 & 0xFF]
            + anti[(player & anti_mask) * DIAGONAL_GATHER >> 56 & 0xFF]
            + main[(player & main_mask) * DIAGONAL_GATHER >> 56 & 0xFF])


__all__ = ["LAST_FLIP", "last_flip_counts"]
