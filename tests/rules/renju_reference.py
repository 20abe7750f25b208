"""A slow renju reference, written straight from the RIF definitions (tests only).

It shares nothing with ``game.rules.renju``: stones are sets of ``(col, row)``, and
every shape is found by looking at the cell segments of a line one by one — a five
is five black cells in a row with no black cell just outside; a four is a five-cell
segment holding four black stones (the new one among them) and one empty cell that
would make such a five; a straight four is six cells ``. X X X X .`` whose both ends
make a five; a three is a line where one empty cell makes a straight four through
the new stone, that cell not being forbidden itself (the recursion).
"""

from __future__ import annotations

import functools

Cell = tuple[int, int]
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (-1, 1))


class Board:
    def __init__(self, size: int, black: set[Cell], white: set[Cell]) -> None:
        self.size = size
        self.black = set(black)
        self.white = set(white)

    def on(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def empty(self, cell: Cell) -> bool:
        return self.on(cell) and cell not in self.black and cell not in self.white

    def segments(self, p: Cell, d: tuple[int, int], length: int) -> list[list[Cell]]:
        """Every run of ``length`` on-board cells along ``d`` that contains ``p``
        (geometry alone: the same for every position, so worked out once; read only)."""
        return _segments(self.size, p, d, length)

    def is_exact_five(self, black: set[Cell], seg: list[Cell], d: tuple[int, int]) -> bool:
        before = (seg[0][0] - d[0], seg[0][1] - d[1])
        after = (seg[-1][0] + d[0], seg[-1][1] + d[1])
        return all(c in black for c in seg) and before not in black and after not in black

    def has_five(self, black: set[Cell], p: Cell, d: tuple[int, int]) -> bool:
        return any(self.is_exact_five(black, seg, d) for seg in self.segments(p, d, 5))

    def has_overline(self, black: set[Cell], p: Cell, d: tuple[int, int]) -> bool:
        return any(all(c in black for c in seg) for seg in self.segments(p, d, 6))

    def fours(self, black: set[Cell], p: Cell, d: tuple[int, int]) -> set[frozenset[Cell]]:
        """The distinct fours through ``p`` in this line (as their stone sets)."""
        found = set()
        for seg in self.segments(p, d, 5):
            if any(c in self.white for c in seg):
                continue
            holes = [c for c in seg if c not in black]
            if len(holes) == 1 and self.is_exact_five(black | {holes[0]}, seg, d):
                found.add(frozenset(c for c in seg if c in black))
        return found

    def straight_four(self, black: set[Cell], p: Cell, q: Cell, d: tuple[int, int]) -> bool:
        """``. X X X X .`` through ``p`` and ``q`` with both ends making an exact five."""
        for seg in self.segments(p, d, 6):
            ends, middle = (seg[0], seg[5]), seg[1:5]
            if q not in middle or not all(c in black for c in middle):
                continue
            if not all(self.empty(e) for e in ends):
                continue
            if all(self.is_exact_five(black | {e}, seg[1:5] + [e] if e == seg[5]
                                      else [e] + seg[1:5], d) for e in ends):
                return True
        return False

    def kind(self, p: Cell) -> str | None:
        """Why Black may not play the empty cell ``p``, or ``None``."""
        if not any((p[0] + k * d[0], p[1] + k * d[1]) in self.black
                   for d in DIRECTIONS for k in (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)):
            return None  # no black stone in reach: no shape can go through p
        black = self.black | {p}
        if any(self.has_five(black, p, d) for d in DIRECTIONS):
            return None
        if any(self.has_overline(black, p, d) for d in DIRECTIONS):
            return "overline"
        line_fours = [self.fours(black, p, d) for d in DIRECTIONS]
        if sum(len(f) for f in line_fours) >= 2:
            return "double-four"
        threes = 0
        for d, fours in zip(DIRECTIONS, line_fours):
            if fours:
                continue  # a line with a four counts as a four, not a three
            for k in range(-4, 5):
                q = (p[0] + k * d[0], p[1] + k * d[1])
                if k == 0 or not self.empty(q):
                    continue
                if self.straight_four(black | {q}, p, q, d):
                    after = Board(self.size, black, self.white)
                    if after.kind(q) is None:
                        threes += 1
                        break
        return "double-three" if threes >= 2 else None

    def forbidden(self) -> dict[Cell, str]:
        out = {}
        for col in range(self.size):
            for row in range(self.size):
                if self.empty((col, row)):
                    kind = self.kind((col, row))
                    if kind is not None:
                        out[(col, row)] = kind
        return out


@functools.lru_cache(maxsize=None)
def _segments(size: int, p: Cell, d: tuple[int, int], length: int) -> list[list[Cell]]:
    out = []
    for start in range(-(length - 1), 1):
        cells = [(p[0] + (start + k) * d[0], p[1] + (start + k) * d[1])
                 for k in range(length)]
        if all(0 <= c[0] < size and 0 <= c[1] < size for c in cells):
            out.append(cells)
    return out
