"""Renju: Black's forbidden points (double-three, double-four, overline), by the RIF rules.

Pure functions on the Gomoku bitboards (``game.rules.gomoku``: black and white stones
as Python ints, row stride ``S + 1`` with a padding column). ``Gomoku`` uses them
under the rule ``"renju"``; the evaluator and the VCF solver use them to keep Black
off forbidden points.

Definitions (the International Rules of Renju, RIF 1996/1998, in our words)
==========================================================================

Only Black is restricted. White plays anywhere and wins with five *or more* in a row.
Everything below is about one **line** (a row, column or diagonal) through the stone
Black is placing, written left to right, ``X`` Black, ``O`` White, ``|`` the edge,
``.`` empty, ``*`` the stone being placed:

**five**: exactly five black stones in an unbroken row. It wins, *even if the same
stone also makes a forbidden shape in another line*::

    . X X * X X .          five: Black wins

**overline**: six or more in an unbroken row. Forbidden (unless the same stone makes
an exact five in another line)::

    X X X * X X .          overline (six)

**four**: four stones of the line to which one more stone gives a five (an *exact*
five for Black: a stone that would make six does not count)::

    O X X * X . .          four (the point after it makes five)
    . X . * X X .          four (the gap makes five)
    X X X * . X .          not a four: the gap would make seven

**straight four**: an unbroken four with both ends free, each making an exact five::

    . . X X * X . .        straight four (both ends five)
    X . X X * X . .        only a four: the left end would make six

**three**: three stones to which one more stone gives a straight four, *where that
stone is itself not a forbidden point* (after the three is placed). Open and split
threes both count::

    . . X * X . .          three (either end makes a straight four)
    . X . * X . .          three (the gap makes . X X X X .)
    O X * X . . .          not a three: no straight four can come of it
    | X * X . . .          the edge blocks just as a white stone does

**double-four**: one stone that makes two or more fours. The fours may lie in two
lines through the stone, or both in one line::

    X . X * X . X          two fours in one line (each gap makes its own five):
                           a double-four
    . X X * X X .  is a five, and . X X * X . . a single (straight) four

**double-three**: one stone that makes two or more threes in different lines through
it. A line that holds a four is counted as a four, not as a three as well, so a
*four-three* (one four, one three) is allowed: it is Black's way to win.

The lines of a double shape must *meet in the new stone*: shapes elsewhere on the
board, made earlier, do not count.

The recursive check
-------------------

Whether a shape is a three depends on whether its completion point is forbidden,
which may depend on further threes, and so on. Black to play h8 (``*``)::

         d e f g h i
     11  . . X . . .        the column h8 h9 h10 is a three; the row e8 . g8 h8
     10  . . X . X .        would be one, but its only straight-four point is f8,
      9  . . X . X .        and with h8 placed f8 makes the row's straight four
      8  . X . X * .        and the four f8-f11 in its column: a double-four.
      7  . . . . . .        So the row is no three, and h8 is allowed.

Without the stones f9-f11, f8 would be harmless and h8 a double-three. Deeper cases
(a completion point that is allowed only because *its* completion point is
forbidden) turn up in real positions; the tests hold some.

``forbidden_kind`` follows that recursion literally: a candidate three counts only if
one of its straight-four points is not forbidden in the position with the stone
placed; that test calls ``forbidden_kind`` again (one more black stone on the board
each time, so the recursion ends). The tests compare the whole thing with a
separate, slow implementation written straight from the definitions.

How it is made fast
===================

* **Necessary conditions first.** A forbidden point needs at least four black stones
  within four cells of it along its lines (two threes need 2 + 2, a double-four in
  one line 4, an overline of six at least 4 of its 5 others within reach). One AND
  and a popcount of a precomputed mask (``_Rays.star``) rules most cells out. Then
  per line: a three's other two stones lie within three cells (they and the point
  fit in the four cells of the straight four it can become), a four's other three
  within four; so the point needs two lines with two stones within three, or two
  lines with three within four, or one line with four within four. A line with
  fewer than two black stones in reach is never read.
* **Line windows.** Each line through the point is read as an 11-cell window (the
  point and five cells each way: enough to tell an exact five from an overline), as
  two 11-bit masks: black stones, and blocked cells (white stones or off the board).
  What a black stone on the centre makes in that window (five, overline, number of
  fours, the straight-four points of a three) is computed once per window and kept
  (``_window``).
* **Only the threes recurse**, and only when two or more lines hold a candidate
  three; the results of one top-level question are remembered (``memo``).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from game.i18n import N_
from game.rules.memo import TwoGenerations

__all__ = [
    "DOUBLE_FOUR", "DOUBLE_THREE", "KINDS", "OVERLINE", "forbidden_kind", "forbidden_points",
    "may_be_forbidden",
]

# Translators: the renju names of Black's forbidden points (Japanese: 三三, 四四, 長連).
DOUBLE_THREE = N_("double-three")
DOUBLE_FOUR = N_("double-four")
OVERLINE = N_("overline")
KINDS = (DOUBLE_THREE, DOUBLE_FOUR, OVERLINE)
"""The kinds of forbidden point, as ``forbidden_kind`` names them: identifiers in JSON
and records, marked for the catalog so that ``_(kind)`` shows one to a person."""

_REACH = 5
"""Window cells on each side of the centre."""
_CENTRE = 1 << _REACH
_FULL = (1 << 2 * _REACH + 1) - 1


class _Rays(NamedTuple):
    """Per board size: for every cell, its four line windows and its star."""

    windows: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    """bit -> per direction ``(cells within 4 as a mask, the 11 window cells)``; an
    off-board window cell is ``-1``."""
    star: tuple[int, ...]
    """bit -> mask of the cells within 4 of it along its four lines (itself excluded)."""
    near: tuple[tuple[tuple[int, int], ...], ...]
    """bit -> per direction ``(cells within 3, cells within 4)`` as masks."""
    shifts: tuple[tuple[int, int], ...]
    """The 32 star offsets as ``(shift, mask)``: ``black >> shift`` (``<<`` when
    negative) ``& mask`` has a bit on each cell whose neighbour at that offset is
    black; ``mask`` keeps the cells whose neighbour is on the board (no wrapping
    into the next row)."""
    board: int
    """Every cell of the board."""


@functools.cache
def _rays(size: int) -> _Rays:
    stride = size + 1
    windows: list[tuple[tuple[int, tuple[int, ...]], ...]] = []
    stars: list[int] = []
    nears: list[tuple[tuple[int, int], ...]] = []
    for bit in range(size * stride):
        col, row = bit % stride, bit // stride
        if col == size:  # padding: never a move
            windows.append(())
            stars.append(0)
            nears.append(())
            continue
        per_dir = []
        near_dir = []
        star = 0
        for dc, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
            cells = []
            near = near3 = 0
            for k in range(-_REACH, _REACH + 1):
                c, r = col + k * dc, row + k * dr
                cell = r * stride + c if 0 <= c < size and 0 <= r < size else -1
                cells.append(cell)
                if cell >= 0 and k and abs(k) < _REACH:
                    near |= 1 << cell
                    if abs(k) < 4:
                        near3 |= 1 << cell
            per_dir.append((near, tuple(cells)))
            near_dir.append((near3, near))
            star |= near
        windows.append(tuple(per_dir))
        stars.append(star)
        nears.append(tuple(near_dir))
    board = sum(((1 << size) - 1) << row * stride for row in range(size))
    shifts = []
    for d, dc in ((1, 1), (stride, 0), (stride + 1, 1), (stride - 1, -1)):
        for k in (-4, -3, -2, -1, 1, 2, 3, 4):
            columns = sum(1 << row * stride + col for row in range(size) for col in range(size)
                          if 0 <= col + k * dc < size)
            shifts.append((k * d, columns & board))
    return _Rays(tuple(windows), tuple(stars), tuple(nears), tuple(shifts), board)


def _crowded(black: int, rays: _Rays) -> int:
    """The cells with four or more black stones within four along their lines.

    A bit-sliced counter over the 32 shifted copies of ``black``: ``ones``, ``twos``
    hold the count's low bits, ``fours`` is set once a count reaches four.
    """
    ones = twos = fours = 0
    for shift, mask in rays.shifts:
        x = (black >> shift if shift > 0 else black << -shift) & mask
        if x:
            carry = ones & x
            ones ^= x
            fours |= twos & carry
            twos ^= carry
    return fours


def _may_be_forbidden(black: int, move: int, rays: _Rays) -> bool:
    """Necessary conditions, from stone counts alone (see "How it is made fast")."""
    if (black & rays.star[move]).bit_count() < 4:
        return False
    threes = fours = 0
    for near3, near4 in rays.near[move]:
        within4 = (black & near4).bit_count()
        if within4 >= 4:
            return True  # an overline, or two fours in one line, may come of it
        if within4 == 3:
            fours += 1
        if within4 >= 2 and (black & near3).bit_count() >= 2:
            threes += 1
    return threes >= 2 or fours >= 2


class _Line(NamedTuple):
    """What a black stone on a window's centre makes in that line."""

    five: bool
    overline: bool
    fours: int
    """Distinct fours through the centre (a straight four is one four)."""
    three_points: tuple[int, ...]
    """Window positions that would turn the line into a straight four through the
    centre (empty unless the line has no four): the candidate three's completions."""


def _run(own: int, pos: int) -> tuple[int, int]:
    """``(low, high)`` window positions of the unbroken run of ``own`` through ``pos``."""
    low = high = pos
    while low > 0 and own >> (low - 1) & 1:
        low -= 1
    while high < 2 * _REACH and own >> (high + 1) & 1:
        high += 1
    return low, high


_WINDOW_ENTRIES = 1 << 18
"""Windows whose ``_Line`` is remembered, process-wide (two generations, ``memo``)."""
_WINDOWS: TwoGenerations[int, _Line] = TwoGenerations(_WINDOW_ENTRIES)


def _window(own: int, blocked: int) -> _Line:
    """The ``_Line`` of a window: ``own`` black stones (centre included), ``blocked``."""
    key = own | blocked << 11
    found = _WINDOWS.get(key)
    if found is None:
        found = _WINDOWS.recall(key)
    if found is not None:
        return found
    low, high = _run(own, _REACH)
    length = high - low + 1
    if length == 5:
        found = _Line(True, False, 0, ())
    elif length > 5:
        found = _Line(False, True, 0, ())
    else:
        free = _FULL & ~(own | blocked)
        fours: set[int] = set()
        threes: list[int] = []
        for pos in range(2 * _REACH + 1):
            if not free >> pos & 1:
                continue
            point = 1 << pos
            with_point = own | point
            lo, hi = _run(with_point, _REACH)
            if hi - lo == 4:
                # An exact five through the centre and the point: the four is the
                # five's other stones (a straight four's two points give one four).
                fours.add(((1 << hi + 1) - (1 << lo)) ^ point)
            elif hi - lo == 3 and lo <= pos <= hi:
                # A straight four: both ends free, and neither end makes six.
                if (free >> (lo - 1) & 1 and free >> (hi + 1) & 1
                        and not (lo >= 2 and own >> (lo - 2) & 1)
                        and not (hi <= 2 * _REACH - 2 and own >> (hi + 2) & 1)):
                    threes.append(pos)
        found = _Line(False, False, len(fours), () if fours else tuple(threes))
    _WINDOWS[key] = found
    return found


def _lines(black: int, white: int, move: int, rays: _Rays) -> list[tuple[_Line, tuple[int, ...]]]:
    """The window analysis of each line through ``move`` that has two or more black
    stones within four cells (the others cannot take part in any shape)."""
    out = []
    for near, cells in rays.windows[move]:
        if (black & near).bit_count() < 2:
            continue
        own = _CENTRE
        blocked = 0
        bit = 1
        for cell in cells:
            if cell < 0:
                blocked |= bit
            elif black >> cell & 1:
                own |= bit
            elif white >> cell & 1:
                blocked |= bit
            bit <<= 1
        out.append((_window(own, blocked), cells))
    return out


def may_be_forbidden(black: int, move: int, size: int) -> bool:
    """Cheap necessary conditions from stone counts (see "How it is made fast");
    ``False`` proves ``move`` is not forbidden."""
    return _may_be_forbidden(black, move, _rays(size))


def forbidden_kind(black: int, white: int, move: int, size: int,
                   memo: dict[tuple[int, int], str | None] | None = None) -> str | None:
    """Why Black may not play the empty cell ``move`` (``"double-three"``,
    ``"double-four"``, ``"overline"``), or ``None`` when it may.

    Args:
        black, white: the stone bitboards (``Gomoku.stones``).
        move: an empty cell (a bit index of the ``size`` board).
        size: the board side.
        memo: answers already known for ``(black stones, cell)`` with these white
            stones (filled in; pass one dict to a series of questions about one
            position and its recursive sub-positions).

    When one stone makes several forbidden shapes, an overline is named first, then
    a double-four. A stone that makes an exact five is never forbidden.
    """
    rays = _rays(size)
    if not _may_be_forbidden(black, move, rays):
        return None
    if memo is None:
        memo = {}
    return _kind(black, white, move, rays, memo)


def _kind(black: int, white: int, move: int, rays: _Rays,
          memo: dict[tuple[int, int], str | None]) -> str | None:
    key = (black, move)
    if key in memo:
        return memo[key]
    lines = _lines(black, white, move, rays)
    result = None
    if not any(line.five for line, _ in lines):
        if any(line.overline for line, _ in lines):
            result = OVERLINE
        elif sum(line.fours for line, _ in lines) >= 2:
            result = DOUBLE_FOUR
        else:
            candidates = [(line.three_points, cells) for line, cells in lines
                          if line.three_points]
            if len(candidates) >= 2:
                placed = black | 1 << move
                threes = 0
                for left, (points, cells) in enumerate(candidates):
                    if threes + len(candidates) - left < 2:
                        break  # too few lines left to make two threes
                    for pos in points:
                        cell = cells[pos]
                        if (not _may_be_forbidden(placed, cell, rays)
                                or _kind(placed, white, cell, rays, memo) is None):
                            threes += 1
                            break
                if threes >= 2:
                    result = DOUBLE_THREE
    memo[key] = result
    return result


def forbidden_points(black: int, white: int, size: int,
                     cells: int | None = None) -> dict[int, str]:
    """Every forbidden point of the position, ``{cell: kind}``.

    Args:
        black, white: the stone bitboards.
        size: the board side.
        cells: only look at these cells (a bitboard; default: every empty cell).
    """
    rays = _rays(size)
    todo = _crowded(black, rays) & ~(black | white)
    if cells is not None:
        todo &= cells
    memo: dict[tuple[int, int], str | None] = {}
    out = {}
    while todo:
        low = todo & -todo
        todo ^= low
        cell = low.bit_length() - 1
        if _may_be_forbidden(black, cell, rays):
            kind = _kind(black, white, cell, rays, memo)
            if kind is not None:
                out[cell] = kind
    return out
