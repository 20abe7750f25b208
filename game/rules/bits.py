"""Bit helpers shared by the bitboard games (boards are plain Python ints).

>>> list(iter_bits(0b10110))
[1, 2, 4]
>>> popcount(0b10110)
3
"""

from __future__ import annotations

from collections.abc import Iterator


def popcount(bits: int) -> int:
    """Number of set bits."""
    return bits.bit_count()


def bit_index(bit: int) -> int:
    """Index of a single-bit mask: ``bit_index(0b1000) == 3``."""
    return bit.bit_length() - 1


def iter_bits(bits: int) -> Iterator[int]:
    """Indices of the set bits, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low
